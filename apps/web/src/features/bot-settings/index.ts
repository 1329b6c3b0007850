/** What other features use of bot-settings: they import it from here, never from its files. */
import { lazy } from 'react';

// The Settings tab's frame is its own chunk, loaded when the tab opens.
export const SettingsFrame = lazy(async () => ({
  default: (await import('./components/SettingsFrame')).SettingsFrame,
}));
