import type { GeneratedApiKey } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import WebSocket from 'ws';
import { routeCatalogue } from '../src/http/route-catalogue';
import { as, expectStatus } from './support/admin-world';
import { createBot } from './support/bots';
import { testDatabases } from './support/databases';
import {
  createFuzzLog,
  fuzzSender,
  HOSTILE_PARAMS,
  HOSTILE_RAW_BODIES,
  HOSTILE_VALUES,
  hostileBodies,
} from './support/fuzz';
import { fillPath } from './support/route-walk';
import { buildOwnAdminWorld, signUpMaster, uniqueKey } from './support/tenant-world';
import { startTestServer, type TestServer } from './support/test-server';

/** The External API keys, including routes added later. */
const KEYS_AREA = /^\/api\/external\//;
/** Direct Line, including routes added later (the stream is a websocket: tried on its own). */
const DIRECT_LINE_AREA = /^\/v3\/directline\//;

const HOSTILE_BEARERS = [
  '',
  'Bearer',
  'Bearer ',
  'Basic dXNlcjpwYXNz',
  `Bearer ${'x'.repeat(5000)}`,
  'Bearer eyJhbGciOiJub25lIn0.eyJ0eXAiOiJwYXJsZXktZGlyZWN0LWxpbmUtY29udmVyc2F0aW9uIn0.',
  'Bearer prl_0000000000000000_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
  'Bearer prl_../../etc_passwd',
  'Bearer a.b.c',
  'Bearer \u00e9\u00e8',
];

const HOSTILE_ACTIVITIES: unknown[] = [
  { type: 'message', text: 'x'.repeat(5000) },
  { type: 'message', text: null },
  { type: 'message', text: 42 },
  { type: 'message', text: '' },
  { type: 'message', attachments: [null, 1, { contentUrl: 5 }] },
  { type: 'message', attachments: 'all' },
  { type: 'message', attachments: Array.from({ length: 20 }, () => ({ contentUrl: 'http://x', name: 'a' })) },
  { type: 'message', value: { a: { b: { c: [1, 2, 3] } } } },
  { type: 'message', text: 'hi', channelData: { clientActivityID: 'x'.repeat(5000) } },
  { type: 'message', text: 'hi', channelData: 'not an object', from: 'nobody' },
  { type: 'event' },
  { type: 'event', name: 'parley.resume' },
  { type: 'event', name: 'x'.repeat(500) },
  { type: 'event', name: 'custom', value: [1, 2] },
  { type: 'typing' },
  { type: 'conversationUpdate', membersAdded: [{ id: 'x' }] },
  { type: 123 },
  { text: 'no type' },
];

const HOSTILE_WATERMARKS = ['-1', 'abc', '1e9', '99999999999999999999', '1.5', '%00', '0x10', ' 1'];

/** Direct Line's ErrorResponse: `{error: {code, message}}`. */
function hasDirectLineError(body: string): boolean {
  try {
    const error = JSON.parse(body).error;
    return typeof error?.code === 'string' && typeof error?.message === 'string';
  } catch {
    return false;
  }
}

