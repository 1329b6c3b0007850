import { BOT_OVERLAYS, type BotDialog } from './bot-overlays';
import { type AvailableBotTab, BOT_TAB_VIEWS } from './bot-tabs';

/** What a route's tab value shows, read against the tabs this caller may open. */
export type BotRoute =
  /** A tab, in a view ('redirect') or with an overlay's dialog open. */
  | { kind: 'tab'; tab: AvailableBotTab; listTab: string; dialog: BotDialog | undefined }
  /** An overlay of a tab that cannot be opened, or without the dialog's permission: back to listTab. */
  | { kind: 'refused'; listTab: string }
  /** Not a tab value, or a tab that is not available: the default tab. */
  | { kind: 'unknown' };

/** Reads /bots/{botName}/{tab} (spec 02 section 2.1): a real tab, a view or an overlay pseudo-tab. */
export function resolveBotRoute(
  value: string | undefined,
  tabs: readonly AvailableBotTab[],
  permissions: readonly number[],
): BotRoute {
  if (value === undefined) return { kind: 'unknown' };
  const overlay = BOT_OVERLAYS[value];
  const listTab = overlay?.listTab ?? value;
  const tabId = BOT_TAB_VIEWS[listTab] ?? listTab;
  const tab = tabs.find((t) => t.id === tabId && !t.isDisabled);
  if (overlay && (!tab || !overlay.isPermitted(permissions))) return { kind: 'refused', listTab };
  if (!tab) return { kind: 'unknown' };
  return { kind: 'tab', tab, listTab, dialog: overlay?.dialog };
}
