/** What other features use of bot-features: they import it from here, never from its files. */
import { lazy } from 'react';

// The settings tab is its own chunk, loaded when it opens.
export const FeaturesTab = lazy(async () => ({
  default: (await import('./components/FeaturesTab')).FeaturesTab,
}));
