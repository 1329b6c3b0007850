import { type ComponentProps, type ComponentType, createElement, lazy, useState } from 'react';

/** A component whose code is its own chunk: `preload()` starts loading it before it is shown. */
export type Preloadable<P> = ComponentType<P> & { preload(): Promise<void> };

/**
 * React.lazy for a module's named export: `lazyNamed(() => import('./Page'), 'Page')`. The chunk
 * loads when the component is first shown, or earlier with `preload()` (the router preloads the
 * screens of an address all at once). Once loaded, it is shown at once: no Suspense fallback,
 * whose reveal React holds back for up to 300 ms, for a chunk that is already there.
 */
// biome-ignore lint/suspicious/noExplicitAny: a lazily loaded component keeps its own props
export function lazyNamed<M extends Record<K, ComponentType<any>>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
): Preloadable<ComponentProps<M[K]>> {
  let loaded: M[K] | undefined;
  let loading: Promise<void> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (module) => {
        loaded = module[name];
      },
      (error: unknown) => {
        // A failed download may be tried again (the next time the screen is opened).
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(async () => {
    await preload();
    return { default: loaded as M[K] };
  });
  // Made once per screen at module level, as React.lazy is: not a component made per render.
  // biome-ignore lint/correctness/noComponentHookFactories: a factory of module-level components
  function Preloaded(props: ComponentProps<M[K]>) {
    // Chosen once per mount: switching from the lazy wrapper to the loaded one would remount it.
    const [Component] = useState<ComponentType<ComponentProps<M[K]>>>(
      () => (loaded ?? Lazy) as ComponentType<ComponentProps<M[K]>>,
    );
    return createElement(Component, props);
  }
  Preloaded.displayName = name;
  return Object.assign(Preloaded, { preload });
}
