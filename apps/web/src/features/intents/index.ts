/** What other features use of intents: they import it from here, never from its files. */
import { lazy } from 'react';

// The tab's panel is its own chunk, loaded when the tab opens.
export const IntentsTab = lazy(async () => ({
  default: (await import('./components/IntentsTab')).IntentsTab,
}));

export { fetchIntent, fetchIntents } from './api/intents-api';
