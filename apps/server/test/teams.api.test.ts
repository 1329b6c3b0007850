import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TEAMS_MESSAGES } from '../src/services/channels/teams/teams-messages';
import { expectStatus } from './support/admin-world';
import {
  type ChannelTemplateBot,
  channelTemplateBot,
  conversationsOn,
  setChannelEnabled,
  TEMPLATE_CONVERSATION,
} from './support/channel-bots';
import { testDatabases } from './support/databases';
import {
  createFuzzLog,
  HOSTILE_PARAMS,
  HOSTILE_RAW_BODIES,
  HOSTILE_VALUES,
  hostileBodies,
} from './support/fuzz';
import { pollUntil } from './support/poll-until';
import { startTeamsStandIn, type TeamsStandIn } from './support/teams-stand-in';
import { type MasterWorld, signUpMaster } from './support/tenant-world';
import { startTestServer, type TestServer } from './support/test-server';

const APP_ID = '6f1c2d3e-0000-4a5b-9c8d-0123456789ab';
const APP_PASSWORD = 'teams~app~password~0123456789';

/**
 * Microsoft Teams (issue 14) against a stand-in of the Bot Framework: 'Enable teams' asks the
 * token service, activities are taken only with a valid channel-service JWT (issuer, audience,
 * expiry, signature, serviceurl, endorsement), the support template's conversation runs through
 * the connector service with the rating as hero card buttons, a retried activity is answered
 * once, messagesTimeout starts a new conversation, and a disabled channel answers nothing.
 */
