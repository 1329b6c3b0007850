import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** React.lazy for a module's named export: `lazyNamed(() => import('./Page'), 'Page')`. */
// biome-ignore lint/suspicious/noExplicitAny: a lazily loaded component keeps its own props
export function lazyNamed<M extends Record<K, ComponentType<any>>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<M[K]> {
  return lazy(async () => ({ default: (await load())[name] }));
}
