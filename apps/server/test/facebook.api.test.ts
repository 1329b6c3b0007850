import { createHmac } from 'node:crypto';
import type { BotConfigurationView } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { FACEBOOK_KEYS_MESSAGES } from '../src/services/channels/facebook/facebook-keys';
import { expectStatus } from './support/admin-world';
import {
  type ChannelTemplateBot,
  channelTemplateBot,
  conversationsOn,
  setChannelEnabled,
  TEMPLATE_CONVERSATION,
} from './support/channel-bots';
import { testDatabases } from './support/databases';
import { type FacebookStandIn, startFacebookStandIn } from './support/facebook-stand-in';
import {
  createFuzzLog,
  HOSTILE_PARAMS,
  HOSTILE_RAW_BODIES,
  HOSTILE_VALUES,
  hostileBodies,
} from './support/fuzz';
import { pollUntil } from './support/poll-until';
import { type MasterWorld, signUpMaster } from './support/tenant-world';
import { startTestServer, type TestServer } from './support/test-server';

const APP_SECRET = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
const PAGE = {
  id: '104857600123',
  name: 'Parley Support',
  accessToken: 'EAAPageTokenOfParleySupport0123456789',
};
const OTHER_PAGE = {
  id: '209715200456',
  name: 'Someone Else',
  accessToken: 'EAAPageTokenOfSomeoneElse9876543210',
};

const sign = (body: string, secret = APP_SECRET) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

let mid = 0;
/** A Messenger webhook body of one event from a user (a PSID) to a page. */
const webhookBody = (psid: string, event: Record<string, unknown>, pageId = PAGE.id) =>
  JSON.stringify({
    object: 'page',
    entry: [
      {
        id: pageId,
        time: Date.now(),
        messaging: [{ sender: { id: psid }, recipient: { id: pageId }, timestamp: Date.now(), ...event }],
      },
    ],
  });
const textEvent = (text: string, messageId = `m_${++mid}`) => ({ message: { mid: messageId, text } });

/**
 * Facebook Messenger (issue 14; spec 04 sections 3.4 and 7.1): the keys with the page token
 * checked at Graph, Meta's verification handshake, X-Hub-Signature-256 on every event, a whole
 * template conversation through a stand-in of the Graph API (quick replies for the rating),
 * retries answered once, other pages' events and a disabled channel answered by nobody.
 */
