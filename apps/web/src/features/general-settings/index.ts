/** What other features use of general-settings: they import it from here, never from its files. */
import { lazy } from 'react';

// The settings tab is its own chunk, loaded when it opens.
export const GeneralSettingsTab = lazy(async () => ({
  default: (await import('./components/GeneralSettingsTab')).GeneralSettingsTab,
}));
