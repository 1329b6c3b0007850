import type { FastifyInstance, HTTPMethods } from 'fastify';
import type { Access } from '../auth/access';

export interface CataloguedRoute {
  method: HTTPMethods;
  url: string;
  /** What the route declared; undefined (static files of the web app) is public. */
  access: Access | undefined;
  isWebsocket: boolean;
}

const catalogues = new WeakMap<FastifyInstance, CataloguedRoute[]>();

/**
 * Records every route as it is registered, with its declared access, so tests can walk all
 * of them (including routes added later) and prove the guard holds for each.
 */
export function registerRouteCatalogue(app: FastifyInstance): void {
  const routes: CataloguedRoute[] = [];
  catalogues.set(app, routes);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      routes.push({
        method,
        url: route.url,
        access: route.config?.access,
        isWebsocket: (route as { websocket?: boolean }).websocket === true,
      });
    }
  });
}

/** The routes of an app built by buildApp, in registration order. */
export function routeCatalogue(app: FastifyInstance): readonly CataloguedRoute[] {
  const routes = catalogues.get(app);
  if (!routes) throw new Error('registerRouteCatalogue was not called on this app');
  return routes;
}
