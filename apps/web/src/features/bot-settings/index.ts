/** What other features use of bot-settings: they import it from here, never from its files. */
import { lazyNamed } from '../../app/lazy-named';
import { PREFERRED_SETTINGS_TAB, SETTINGS_TABS } from './settings-tabs';

// The Settings tab's frame is its own chunk, loaded when the tab opens.
export const SettingsFrame = lazyNamed(() => import('./components/SettingsFrame'), 'SettingsFrame');

/**
 * Starts loading the settings frame and the code of the settings tab a route value names (the
 * default tab for none) at once, before the bot page asks for them one after the other (the
 * router calls it for /bots/{bot}/settings/{tab}). A failed download is left to the screen, which
 * tries again and says so.
 */
export function preloadSettingsTab(tab: string | undefined): Promise<unknown> {
  const named =
    SETTINGS_TABS.find((t) => t.id === tab || t.aliases?.includes(tab ?? '')) ??
    SETTINGS_TABS.find((t) => t.id === PREFERRED_SETTINGS_TAB);
  return Promise.allSettled([SettingsFrame.preload(), named?.Panel?.preload()]);
}
export {
  fetchBotAvatar,
  removeBotAvatar,
  saveGeneralSettings,
  saveSystemMessages,
  uploadBotAvatar,
} from './api/bot-settings-api';
export { SETTINGS_MESSAGES } from './settings-messages';
export {
  type SettingsSaveAction,
  type SettingsTabId,
  type SettingsTabProps,
  settingsPath,
} from './settings-tabs';
