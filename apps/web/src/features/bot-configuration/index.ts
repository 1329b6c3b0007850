/** What other features use of bot-configuration: they import it from here, never from its files. */
import { lazyNamed } from '../../app/lazy-named';

// The settings tab is its own chunk, loaded when it opens (or preloaded with its address).
export const ConfigurationTab = lazyNamed(() => import('./components/ConfigurationTab'), 'ConfigurationTab');
export { fetchConfiguration } from './api/configuration-api';
export type { ChannelDialogProps } from './components/ChannelDialog';
export { configurationKey } from './hooks/use-configuration';
