import { BOT_OVERLAYS, type BotDialog } from '../../../bot-content';
import { type AvailableBotTab, BOT_TAB_VIEWS, BOT_TABS } from './bot-tabs';

/** What a route's tab value shows, read against the tabs this caller may open. */
export type BotRoute =
  /** A tab, in a view ('redirect') or with an overlay's dialog open. */
  | { kind: 'tab'; tab: AvailableBotTab; listTab: string; dialog: BotDialog | undefined }
  /** An overlay of a tab that cannot be opened, or without the dialog's permission: back to listTab. */
  | { kind: 'refused'; listTab: string }
  /** A tab this caller cannot open (no permission, no recognizer yet): the default tab. */
  | { kind: 'unknown' }
  /** No tab, view or overlay of that name exists: the 404 page. */
  | { kind: 'not-found' };

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
  const isDeclared = BOT_TABS.some((t) => t.id === tabId && t.Panel !== undefined);
  if (!overlay && !isDeclared) return { kind: 'not-found' };
  const tab = tabs.find((t) => t.id === tabId && !t.isDisabled);
  if (overlay && (!tab || !overlay.isPermitted(permissions))) return { kind: 'refused', listTab };
  if (!tab) return { kind: 'unknown' };
  return { kind: 'tab', tab, listTab, dialog: overlay?.dialog };
}
