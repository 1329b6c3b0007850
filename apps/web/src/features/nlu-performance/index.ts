/** What other features use of nlu-performance: they import it from here, never from its files. */
import { lazy } from 'react';

// The settings tab is its own chunk, loaded when it opens.
export const NluPerformanceTab = lazy(async () => ({
  default: (await import('./components/NluPerformanceTab')).NluPerformanceTab,
}));
