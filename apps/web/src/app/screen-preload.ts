import type { ReactElement } from 'react';
import { matchRoutes, type Params, type RouteObject } from 'react-router';
import { getToken } from '../api/session';
import { RequireAuth } from './RequireAuth';

/** A route's own preload: code its screen loads further down (a bot page's settings tab). */
export interface PreloadHandle {
  preload?(params: Params): Promise<unknown> | undefined;
}

const preloadOf = (element: RouteObject['element']): (() => Promise<void>) | undefined => {
  const type = (element as ReactElement | null | undefined)?.type as
    | { preload?: () => Promise<void> }
    | undefined;
  return typeof type?.preload === 'function' ? type.preload : undefined;
};

/**
 * Starts loading, all at once, the code of every screen an address shows: the shell, the page,
 * and what a route's handle adds (a settings tab). Without it each screen's chunk is asked for
 * only once the one around it has loaded and drawn, one after the other, and each Suspense
 * fallback shown on the way holds the next screen back (React reveals it at most every 300 ms).
 * Resolves when all of it is there (failures are left to the screens, which show them).
 */
export function preloadScreensOf(routes: RouteObject[], pathname: string): Promise<unknown> {
  const loads: Array<Promise<unknown> | undefined> = [];
  for (const match of matchRoutes(routes, pathname) ?? []) {
    // A visitor without a session goes to the login: nothing behind it is needed.
    if ((match.route.element as ReactElement | undefined)?.type === RequireAuth && !getToken()) break;
    loads.push(preloadOf(match.route.element)?.());
    loads.push((match.route.handle as PreloadHandle | undefined)?.preload?.(match.params));
  }
  return Promise.allSettled(loads);
}