describe.each(testDatabases())('Facebook Messenger on %s', (kind) => {
  let server: TestServer;
  let base: MasterWorld;
  let graph: FacebookStandIn;
  let bot: ChannelTemplateBot;
  let webhookPath: string;
  let verifyToken: string;
  const keysPath = () => `/api/facebook/${bot.botPath}/keys`;

  /** Posts a webhook body to a bot's webhook, signed with the app's secret unless told otherwise. */
  const postTo =
    (path: () => string) =>
    (body: string, headers: Record<string, string> = { 'x-hub-signature-256': sign(body) }) =>
      server.request({
        method: 'POST',
        url: path(),
        body,
        headers: { 'content-type': 'application/json', ...headers },
      });
  const post = postTo(() => webhookPath);
  /** Saves the page's own keys for a bot (it is then connected); the callback path and verify token. */
  const connect = async (target: ChannelTemplateBot) => {
    const saved = expectStatus(
      await target.admin('PUT', `/api/facebook/${target.botPath}/keys`, {
        appId: '1234567890',
        appSecret: APP_SECRET,
        pages: [{ id: PAGE.id, accessToken: PAGE.accessToken }],
      }),
      200,
    ).json();
    expect(saved.isValidated).toBe(true);
    return { webhookPath: new URL(saved.callbackUrl).pathname, verifyToken: saved.verifyToken as string };
  };
  /** Memoised: the same promise for every caller. */
  const once = <T>(make: () => Promise<T>) => {
    let made: Promise<T> | undefined;
    return () => {
      made ??= make();
      return made;
    };
  };
  /** The shared bot connected to the page, its webhook known (what most tests need). */
  const connected = once(async () => {
    ({ webhookPath, verifyToken } = await connect(bot));
  });
  /**
   * A bot of its own, connected to the page, that nothing ever talks to: a test checking that
   * events reach no bot at all looks at all its conversations, which other tests' users add to on
   * the shared bot.
   */
  const quietBot = once(async () => {
    const quiet = await channelTemplateBot(server, base, ['facebook'], 'Quiet Desk');
    return { bot: quiet, webhookPath: (await connect(quiet)).webhookPath };
  });
  const connectedState = async () => {
    const view = expectStatus(
      await bot.admin('GET', `/api/bots/${bot.botPath}/configuration`),
      200,
    ).json() as BotConfigurationView;
    return view.channels.find((channel) => channel.id === 'facebook')?.connected;
  };

  beforeAll(async () => {
    server = await startTestServer(kind);
    base = await signUpMaster(server);
    graph = await startFacebookStandIn({ pages: [PAGE, OTHER_PAGE], appSecret: APP_SECRET });
    server.ctx.config.platforms.facebookGraph = graph.url;
    bot = await channelTemplateBot(server, base, ['facebook']);
  }, 120_000);
  afterAll(async () => {
    await graph?.close();
    await server?.close();
  });

  test('keys: a refused or another page’s token is said so and leaves the page not connected', async () => {
    // A bot of its own whose keys were never saved (refused keys are stored, and would disconnect
    // the shared bot), and a Graph of its own that counts only this test's calls.
    const sharedBot = bot;
    bot = await channelTemplateBot(server, base, ['facebook'], 'Keys Desk');
    const keysGraph = await startFacebookStandIn({ pages: [PAGE, OTHER_PAGE], appSecret: APP_SECRET });
    server.ctx.config.platforms.facebookGraph = keysGraph.url;
    try {
      await refusedKeys(keysGraph);
    } finally {
      bot = sharedBot;
      server.ctx.config.platforms.facebookGraph = graph.url;
      await keysGraph.close();
    }
  }, 60_000);
  const refusedKeys = async (graph: FacebookStandIn) => {
    const bad = async (body: unknown, message: string) => {
      const response = expectStatus(await bot.admin('PUT', keysPath(), body), 400);
      expect(response.json()).toMatchObject({ code: 'custom_error', message });
    };
    await bad(
      { appId: '1234567890', appSecret: APP_SECRET, pages: [{ id: PAGE.id, accessToken: 'EAAnot-a-token' }] },
      FACEBOOK_KEYS_MESSAGES.tokenRefused,
    );
    await bad(
      { pages: [{ id: PAGE.id, accessToken: OTHER_PAGE.accessToken }] },
      FACEBOOK_KEYS_MESSAGES.otherPage(OTHER_PAGE.name, OTHER_PAGE.id),
    );
    // The app requires appsecret_proof: a wrong app secret makes Graph refuse the token's call.
    await bad(
      { appSecret: 'wrong-secret', pages: [{ accessToken: PAGE.accessToken }] },
      FACEBOOK_KEYS_MESSAGES.tokenRefused,
    );
    expect(graph.calls('/me').length).toBe(3);

    const validation = async (body: unknown, message: string) => {
      const response = expectStatus(await bot.admin('PUT', keysPath(), body), 400);
      expect(response.json().message).toBe(message);
    };
    await validation({ appId: 'my-app' }, 'An App ID is digits only.');
    await validation({ pages: [{ id: 'page one' }] }, 'A Page ID is digits only.');
    await validation(
      { pages: [{ accessToken: 'x'.repeat(1001) }] },
      'Page access token holds at most 1000 characters.',
    );

    const keys = expectStatus(await bot.admin('GET', keysPath()), 200).json();
    expect(keys).toMatchObject({ isValidated: false, pageName: '', pages: [{ id: PAGE.id }] });
    expect(await connectedState()).toBe(false);

    // Facebook cannot be reached at all.
    server.ctx.config.platforms.facebookGraph = 'http://127.0.0.1:9';
    try {
      await bad({ pages: [{ accessToken: PAGE.accessToken }] }, FACEBOOK_KEYS_MESSAGES.unreachable);
    } finally {
      server.ctx.config.platforms.facebookGraph = graph.url;
    }
  };

  test('keys: the page’s own token connects it; secrets are masked; the callback URL and verify token are shown', async () => {
    const saved = expectStatus(
      await bot.admin('PUT', keysPath(), {
        appId: '1234567890',
        appSecret: APP_SECRET,
        pages: [{ id: PAGE.id, accessToken: PAGE.accessToken }],
      }),
      200,
    ).json();
    expect(saved).toMatchObject({ appId: '1234567890', isValidated: true, pageName: PAGE.name });
    expect(JSON.stringify(saved)).not.toContain(APP_SECRET);
    expect(JSON.stringify(saved)).not.toContain(PAGE.accessToken);
    expect(saved.pages[0].accessToken).toMatch(/^••••••/);
    expect(saved.callbackUrl).toMatch(/^http:\/\/parley\.test\/webhooks\/facebook\/[\w-]{20,}$/);
    expect(saved.verifyToken).toMatch(/^[\w-]{32}$/);
    // Stable: the same on every read.
    expect(expectStatus(await bot.admin('GET', keysPath()), 200).json().verifyToken).toBe(saved.verifyToken);
    expect(await connectedState()).toBe(true);
  });

  test('Meta’s verification handshake: the challenge for the right verify token, 403 otherwise', async () => {
    await connected();
    const handshake = (query: Record<string, string>, path = webhookPath) =>
      server.request({ method: 'GET', url: `${path}?${new URLSearchParams(query)}` });
    const right = await handshake({
      'hub.mode': 'subscribe',
      'hub.verify_token': verifyToken,
      'hub.challenge': '1158201444',
    });
    expect(right.statusCode).toBe(200);
    expect(right.headers['content-type']).toMatch(/^text\/plain/);
    expect(right.body).toBe('1158201444');

    const wrongToken = `${verifyToken.slice(0, -1)}${verifyToken.endsWith('A') ? 'B' : 'A'}`;
    for (const query of <Record<string, string>[]>[
      { 'hub.mode': 'subscribe', 'hub.verify_token': wrongToken, 'hub.challenge': '1' },
      { 'hub.mode': 'subscribe', 'hub.challenge': '1' },
      { 'hub.mode': 'unsubscribe', 'hub.verify_token': verifyToken, 'hub.challenge': '1' },
      { 'hub.mode': 'subscribe', 'hub.verify_token': verifyToken },
    ]) {
      const refused = await handshake(query);
      expect(refused.statusCode, JSON.stringify(query)).toBe(403);
      expect(refused.body).not.toContain('1158201444');
    }
    const unknown = await handshake(
      { 'hub.mode': 'subscribe', 'hub.verify_token': verifyToken, 'hub.challenge': '1' },
      '/webhooks/facebook/no-such-webhook',
    );
    expect(unknown.statusCode).toBe(404);
  });

  test('events without the app’s signature over their exact bytes reach no bot', async () => {
    const quiet = await quietBot();
    const bot = quiet.bot;
    const post = postTo(() => quiet.webhookPath);
    const psid = '7000000000000001';
    const body = webhookBody(psid, textEvent('hello'));
    const tampered = body.replace('hello', 'hellp');
    expect((await post(body, {})).statusCode).toBe(401);
    expect((await post(body, { 'x-hub-signature-256': '' })).statusCode).toBe(401);
    expect((await post(tampered, { 'x-hub-signature-256': sign(body) })).statusCode).toBe(403);
    expect((await post(body, { 'x-hub-signature-256': sign(body, 'another-apps-secret') })).statusCode).toBe(
      403,
    );
    // The older SHA-1 header alone is not enough.
    expect(
      (
        await post(body, {
          'x-hub-signature': `sha1=${createHmac('sha1', APP_SECRET).update(body).digest('hex')}`,
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (await post(body, { 'x-hub-signature-256': sign(body).replace('sha256=', 'sha1=') })).statusCode,
    ).toBe(403);
    expect((await post(body, { 'x-hub-signature-256': sign(body).slice(0, -2) })).statusCode).toBe(403);

    expect(await conversationsOn(server, bot, 'facebook')).toEqual([]);
    expect(graph.sentTo(psid)).toEqual([]);
  });

  test('a whole template conversation: greeting, the rating as quick replies, a quick reply answered', async () => {
    await connected();
    const psid = '7000000000000002';
    const hello = await post(webhookBody(psid, textEvent(TEMPLATE_CONVERSATION.greetingSaid)));
    expect(hello.statusCode).toBe(200);
    expect(hello.body).toBe('EVENT_RECEIVED');
    const greeting = await pollUntil(
      'the greeting',
      () => graph.textsSentTo(psid),
      (texts) => texts.some((text) => text.includes(TEMPLATE_CONVERSATION.greeting)),
    );
    // A typing indicator goes first, as a sender action without a message.
    expect(graph.sentTo(psid)[0]).toEqual({ recipient: { id: psid }, sender_action: 'typing_on' });
    const sentBefore = graph.sentTo(psid).length;

    expectStatus(await post(webhookBody(psid, textEvent(TEMPLATE_CONVERSATION.goodbyeSaid))), 200);
    const rating = await pollUntil(
      'the rating question',
      () => graph.sentTo(psid).slice(sentBefore),
      (sent) => sent.some((request) => request.message?.quick_replies),
    );
    const question = rating.find((request) => request.message?.quick_replies);
    expect(question).toMatchObject({
      messaging_type: 'RESPONSE',
      message: { text: TEMPLATE_CONVERSATION.rating },
    });
    expect(question?.message?.quick_replies).toEqual(
      TEMPLATE_CONVERSATION.ratingOptions.map((option) => ({
        content_type: 'text',
        title: option,
        payload: option,
      })),
    );

    // Tapping a quick reply: Messenger sends its title as text and its payload.
    expectStatus(
      await post(
        webhookBody(psid, {
          message: { mid: `m_${++mid}`, text: 'Very Satisfied', quick_reply: { payload: 'Very Satisfied' } },
        }),
      ),
      200,
    );
    await pollUntil(
      'the thanks',
      () => graph.textsSentTo(psid),
      (texts) => texts.some((text) => text.includes(TEMPLATE_CONVERSATION.thanks)),
    );

    const conversations = (await conversationsOn(server, bot, 'facebook')).filter(
      (c) => c.userKey === `facebook:${psid}`,
    );
    expect(conversations).toHaveLength(1);
    expect(conversations[0]?.turns.length).toBeGreaterThanOrEqual(3);
    expect(greeting.length).toBeGreaterThan(0);
  });

  test('a postback (a button or Get Started) is a click on its payload', async () => {
    await connected();
    const psid = '7000000000000003';
    expectStatus(
      await post(webhookBody(psid, { postback: { mid: `m_${++mid}`, title: 'Hi!', payload: 'hello' } })),
      200,
    );
    await pollUntil(
      'the greeting after a postback',
      () => graph.textsSentTo(psid),
      (texts) => texts.some((text) => text.includes(TEMPLATE_CONVERSATION.greeting)),
    );
  });

  test('a retried delivery of the same message id is answered once', async () => {
    await connected();
    const psid = '7000000000000004';
    const body = webhookBody(psid, textEvent('hello', 'm_retried_once'));
    expectStatus(await post(body), 200);
    const first = await pollUntil(
      'the greeting',
      () => graph.textsSentTo(psid),
      (texts) => texts.some((text) => text.includes(TEMPLATE_CONVERSATION.greeting)),
    );
    const turnsOf = async () =>
      (await conversationsOn(server, bot, 'facebook')).find((c) => c.userKey === `facebook:${psid}`)?.turns
        .length;
    const turnsBefore = await turnsOf();
    expect(turnsBefore).toBeGreaterThan(0);
    // Meta retries the same event (same mid, possibly in a new batch): acknowledged, not run again.
    const retry = await post(body);
    expect(retry.statusCode).toBe(200);
    expect(retry.body).toBe('EVENT_RECEIVED');
    expectStatus(await post(webhookBody(psid, textEvent('hello', 'm_retried_once'))), 200);
    expect(graph.textsSentTo(psid)).toEqual(first);
    expect(await turnsOf()).toBe(turnsBefore);
  });

  test('a message Graph refuses is sent again later, once', async () => {
    await connected();
    const psid = '7000000000000007';
    let refused = 0;
    graph.handle((request) => {
      if (request.path.endsWith('/messages')) {
        refused++;
        return {
          status: 503,
          body: { error: { message: 'Service temporarily unavailable', type: 'OAuthException', code: 2 } },
        };
      }
      return graph.handler(request);
    });
    try {
      expectStatus(await post(webhookBody(psid, textEvent('hello'))), 200);
      expect(refused).toBe(1);
    } finally {
      graph.restore();
    }
    const texts = await pollUntil(
      'the greeting sent again',
      () => graph.textsSentTo(psid),
      (sent) => sent.some((text) => text.includes(TEMPLATE_CONVERSATION.greeting)),
      { timeoutMs: 20_000 },
    );
    expect(texts.filter((text) => text.includes(TEMPLATE_CONVERSATION.greeting))).toHaveLength(1);
  }, 30_000);

  test('echoes of the page’s own messages and another page’s events reach no bot', async () => {
    await connected();
    const psid = '7000000000000005';
    expectStatus(await post(webhookBody(psid, textEvent('hello'), OTHER_PAGE.id)), 200);
    expectStatus(
      await post(webhookBody(psid, { message: { mid: `m_${++mid}`, text: 'hello', is_echo: true } })),
      200,
    );
    expectStatus(await post(webhookBody(psid, { read: { watermark: Date.now() } })), 200);
    expect(
      (await conversationsOn(server, bot, 'facebook')).filter((c) => c.userKey === `facebook:${psid}`),
    ).toEqual([]);
    expect(graph.sentTo(psid)).toEqual([]);
  });

  test('with the channel disabled on the Configuration tab, nobody answers', async () => {
    await connected();
    const psid = '7000000000000006';
    await setChannelEnabled(bot, 'facebook', false);
    try {
      expectStatus(await post(webhookBody(psid, textEvent('hello'))), 200);
      expect(graph.sentTo(psid)).toEqual([]);
      expect(
        (await conversationsOn(server, bot, 'facebook')).filter((c) => c.userKey === `facebook:${psid}`),
      ).toEqual([]);
    } finally {
      await setChannelEnabled(bot, 'facebook', true);
    }
    // Enabled again, the same user is answered.
    expectStatus(await post(webhookBody(psid, textEvent('hello'))), 200);
    await pollUntil(
      'the greeting once enabled',
      () => graph.textsSentTo(psid),
      (texts) => texts.some((text) => text.includes(TEMPLATE_CONVERSATION.greeting)),
    );
  });

  test('hostile requests to the webhook get a coded 4xx or 200, never a 500', async () => {
    await connected();
    const log = createFuzzLog();
    const send = async (
      method: 'GET' | 'POST',
      url: string,
      body?: string,
      headers: Record<string, string> = {},
    ) => {
      const response = await server.request({
        method,
        url,
        ...(body !== undefined ? { body } : {}),
        headers: { 'content-type': 'application/json', ...headers },
      });
      log.check(
        `${method} ${url.slice(0, 80)} ${body?.slice(0, 80) ?? ''}`,
        response.statusCode,
        response.body,
      );
      return response;
    };
    const sample = {
      object: 'page',
      entry: [
        {
          id: PAGE.id,
          time: 1,
          messaging: [{ sender: { id: '7000000000000099' }, message: { mid: 'm_fuzz', text: 'hi' } }],
        },
      ],
    };
    const event = sample.entry[0]?.messaging[0] ?? {};
    const bodies = [
      ...hostileBodies(sample, HOSTILE_VALUES).map((b) => JSON.stringify(b)),
      ...hostileBodies({
        ...sample,
        entry: HOSTILE_VALUES.map((value) => ({ id: PAGE.id, messaging: [value] })),
      }).map((b) => JSON.stringify(b)),
      ...hostileBodies(event, HOSTILE_VALUES).map((e) =>
        JSON.stringify({ object: 'page', entry: [{ id: PAGE.id, messaging: [e] }] }),
      ),
      ...HOSTILE_RAW_BODIES,
      '',
    ];
    for (const body of bodies) {
      // Signed: the parser and the pipeline take hostile content without a 500.
      await send('POST', webhookPath, body, { 'x-hub-signature-256': sign(body) });
      await send('POST', webhookPath, body, { 'x-hub-signature-256': 'sha256=00' });
    }
    for (const value of HOSTILE_VALUES.filter((v) => typeof v === 'string') as string[]) {
      await send('POST', webhookPath, '{}', { 'x-hub-signature-256': value.slice(0, 8000) });
      await send(
        'GET',
        `${webhookPath}?hub.mode=subscribe&hub.verify_token=${encodeURIComponent(value.slice(0, 2000))}&hub.challenge=1`,
      );
    }
    await send(
      'GET',
      `${webhookPath}?hub.mode=subscribe&hub.mode=subscribe&hub.verify_token=${verifyToken}&hub.verify_token=x&hub.challenge=1`,
    );
    for (const param of HOSTILE_PARAMS) {
      await send('GET', `/webhooks/facebook/${param}?hub.mode=subscribe&hub.verify_token=x&hub.challenge=1`);
      await send('POST', `/webhooks/facebook/${param}`, '{}', { 'x-hub-signature-256': sign('{}') });
    }
    expect(log.failures).toEqual([]);
    expect(log.sent).toBeGreaterThan(200);
  }, 120_000);
});
