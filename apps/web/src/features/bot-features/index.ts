/** What other features use of bot-features: they import it from here, never from its files. */
import { lazyNamed } from '../../app/lazy-named';

// The settings tab is its own chunk, loaded when it opens (or preloaded with its address), with
// its default sub-tab's chunk beside it: GDPR shows whenever the tab opens.
export const FeaturesTab = lazyNamed(async () => {
  const [tab] = await Promise.all([
    import('./components/FeaturesTab'),
    import('./feature-tabs').then(({ preloadDefaultFeature }) => preloadDefaultFeature()),
  ]);
  return tab;
}, 'FeaturesTab');
