/** What other features use of nlu-performance: they import it from here, never from its files. */
import { lazyNamed } from '../../app/lazy-named';

// The settings tab is its own chunk, loaded when it opens (or preloaded with its address).
export const NluPerformanceTab = lazyNamed(
  () => import('./components/NluPerformanceTab'),
  'NluPerformanceTab',
);
