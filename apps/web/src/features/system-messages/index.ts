/** What other features use of system-messages: they import it from here, never from its files. */
import { lazy } from 'react';

// The settings tab is its own chunk, loaded when it opens.
export const SystemMessagesTab = lazy(async () => ({
  default: (await import('./components/SystemMessagesTab')).SystemMessagesTab,
}));
