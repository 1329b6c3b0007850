import { MESSAGES } from '@parley/contracts';

/** The settings frame's texts (spec 04 sections 2.3 and 8). */
export const SETTINGS_MESSAGES = {
  saveSettings: 'Save settings',
  saved: 'Saved!',
  saveFailed: MESSAGES.errorTitle,
  tabBar: 'Settings sections',
  loadingTab: 'Loading the settings',
  nothingBuilt: 'There are no settings to show yet.',
} as const;
