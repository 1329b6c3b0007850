import {
  CHAT_BUBBLE_CHANNEL,
  SNIPPET_MESSAGES as M,
  type SnippetView,
  WIDGET_UPLOAD_MAX_BYTES,
} from '@parley/contracts';
import { buildFlowXml } from '@parley/flows';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { widgetScriptFile } from '../src/routes/widget.routes';
import { WIDGET_LIMITS } from '../src/services/chat-bubble/widget-visitor.service';
import { expectStatus } from './support/admin-world';
import { buildContentWorld, type ContentWorld, createIntent, multipartBody } from './support/bot-content';
import { botPath, createBot } from './support/bots';
import { testDatabases } from './support/databases';
import { intentFlowPath } from './support/flows';
import { PIZZA_INTENTS, PIZZA_ORDER_FLOW } from './support/pizza-bot';
import { startPublish, waitForSync } from './support/publishing';
import { openSocket, type TestSocket } from './support/socket-client';
import { uniqueKey } from './support/tenant-world';
import { startTestServer, type TestServer } from './support/test-server';

const SHOP = 'https://shop.example.com';
const EVIL = 'https://evil.example.net';

/**
 * The chat widget's visitor path (docs/chat-widget-protocol.md): the embed code's token and code
 * open a conversation on the bot's production flows over the Chat Bubble channel, only from the
 * origins the snippet allows (HTTP and websocket alike); the visitor key keeps the conversation.
 */
