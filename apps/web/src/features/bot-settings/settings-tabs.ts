import { type BotDetails, Permission, type PermissionId } from '@parley/contracts';
import type { Preloadable } from '../../app/lazy-named';
// Each settings tab is its own chunk, loaded when it opens (each feature's index.ts exports it lazily).
import { ConfigurationTab } from '../bot-configuration';
import { FeaturesTab } from '../bot-features';
import { ChatBubbleTab } from '../chat-bubble';
import { GeneralSettingsTab } from '../general-settings';
import { NluPerformanceTab } from '../nlu-performance';
import { NluStatusTab } from '../nlu-status';
import { SystemMessagesTab } from '../system-messages';

/**
 * The save a settings tab offers (spec 04 section 2.3). The tab registers it while it is shown;
 * the frame then shows 'Save settings' when the caller has any of `anyOf` on the bot, disables
 * it while `save` runs and reports 'Saved!' or 'Error!' with the server's message.
 */
export interface SettingsSaveAction {
  save(): Promise<void>;
  /** The save is offered with any one of these permissions (NLU performance: 1 of 2). */
  anyOf: readonly PermissionId[];
}

/** What every settings tab receives (the same for every tab of the settings frame). */
export interface SettingsTabProps {
  /** The bot with its settings, loaded before any tab shows. */
  bot: BotDetails;
  /** The caller's permission ids on the bot. */
  permissions: readonly number[];
  /**
   * Registers the tab's save action, or withdraws it with undefined. Call it from an effect and
   * withdraw on unmount; the latest call wins.
   */
  registerSaveAction(action: SettingsSaveAction | undefined): void;
}

export type SettingsTabId =
  | 'general'
  | 'configuration'
  | 'system-languages'
  | 'nluStatus'
  | 'nluPerformance'
  | 'features'
  | 'bubble';

interface SettingsTabDefinition {
  id: SettingsTabId;
  title: string;
  /** Other route values that open this tab (spec 04 section 2.1: systemLanguages). */
  aliases?: readonly string[];
  /** Shown only with one of these permissions on the bot (spec 04 section 6). */
  requiresAnyOf?: readonly PermissionId[];
  /** Reached from elsewhere (the chat bubble from the channel list), not from the tab bar. */
  isHiddenFromBar?: boolean;
  /**
   * The tab's content. A tab whose part is not built yet has none and is not shown: the frame
   * lists no tab it cannot fill (the rule of bot-tabs.ts). The parts add their panel here.
   */
  Panel?: Preloadable<SettingsTabProps>;
}

/** The settings tabs in their order (spec 04 sections 2.1 and 2.3). */
export const SETTINGS_TABS: readonly SettingsTabDefinition[] = [
  { id: 'general', title: 'General Settings', Panel: GeneralSettingsTab },
  { id: 'configuration', title: 'Configuration', Panel: ConfigurationTab },
  {
    id: 'system-languages',
    title: 'System Messages',
    aliases: ['systemLanguages'],
    Panel: SystemMessagesTab,
  },
  { id: 'nluStatus', title: 'NLU Status', Panel: NluStatusTab },
  {
    id: 'nluPerformance',
    title: 'NLU Performance',
    requiresAnyOf: [Permission.ManageNluMeasuring, Permission.RunNluTests],
    Panel: NluPerformanceTab,
  },
  { id: 'features', title: 'Features', Panel: FeaturesTab },
  { id: 'bubble', title: 'Chat Bubble', isHiddenFromBar: true, Panel: ChatBubbleTab },
];

/** The spec's default settings tab; while it is not built, the first tab that is (the one rule). */
export const PREFERRED_SETTINGS_TAB: SettingsTabId = 'general';

export interface AvailableSettingsTab extends SettingsTabDefinition {
  Panel: Preloadable<SettingsTabProps>;
}

/** The built settings tabs this caller may open on the bot. */
export function availableSettingsTabs(permissions: readonly number[]): AvailableSettingsTab[] {
  return SETTINGS_TABS.flatMap((tab) => {
    if (!tab.Panel) return [];
    if (tab.requiresAnyOf && !tab.requiresAnyOf.some((p) => permissions.includes(p))) return [];
    return [{ ...tab, Panel: tab.Panel }];
  });
}

/** The tab a route without a (known) settings tab opens. */
export function defaultSettingsTab(tabs: readonly AvailableSettingsTab[]): AvailableSettingsTab | undefined {
  return tabs.find((t) => t.id === PREFERRED_SETTINGS_TAB) ?? tabs.find((t) => !t.isHiddenFromBar);
}

/** The tab a route value names, by id or alias; undefined for anything else. */
export function settingsTabNamed(
  value: string | undefined,
  tabs: readonly AvailableSettingsTab[],
): AvailableSettingsTab | undefined {
  if (value === undefined) return undefined;
  return tabs.find((t) => t.id === value || t.aliases?.includes(value));
}

/** /bots/{botName}/settings/{settingsTab} (route BotSettings, spec 04 section 2.1). */
export const settingsPath = (botName: string, tab: string) =>
  `/bots/${encodeURIComponent(botName)}/settings/${tab}`;
