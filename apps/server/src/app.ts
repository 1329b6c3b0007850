import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import { notFound } from '@parley/contracts';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { registerGuard } from './auth/guard';
import type { AppContext } from './context';
import { registerErrorHandler } from './http/error-handler';
import { registerJsonBodyParser } from './http/json-body';
import { registerMultipart } from './http/multipart';
import { registerRouteCatalogue } from './http/route-catalogue';
import { ROUTE_MODULES } from './routes';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The built web app: apps/web/dist, found from src/ (dev, tests) and dist/ (built server) alike. */
export function webDistDir(configured: string | undefined): string | undefined {
  const candidate = configured ?? path.resolve(here, '../../web/dist');
  return existsSync(path.join(candidate, 'index.html')) ? candidate : undefined;
}

/** One Fastify instance: the API, the websocket gateway and the built web app on one port. */
export async function buildApp(ctx: AppContext): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: ctx.log as FastifyBaseLogger,
    bodyLimit: 1024 * 1024,
    // Long path parameters reach our validation (and its catalogue error) instead of Fastify's bare 414.
    routerOptions: { maxParamLength: 2000 },
    // X-Forwarded-For is believed only from the operator's proxies: anyone else could pick an address.
    trustProxy: ctx.config.trustedProxies,
    return503OnClosing: true,
    requestTimeout: ctx.config.connections.requestTimeoutMs,
    keepAliveTimeout: ctx.config.connections.keepAliveTimeoutMs,
    http: {
      headersTimeout: ctx.config.connections.headersTimeoutMs,
      // Node checks the two time-outs above on this interval (30 s by default, which let them run late).
      connectionsCheckingInterval: Math.min(1000, ctx.config.connections.headersTimeoutMs),
    },
  });
  // Half-sent or idle connections cannot pile up past this; websockets count too.
  app.server.maxConnections = ctx.config.connections.max;
  registerErrorHandler(app);
  registerJsonBodyParser(app);
  registerRouteCatalogue(app);
  registerGuard(app, ctx);
  await registerMultipart(app);
  for (const register of ROUTE_MODULES) register(app, ctx);

  const webDir = webDistDir(ctx.config.webDistDir);
  if (webDir) {
    await app.register(fastifyStatic, { root: webDir, wildcard: false, index: false });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith('/api/') || request.url === '/api';
    // A missing script or style is a 404, not the app's HTML (which a browser would run as a script).
    const isAsset = request.url.startsWith('/assets/');
    if (isApi || isAsset || !webDir || request.method !== 'GET') {
      throw notFound(`No route ${request.method} ${request.url.split('?')[0]}`);
    }
    // History-mode routing: every other GET is the single-page app, which shows its own 404.
    return reply.type('text/html').sendFile('index.html');
  });
  return app;
}
