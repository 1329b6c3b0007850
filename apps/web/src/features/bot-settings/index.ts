/** What other features use of bot-settings: they import it from here, never from its files. */
import { lazy } from 'react';

// The Settings tab's frame is its own chunk, loaded when the tab opens.
export const SettingsFrame = lazy(async () => ({
  default: (await import('./components/SettingsFrame')).SettingsFrame,
}));
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
