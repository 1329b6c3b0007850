import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { routeCatalogue } from '../src/http/route-catalogue';
import { expectStatus } from './support/admin-world';
import { buildContentWorld, type ContentWorld } from './support/bot-content';
import { botPath } from './support/bots';
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
import { openSocket } from './support/socket-client';
import { startTestServer, type TestServer } from './support/test-server';

/** The shared test chat: the link's passwords and the public chat, including routes added later. */
const SHARED_CHAT_AREA = /^\/api\/(bots\/:bot\/(int|ext)-chat\/|test-chat\/)/;

const HOSTILE_TOKENS = [
  '',
  ' ',
  'x'.repeat(5000),
  'eyJhbGciOiJub25lIn0.eyJ0eXAiOiJwYXJsZXktdGVzdC1jaGF0LXNlc3Npb24ifQ.',
  'a.b.c',
  '\u0000',
  '😀',
  '../../etc/passwd',
];

describe.each(testDatabases())('hostile input to the shared test chat on %s', (kind) => {
  let server: TestServer;
  let w: ContentWorld;
  const botName = 'Fuzz Shared Bot';

  beforeAll(async () => {
    server = await startTestServer(kind);
    w = await buildContentWorld(server, botName);
  });
  afterAll(() => server?.close());

  test('no route of the area ever answers 5xx, and every refusal carries a catalogue code', async () => {
    const routes = routeCatalogue(server.app).filter(
      (r) => r.method !== 'HEAD' && SHARED_CHAT_AREA.test(r.url),
    );
    expect(routes.map((r) => `${r.method} ${r.url}`).sort()).toEqual(
      expect.arrayContaining([
        'GET /api/bots/:bot/ext-chat/password',
        'GET /api/bots/:bot/int-chat/password',
        'POST /api/test-chat/conversations',
        'POST /api/test-chat/sessions',
        'PUT /api/bots/:bot/ext-chat/password',
      ]),
    );
    const { linkId } = expectStatus(
      await w.admin('GET', `${botPath(botName)}/ext-chat/password`),
      200,
    ).json();
    const log = createFuzzLog();
    const send = fuzzSender(server, w.world.tenantAdmin.token, log);
    for (const route of routes) {
      for (const p of HOSTILE_PARAMS) {
        await send(route.method, fillPath(route.url, { bot: p }).replace(/%25/g, '%'), undefined);
      }
      const url = fillPath(route.url, { bot: botName });
      const base = { linkId, password: 'wrong-password', passwordType: 'ext' };
      for (const body of hostileBodies(base, HOSTILE_VALUES)) await send(route.method, url, body);
      for (const raw of HOSTILE_RAW_BODIES)
        await send(route.method, url, raw, { 'content-type': 'application/json' });
      for (const token of HOSTILE_TOKENS) await send(route.method, url, {}, { testchattoken: token });
    }
    expect(log.failures).toEqual([]);
    expect(log.sent).toBeGreaterThan(100);
  });

  test('hostile socket addresses are refused and hostile frames on a visitor socket get errors', async () => {
    const baseUrl = (await server.listen()).replace(/^http/, 'ws');
    for (const token of HOSTILE_TOKENS.filter(Boolean)) {
      await expect(
        openSocket(`${baseUrl}/ws?app=parley&chatToken=${encodeURIComponent(token)}`),
      ).rejects.toThrow(/refused: 40[01]/);
    }
    const { linkId, password } = expectStatus(
      await w.admin('GET', `${botPath(botName)}/ext-chat/password`),
      200,
    ).json();
    const session = expectStatus(
      await server.request({
        method: 'POST',
        url: '/api/test-chat/sessions',
        body: { linkId, password },
        remoteAddress: '10.77.0.1',
      }),
      201,
    ).json();
    await expect(
      openSocket(`${baseUrl}/ws?app=other&chatToken=${encodeURIComponent(session.token)}`),
    ).rejects.toThrow('refused: 400');
    const started = expectStatus(
      await server.request({
        method: 'POST',
        url: '/api/test-chat/conversations',
        headers: { testchattoken: session.token },
      }),
      201,
    ).json();
    const topic = { kind: 'conversation', botId: started.botId, conversationId: started.conversationId };
    const socket = await openSocket(
      `${baseUrl}/ws?app=parley&chatToken=${encodeURIComponent(session.token)}`,
    );
    const frames = [
      'not json',
      '{"type":"conversation:say"}',
      JSON.stringify({ type: 'subscribe', topic: { kind: 'conversation' } }),
      JSON.stringify({ type: 'subscribe', topic: { ...topic, conversationId: 'x'.repeat(400) } }),
      JSON.stringify({ type: 'conversation:say', topic, activity: null }),
      JSON.stringify({
        type: 'conversation:say',
        topic,
        activity: { type: 'text', text: 'before subscribing' },
      }),
      JSON.stringify({ type: 'unsubscribe', topic }),
      JSON.stringify({ type: 'nonsense' }),
      '{"__proto__":{"polluted":true},"type":"ping"}',
    ];
    for (const frame of frames) socket.send(frame);
    await socket.sync();
    expect(socket.messages.filter((m) => m.type === 'error').length).toBeGreaterThanOrEqual(6);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // Still working: it subscribes to its own conversation and is answered.
    expect(await socket.subscribe(topic as never)).toMatchObject({ type: 'subscribed' });
    socket.send(
      JSON.stringify({ type: 'conversation:say', topic, activity: { type: 'text', text: 'hello' } }),
    );
    await socket.waitFor((m) => m.type === 'conversation:turn', 10_000);
    socket.close();
  });
});