describe.each(testDatabases())('hostile input to the External API channel on %s', (kind) => {
  let server: TestServer;
  let admin: ReturnType<typeof as>;
  let adminToken: string;
  let key: GeneratedApiKey;
  const botName = 'Fuzz Api Bot';

  beforeAll(async () => {
    server = await startTestServer(kind);
    const world = await buildOwnAdminWorld(server, await signUpMaster(server), uniqueKey());
    adminToken = world.tenantAdmin.token;
    admin = as(server, world.tenantAdmin);
    await createBot(admin, botName);
    expectStatus(
      await admin('POST', `/api/bots/${encodeURIComponent(botName)}/configuration`, {
        channels: [{ name: 'api', visible: true }],
      }),
      200,
    );
    key = expectStatus(
      await admin('POST', `/api/external/${encodeURIComponent(botName)}/api-key/generate`, {}),
      200,
    ).json() as GeneratedApiKey;
  });
  afterAll(() => server?.close());

  test('the key routes never answer 5xx, and every refusal carries a catalogue code', async () => {
    const routes = routeCatalogue(server.app).filter((r) => r.method !== 'HEAD' && KEYS_AREA.test(r.url));
    expect(routes.map((r) => `${r.method} ${r.url}`).sort()).toEqual([
      'DELETE /api/external/:bot/api-key/:keyId',
      'GET /api/external/:bot/api-keys',
      'POST /api/external/:bot/api-key/generate',
      'PUT /api/external/:bot/api-key/update',
    ]);
    const log = createFuzzLog();
    const send = fuzzSender(server, adminToken, log);
    for (const route of routes) {
      for (const p of HOSTILE_PARAMS) {
        await send(route.method, fillPath(route.url, { bot: p, keyId: key.keyId }).replace(/%25/g, '%'));
        await send(route.method, fillPath(route.url, { bot: botName, keyId: p }).replace(/%25/g, '%'));
      }
      const url = fillPath(route.url, { bot: botName, keyId: '0123456789abcdef' });
      const base = {
        apiKeys: { [key.keyId]: { isLocked: false } },
        conversationIdLifeTime: 600,
        expiresOnDate: false,
      };
      for (const body of hostileBodies(base, HOSTILE_VALUES)) await send(route.method, url, body);
      for (const raw of HOSTILE_RAW_BODIES)
        await send(route.method, url, raw, { 'content-type': 'application/json' });
    }
    expect(log.failures).toEqual([]);
    expect(log.sent).toBeGreaterThan(200);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // The key is still there and unlocked.
    const view = expectStatus(
      await admin('GET', `/api/external/${encodeURIComponent(botName)}/api-keys`),
      200,
    ).json();
    expect(view.apiKeys).toContainEqual(expect.objectContaining({ keyId: key.keyId, isLocked: false }));
  });

  test('Direct Line never answers 5xx, and every refusal is its ErrorResponse with a 4xx', async () => {
    const routes = routeCatalogue(server.app).filter(
      // Preflights (OPTIONS) are granted to anyone; directline.api.test.ts checks them.
      (r) => r.method !== 'HEAD' && r.method !== 'OPTIONS' && DIRECT_LINE_AREA.test(r.url) && !r.isWebsocket,
    );
    expect(routes.length).toBeGreaterThanOrEqual(8);
    const failures: string[] = [];
    let sent = 0;
    const send = async (method: string, url: string, headers: Record<string, string>, body?: string) => {
      const response = await server.request({
        method: method as 'POST',
        url,
        headers: { ...headers, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
        ...(body !== undefined ? { body } : {}),
      });
      sent++;
      const label = `${method} ${url.slice(0, 100)} ${body?.slice(0, 60) ?? ''}`;
      if (response.statusCode >= 500)
        failures.push(`${label} -> ${response.statusCode} ${response.body.slice(0, 200)}`);
      else if (response.statusCode >= 400 && !hasDirectLineError(response.body))
        failures.push(
          `${label} -> ${response.statusCode} not an ErrorResponse: ${response.body.slice(0, 100)}`,
        );
      return response;
    };
    const withKey = { authorization: `Bearer ${key.apiKey}` };
    const started = await send('POST', '/v3/directline/conversations', withKey, '{}');
    expect(started.statusCode).toBe(201);
    const { conversationId, token } = started.json() as { conversationId: string; token: string };

    for (const route of routes) {
      const url = fillPath(route.url, { conversationId, fileId: 'x', '*': 'nothing/here' });
      for (const authorization of HOSTILE_BEARERS) {
        const response = await send(route.method, url, authorization ? { authorization } : {});
        if (!url.endsWith('openapi.json') && !url.includes('/files/'))
          expect(
            response.statusCode,
            `${route.method} ${url} ${authorization.slice(0, 30)}`,
          ).toBeGreaterThanOrEqual(400);
      }
      for (const p of HOSTILE_PARAMS)
        await send(route.method, fillPath(route.url, { conversationId: p, fileId: p, '*': p }), withKey);
      for (const bearer of [withKey, { authorization: `Bearer ${token}` }]) {
        for (const value of [...HOSTILE_VALUES, ...HOSTILE_ACTIVITIES])
          await send(route.method, url, bearer, JSON.stringify(value));
        for (const raw of HOSTILE_RAW_BODIES) await send(route.method, url, bearer, raw);
        for (const watermark of HOSTILE_WATERMARKS)
          await send(route.method, `${url}?watermark=${encodeURIComponent(watermark)}`, bearer);
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(500);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();

    // A too long message is refused with Direct Line's code; the conversation goes on.
    const long = await send(
      'POST',
      `/v3/directline/conversations/${conversationId}/activities`,
      withKey,
      JSON.stringify({ type: 'message', text: 'x'.repeat(4001) }),
    );
    expect(long.statusCode).toBe(400);
    expect(long.json().error.code).toBe('BadArgument');
    const fine = await send('GET', `/v3/directline/conversations/${conversationId}/activities`, withKey);
    expect(fine.statusCode).toBe(200);
  });

  test('hostile stream addresses are refused before the upgrade', async () => {
    const baseUrl = (await server.listen()).replace(/^http/, 'ws');
    const started = expectStatus(
      await server.request({
        method: 'POST',
        url: '/v3/directline/conversations',
        headers: { authorization: `Bearer ${key.apiKey}` },
      }),
      201,
    ).json() as { conversationId: string; token: string; streamUrl: string };
    const t = new URL(started.streamUrl).searchParams.get('t') ?? '';
    const stream = (conversationId: string, query: string) =>
      `${baseUrl}/v3/directline/conversations/${encodeURIComponent(conversationId)}/stream?${query}`;
    const addresses = [
      stream(started.conversationId, ''),
      stream(started.conversationId, 't='),
      stream(started.conversationId, `t=${encodeURIComponent(started.token)}`),
      stream(started.conversationId, `t=${encodeURIComponent(key.apiKey)}`),
      stream(started.conversationId, `t=${'x'.repeat(5000)}`),
      stream('another-conversation', `t=${encodeURIComponent(t)}`),
      stream(started.conversationId, `t=${encodeURIComponent(t)}&watermark=abc`),
    ];
    for (const address of addresses) {
      const status = await new Promise<number>((resolve) => {
        const socket = new WebSocket(address);
        socket.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
        socket.on('open', () => {
          socket.close();
          resolve(101);
        });
        socket.on('error', () => resolve(-1));
      });
      expect([400, 403], address.slice(0, 160)).toContain(status);
    }
    // The right address opens.
    const opened = await new Promise<boolean>((resolve) => {
      const socket = new WebSocket(started.streamUrl.replace(/^ws:\/\/parley\.test/, baseUrl));
      socket.on('open', () => {
        socket.close();
        resolve(true);
      });
      socket.on('unexpected-response', () => resolve(false));
      socket.on('error', () => resolve(false));
    });
    expect(opened).toBe(true);
  });
});
