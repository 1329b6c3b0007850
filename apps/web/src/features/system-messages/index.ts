/** What other features use of system-messages: they import it from here, never from its files. */
import { lazyNamed } from '../../app/lazy-named';

// The settings tab is its own chunk, loaded when it opens (or preloaded with its address).
export const SystemMessagesTab = lazyNamed(
  () => import('./components/SystemMessagesTab'),
  'SystemMessagesTab',
);
