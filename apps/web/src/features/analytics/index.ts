/** What other features use of analytics: they import it from here, never from its files. */
import { lazy } from 'react';

// The tab's panel is its own chunk, loaded when the tab opens.
export const AnalyticsTab = lazy(async () => ({
  default: (await import('./components/AnalyticsTab')).AnalyticsTab,
}));
