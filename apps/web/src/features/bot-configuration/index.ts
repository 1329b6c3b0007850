/** What other features use of bot-configuration: they import it from here, never from its files. */
import { lazy } from 'react';

// The settings tab is its own chunk, loaded when it opens.
export const ConfigurationTab = lazy(async () => ({
  default: (await import('./components/ConfigurationTab')).ConfigurationTab,
}));
export { fetchConfiguration } from './api/configuration-api';
export type { ChannelDialogProps } from './components/ChannelDialog';
export { configurationKey } from './hooks/use-configuration';
