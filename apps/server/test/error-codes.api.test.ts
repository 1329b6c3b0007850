import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ERROR_CODES } from '@parley/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type CataloguedRoute, routeCatalogue } from '../src/http/route-catalogue';
import { type AdminWorld, as, buildAdminWorld } from './support/admin-world';
import { createBot } from './support/bots';
import { testDatabases } from './support/databases';
import { describeRoute, fillPath, plausibleParams } from './support/route-walk';
import { startTestServer, type TestServer } from './support/test-server';

const SERVER_SOURCE = path.resolve(import.meta.dirname, '../src');
const CATALOGUE = new Set<string>(ERROR_CODES);

/**
 * Routes whose refusals are another protocol's, not the catalogue's: Direct Line answers its own
 * ErrorResponse ({ error: { code } }, Bot Framework's codes), and Slack's 'Add to Slack' redirect
 * shows the admin's browser a page.
 */
const OTHER_PROTOCOLS: { url: RegExp; isTheirs(response: LightMyRequestResponse): boolean }[] = [
  {
    url: /^\/v3\/directline(\/|$)/,
    isTheirs: (response) => typeof jsonOf(response)?.error?.code === 'string',
  },
  {
    url: /^\/webhooks\/slack\/oauth\/[^/]+$/,
    isTheirs: (response) => String(response.headers['content-type']).startsWith('text/html'),
  },
];

function jsonOf(response: LightMyRequestResponse): Record<string, { code?: unknown }> | undefined {
  try {
    const parsed = JSON.parse(response.body);
    return typeof parsed === 'object' && parsed !== null ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** What is wrong with a refusal: a 4xx (or any error) whose body is not `{ code, message }` with a catalogue code. */
function problemOf(
  route: CataloguedRoute,
  url: string,
  response: LightMyRequestResponse,
): string | undefined {
  if (response.statusCode < 400) return undefined;
  if (OTHER_PROTOCOLS.some((other) => other.url.test(url) && other.isTheirs(response))) return undefined;
  const body = jsonOf(response);
  const code = body?.code;
  if (typeof code === 'string' && CATALOGUE.has(code) && typeof body?.message === 'string') return undefined;
  return `${describeRoute(route)} ${url} -> ${response.statusCode} ${response.body.slice(0, 200)}`;
}

/** The server's source files, tests left out. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('error answers are the catalogue’s', () => {
  test('no server code builds an error body by hand: refusals are AppErrors the error handler maps', () => {
    const handBuilt = [
      /\.(code|status)\(\s*4\d\d\s*\)/, // reply.code(404).send(...)
      /\.send\(\s*\{\s*code\s*:/, // reply.send({ code: ... })
      /\bcode\s*:\s*'[a-z_-]+'\s*,\s*message\s*:/, // a { code, message } object kept to send later
    ];
    const files = sourceFiles(SERVER_SOURCE);
    expect(files.length).toBeGreaterThan(100);
    const found: string[] = [];
    for (const file of files) {
      // The error handler is where AppErrors become answers.
      if (file.endsWith(path.join('http', 'error-handler.ts'))) continue;
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, index) => {
          if (handBuilt.some((pattern) => pattern.test(line)))
            found.push(`${path.relative(SERVER_SOURCE, file)}:${index + 1}: ${line.trim()}`);
        });
    }
    expect(found).toEqual([]);
  });
});

/**
 * Every registered route (also those added after this test was written), sent bad requests
 * without a token and as the master administrator: missing and hostile path parameters, empty,
 * malformed and wrong-typed bodies. Every refusal must carry a code of the catalogue
 * (packages/contracts errors.ts), which the web app reacts to.
 */
describe.each(testDatabases())('every refusal on %s', (kind) => {
  let server: TestServer;
  let world: AdminWorld;

  beforeAll(async () => {
    server = await startTestServer(kind);
    world = await buildAdminWorld(server);
    await createBot(as(server, world.master), 'Support Bot');
  });
  afterAll(() => server?.close());

  test('carries a code of the error catalogue', async () => {
    const routes = routeCatalogue(server.app).filter(
      (route) => !route.isWebsocket && route.method !== 'HEAD' && route.method !== 'OPTIONS',
    );
    expect(routes.length).toBeGreaterThan(150);
    // Sign-out routes end the caller's session: sent last, so the walk keeps its token.
    const signOut = (route: CataloguedRoute) => /logout|sign-?out/.test(route.url);
    const ordered = [...routes.filter((r) => !signOut(r)), ...routes.filter(signOut)];
    const missing = plausibleParams(world);
    for (const name of Object.keys(missing)) missing[name] = 'zz-missing';
    // Without a token only public routes get past the guard (the authorisation walk proves the rest).
    const attempts = [
      { params: missing, token: undefined },
      { params: missing, token: world.master.token },
      { params: plausibleParams(world), token: world.master.token },
    ];
    const failures: string[] = [];
    let refusals = 0;
    for (const route of ordered) {
      const hasBody = ['POST', 'PUT', 'PATCH'].includes(route.method);
      const bodies: (string | undefined)[] = hasBody
        ? ['{"broken":', '[]', '{"name":{"$ne":1}}']
        : [undefined];
      for (const { params, token } of attempts) {
        const url = fillPath(route.url, params);
        for (const body of bodies) {
          const response = await server.request({
            method: route.method as 'GET',
            url,
            ...(token ? { token } : {}),
            ...(body !== undefined ? { body, headers: { 'content-type': 'application/json' } } : {}),
          });
          if (response.statusCode >= 400) refusals++;
          const problem = problemOf(route, url, response);
          if (problem) failures.push(problem);
        }
      }
    }
    expect(refusals).toBeGreaterThan(routes.length);
    expect(failures).toEqual([]);
  });
});
