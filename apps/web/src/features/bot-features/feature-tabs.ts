import { FEATURES_PERMISSIONS, Permission, type PermissionId } from '@parley/contracts';
import type { ComponentType } from 'react';
import { lazyNamed } from '../../app/lazy-named';
import type { SettingsTabProps } from '../bot-settings';
import { ChatBubbleTab } from '../chat-bubble';

// Each sub-tab is its own chunk, loaded when it opens.
const GdprPanel = lazyNamed(() => import('./components/GdprPanel'), 'GdprPanel');
const MultiLanguagePanel = lazyNamed(() => import('./components/MultiLanguagePanel'), 'MultiLanguagePanel');
const CustomWidgetsPanel = lazyNamed(() => import('./components/CustomWidgetsPanel'), 'CustomWidgetsPanel');
const HandoverPanel = lazyNamed(() => import('./components/HandoverPanel'), 'HandoverPanel');

/** The default sub-tab's code, loaded with the Features tab's own. */
export const preloadDefaultFeature = () => GdprPanel.preload();

export type FeatureTabId = 'gdpr' | 'chatBubble' | 'multiLanguage' | 'customWidgets' | 'handover';

export interface FeatureTabDefinition {
  id: FeatureTabId;
  title: string;
  /** The permission its changes need (spec 04 section 6); without it the sub-tab is read-only. */
  permission: PermissionId;
  /** Enabled only while the bot's Chat Bubble channel is enabled (spec 04 section 2.3). */
  needsChatBubbleChannel?: boolean;
  Panel: ComponentType<SettingsTabProps>;
}

/** The Features sidebar in its order (spec 04 section 2.3); GDPR is the default. */
export const FEATURE_TABS: readonly FeatureTabDefinition[] = [
  { id: 'gdpr', title: 'GDPR', permission: FEATURES_PERMISSIONS.gdpr, Panel: GdprPanel },
  {
    id: 'chatBubble',
    title: 'Chat Bubble',
    permission: Permission.ManageChatBubbles,
    needsChatBubbleChannel: true,
    Panel: ChatBubbleTab,
  },
  {
    id: 'multiLanguage',
    title: 'Multi-Language',
    permission: FEATURES_PERMISSIONS.multiLanguage,
    Panel: MultiLanguagePanel,
  },
  {
    id: 'customWidgets',
    title: 'Custom Widgets',
    permission: FEATURES_PERMISSIONS.customWidgets,
    Panel: CustomWidgetsPanel,
  },
  { id: 'handover', title: 'Handover', permission: FEATURES_PERMISSIONS.handover, Panel: HandoverPanel },
];

export const DEFAULT_FEATURE_TAB: FeatureTabId = 'gdpr';

/**
 * The sub-tab a route's `feature` value opens: the one named if it is there and enabled, else
 * GDPR (a Chat Bubble link while the channel is off opens the default).
 */
export function featureTabNamed(value: string | null, isChatBubbleEnabled: boolean): FeatureTabDefinition {
  const named = FEATURE_TABS.find((t) => t.id === value);
  const isEnabled = named && (!named.needsChatBubbleChannel || isChatBubbleEnabled);
  return (isEnabled ? named : FEATURE_TABS.find((t) => t.id === DEFAULT_FEATURE_TAB)) as FeatureTabDefinition;
}
