import type { SnippetView } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { routeCatalogue } from '../src/http/route-catalogue';
import { expectStatus } from './support/admin-world';
import { buildContentWorld, type ContentWorld, multipartBody } from './support/bot-content';
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

/** The chat bubble's routes: the snippets of the settings and the widget's public side, including routes added later. */
const CHAT_BUBBLE_AREA = /^\/api\/(bots\/:bot\/snippets|widget\/)/;

const HOSTILE_ORIGINS = [
  'null',
  '',
  'x'.repeat(5000),
  'https://shop.example.com/../',
  'javascript:alert(1)',
  '😀://x',
  'https://shop.example.com\u0000',
];

const HOSTILE_TOKENS = ['', ' ', 'x'.repeat(5000), 'a.b.c', 'eyJhbGciOiJub25lIn0.eyJ0eXAiOiJ4In0.', '😀'];

describe.each(testDatabases())('hostile input to the chat bubble on %s', (kind) => {
  let server: TestServer;
  let w: ContentWorld;
  let snippet: SnippetView;
  const botName = 'Fuzz Bubble Bot';

  beforeAll(async () => {
    server = await startTestServer(kind);
    w = await buildContentWorld(server, botName);
    snippet = expectStatus(
      await w.admin('POST', `${botPath(botName)}/snippets`, {
        name: 'Fuzzed',
        allowedOrigins: ['https://shop.example.com'],
      }),
      201,
    ).json();
    expectStatus(
      await w.admin('POST', `${botPath(botName)}/configuration`, {
        channels: [{ name: 'chatBubble', visible: true }],
      }),
      200,
    );
  });
  afterAll(() => server?.close());

  test('no route of the area ever answers 5xx, and every refusal carries a catalogue code', async () => {
    const routes = routeCatalogue(server.app).filter(
      (r) => r.method !== 'HEAD' && CHAT_BUBBLE_AREA.test(r.url),
    );
    expect(routes.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining([
        'GET /api/bots/:bot/snippets',
        'POST /api/bots/:bot/snippets',
        'PUT /api/bots/:bot/snippets/:name',
        'PUT /api/bots/:bot/snippets/:name/name',
        'DELETE /api/bots/:bot/snippets/:name',
        'PUT /api/bots/:bot/snippets/:name/avatar',
        'PUT /api/bots/:bot/snippets/:name/bubble-icon',
        'GET /api/widget/:token',
        'POST /api/widget/:token/conversations',
        'GET /api/widget/:token/icons/:kind',
      ]),
    );
    const log = createFuzzLog();
    const send = fuzzSender(server, w.world.tenantAdmin.token, log);
    const base = {
      name: 'Fuzz',
      newName: 'Fuzz 2',
      description: 'd',
      allowedOrigins: ['https://a.example.com'],
      settings: { position: 'top-left', popupMessages: [{ message: 'm', delay: 1 }] },
      code: snippet.code,
      visitorKey: 'v1.x.y',
      conversationId: 'c',
    };
    const values = [
      ...HOSTILE_VALUES,
      { mainColor: 'red;}</style><script>' },
      [{ message: 'x', delay: Number.MAX_VALUE }],
      ['https://a.example.com'.repeat(100)],
    ];
    for (const route of routes) {
      for (const p of HOSTILE_PARAMS) {
        const url = fillPath(route.url, { bot: p, name: p, token: p, kind: p }).replace(/%25/g, '%');
        await send(route.method, url, undefined, { origin: 'https://shop.example.com' });
      }
      const url = fillPath(route.url, {
        bot: botName,
        name: snippet.name,
        token: snippet.token,
        kind: 'avatar',
      });
      if (route.method === 'DELETE' && route.url === '/api/bots/:bot/snippets/:name') continue;
      for (const body of hostileBodies(base, values))
        await send(route.method, url, body, { origin: 'https://shop.example.com' });
      for (const raw of HOSTILE_RAW_BODIES)
        await send(route.method, url, raw, {
          'content-type': 'application/json',
          origin: 'https://shop.example.com',
        });
      for (const origin of HOSTILE_ORIGINS) await send(route.method, url, base, { origin });
    }
    // The uploads, with broken multipart bodies and hostile files.
    for (const kind of ['avatar', 'bubble-icon']) {
      const url = `${botPath(botName)}/snippets/${encodeURIComponent(snippet.name)}/${kind}`;
      await send('PUT', url, `--nope\r\nContent-Disposition: form-data; name="file"\r\n\r\nunterminated`, {
        'content-type': 'multipart/form-data; boundary=nope',
      });
      for (const [fileName, data] of [
        ['x.png', Buffer.alloc(0)],
        ['x.svg', '<svg'],
        ['x.svg', `<svg xmlns="http://www.w3.org/2000/svg" width="99999999" height="99999999"/>`],
        ['x.svg', '<svg xmlns="http://www.w3.org/2000/svg"><use href="http://169.254.169.254/"/></svg>'],
        ['x.jpeg', Buffer.from([0xff, 0xd8, 0xff, 0, 0, 0])],
        ['../../x.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0])],
        ['x'.repeat(300), 'x'],
      ] as const) {
        const { payload, contentType } = multipartBody('file', fileName, data);
        const response = await send('PUT', url, payload, { 'content-type': contentType });
        expect(response.statusCode, `${fileName}: ${response.body}`).toBe(400);
      }
    }
    expect(log.failures).toEqual([]);
    expect(log.sent).toBeGreaterThan(500);
    // The snippet survived all of it as it was.
    const after = (
      expectStatus(await w.admin('GET', `${botPath(botName)}/snippets`), 200).json() as SnippetView[]
    ).find((s) => s.token === snippet.token);
    expect(after?.code).toBe(snippet.code);
  });

  test('hostile socket addresses are refused and hostile frames on a visitor socket get errors', async () => {
    const baseUrl = (await server.listen()).replace(/^http/, 'ws');
    for (const token of HOSTILE_TOKENS.filter(Boolean)) {
      await expect(
        openSocket(`${baseUrl}/ws?app=parley&widgetToken=${encodeURIComponent(token)}`, {
          origin: 'https://shop.example.com',
        }),
      ).rejects.toThrow(/refused: 40[01]/);
    }
    const started = expectStatus(
      await server.request({
        method: 'POST',
        url: `/api/widget/${snippet.token}/conversations`,
        body: { code: snippet.code },
        headers: { origin: 'https://shop.example.com' },
        remoteAddress: '10.88.0.1',
      }),
      201,
    ).json();
    await expect(
      openSocket(`${baseUrl}/ws?app=other&widgetToken=${encodeURIComponent(started.visitorToken)}`, {
        origin: 'https://shop.example.com',
      }),
    ).rejects.toThrow('refused: 400');
    const topic = { kind: 'conversation', botId: started.botId, conversationId: started.conversationId };
    const socket = await openSocket(
      `${baseUrl}/ws?app=parley&widgetToken=${encodeURIComponent(started.visitorToken)}`,
      { origin: 'https://shop.example.com' },
    );
    const frames = [
      'not json',
      '{"type":"conversation:say"}',
      JSON.stringify({ type: 'subscribe', topic: { kind: 'tenants' } }),
      JSON.stringify({ type: 'subscribe', topic: { ...topic, conversationId: 'x'.repeat(400) } }),
      JSON.stringify({ type: 'subscribe', topic: { ...topic, botId: 'another-bot' } }),
      JSON.stringify({ type: 'conversation:say', topic, activity: null }),
      JSON.stringify({
        type: 'conversation:say',
        topic,
        activity: { type: 'text', text: 'before subscribing' },
      }),
      JSON.stringify({ type: 'nonsense' }),
      '{"__proto__":{"polluted":true},"type":"ping"}',
    ];
    for (const frame of frames) socket.send(frame);
    await socket.sync();
    expect(socket.messages.filter((m) => m.type === 'error').length).toBeGreaterThanOrEqual(7);
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
