import type { GeneratedApiKey } from '@parley/contracts';
import { type Activity, ConnectionStatus, DirectLine, type Message } from 'botframework-directlinejs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import WebSocket from 'ws';
import XMLHttpRequest from 'xhr2';
import { routeCatalogue } from '../src/http/route-catalogue';
import { DIRECT_LINE_LIMITS } from '../src/services/external-api/direct-line.service';
import { describedOperations } from '../src/services/external-api/direct-line-openapi';
import { as, type Call, expectStatus } from './support/admin-world';
import { testDatabases } from './support/databases';
import { pollUntil } from './support/poll-until';
import { startPublish, waitForSync } from './support/publishing';
import { buildOwnAdminWorld, type MasterWorld, signUpMaster, uniqueKey } from './support/tenant-world';
import { startTestServer, type TestServer } from './support/test-server';

// Microsoft's client runs in browsers: in Node it finds XMLHttpRequest (rxjs' ajax) and WebSocket as globals.
Object.assign(globalThis, { XMLHttpRequest, WebSocket });

const external = (bot: string) => `/api/external/${encodeURIComponent(bot)}`;

/** Adds the API channel on the bot's Configuration tab (added channels are enabled). */
const enableApiChannel = async (admin: Call, botName: string, enabled = true) =>
  expectStatus(
    await admin('POST', `/api/bots/${encodeURIComponent(botName)}/configuration`, {
      channels: [{ name: 'api', visible: true, enabled }],
    }),
    200,
  );

/**
 * The External API channel (issue 13): Microsoft's own Direct Line client, botframework-directlinejs,
 * holds a conversation with a bot made from a template on a running server, on the bot's production
 * flows, with the bot's API key as its secret; a wrong, locked or deleted key is refused.
 */
