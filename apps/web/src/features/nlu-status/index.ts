/** What other features use of nlu-status: they import it from here, never from its files. */
import { lazy } from 'react';

// The settings tab is its own chunk, loaded when it opens.
export const NluStatusTab = lazy(async () => ({
  default: (await import('./components/NluStatusTab')).NluStatusTab,
}));