describe.each(testDatabases())('Microsoft Teams on %s', (kind) => {
  let server: TestServer;
  let base: MasterWorld;
  let teams: TeamsStandIn;
  let bot: ChannelTemplateBot;
  let webhookPath: string;
  let sequence = 0;
  const keysPath = (of: ChannelTemplateBot = bot) => `/api/teams/${of.botPath}/keys`;
  const addUrlPath = (of: ChannelTemplateBot = bot) => `/api/teams/${of.botPath}/bot/add-url`;

  /**
   * The shared bot with Teams enabled (APP_ID's keys saved) and its webhook known: every test that
   * sends activities awaits it, so none relies on 'Enable teams' having run first. Tests that change
   * the keys put them back in a `finally`.
   */
  let enabling: Promise<void> | undefined;
  const teamsEnabled = () => {
    enabling ??= (async () => {
      const keys = expectStatus(
        await bot.admin('PUT', keysPath(), { appId: APP_ID, appPassword: APP_PASSWORD, messagesTimeout: 0 }),
        200,
      ).json();
      webhookPath = new URL(keys.messagingEndpoint).pathname;
    })();
    return enabling;
  };

  beforeAll(async () => {
    server = await startTestServer(kind);
    base = await signUpMaster(server);
    teams = await startTeamsStandIn();
    teams.registerApp(APP_ID, APP_PASSWORD);
    server.ctx.config.platforms.botFrameworkToken = teams.tokenUrl;
    server.ctx.config.platforms.botFrameworkOpenId = teams.openIdUrl;
    bot = await channelTemplateBot(server, base, ['teams']);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await teams?.close();
  });

  /** A user's message as Teams' channel service sends it (personal chat). */
  function activityFrom(user: string, text: string, extra: Record<string, unknown> = {}) {
    sequence++;
    return {
      type: 'message',
      id: `1700000000${sequence}`,
      timestamp: new Date().toISOString(),
      channelId: 'msteams',
      serviceUrl: teams.serviceUrl,
      from: { id: `29:${user}`, name: 'Casey', aadObjectId: `aad-${user}` },
      conversation: { id: `a:conversation-${user}`, conversationType: 'personal', tenantId: 'tenant-1' },
      recipient: { id: `28:${APP_ID}`, name: 'Support Desk' },
      text,
      textFormat: 'plain',
      locale: 'en-US',
      channelData: { tenant: { id: 'tenant-1' } },
      ...extra,
    };
  }

  const post = async (activity: unknown, token?: string | null, path = webhookPath) =>
    server.request({
      method: 'POST',
      url: path,
      body: typeof activity === 'string' ? activity : JSON.stringify(activity),
      headers: {
        'content-type': 'application/json',
        ...(token === null ? {} : { authorization: `Bearer ${token ?? (await teams.sign(APP_ID))}` }),
      },
    });

  const botMessages = (user: string) =>
    teams.posted(`a:conversation-${user}`).filter((p) => p.activity.type === 'message');
  const waitForMessages = (user: string, count: number) =>
    pollUntil(
      `${count} Teams messages to ${user}`,
      async () => botMessages(user),
      (m) => m.length >= count,
    );
  const textsOf = (messages: ReturnType<typeof botMessages>) =>
    messages.map((m) => String(m.activity.text ?? '')).join('\n');

  test('Enable teams asks Microsoft: a refused password leaves it disabled, a good one enables it', async () => {
    // A bot of its own, never configured: the other tests enable (and change) the shared one.
    const fresh = await channelTemplateBot(server, base, ['teams']);
    expect(expectStatus(await fresh.admin('GET', keysPath(fresh)), 200).json()).toMatchObject({
      appId: '',
      isEnabled: false,
      messagesTimeout: 0,
    });
    // Before any keys: no link to add the bot.
    expect(expectStatus(await fresh.admin('GET', addUrlPath(fresh)), 409).json().message).toBe(
      TEAMS_MESSAGES.notEnabled,
    );

    const refused = expectStatus(
      await fresh.admin('PUT', keysPath(fresh), { appId: APP_ID, appPassword: 'not-the-password' }),
      400,
    ).json();
    expect(refused.message).toBe(TEAMS_MESSAGES.refused);
    const asked = teams.calls('/botframework.com/oauth2/v2.0/token').at(-1);
    expect(asked?.form?.get('grant_type')).toBe('client_credentials');
    expect(asked?.form?.get('client_id')).toBe(APP_ID);
    expect(asked?.form?.get('scope')).toBe('https://api.botframework.com/.default');
    const afterRefusal = expectStatus(await fresh.admin('GET', keysPath(fresh)), 200).json();
    expect(afterRefusal).toMatchObject({ appId: APP_ID, isEnabled: false });
    expectStatus(await fresh.admin('GET', addUrlPath(fresh)), 409);

    // An app id is a GUID; one Microsoft does not know is refused as well.
    expect(
      expectStatus(await fresh.admin('PUT', keysPath(fresh), { appId: 'my-bot' }), 400).json().message,
    ).toMatch(/is a GUID/);
    expect(
      expectStatus(
        await fresh.admin('PUT', keysPath(fresh), {
          appId: '99999999-9999-4999-8999-999999999999',
          appPassword: APP_PASSWORD,
        }),
        400,
      ).json().message,
    ).toBe(TEAMS_MESSAGES.refused);

    const enabled = expectStatus(
      await fresh.admin('PUT', keysPath(fresh), {
        appId: APP_ID,
        appPassword: APP_PASSWORD,
        messagesTimeout: 0,
      }),
      200,
    ).json();
    expect(enabled).toMatchObject({ appId: APP_ID, isEnabled: true });
    expect(JSON.stringify(enabled)).not.toContain(APP_PASSWORD);
    expect(enabled.messagingEndpoint).toMatch(/^http:\/\/parley\.test\/webhooks\/teams\/[\w-]+$/);

    // isEnabled is the server's: a PUT cannot set it.
    const notTaken = expectStatus(
      await fresh.admin('PUT', keysPath(fresh), { ...enabled, isEnabled: false }),
      200,
    ).json();
    expect(notTaken.isEnabled).toBe(true);

    expect(expectStatus(await fresh.admin('GET', addUrlPath(fresh)), 200).json()).toEqual({
      url: `https://teams.microsoft.com/l/chat/0/0?users=28:${APP_ID}`,
    });
  }, 60_000);

  test('the support template’s conversation through the connector service, rating as hero card buttons', async () => {
    await teamsEnabled();
    const user = 'whole-conversation';
    const hello = activityFrom(user, `<at>Support Desk</at> ${TEMPLATE_CONVERSATION.greetingSaid}`);
    expectStatus(await post(hello), 200);
    const greeting = await waitForMessages(user, 1);
    expect(textsOf(greeting)).toContain(TEMPLATE_CONVERSATION.greeting);
    const first = greeting[0];
    // A reply to the user's activity, with a token the token service issued, after a typing indicator.
    expect(first?.replyToId).toBe(hello.id);
    expect(first?.authorization).toMatch(/^Bearer bf-/);
    expect(first?.activity).toMatchObject({
      from: { id: `28:${APP_ID}` },
      recipient: { id: `29:${user}` },
      conversation: { id: `a:conversation-${user}` },
    });
    expect(teams.posted(`a:conversation-${user}`)[0]?.activity.type).toBe('typing');

    expectStatus(await post(activityFrom(user, TEMPLATE_CONVERSATION.goodbyeSaid)), 200);
    const afterBye = await pollUntil(
      'the rating card',
      async () => botMessages(user),
      (messages) => messages.some((m) => Array.isArray(m.activity.attachments)),
    );
    const ratingMessage = afterBye.find((m) => Array.isArray(m.activity.attachments));
    const attachments = (ratingMessage?.activity.attachments ?? []) as {
      contentType: string;
      content: Record<string, unknown>;
    }[];
    const card = attachments[0];
    expect(card?.contentType).toBe('application/vnd.microsoft.card.hero');
    expect(card?.content.text).toBe(TEMPLATE_CONVERSATION.rating);
    expect(card?.content.buttons).toEqual(
      TEMPLATE_CONVERSATION.ratingOptions.map((option) => ({ type: 'imBack', title: option, value: option })),
    );

    // imBack: Teams posts the button's value as the user's message.
    const count = botMessages(user).length;
    expectStatus(await post(activityFrom(user, 'Very Satisfied')), 200);
    const thanks = await waitForMessages(user, count + 1);
    expect(textsOf(thanks.slice(count))).toContain(TEMPLATE_CONVERSATION.thanks);

    const conversations = (await conversationsOn(server, bot, 'teams')).filter(
      (c) => c.userKey === `teams:aad-${user}`,
    );
    expect(conversations).toHaveLength(1);
  });

  test('requests without a valid Bot Framework token get 401 and reach no bot', async () => {
    await teamsEnabled();
    const user = 'intruder';
    const cases: Array<[string, () => Promise<string | null>, Record<string, unknown>?]> = [
      ['no Authorization header', async () => null],
      ['not a JWT', async () => 'not-a-jwt'],
      ['expired', () => teams.sign(APP_ID, { expiresIn: -600 })],
      ['another bot’s audience', () => teams.sign(APP_ID, { audience: 'another-app-id' })],
      ['another issuer', () => teams.sign(APP_ID, { issuer: 'https://sts.windows.net/attacker/' })],
      ['signed by a stranger’s key under Microsoft’s kid', () => teams.sign(APP_ID, { key: 'stranger' })],
      ['a key not endorsed for msteams', () => teams.sign(APP_ID, { key: 'skypeOnly' })],
      [
        'a serviceurl other than the activity’s',
        () => teams.sign(APP_ID, { claims: { serviceurl: 'https://attacker.example/teams/' } }),
      ],
      ['no serviceurl claim', () => teams.sign(APP_ID, { claims: { serviceurl: undefined } })],
      [
        'a token for the stand-in’s serviceUrl, the activity naming another',
        () => teams.sign(APP_ID),
        { serviceUrl: 'https://attacker.example/teams/' },
      ],
    ];
    const before = (await conversationsOn(server, bot, 'teams')).length;
    for (const [label, token, extra] of cases) {
      const response = await post(activityFrom(user, 'hello', extra), await token());
      expect(response.statusCode, label).toBe(401);
      expect(response.json().code, label).toBe('unauthorised_error_code');
    }
    // A valid token does not open an endpoint no bot has.
    expect(
      (await post(activityFrom(user, 'hello'), undefined, '/webhooks/teams/no-such-endpoint')).statusCode,
    ).toBe(404);
    expect(await conversationsOn(server, bot, 'teams')).toHaveLength(before);
    expect(teams.posted(`a:conversation-${user}`)).toEqual([]);

    // The same activity with a good token is answered: the refusals above were the token's.
    expectStatus(await post(activityFrom(user, 'hello')), 200);
    await waitForMessages(user, 1);
  });

  test('a retried activity (same id) is answered once', async () => {
    await teamsEnabled();
    const user = 'retried';
    const hello = activityFrom(user, TEMPLATE_CONVERSATION.greetingSaid);
    expectStatus(await post(hello), 200);
    expectStatus(await post(hello), 200);
    await waitForMessages(user, 1);
    const conversations = (await conversationsOn(server, bot, 'teams')).filter(
      (c) => c.userKey === `teams:aad-${user}`,
    );
    expect(conversations).toHaveLength(1);
    expect(conversations[0]?.turns.filter((t) => t.direction === 'in')).toHaveLength(1);
    expect(botMessages(user)).toHaveLength(1);
  });

  test('activities the bot does not answer (conversationUpdate, typing) get 200 and no turn', async () => {
    await teamsEnabled();
    const user = 'updates';
    const { text: _text, ...update } = activityFrom(user, '', {
      type: 'conversationUpdate',
      membersAdded: [{ id: `28:${APP_ID}` }],
    });
    expectStatus(await post(update), 200);
    expectStatus(await post(activityFrom(user, '', { type: 'typing' })), 200);
    const mine = (await conversationsOn(server, bot, 'teams')).filter(
      (c) => c.userKey === `teams:aad-${user}`,
    );
    expect(mine).toEqual([]);
  });

  test('messagesTimeout: after that many quiet minutes a message starts a new conversation', async () => {
    await teamsEnabled();
    const user = 'quiet';
    expectStatus(await bot.admin('PUT', keysPath(), { messagesTimeout: 30 }), 200);
    try {
      expectStatus(await post(activityFrom(user, TEMPLATE_CONVERSATION.greetingSaid)), 200);
      const mine = async () =>
        (await conversationsOn(server, bot, 'teams')).filter((c) => c.userKey === `teams:aad-${user}`);
      const [first] = await mine();
      if (!first) throw new Error('no conversation');
      const quietFor = (minutes: number) =>
        server.ctx.repos.db
          .updateTable('conversations')
          .set({ last_activity_at: new Date(Date.now() - minutes * 60_000).toISOString() })
          .where('id', '=', first.id)
          .execute();
      await quietFor(29);
      expectStatus(await post(activityFrom(user, TEMPLATE_CONVERSATION.greetingSaid)), 200);
      expect(await mine()).toHaveLength(1);
      await quietFor(31);
      expectStatus(await post(activityFrom(user, TEMPLATE_CONVERSATION.greetingSaid)), 200);
      expect(await mine()).toHaveLength(2);
    } finally {
      expectStatus(await bot.admin('PUT', keysPath(), { messagesTimeout: 0 }), 200);
    }
  });

  test('with the channel disabled on the Configuration tab, a signed message gets no answer', async () => {
    await teamsEnabled();
    const user = 'disabled';
    await setChannelEnabled(bot, 'teams', false);
    try {
      expectStatus(await post(activityFrom(user, TEMPLATE_CONVERSATION.greetingSaid)), 200);
      const mine = (await conversationsOn(server, bot, 'teams')).filter(
        (c) => c.userKey === `teams:aad-${user}`,
      );
      expect(mine).toEqual([]);
      expect(teams.posted(`a:conversation-${user}`)).toEqual([]);
    } finally {
      await setChannelEnabled(bot, 'teams', true);
    }
  });

  test('a token the connector refuses is renewed and the message sent again; a fresh one is kept', async () => {
    await teamsEnabled();
    const tokenRequests = () => teams.calls('/botframework.com/oauth2/v2.0/token').length;
    const kept = tokenRequests();
    expectStatus(await post(activityFrom('kept-token', TEMPLATE_CONVERSATION.greetingSaid)), 200);
    await waitForMessages('kept-token', 1);
    expect(tokenRequests()).toBe(kept);

    const user = 'revoked-token';
    teams.revokeTokens();
    expectStatus(await post(activityFrom(user, TEMPLATE_CONVERSATION.greetingSaid)), 200);
    const delivered = await pollUntil(
      'the greeting sent again with a new token',
      async () => botMessages(user),
      (messages) => messages.length >= 1,
      { timeoutMs: 20_000 },
    );
    expect(textsOf(delivered)).toContain(TEMPLATE_CONVERSATION.greeting);
    expect(tokenRequests()).toBe(kept + 1);
    expect(
      teams.calls(/\/teams\/v3\/conversations\/a%3Aconversation-revoked-token\//).length,
    ).toBeGreaterThan(teams.posted(`a:conversation-${user}`).length);
  });

  test('a single-tenant bot gets its tokens from its own tenant', async () => {
    await teamsEnabled();
    const singleTenantApp = '0b7e5a1c-1111-4c2d-8e9f-abcdefabcdef';
    const tenantId = '72f988bf-86f1-41af-91ab-2d7cd011db47';
    teams.registerApp(singleTenantApp, APP_PASSWORD, tenantId);
    try {
      // Asked of the multi-tenant botframework.com service, Microsoft does not know the app.
      expect(
        expectStatus(
          await bot.admin('PUT', keysPath(), {
            appId: singleTenantApp,
            appPassword: APP_PASSWORD,
            appTenantId: '',
          }),
          400,
        ).json().message,
      ).toBe(TEAMS_MESSAGES.refused);
      expect(
        expectStatus(await bot.admin('PUT', keysPath(), { appTenantId: 'contoso/../x' }), 400).json().message,
      ).toMatch(/Directory \(tenant\) ID/);
      const enabled = expectStatus(await bot.admin('PUT', keysPath(), { appTenantId: tenantId }), 200).json();
      expect(enabled).toMatchObject({ appId: singleTenantApp, appTenantId: tenantId, isEnabled: true });
      expect(teams.calls(`/${tenantId}/oauth2/v2.0/token`).length).toBeGreaterThan(0);

      const user = 'single-tenant';
      expectStatus(
        await post(activityFrom(user, TEMPLATE_CONVERSATION.greetingSaid), await teams.sign(singleTenantApp)),
        200,
      );
      expect(textsOf(await waitForMessages(user, 1))).toContain(TEMPLATE_CONVERSATION.greeting);
      // A token for the other app is not one for this bot any more.
      expect((await post(activityFrom(user, 'hello'), await teams.sign(APP_ID))).statusCode).toBe(401);
    } finally {
      expectStatus(
        await bot.admin('PUT', keysPath(), { appId: APP_ID, appPassword: APP_PASSWORD, appTenantId: '' }),
        200,
      );
    }
  });

  test('hostile bodies, headers and endpoints never get a 500', async () => {
    await teamsEnabled();
    const log = createFuzzLog();
    const token = await teams.sign(APP_ID);
    const base = activityFrom('fuzz', 'hello');
    const send = async (label: string, body: string, authorization?: string, path = webhookPath) => {
      const response = await server.request({
        method: 'POST',
        url: path,
        body,
        headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
      });
      log.check(label, response.statusCode, response.body);
      return response;
    };
    for (const body of hostileBodies(base, HOSTILE_VALUES)) {
      await send('signed', JSON.stringify(body), `Bearer ${token}`);
      const unsigned = await send('unsigned', JSON.stringify(body));
      // Unsigned: refused (or too large to read at all).
      expect([401, 413]).toContain(unsigned.statusCode);
    }
    for (const raw of HOSTILE_RAW_BODIES) await send(`raw ${raw.slice(0, 20)}`, raw, `Bearer ${token}`);
    for (const header of [
      'Bearer',
      'Basic abc',
      `Bearer ${token} extra`,
      'Bearer a.b.c',
      `bearer ${'x'.repeat(10_000)}`,
    ])
      await send(`header ${header.slice(0, 20)}`, JSON.stringify(base), header);
    for (const param of HOSTILE_PARAMS) {
      await send(`endpoint ${param}`, JSON.stringify(base), `Bearer ${token}`, `/webhooks/teams/${param}`);
      const addUrl = await bot.admin('GET', `/api/teams/${param}/bot/add-url`);
      log.check(`add-url ${param}`, addUrl.statusCode, addUrl.body);
    }
    expect(log.failures).toEqual([]);
    expect(log.sent).toBeGreaterThan(100);
  }, 120_000);
});
