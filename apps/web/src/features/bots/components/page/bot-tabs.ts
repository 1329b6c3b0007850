import { type BotDetails, Permission, type PermissionId } from '@parley/contracts';
import type { ComponentType } from 'react';
// Each part's panel is its own chunk, loaded when its tab opens (each feature's index.ts
// exports it lazily).
import { AnalyticsTab } from '../../../analytics';
import { SettingsFrame as SettingsTab } from '../../../bot-settings';
import { EntitiesTab } from '../../../entities';
import { FunctionsTab, SubsTab } from '../../../functions';
import { IntentsTab } from '../../../intents';
import { VariablesTab } from '../../../variables';

export type { BotDialog } from '../../../bot-content';

import type { BotDialog } from '../../../bot-content';

/** What every tab's panel receives. */
export interface BotTabProps {
  bot: BotDetails;
  /** The caller's permission ids on the bot. */
  permissions: readonly number[];
  /** The selected item (intent, entity, function, sub flow) from the route, by name. */
  element: string | undefined;
  /** The route value of the tab's list: its id, or a view such as 'redirect' (redirect intents). */
  listTab: string;
  /** The dialog an overlay pseudo-tab of the route opens over the tab, if any. */
  dialog: BotDialog | undefined;
}

export type BotTabId = 'analytics' | 'intents' | 'entities' | 'functions' | 'subs' | 'variables' | 'settings';

interface BotTabDefinition {
  id: BotTabId;
  label: string;
  /** Shown only with this permission on the bot (spec 02 section 2.1). */
  requires?: PermissionId;
  /** Disabled while the bot has no intent recognizer provider. */
  needsRecognizer?: boolean;
  /**
   * The tab's content. A tab whose part is not built yet has none and is not shown: the
   * frame lists no tab it cannot fill. The parts add their panel here.
   */
  Panel?: ComponentType<BotTabProps>;
}

/** The tabs of the bot page in their order (spec 02 section 2.1, spec 04 section 2.2). */
export const BOT_TABS: readonly BotTabDefinition[] = [
  { id: 'analytics', label: 'Analytics', Panel: AnalyticsTab },
  { id: 'intents', label: 'Intents', needsRecognizer: true, Panel: IntentsTab },
  { id: 'entities', label: 'Entities', needsRecognizer: true, Panel: EntitiesTab },
  { id: 'functions', label: 'Functions', requires: Permission.ManageFunctions, Panel: FunctionsTab },
  { id: 'subs', label: 'Subs', requires: Permission.ManageSubflows, Panel: SubsTab },
  { id: 'variables', label: 'Variables', Panel: VariablesTab },
  { id: 'settings', label: 'Settings', Panel: SettingsTab },
];

export const DEFAULT_BOT_TAB: BotTabId = 'analytics';

/** Tab values that show a real tab's panel in another view (spec 02 section 2.1). */
export const BOT_TAB_VIEWS: Readonly<Record<string, BotTabId>> = {
  // The redirect intents: the Intents tab with its list narrowed to them (docs/decisions.md).
  redirect: 'intents',
};

export interface AvailableBotTab extends BotTabDefinition {
  Panel: ComponentType<BotTabProps>;
  isDisabled: boolean;
}

/** The tabs this caller sees on this bot, with those that are shown but cannot be opened. */
export function availableBotTabs(bot: BotDetails, permissions: readonly number[]): AvailableBotTab[] {
  const hasRecognizer = !!bot.settings.intentRecognizerProvider;
  return BOT_TABS.flatMap((tab) => {
    if (!tab.Panel) return [];
    if (tab.requires !== undefined && !permissions.includes(tab.requires)) return [];
    return [{ ...tab, Panel: tab.Panel, isDisabled: !!tab.needsRecognizer && !hasRecognizer }];
  });
}