describe.each(testDatabases())('chat widget visitors on %s', (kind) => {
  let server: TestServer;
  let w: ContentWorld;
  let baseUrl: string;
  let address = 0;
  const BOT = 'Widget Pizza Bot';
  /** Each test starts from its own client address, so the start counts do not mix. */
  const freshAddress = () => `10.7.${Math.floor(++address / 250)}.${address % 250}`;

  async function snippet(allowedOrigins: string[] = [SHOP]): Promise<SnippetView> {
    return expectStatus(
      await w.admin('POST', `${botPath(BOT)}/snippets`, { name: `Widget ${uniqueKey()}`, allowedOrigins }),
      201,
    ).json();
  }

  const config = (s: SnippetView, origin?: string, code = s.code) =>
    server.request({
      method: 'GET',
      url: `/api/widget/${s.token}?code=${encodeURIComponent(code)}`,
      ...(origin ? { headers: { origin } } : {}),
    });

  /** A start from a page of `origin` (null: a request with no Origin header). */
  const start = (
    s: SnippetView,
    body: Record<string, unknown> = {},
    origin: string | null = SHOP,
    ip = freshAddress(),
  ) =>
    server.request({
      method: 'POST',
      url: `/api/widget/${s.token}/conversations`,
      body: { code: s.code, ...body },
      remoteAddress: ip,
      ...(origin ? { headers: { origin } } : {}),
    });

  /** A visitor's socket opened from a page of `origin` (null: an upgrade with no Origin header). */
  const socketFor = (visitorToken: string, origin: string | null) =>
    openSocket(
      `${baseUrl.replace(/^http/, 'ws')}/ws?app=parley&widgetToken=${encodeURIComponent(visitorToken)}`,
      origin === null ? {} : { origin },
    );

  async function visitorChat(s: SnippetView, body: Record<string, unknown> = {}) {
    const started = expectStatus(await start(s, body), 201).json();
    const topic = {
      kind: 'conversation',
      botId: started.botId,
      conversationId: started.conversationId,
    } as const;
    const socket = await socketFor(started.visitorToken, SHOP);
    expect(await socket.subscribe(topic)).toMatchObject({ type: 'subscribed' });
    return { started, topic, socket };
  }

  async function say(socket: TestSocket, topic: object, text: string) {
    const before = socket.messages.filter((m) => m.type === 'conversation:turn').length;
    socket.send(JSON.stringify({ type: 'conversation:say', topic, activity: { type: 'text', text } }));
    await socket.waitFor(
      () => socket.messages.filter((m) => m.type === 'conversation:turn').length > before,
      15_000,
    );
    return socket.messages.filter((m) => m.type === 'conversation:turn')[before] as unknown as {
      activities: Array<{ type: string; text?: string }>;
      details: Record<string, unknown>;
    };
  }

  beforeAll(async () => {
    server = await startTestServer(kind);
    w = await buildContentWorld(server, 'Widget Designer Bot');
    await createBot(w.admin, BOT);
    for (const intent of PIZZA_INTENTS) await createIntent(w.admin, BOT, intent);
    // Production runs the order flow; the test stage a flow that says so: the widget must get production's.
    const production = await buildFlowXml(PIZZA_ORDER_FLOW, { languages: ['en'] });
    const testOnly = await buildFlowXml(
      [{ block: 'message', fields: { message: 'This is the test flow.' } }, { end: 'endFlow' }],
      { languages: ['en'] },
    );
    expectStatus(
      await w.admin('PUT', `${intentFlowPath(BOT, 'OrderPizza')}/published-version`, { xml: production }),
      200,
    );
    expectStatus(
      await w.admin('PUT', `${intentFlowPath(BOT, 'OrderPizza')}/test-version`, { xml: testOnly }),
      200,
    );
    const { syncId } = await startPublish(w.admin, BOT);
    expect((await waitForSync(w.admin, BOT, syncId)).state).toBe('Succeeded');
    // The chat takes visitors only while its channel is on the bot's Configuration tab.
    expectStatus(
      await w.admin('POST', `${botPath(BOT)}/configuration`, {
        channels: [{ name: 'chatBubble', visible: true }],
      }),
      200,
    );
    baseUrl = await server.listen();
  }, 180_000);
  afterAll(() => server?.close());

  test('a bot whose Chat Bubble channel is not added and enabled takes no visitors', async () => {
    const bot = `Widget Off ${uniqueKey()}`;
    await createBot(w.admin, bot);
    const s = expectStatus(
      await w.admin('POST', `${botPath(bot)}/snippets`, { name: 'Off', allowedOrigins: [SHOP] }),
      201,
    ).json() as SnippetView;
    const refused = expectStatus(await config(s, SHOP), 403).json();
    expect(refused).toMatchObject({ code: 'permission_error', message: M.channelOff });
    const channel = (change: Record<string, unknown>) =>
      w.admin('POST', `${botPath(bot)}/configuration`, { channels: [{ name: 'chatBubble', ...change }] });
    expectStatus(await channel({ visible: true }), 200);
    expectStatus(await config(s, SHOP), 200);
    expectStatus(await channel({ enabled: false }), 200);
    expect(expectStatus(await config(s, SHOP), 403).json().message).toBe(M.channelOff);
  });

  test('the configuration: allowed origin gets it with a CORS grant; another origin, no origin, a wrong code are refused', async () => {
    const s = await snippet();
    const allowed = expectStatus(await config(s, SHOP), 200);
    expect(allowed.headers['access-control-allow-origin']).toBe(SHOP);
    expect(allowed.json()).toMatchObject({
      displayName: BOT,
      settings: { position: 'bottom-right' },
      avatarUrl: null,
    });

    // Refused, with nothing of the snippet; the widget on that page may read why (and shows nothing).
    const refused = await config(s, EVIL);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      code: 'permission_error',
      message: M.originRefused,
      requiredPermission: 'origin',
    });
    expect(refused.headers['access-control-allow-origin']).toBe(EVIL);
    expect((await config(s, undefined)).statusCode).toBe(403);
    expect((await config(s, SHOP, 'wrong-code')).statusCode).toBe(404);
    expect(
      (
        await server.request({
          method: 'GET',
          url: `/api/widget/no-such-token?code=${s.code}`,
          headers: { origin: SHOP },
        })
      ).statusCode,
    ).toBe(404);

    const preflight = (origin: string) =>
      server.request({
        method: 'OPTIONS',
        url: `/api/widget/${s.token}/conversations`,
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type',
        },
      });
    const granted = await preflight(SHOP);
    expect(granted.statusCode).toBe(204);
    expect(granted.headers['access-control-allow-origin']).toBe(SHOP);
    expect(String(granted.headers['access-control-allow-headers'])).toContain('content-type');
    const denied = await preflight(EVIL);
    expect(denied.statusCode).toBe(403);
    expect(denied.headers['access-control-allow-origin']).toBeUndefined();
  });

  test('a disallowed origin is refused a conversation over HTTP and a socket over the websocket', async () => {
    const s = await snippet();
    const refused = await start(s, {}, EVIL);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(M.originRefused);
    expect((await start(s, {}, null)).statusCode).toBe(403);

    // A token given to the shop's page is refused on a socket opened from another origin, and on
    // one that names no origin (as the HTTP calls are).
    const started = expectStatus(await start(s), 201).json();
    await expect(socketFor(started.visitorToken, EVIL)).rejects.toThrow('refused: 403');
    await expect(socketFor(started.visitorToken, null)).rejects.toThrow('refused: 403');
    const good = await socketFor(started.visitorToken, SHOP);
    good.close();
    await expect(
      openSocket(`${baseUrl.replace(/^http/, 'ws')}/ws?app=parley&widgetToken=forged.token.here`, {
        origin: SHOP,
      }),
    ).rejects.toThrow('refused: 401');

    // An empty list allows every origin, and requests that name none.
    const open = await snippet([]);
    expectStatus(await start(open, {}, EVIL), 201);
    expectStatus(await config(open, undefined), 200);
    const anywhere = expectStatus(await start(open, {}, null), 201).json();
    (await socketFor(anywhere.visitorToken, null)).close();
  });

  test('a conversation runs the production flows on the Chat Bubble channel, logged as no test', async () => {
    const s = await snippet();
    const { started, topic, socket } = await visitorChat(s);
    expect(started).toMatchObject({ isContinued: false, history: [] });
    expect(started.visitorKey).toMatch(/^v1\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22}$/);
    const turn = await say(socket, topic, 'i would like to order a pizza');
    expect(turn.activities.map((a) => a.text)).toEqual(['Which pizza would you like?']);
    // A visitor sees no designer's details.
    expect(turn.details).toMatchObject({ intent: null, variables: [] });
    const next = await say(socket, topic, 'Funghi');
    expect(next.activities[0]).toMatchObject({ type: 'options', text: 'Which size?' });
    socket.close();

    const conversation = await server.ctx.repos
      .forTenant(w.world.tenantB)
      .conversations(started.botId)
      .get(started.conversationId);
    expect(conversation).toMatchObject({ channel: CHAT_BUBBLE_CHANNEL.id, isTest: false });
    expect(conversation?.userKey).toMatch(/^web-/);
  });

  test('the visitor key keeps the conversation across reloads; another visitor gets their own', async () => {
    const s = await snippet();
    const { started, topic, socket } = await visitorChat(s);
    await say(socket, topic, 'i would like to order a pizza');
    socket.close();

    // The page reloads: the widget sends what it kept.
    const again = expectStatus(
      await start(s, { visitorKey: started.visitorKey, conversationId: started.conversationId }),
      201,
    ).json();
    expect(again).toMatchObject({
      conversationId: started.conversationId,
      visitorKey: started.visitorKey,
      isContinued: true,
    });
    expect(again.history).toEqual([
      { from: 'user', activity: { type: 'text', text: 'i would like to order a pizza' } },
      { from: 'bot', activity: { type: 'text', text: 'Which pizza would you like?' } },
    ]);
    // The conversation goes on where it was: the next answer is the pizza.
    const socket2 = await socketFor(again.visitorToken, SHOP);
    expect(await socket2.subscribe(topic)).toMatchObject({ type: 'subscribed' });
    const turn = await say(socket2, topic, 'Margherita');
    expect(turn.activities[0]).toMatchObject({ type: 'options', text: 'Which size?' });

    // Another visitor naming the same conversation gets a new one of their own, and may not follow the first.
    const stranger = expectStatus(await start(s, { conversationId: started.conversationId }), 201).json();
    expect(stranger.conversationId).not.toBe(started.conversationId);
    expect(stranger.visitorKey).not.toBe(started.visitorKey);
    const strangerSocket = await socketFor(stranger.visitorToken, SHOP);
    expect(await strangerSocket.subscribe(topic)).toMatchObject({ type: 'error' });
    strangerSocket.close();

    // A made-up or altered visitor key is not taken: a new one is given.
    const [prefix, id] = started.visitorKey.split('.');
    const forged = expectStatus(
      await start(s, {
        visitorKey: `${prefix}.${id}.AAAAAAAAAAAAAAAAAAAAAA`,
        conversationId: started.conversationId,
      }),
      201,
    ).json();
    expect(forged.conversationId).not.toBe(started.conversationId);
    expect(forged.visitorKey).not.toBe(started.visitorKey);
    // Restart starts anew for the same visitor.
    const restarted = expectStatus(
      await start(s, {
        visitorKey: started.visitorKey,
        conversationId: started.conversationId,
        startNew: true,
      }),
      201,
    ).json();
    expect(restarted.conversationId).not.toBe(started.conversationId);
    expect(restarted.visitorKey).toBe(started.visitorKey);
    socket2.close();
  });

  test('an origin taken off the list ends the visitor’s socket at its next message; a deleted snippet opens nothing', async () => {
    const s = await snippet([SHOP, 'https://other.example.com']);
    const { topic, socket } = await visitorChat(s);
    expectStatus(
      await w.admin('PUT', `${botPath(BOT)}/snippets/${encodeURIComponent(s.name)}`, {
        allowedOrigins: ['https://other.example.com'],
      }),
      200,
    );
    socket.send(
      JSON.stringify({ type: 'conversation:say', topic, activity: { type: 'text', text: 'hello' } }),
    );
    expect((await socket.closed).code).toBe(4401);
    expect((await start(s)).statusCode).toBe(403);

    expectStatus(await w.admin('DELETE', `${botPath(BOT)}/snippets/${encodeURIComponent(s.name)}`), 204);
    expect((await start(s, {}, 'https://other.example.com')).statusCode).toBe(404);
  });

  test('30 messages in a row are each answered as themselves, also while a Delay waits or sent at once', async () => {
    // Opening's flow waits a second between its two messages; a message in that second ends the
    // wait and is then answered as itself (it used to be taken as the end of the wait, unanswered).
    const bot = `Widget Delay Bot ${uniqueKey()}`;
    await createBot(w.admin, bot);
    for (const intent of PIZZA_INTENTS) await createIntent(w.admin, bot, intent);
    const flows = {
      OrderPizza: PIZZA_ORDER_FLOW,
      Opening: [
        { block: 'message', fields: { message: 'We open at nine.' } },
        { block: 'blockDelay', fields: { duration: 1 } },
        { block: 'message', fields: { message: 'And close at six.' } },
        { end: 'endFlow' },
      ],
    } as const;
    for (const [intent, steps] of Object.entries(flows)) {
      const xml = await buildFlowXml([...steps], { languages: ['en'] });
      expectStatus(await w.admin('PUT', `${intentFlowPath(bot, intent)}/published-version`, { xml }), 200);
    }
    const { syncId } = await startPublish(w.admin, bot);
    expect((await waitForSync(w.admin, bot, syncId)).state).toBe('Succeeded');
    expectStatus(
      await w.admin('POST', `${botPath(bot)}/configuration`, {
        channels: [{ name: 'chatBubble', visible: true }],
      }),
      200,
    );
    const s: SnippetView = expectStatus(
      await w.admin('POST', `${botPath(bot)}/snippets`, {
        name: `Delays ${uniqueKey()}`,
        allowedOrigins: [SHOP],
      }),
      201,
    ).json();
    /** The answer each message must get (among what its turn says). */
    const script: Array<[string, string]> = [
      ['when are you open', 'We open at nine.'],
      ['order pizza', 'Which pizza would you like?'],
      ['Funghi', 'Which size?'],
      ['Large', 'One Large Funghi is on its way.'],
      ['opening hours', 'We open at nine.'],
      ['are you open today', 'We open at nine.'],
    ];
    /** Sends a text and answers the turn that answers it (its `said`), whatever came meanwhile. */
    const say = (chat: { socket: TestSocket; topic: object }, text: string) => {
      const from = chat.socket.messages.length;
      chat.socket.send(
        JSON.stringify({ type: 'conversation:say', topic: chat.topic, activity: { type: 'text', text } }),
      );
      return chat.socket.waitFor(
        (m) =>
          chat.socket.messages.indexOf(m) >= from &&
          m.type === 'conversation:turn' &&
          (m as { said?: { text?: string } }).said?.text === text,
        20_000,
      ) as Promise<unknown> as Promise<{ activities: Array<{ text?: string }> }>;
    };

    // One after the other, each sent as soon as the previous one is answered.
    const first = await visitorChat(s);
    for (let i = 0; i < 30; i++) {
      const [text, expected] = script[i % script.length] as [string, string];
      const turn = await say(first, text);
      expect(turn.activities.map((a) => a.text)).toContain(expected);
    }
    expect(first.socket.messages.filter((m) => m.type === 'error')).toEqual([]);
    first.socket.close();

    // Thirty sent at once (what the rate limit allows in a minute) are all taken and answered.
    const second = await visitorChat(s);
    const burst = Array.from({ length: WIDGET_LIMITS.messagesPerMinute }, (_, i) => `hello number ${i}`);
    await Promise.all(burst.map((text) => say(second, text)));
    expect(second.socket.messages.filter((m) => m.type === 'error')).toEqual([]);
    second.socket.close();
  }, 120_000);

  test('conversation starts are limited per client address', async () => {
    const s = await snippet();
    const ip = freshAddress();
    for (let i = 0; i < WIDGET_LIMITS.conversationStarts; i++)
      expectStatus(await start(s, {}, SHOP, ip), 201);
    const limited = await start(s, {}, SHOP, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(M.tooManyConversations);
    expectStatus(await start(s, {}, SHOP, freshAddress()), 201);
  });

  test('visitors send pictures and PDFs when the Upload button is on; the bot’s files reach them too', async () => {
    const s = await snippet();
    const { started, topic, socket } = await visitorChat(s);
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#00f' } })
      .png()
      .toBuffer();
    const upload = (
      fileName: string,
      data: Buffer | string,
      visitorToken: string | null = started.visitorToken,
      origin: string | null = SHOP,
    ) => {
      const { payload, contentType } = multipartBody(
        'file',
        fileName,
        data,
        visitorToken === null ? {} : { visitorToken },
      );
      return server.request({
        method: 'POST',
        url: `/api/widget/${s.token}/uploads`,
        body: payload,
        headers: { 'content-type': contentType, ...(origin === null ? {} : { origin }) },
      });
    };
    const off = await upload('photo.png', png);
    expect(off.statusCode).toBe(403);
    expect(off.json().message).toBe(M.uploadsOff);
    expectStatus(
      await w.admin('PUT', `${botPath(BOT)}/snippets/${encodeURIComponent(s.name)}`, {
        settings: { hasUploadButton: true },
      }),
      200,
    );
    const uploaded = expectStatus(await upload('../My photo.png', png), 201).json();
    expect(uploaded.name).toBe('My photo.png');
    const served = await server.request({ method: 'GET', url: new URL(uploaded.url).pathname });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(served.rawPayload.equals(png)).toBe(true);
    // Sent as an attachment, it is a turn of the conversation like any other.
    const before = socket.messages.filter((m) => m.type === 'conversation:turn').length;
    socket.send(
      JSON.stringify({
        type: 'conversation:say',
        topic,
        activity: { type: 'attachment', files: [uploaded] },
      }),
    );
    await socket.waitFor(
      () => socket.messages.filter((m) => m.type === 'conversation:turn').length > before,
      15_000,
    );
    socket.close();

    const refusedWith = async (
      response: Awaited<ReturnType<typeof upload>>,
      status: number,
      message?: string,
    ) => {
      expect(response.statusCode, response.body).toBe(status);
      if (message) expect(response.json().message).toBe(message);
    };
    await refusedWith(await upload('page.html', '<script>alert(1)</script>'), 400, M.uploadType);
    await refusedWith(await upload('fake.pdf', png), 400, M.uploadUnreadable);
    await refusedWith(
      await upload('big.png', Buffer.alloc(WIDGET_UPLOAD_MAX_BYTES + 1, 1)),
      400,
      M.uploadTooBig,
    );
    await refusedWith(await upload('photo.png', png, null), 401);
    await refusedWith(await upload('photo.png', png, 'forged'), 401);
    await refusedWith(await upload('photo.png', png, started.visitorToken, EVIL), 403, M.originRefused);
    await refusedWith(await upload('photo.png', png, started.visitorToken, null), 403, M.originRefused);
    // A visitor token of another snippet is not this one's.
    const other = await snippet();
    const otherVisitor = expectStatus(await start(other), 201).json();
    await refusedWith(await upload('photo.png', png, otherVisitor.visitorToken), 404);
    expect(
      (await server.request({ method: 'GET', url: `/api/widget/${s.token}/uploads/x.png/a.png` })).statusCode,
    ).toBe(404);

    // A file the bot sends (Send Attachment) is fetched with the embed code's token and code.
    const { payload, contentType } = multipartBody('file', 'menu.pdf', '%PDF-1.7\n%%EOF\n');
    const file = expectStatus(
      await server.request({
        method: 'POST',
        url: `/api/${encodeURIComponent(BOT)}/block-upload-file`,
        token: w.world.tenantAdmin.token,
        body: payload,
        headers: { 'content-type': contentType },
      }),
      200,
    ).json();
    const pdf = await server.request({
      method: 'GET',
      url: `/api/widget/${s.token}/files/${file.fileId}?code=${s.code}`,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(String(pdf.headers['content-disposition'])).toContain('attachment');
    expect(
      (await server.request({ method: 'GET', url: `/api/widget/${s.token}/files/${file.fileId}?code=wrong` }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await server.request({
          method: 'GET',
          url: `/api/widget/${other.token}/files/${file.fileId}?code=${other.code}`,
        })
      ).statusCode,
    ).toBe(200);
  });

  test.each([
    [{}],
    [{ code: 42 }],
    [{ code: 'x', visitorKey: 'k'.repeat(201) }],
    [{ code: 'x', startNew: 'yes' }],
    [{ code: 'x', extra: 1 }],
  ])('a malformed start %j is a 400', async (body) => {
    const s = await snippet();
    const response = await server.request({
      method: 'POST',
      url: `/api/widget/${s.token}/conversations`,
      body,
      headers: { origin: SHOP },
    });
    expect(response.statusCode, response.body).toBe(400);
  });

  test('the script and the snippet’s images are served to any page', async () => {
    expect(widgetScriptFile(), 'the widget is built (npm run build)').toBeDefined();
    const script = await server.request({ method: 'GET', url: '/assets/chat-widget.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('javascript');
    expect(script.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(script.body).toContain('ParleyChat');

    const s = await snippet();
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#0a0' } })
      .png()
      .toBuffer();
    const { payload, contentType } = multipartBody('file', 'avatar.png', png);
    const uploaded = expectStatus(
      await server.request({
        method: 'PUT',
        url: `${botPath(BOT)}/snippets/${encodeURIComponent(s.name)}/avatar`,
        token: w.world.tenantAdmin.token,
        body: payload,
        headers: { 'content-type': contentType },
      }),
      200,
    ).json();
    const shown = expectStatus(await config(s, SHOP), 200).json();
    expect(shown.avatarUrl).toBe(
      `${server.ctx.config.publicUrl}/api/widget/${s.token}/icons/avatar?v=${uploaded.settings.avatar}`,
    );
    const image = await server.request({ method: 'GET', url: new URL(shown.avatarUrl).pathname });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(
      (await server.request({ method: 'GET', url: `/api/widget/${s.token}/icons/bubble-icon` })).statusCode,
    ).toBe(404);
    expect(
      (await server.request({ method: 'GET', url: `/api/widget/${s.token}/icons/other` })).statusCode,
    ).toBe(404);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

/** Two processes behind a load balancer: a visitor's sockets may land on either. */
describe.runIf(redisUrl).each(testDatabases())('chat widget visitors across two processes on %s', (kind) => {
  let a: TestServer;
  let b: TestServer;
  const BOT = 'Widget Scale Bot';

  beforeAll(async () => {
    a = await startTestServer(kind, { REDIS_URL: redisUrl });
    b = await startTestServer(kind, {
      REDIS_URL: redisUrl,
      DATA_DIR: a.ctx.config.dataDir,
      DATABASE_URL: a.ctx.config.databaseUrl,
    });
  }, 60_000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  test('a turn taken on one process reaches the visitor’s socket on the other', async () => {
    const w = await buildContentWorld(a, 'Widget Scale Designer Bot');
    await createBot(w.admin, BOT);
    for (const intent of PIZZA_INTENTS) await createIntent(w.admin, BOT, intent);
    const xml = await buildFlowXml(PIZZA_ORDER_FLOW, { languages: ['en'] });
    expectStatus(
      await w.admin('PUT', `${intentFlowPath(BOT, 'OrderPizza')}/published-version`, { xml }),
      200,
    );
    const { syncId } = await startPublish(w.admin, BOT);
    expect((await waitForSync(w.admin, BOT, syncId)).state).toBe('Succeeded');
    expectStatus(
      await w.admin('POST', `${botPath(BOT)}/configuration`, {
        channels: [{ name: 'chatBubble', visible: true }],
      }),
      200,
    );
    const s = expectStatus(
      await w.admin('POST', `${botPath(BOT)}/snippets`, { name: 'Scaled', allowedOrigins: [SHOP] }),
      201,
    ).json() as SnippetView;

    const started = expectStatus(
      await a.request({
        method: 'POST',
        url: `/api/widget/${s.token}/conversations`,
        body: { code: s.code },
        headers: { origin: SHOP },
      }),
      201,
    ).json();
    const topic = {
      kind: 'conversation',
      botId: started.botId,
      conversationId: started.conversationId,
    } as const;
    const url = (server: string) =>
      `${server.replace(/^http/, 'ws')}/ws?app=parley&widgetToken=${encodeURIComponent(started.visitorToken)}`;
    // Two tabs of the visitor: one socket on each process.
    const onA = await openSocket(url(await a.listen()), { origin: SHOP });
    const onB = await openSocket(url(await b.listen()), { origin: SHOP });
    expect(await onA.subscribe(topic)).toMatchObject({ type: 'subscribed' });
    expect(await onB.subscribe(topic)).toMatchObject({ type: 'subscribed' });
    onA.send(
      JSON.stringify({
        type: 'conversation:say',
        topic,
        activity: { type: 'text', text: 'i would like to order a pizza' },
      }),
    );
    const turn = (await onB.waitFor((m) => m.type === 'conversation:turn', 15_000)) as unknown as {
      said: { text: string };
      activities: Array<{ text?: string }>;
    };
    expect(turn.said.text).toBe('i would like to order a pizza');
    expect(turn.activities.map((x) => x.text)).toEqual(['Which pizza would you like?']);
    onA.close();
    onB.close();
  });
});