describe.each(testDatabases())('Direct Line 3.0 with botframework-directlinejs on %s', (kind) => {
  let server: TestServer;
  let base: MasterWorld;
  let baseUrl: string;
  const clients: DirectLine[] = [];

  beforeAll(async () => {
    server = await startTestServer(kind);
    base = await signUpMaster(server);
    baseUrl = await server.listen();
    // The server's public address is where it listens: the stream addresses it gives must be reachable.
    server.ctx.config.publicUrl = baseUrl;
  });
  afterAll(async () => {
    for (const client of clients) client.end();
    await server?.close();
  });

  /** A bot of a tenant of the test's own, made from the support template and published, with an API key. */
  async function templateBot() {
    const world = await buildOwnAdminWorld(server, base, uniqueKey());
    const admin = as(server, world.tenantAdmin);
    const botName = 'Support Desk';
    expectStatus(
      await admin('POST', '/api/bot', {
        name: botName,
        region: 'eu-west',
        createType: 'template',
        template: 'customer-support-faq.enc',
      }),
      200,
    );
    await enableApiChannel(admin, botName);
    const { syncId } = await startPublish(admin, botName);
    expect((await waitForSync(admin, botName, syncId)).state).toBe('Succeeded');
    const key = await generateKey(admin, botName);
    return { admin, botName, key, tenantId: world.tenantB };
  }

  const generateKey = async (admin: Call, botName: string) =>
    expectStatus(
      await admin('POST', `${external(botName)}/api-key/generate`, { expiresOnDate: false }),
      200,
    ).json() as GeneratedApiKey;

  /** Microsoft's client, on this server, and what it receives. */
  function client(options: { secret?: string; token?: string; webSocket?: boolean }) {
    const directLine = new DirectLine({
      ...options,
      domain: `${baseUrl}/v3/directline`,
      webSocket: options.webSocket ?? true,
      pollingInterval: 200,
      timeout: 5000,
    });
    clients.push(directLine);
    const received: Activity[] = [];
    const statuses: ConnectionStatus[] = [];
    directLine.connectionStatus$.subscribe((status) => statuses.push(status));
    directLine.activity$.subscribe({ next: (activity) => received.push(activity), error: () => undefined });
    const say = (text: string, extra: Partial<Message> = {}) =>
      new Promise<string>((resolve, reject) =>
        directLine
          .postActivity({ type: 'message', from: { id: 'customer-1', name: 'Casey' }, text, ...extra })
          .subscribe({ next: resolve, error: reject }),
      );
    const botSaid = () => received.filter((a): a is Message => a.type === 'message' && a.from.role === 'bot');
    const waitForBot = (count: number) =>
      pollUntil(
        `${count} bot messages`,
        async () => botSaid(),
        (said) => said.length >= count,
        {
          timeoutMs: 20_000,
          intervalMs: 50,
        },
      );
    const waitForStatus = (status: ConnectionStatus) =>
      pollUntil(
        `connection status ${ConnectionStatus[status]}`,
        async () => statuses,
        (seen) => seen.includes(status),
        {
          timeoutMs: 20_000,
          intervalMs: 50,
        },
      );
    return { directLine, received, statuses, say, botSaid, waitForBot, waitForStatus };
  }

  test.each([
    ['the websocket stream', true],
    ['polling with watermarks', false],
  ])(
    'a template conversation over %s: greeting, the rating as suggested actions, the answer to a click',
    async (_case, webSocket) => {
      const { key, tenantId } = await templateBot();
      const chat = client({ secret: key.apiKey, webSocket });

      const greetingId = await chat.say('hello');
      expect(greetingId).toMatch(/^[0-9a-f-]{36}\|\d{7}$/);
      const [greeting] = await chat.waitForBot(1);
      expect(greeting?.text).toContain('I am the support assistant');
      expect(greeting).toMatchObject({ channelId: 'directline', from: { role: 'bot', id: 'Support Desk' } });
      // The user's message comes back too (Direct Line echoes it), under the id the post answered.
      expect(chat.received.find((a) => a.id === greetingId)).toMatchObject({
        type: 'message',
        text: 'hello',
        from: { role: 'user' },
      });

      await chat.say('bye');
      const rating = (await chat.waitForBot(2))[1];
      expect(rating?.text).toBe('Before you go: how happy are you with my help today?');
      const actions = rating?.suggestedActions?.actions ?? [];
      expect(actions.map((a) => a.title)).toEqual([
        'Very Satisfied',
        'Satisfied',
        'Neutral',
        'Unsatisfied',
        'Very unsatisfied',
      ]);
      expect(actions[0]).toEqual({ type: 'imBack', title: 'Very Satisfied', value: 'Very Satisfied' });

      // A click on a suggested action sends its value as the user's message.
      await chat.say(String(actions[0]?.value));
      const thanks = (await chat.waitForBot(3))[2];
      expect(thanks?.text).toContain('Thank you for your feedback');

      // It ran on the production flows, as a conversation of the API channel, logged with its turns.
      const conversationId = chat.received[0]?.conversation?.id ?? '';
      const scope = server.ctx.repos.forTenant(tenantId);
      const bot = await scope.bots.get('Support Desk');
      const stored = bot && (await scope.conversations(bot.id).get(conversationId));
      expect(stored).toMatchObject({ channel: 'api', isTest: false, userKey: expect.stringMatching(/^dl_/) });
      const turns = bot ? await scope.conversations(bot.id).turnsOf(conversationId) : [];
      // The user's activities are kept as sent: the sender's name beside the text.
      expect(turns.filter((t) => t.direction === 'in').map((t) => t.activity)).toEqual([
        { type: 'text', text: 'hello', envelope: { userName: 'Casey' } },
        { type: 'text', text: 'bye', envelope: { userName: 'Casey' } },
        { type: 'text', text: 'Very Satisfied', envelope: { userName: 'Casey' } },
      ]);
      // Each activity came once, in order.
      const ids = chat.received.map((a) => a.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect([...ids].sort()).toEqual(ids);
      chat.directLine.end();
    },
  );

  test('a token from tokens/generate opens its conversation for the client, which the key started', async () => {
    const { key } = await templateBot();
    const response = await fetch(`${baseUrl}/v3/directline/tokens/generate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ user: { id: 'web-visitor-7' } }),
    });
    expect(response.status).toBe(200);
    const generated = (await response.json()) as {
      conversationId: string;
      token: string;
      expires_in: number;
    };
    expect(generated.expires_in).toBe(1800);
    const chat = client({ token: generated.token });
    await chat.say('hello');
    const [greeting] = await chat.waitForBot(1);
    expect(greeting?.conversation?.id).toBe(generated.conversationId);
    expect(chat.received.find((a) => a.from.role === 'user')?.from.id).toBe('web-visitor-7');

    // The token refreshes; the API key cannot be used to refresh, nor a token to generate.
    const refresh = (bearer: string) =>
      fetch(`${baseUrl}/v3/directline/tokens/refresh`, {
        method: 'POST',
        headers: { authorization: `Bearer ${bearer}` },
      });
    const refreshed = await refresh(generated.token);
    expect(refreshed.status).toBe(200);
    expect(((await refreshed.json()) as { conversationId: string }).conversationId).toBe(
      generated.conversationId,
    );
    expect((await refresh(key.apiKey)).status).toBe(403);
    const byToken = await fetch(`${baseUrl}/v3/directline/tokens/generate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${generated.token}` },
    });
    expect(byToken.status).toBe(403);
    expect(await byToken.json()).toEqual({ error: { code: 'Forbidden', message: expect.any(String) } });
    chat.directLine.end();
  });

  test('a wrong key, a locked key and a deleted key are refused; locking ends the conversations at once', async () => {
    const { admin, botName, key } = await templateBot();
    const second = await generateKey(admin, botName);

    const wrong = client({ secret: `${key.apiKey.slice(0, -4)}AAAA` });
    wrong.directLine
      .postActivity({ type: 'message', from: { id: 'x' }, text: 'hello' })
      .subscribe({ error: () => undefined });
    await wrong.waitForStatus(ConnectionStatus.FailedToConnect);

    // A conversation under way with the first key; then the key is locked.
    const chat = client({ secret: key.apiKey, webSocket: false });
    await chat.say('hello');
    await chat.waitForBot(1);
    const conversationId = chat.received[0]?.conversation?.id ?? '';
    expectStatus(
      await admin('PUT', `${external(botName)}/api-key/update`, {
        apiKeys: { [key.keyId]: { isLocked: true } },
      }),
      204,
    );
    const getActivities = (bearer: string) =>
      fetch(`${baseUrl}/v3/directline/conversations/${conversationId}/activities`, {
        headers: { authorization: `Bearer ${bearer}` },
      });
    const refused = await getActivities(key.apiKey);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: { code: 'Forbidden', message: expect.any(String) } });
    // The client is told at once: its next message finds the key refused.
    chat.directLine
      .postActivity({ type: 'message', from: { id: 'x' }, text: 'bye' })
      .subscribe({ error: () => undefined });
    await chat.waitForStatus(ConnectionStatus.ExpiredToken);

    const locked = client({ secret: key.apiKey });
    locked.directLine
      .postActivity({ type: 'message', from: { id: 'x' }, text: 'hello' })
      .subscribe({ error: () => undefined });
    await locked.waitForStatus(ConnectionStatus.FailedToConnect);
    // Another key of the bot does not open the first key's conversation.
    expect((await getActivities(second.apiKey)).status).toBe(404);

    // Unlocked, it works again; deleted, it is refused for good.
    expectStatus(
      await admin('PUT', `${external(botName)}/api-key/update`, {
        apiKeys: { [key.keyId]: { isLocked: false } },
      }),
      204,
    );
    expect((await getActivities(key.apiKey)).status).toBe(200);
    expectStatus(await admin('DELETE', `${external(botName)}/api-key/${key.keyId}`), 204);
    expect((await getActivities(key.apiKey)).status).toBe(403);
    const deleted = client({ secret: key.apiKey });
    deleted.directLine
      .postActivity({ type: 'message', from: { id: 'x' }, text: 'hello' })
      .subscribe({ error: () => undefined });
    await deleted.waitForStatus(ConnectionStatus.FailedToConnect);
  });

  test('a locked key closes the conversation stream it opened', async () => {
    const { admin, botName, key } = await templateBot();
    const start = await fetch(`${baseUrl}/v3/directline/conversations`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key.apiKey}` },
    });
    expect(start.status).toBe(201);
    const { streamUrl, conversationId } = (await start.json()) as {
      streamUrl: string;
      conversationId: string;
    };
    expect(streamUrl).toMatch(
      new RegExp(`^ws://127\\.0\\.0\\.1:\\d+/v3/directline/conversations/${conversationId}/stream\\?`),
    );
    const socket = new WebSocket(streamUrl);
    const frames: string[] = [];
    socket.on('message', (data) => frames.push(data.toString()));
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
    await new Promise((resolve, reject) => {
      socket.on('open', resolve);
      socket.on('error', reject);
    });
    const post = await fetch(`${baseUrl}/v3/directline/conversations/${conversationId}/activities`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        type: 'message',
        from: { id: 'u' },
        text: 'hello',
        channelData: { clientActivityID: 'c-1' },
      }),
    });
    expect(post.status).toBe(200);
    await pollUntil(
      'the greeting on the stream',
      async () => frames,
      (f) => f.some((x) => x.includes('support assistant')),
      {
        timeoutMs: 20_000,
        intervalMs: 50,
      },
    );
    const first = JSON.parse(frames[0] ?? '{}');
    expect(first.watermark).toMatch(/^\d+$/);
    // The echo carries the client's own id, as Web Chat waits for it.
    const echo = frames
      .flatMap((f) => JSON.parse(f).activities)
      .find((a: Activity) => a.from.role === 'user');
    expect(echo).toMatchObject({ text: 'hello', channelData: { clientActivityID: 'c-1' } });

    expectStatus(
      await admin('PUT', `${external(botName)}/api-key/update`, {
        apiKeys: { [key.keyId]: { isLocked: true } },
      }),
      204,
    );
    expect(await closed).toBe(4403);
    // Its address opens nothing any more.
    const again = new WebSocket(streamUrl);
    const status = await new Promise<number>((resolve) =>
      again.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0)),
    );
    expect(status).toBe(403);
  });

  test('reconnecting gives a new stream address; activities after a watermark are only the newer ones', async () => {
    const { key } = await templateBot();
    const headers = { authorization: `Bearer ${key.apiKey}`, 'content-type': 'application/json' };
    const start = (await (
      await fetch(`${baseUrl}/v3/directline/conversations`, { method: 'POST', headers })
    ).json()) as {
      conversationId: string;
      token: string;
    };
    const activities = `${baseUrl}/v3/directline/conversations/${start.conversationId}/activities`;
    const post = (text: string) =>
      fetch(activities, {
        method: 'POST',
        headers,
        body: JSON.stringify({ type: 'message', from: { id: 'u' }, text }),
      });
    expect((await post('hello')).status).toBe(200);
    const all = (await (await fetch(activities, { headers })).json()) as {
      activities: Activity[];
      watermark: string;
    };
    expect(all.activities.map((a) => a.from.role)).toEqual(['user', 'bot']);
    expect((await post('thanks')).status).toBe(200);
    const newer = (await (await fetch(`${activities}?watermark=${all.watermark}`, { headers })).json()) as {
      activities: Message[];
      watermark: string;
    };
    expect(newer.activities.map((a) => a.text?.slice(0, 5))).toEqual(['thank', expect.any(String)]);
    expect(Number(newer.watermark)).toBeGreaterThan(Number(all.watermark));

    const reconnect = await fetch(
      `${baseUrl}/v3/directline/conversations/${start.conversationId}?watermark=${all.watermark}`,
      {
        headers: { authorization: `Bearer ${start.token}` },
      },
    );
    expect(reconnect.status).toBe(200);
    const view = (await reconnect.json()) as { conversationId: string; token: string; streamUrl: string };
    expect(view.conversationId).toBe(start.conversationId);
    expect(new URL(view.streamUrl).searchParams.get('watermark')).toBe(all.watermark);
    // The token is for its own conversation only.
    const other = (await (
      await fetch(`${baseUrl}/v3/directline/conversations`, { method: 'POST', headers })
    ).json()) as {
      conversationId: string;
    };
    const foreign = await fetch(`${baseUrl}/v3/directline/conversations/${other.conversationId}/activities`, {
      headers: { authorization: `Bearer ${start.token}` },
    });
    expect(foreign.status).toBe(403);
  });

  test('a conversation quiet for longer than the timeout has expired: 404, as Direct Line ends one', async () => {
    const { admin, botName, key } = await templateBot();
    expectStatus(
      await admin('PUT', `${external(botName)}/api-key/update`, { conversationIdLifeTime: 120 }),
      204,
    );
    const headers = { authorization: `Bearer ${key.apiKey}` };
    const { conversationId } = (await (
      await fetch(`${baseUrl}/v3/directline/conversations`, { method: 'POST', headers })
    ).json()) as {
      conversationId: string;
    };
    const read = () =>
      fetch(`${baseUrl}/v3/directline/conversations/${conversationId}/activities`, { headers });
    expect((await read()).status).toBe(200);
    // Last heard of 119 seconds ago: alive; 121: expired.
    const quietFor = (seconds: number) =>
      server.ctx.repos.db
        .updateTable('conversations')
        .set({ last_activity_at: new Date(Date.now() - seconds * 1000).toISOString() })
        .where('id', '=', conversationId)
        .execute();
    await quietFor(119);
    expect((await read()).status).toBe(200);
    await quietFor(121);
    const expired = await read();
    expect(expired.status).toBe(404);
    expect(await expired.json()).toEqual({
      error: { code: 'NotFound', message: 'This conversation has expired. Start a new one.' },
    });
  });

  test('each key is rate limited: past the limit a minute, 429 TooManyRequests with Retry-After', async () => {
    const { key } = await templateBot();
    for (let i = 0; i < DIRECT_LINE_LIMITS.requestsPerMinutePerKey - 1; i++)
      await server.ctx.shared.rateLimiter.hit(`direct-line:${key.keyId}`, 60);
    const headers = { authorization: `Bearer ${key.apiKey}` };
    expect((await fetch(`${baseUrl}/v3/directline/conversations`, { method: 'POST', headers })).status).toBe(
      201,
    );
    const limited = await fetch(`${baseUrl}/v3/directline/conversations`, { method: 'POST', headers });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('60');
    expect(await limited.json()).toEqual({ error: { code: 'TooManyRequests', message: expect.any(String) } });
    await server.ctx.shared.rateLimiter.reset(`direct-line:${key.keyId}`);
  });

  test('while the API channel is disabled on the Configuration tab, its keys open nothing', async () => {
    const { admin, botName, key } = await templateBot();
    const headers = { authorization: `Bearer ${key.apiKey}` };
    const start = () => fetch(`${baseUrl}/v3/directline/conversations`, { method: 'POST', headers });
    const started = await start();
    expect(started.status).toBe(201);
    const { conversationId } = (await started.json()) as { conversationId: string };
    await enableApiChannel(admin, botName, false);
    const refused = await start();
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      error: { code: 'Forbidden', message: expect.stringContaining('Configuration tab') },
    });
    const read = await fetch(`${baseUrl}/v3/directline/conversations/${conversationId}/activities`, {
      headers,
    });
    expect(read.status).toBe(403);
    await enableApiChannel(admin, botName, true);
    expect((await start()).status).toBe(201);
  });

  test("bad input to each Direct Line call is a 4xx in Direct Line's ErrorResponse, naming what was wrong", async () => {
    const { key } = await templateBot();
    const bearer = { authorization: `Bearer ${key.apiKey}` };
    const call = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, body?: unknown) =>
      server.request({
        method,
        url: `/v3/directline${url}`,
        headers,
        ...(body === undefined ? {} : { body }),
      });
    const started = (await call('POST', '/conversations', bearer)).json() as {
      conversationId: string;
      streamUrl: string;
    };
    const id = started.conversationId;
    const streamToken = new URL(started.streamUrl).searchParams.get('t') ?? '';
    const cases: Array<[string, 'GET' | 'POST', string, Record<string, string>, unknown, number, string]> = [
      ['no Authorization', 'POST', '/conversations', {}, undefined, 401, 'Unauthorized'],
      [
        'a Basic header',
        'POST',
        '/conversations',
        { authorization: 'Basic eDp5' },
        undefined,
        401,
        'Unauthorized',
      ],
      [
        'a stream token as bearer',
        'GET',
        `/conversations/${id}/activities`,
        { authorization: `Bearer ${streamToken}` },
        undefined,
        403,
        'Forbidden',
      ],
      [
        'a user id too long',
        'POST',
        '/conversations',
        bearer,
        { user: { id: 'u'.repeat(300) } },
        400,
        'BadArgument',
      ],
      ['a user id not a text', 'POST', '/tokens/generate', bearer, { user: { id: 42 } }, 400, 'BadArgument'],
      ['refresh with the key', 'POST', '/tokens/refresh', bearer, undefined, 403, 'Forbidden'],
      [
        'an unknown conversation',
        'GET',
        '/conversations/nope/activities',
        bearer,
        undefined,
        404,
        'NotFound',
      ],
      [
        'a watermark of letters',
        'GET',
        `/conversations/${id}/activities?watermark=abc`,
        bearer,
        undefined,
        400,
        'BadArgument',
      ],
      [
        'a negative watermark',
        'GET',
        `/conversations/${id}?watermark=-5`,
        bearer,
        undefined,
        400,
        'BadArgument',
      ],
      [
        'an activity without a type',
        'POST',
        `/conversations/${id}/activities`,
        bearer,
        { text: 'hi' },
        400,
        'BadArgument',
      ],
      [
        'an activity as a list',
        'POST',
        `/conversations/${id}/activities`,
        bearer,
        [{ type: 'message' }],
        400,
        'BadArgument',
      ],
      [
        'a text over 4000 characters',
        'POST',
        `/conversations/${id}/activities`,
        bearer,
        { type: 'message', text: 'x'.repeat(4001) },
        400,
        'BadArgument',
      ],
      [
        "an event of Parley's own",
        'POST',
        `/conversations/${id}/activities`,
        bearer,
        { type: 'event', name: 'parley.resume' },
        400,
        'BadArgument',
      ],
      [
        'an event without a name',
        'POST',
        `/conversations/${id}/activities`,
        bearer,
        { type: 'event' },
        400,
        'BadArgument',
      ],
      [
        'an attachment without an address',
        'POST',
        `/conversations/${id}/activities`,
        bearer,
        { type: 'message', attachments: [{ name: 'a.pdf' }] },
        400,
        'BadArgument',
      ],
      ['a file without its token', 'GET', `/conversations/${id}/files/x`, {}, undefined, 403, 'Forbidden'],
      [
        'an upload without a file',
        'POST',
        `/conversations/${id}/upload?userId=u`,
        bearer,
        undefined,
        400,
        'BadArgument',
      ],
      [
        'a path Direct Line does not have',
        'POST',
        `/conversations/${id}/members`,
        bearer,
        undefined,
        404,
        'NotFound',
      ],
    ];
    for (const [label, method, url, headers, body, status, code] of cases) {
      const response = await call(method, url, headers, body);
      expect(response.statusCode, label).toBe(status);
      expect(response.json(), label).toEqual({ error: { code, message: expect.any(String) } });
    }
    // None of it took a turn.
    const read = (await call('GET', `/conversations/${id}/activities`, bearer)).json();
    expect(read).toEqual({ activities: [], watermark: '0' });
  });

  test('pages of any origin may call it: preflights are granted for Authorization, answers name every origin', async () => {
    const { key } = await templateBot();
    const preflight = await fetch(`${baseUrl}/v3/directline/conversations`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://shop.example.com',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('authorization');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
    const started = await fetch(`${baseUrl}/v3/directline/conversations`, {
      method: 'POST',
      headers: { origin: 'https://shop.example.com', authorization: `Bearer ${key.apiKey}` },
    });
    expect(started.status).toBe(201);
    expect(started.headers.get('access-control-allow-origin')).toBe('*');
    const refused = await fetch(`${baseUrl}/v3/directline/conversations`, {
      method: 'POST',
      headers: { origin: 'https://shop.example.com' },
    });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('access-control-allow-origin')).toBe('*');
  });

  test('the OpenAPI description is served, and every operation it declares is a route of the server', async () => {
    const response = await fetch(`${baseUrl}/v3/directline/openapi.json`);
    expect(response.status).toBe(200);
    const description = (await response.json()) as {
      openapi: string;
      servers: Array<{ url: string }>;
      paths: object;
    };
    expect(description.openapi).toMatch(/^3\./);
    expect(description.servers).toEqual([{ url: `${baseUrl}/v3/directline` }]);
    const routes = routeCatalogue(server.app).map((r) => `${r.method} ${r.url}`);
    const operations = describedOperations();
    expect(operations.length).toBeGreaterThanOrEqual(9);
    for (const { method, path } of operations) {
      expect(routes, `${method} ${path}`).toContain(`${method} ${path.replace(/\{(\w+)\}/g, ':$1')}`);
    }
  });
});
