/** What other features use of nlu-status: they import it from here, never from its files. */
import { lazyNamed } from '../../app/lazy-named';

// The settings tab is its own chunk, loaded when it opens (or preloaded with its address).
export const NluStatusTab = lazyNamed(() => import('./components/NluStatusTab'), 'NluStatusTab');
