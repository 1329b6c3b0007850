import type { FastifyInstance } from 'fastify';
import { assertJsonShape } from '../untrusted-input/json-shape';

/**
 * No API body is deeper than a few levels (flows travel as XML text); a megabyte of nested
 * arrays cost half a second of CPU in JSON.parse, on an anonymous route.
 */
const API_JSON_SHAPE = { maxDepth: 64, maxValues: 1_000_000 };
/** Bodies of routes anyone may call (sign-in, sign-up, password reset) are small forms. */
const PUBLIC_BODY_LIMIT = 64 * 1024;

/**
 * The API's JSON parser: Fastify's own (prototype poisoning refused as before), after one pass
 * that checks the body's depth and size; and public routes take small bodies only.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (route.config?.access === 'public' && route.bodyLimit === undefined)
      route.bodyLimit = PUBLIC_BODY_LIMIT;
  });
  const fastifyParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    try {
      assertJsonShape(body as string, API_JSON_SHAPE);
    } catch {
      const error = new Error('The request body is nested too deeply or holds too many values.');
      done(Object.assign(error, { statusCode: 400 }), undefined);
      return;
    }
    fastifyParser(request, body as string, done);
  });
}
