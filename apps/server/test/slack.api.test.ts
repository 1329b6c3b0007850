import { createHmac } from 'node:crypto';
import { SECRET_MASK, SLACK_BOT_SCOPES } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectStatus } from './support/admin-world';
import {
  type ChannelTemplateBot,
  channelTemplateBot,
  conversationsOn,
  setChannelEnabled,
  TEMPLATE_CONVERSATION,
} from './support/channel-bots';
import { testDatabases } from './support/databases';
import { createFuzzLog, HOSTILE_PARAMS, HOSTILE_RAW_BODIES, HOSTILE_VALUES } from './support/fuzz';
import { pollUntil } from './support/poll-until';
import {
  type PostedSlackMessage,
  SLACK_APP,
  type SlackStandIn,
  startSlackStandIn,
} from './support/slack-stand-in';
import { type MasterWorld, signUpMaster } from './support/tenant-world';
import { startTestServer, type TestServer } from './support/test-server';

/** Slack's request signing, written from Slack's documentation (not from the server's code). */
const signed = (
  body: string,
  secret: string = SLACK_APP.signingSecret,
  timestamp = Math.floor(Date.now() / 1000),
) => ({
  'x-slack-request-timestamp': String(timestamp),
  'x-slack-signature': `v0=${createHmac('sha256', secret).update(`v0:${timestamp}:${body}`).digest('hex')}`,
});

let eventCounter = 0;
/** An Events API delivery of a user's direct message. */
const directMessage = (text: string, user: string, eventId = `Ev${Date.now()}${++eventCounter}`) =>
  JSON.stringify({
    token: 'deprecated-verification-token',
    team_id: SLACK_APP.teamId,
    api_app_id: SLACK_APP.appId,
    type: 'event_callback',
    event_id: eventId,
    event_time: Math.floor(Date.now() / 1000),
    event: {
      type: 'message',
      channel_type: 'im',
      user,
      text,
      ts: `1700000100.${String(eventCounter).padStart(6, '0')}`,
      channel: `D-${user}`,
      event_ts: '1700000100.000100',
    },
  });

/** An interactivity payload: the user clicked one of the bot's buttons. */
const buttonClick = (user: string, value: string, clicked?: PostedSlackMessage) =>
  new URLSearchParams({
    payload: JSON.stringify({
      type: 'block_actions',
      team: { id: SLACK_APP.teamId, domain: 'parley-test' },
      user: { id: user, team_id: SLACK_APP.teamId },
      api_app_id: SLACK_APP.appId,
      container: {
        type: 'message',
        message_ts: '1700000000.000002',
        channel_id: `D-${user}`,
        is_ephemeral: false,
      },
      trigger_id: `trigger-${++eventCounter}`,
      channel: { id: `D-${user}`, name: 'directmessage' },
      message: {
        type: 'message',
        ts: clicked?.ts ?? '1700000000.000002',
        text: clicked?.text ?? 'rating',
        ...(clicked ? { blocks: clicked.blocks } : {}),
      },
      response_url: 'https://hooks.slack.com/actions/T/1/x',
      actions: [
        {
          type: 'button',
          action_id: 'parley-option-0',
          block_id: 'parley-options-0',
          text: { type: 'plain_text', text: value },
          value,
          action_ts: `1700000200.${String(++eventCounter).padStart(6, '0')}`,
        },
      ],
    }),
  }).toString();

/**
 * Slack (issue 14): the Slack app's keys, 'Add to Slack' (OAuth v2 with a signed state), the
 * Events API and interactivity with Slack's request signing, and Block Kit answers through the
 * official @slack/web-api client, against a stand-in of Slack's Web API.
 */
describe.each(testDatabases())('Slack on %s', (kind) => {
  let server: TestServer;
  let base: MasterWorld;
  let slack: SlackStandIn;
  /** The bot the events go to: its keys saved (the bot token pasted) before any test runs. */
  let bot: ChannelTemplateBot;
  let eventUrl: string;

  const keysPath = (of: ChannelTemplateBot = bot) => `/api/slack/${of.botPath}/keys`;
  const postEvent = (
    url: string,
    body: string,
    headers: Record<string, string>,
    contentType = 'application/json',
  ) => server.request({ method: 'POST', url, body, headers: { 'content-type': contentType, ...headers } });
  const say = (text: string, user: string, eventId?: string) => {
    const body = directMessage(text, user, eventId);
    return postEvent(eventUrl, body, signed(body));
  };
  const click = (user: string, value: string, clicked?: PostedSlackMessage) => {
    const body = buttonClick(user, value, clicked);
    return postEvent(eventUrl, body, signed(body), 'application/x-www-form-urlencoded');
  };
  const postedTo = (user: string) => slack.posted().filter((message) => message.channel === `D-${user}`);
  const waitForPosts = (user: string, count: number) =>
    pollUntil(
      `${count} Slack messages to ${user}`,
      () => postedTo(user),
      (posted) => posted.length >= count,
      {
        timeoutMs: 20_000,
      },
    );
  const sectionText = (message: PostedSlackMessage | undefined) =>
    message?.blocks
      .flatMap((block) => (block.type === 'section' && block.text ? [block.text.text] : []))
      .join('\n');
  const conversationsOf = async (user: string) =>
    (await conversationsOn(server, bot, 'slack')).filter(
      (c) => c.userKey === `slack:${SLACK_APP.teamId}:${user}`,
    );
  const keysView = async (of: ChannelTemplateBot = bot) =>
    expectStatus(await of.admin('GET', keysPath(of)), 200).json();
  const isConnected = async (of: ChannelTemplateBot = bot) => {
    const configuration = expectStatus(
      await of.admin('GET', `/api/bots/${of.botPath}/configuration`),
      200,
    ).json();
    return configuration.channels.find((c: { id: string }) => c.id === 'slack')?.connected as boolean;
  };
  /** Slack's side of 'Add to Slack': the admin approves, Slack sends the browser back with a code. */
  const approveInstall = (installUrl: string) => {
    const url = new URL(installUrl);
    const redirect = new URL(url.searchParams.get('redirect_uri') ?? '');
    redirect.searchParams.set('code', slack.issueCode(url.searchParams.get('redirect_uri') ?? ''));
    redirect.searchParams.set('state', url.searchParams.get('state') ?? '');
    return redirect;
  };
  const openInBrowser = (url: URL) => server.request({ method: 'GET', url: `${url.pathname}${url.search}` });

  beforeAll(async () => {
    server = await startTestServer(kind);
    base = await signUpMaster(server);
    slack = await startSlackStandIn();
    server.ctx.config.platforms.slackApi = `${slack.url}/api/`;
    server.ctx.config.platforms.slackAuthorize = `${slack.url}/oauth/v2/authorize`;
    bot = await channelTemplateBot(server, base, ['slack']);
    // The events tests need a connected bot with its webhook: the keys saved, the token pasted
    // (checked with auth.test), not installed through 'Add to Slack', which a test does on a bot of its own.
    const keys = expectStatus(
      await bot.admin('PUT', keysPath(), {
        clientId: SLACK_APP.clientId,
        clientSecret: SLACK_APP.clientSecret,
        signingSecret: SLACK_APP.signingSecret,
        botToken: slack.botToken,
      }),
      200,
    ).json();
    eventUrl = new URL(keys.eventSubscriptionUrl).pathname;
    expect(await isConnected()).toBe(true);
  });
  afterAll(async () => {
    await server?.close();
    await slack?.close();
  });

  test('the keys show the URLs to enter in the Slack app; bad values get their messages', async () => {
    // A bot of its own, with nothing saved yet.
    const own = await channelTemplateBot(server, base, ['slack']);
    // Before anything is saved the bot has no URLs yet: the first save names its webhook.
    expect(await keysView(own)).toMatchObject({
      clientId: '',
      clientSecret: '',
      signingSecret: '',
      botToken: '',
      teamName: '',
      redirectAction: '',
      eventSubscriptionUrl: '',
    });

    for (const [body, message] of [
      [{ clientId: 'not-an-id' }, 'A Slack client ID is two numbers joined by a dot'],
      [{ clientId: 42 }, 'Client ID must be text.'],
      [{ signingSecret: 'x'.repeat(201) }, 'Signing secret holds at most 200 characters.'],
      [{ signingSecret: 'not-hex-and-too-short' }, 'A Slack signing secret is 32 hexadecimal characters'],
      [{ botToken: 'xoxp-a-user-token' }, 'A Slack bot token starts with xoxb-.'],
      [{ botToken: 'xoxb-not-a-token-slack-knows' }, 'Slack refused the bot token (invalid_auth).'],
      [[], 'The keys must be a JSON object.'],
    ] as const) {
      const answer = await own.admin('PUT', keysPath(own), body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json().message).toContain(message);
    }
    // auth.test was asked with the pasted token, as Slack's Authorization header.
    expect(slack.calls('/api/auth.test').at(-1)?.headers.authorization).toBe(
      'Bearer xoxb-not-a-token-slack-knows',
    );
    // Refused keys are not a connection.
    expect(await isConnected(own)).toBe(false);
    const keys = expectStatus(
      await own.admin('PUT', keysPath(own), { botToken: '', signingSecret: '' }),
      200,
    ).json();
    expect(keys.eventSubscriptionUrl).toMatch(/^http:\/\/parley\.test\/webhooks\/slack\/[^/]+$/);
    expect(keys.redirectUrl).toBe(
      keys.eventSubscriptionUrl.replace('/webhooks/slack/', '/webhooks/slack/oauth/'),
    );
    // 'Add to Slack' needs the client id and secret.
    expect(keys.redirectAction).toBe('');
  });

  test("'Add to Slack': saving the app's credentials answers the install URL; the approved install stores the bot token", async () => {
    // A bot of its own, not connected yet.
    const own = await channelTemplateBot(server, base, ['slack']);
    const saved = expectStatus(
      await own.admin('PUT', keysPath(own), {
        clientId: SLACK_APP.clientId,
        clientSecret: SLACK_APP.clientSecret,
        signingSecret: SLACK_APP.signingSecret,
      }),
      200,
    ).json();
    expect(saved.clientSecret).toBe(`${SECRET_MASK}6789`);
    expect(JSON.stringify(saved)).not.toContain(SLACK_APP.signingSecret);
    const install = new URL(saved.redirectAction);
    expect(`${install.origin}${install.pathname}`).toBe(`${slack.url}/oauth/v2/authorize`);
    expect(install.searchParams.get('client_id')).toBe(SLACK_APP.clientId);
    expect(install.searchParams.get('scope')?.split(',')).toEqual([...SLACK_BOT_SCOPES]);
    expect(install.searchParams.get('redirect_uri')).toBe(saved.redirectUrl);
    expect(await isConnected(own)).toBe(false);

    // A forged state (another signature, another bot's, or none) installs nothing.
    const approved = approveInstall(saved.redirectAction);
    for (const state of [
      `${approved.searchParams.get('state')?.slice(0, -2)}xx`,
      `${Buffer.from(`other-webhook.${Math.floor(Date.now() / 1000) + 3600}`).toString('base64url')}.${approved.searchParams.get('state')?.split('.')[1]}`,
      '',
    ]) {
      const forged = new URL(approved);
      forged.searchParams.set('state', state);
      const answer = await openInBrowser(forged);
      expect(answer.statusCode, state).toBe(403);
      expect(answer.body).toContain('This install link is not valid or has expired.');
    }
    expect(slack.calls('/api/oauth.v2.access')).toHaveLength(0);
    // The admin cancelled on Slack's page.
    const cancelled = new URL(approved);
    cancelled.searchParams.delete('code');
    cancelled.searchParams.set('error', 'access_denied');
    expect((await openInBrowser(cancelled)).statusCode).toBe(400);
    // A code Slack never issued.
    const unknownCode = new URL(approved);
    unknownCode.searchParams.set('code', 'code-made-up');
    const refused = await openInBrowser(unknownCode);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Slack refused to install the app (invalid_code)');
    expect(await isConnected(own)).toBe(false);

    const answer = await openInBrowser(approved);
    expect(answer.statusCode).toBe(302);
    expect(answer.headers.location).toBe(`http://parley.test/bots/${own.botPath}/settings/configuration`);
    const exchange = slack.calls('/api/oauth.v2.access').at(-1);
    expect(exchange?.form?.get('redirect_uri')).toBe(saved.redirectUrl);
    const keys = await keysView(own);
    expect(keys.botToken).toBe(`${SECRET_MASK}${slack.botToken.slice(-4)}`);
    expect(keys.teamName).toBe(SLACK_APP.teamName);
    expect(await isConnected(own)).toBe(true);
    // The token is sealed at rest.
    const record = await server.ctx.repos.forTenant(own.tenantId).channelKeys(own.botId).get('slack');
    expect(JSON.stringify(record)).not.toContain(slack.botToken);
    // A code is good once.
    expect((await openInBrowser(approved)).statusCode).toBe(400);
  });

  test("Slack's url_verification handshake is answered with its challenge, when signed", async () => {
    const body = JSON.stringify({
      token: 'x',
      challenge: 'challenge-3eZbrw1aBm2rZgRNFdxV2595E9CY3gmdALWMmHkvFXO7tYXAYM8P',
      type: 'url_verification',
    });
    const answer = expectStatus(await postEvent(eventUrl, body, signed(body)), 200);
    expect(answer.json()).toEqual({
      challenge: 'challenge-3eZbrw1aBm2rZgRNFdxV2595E9CY3gmdALWMmHkvFXO7tYXAYM8P',
    });
    expect((await postEvent(eventUrl, body, {})).statusCode).toBe(401);
  });

  test('unsigned, stale, tampered and wrongly signed events get 401 and reach no bot', async () => {
    const intruder = 'U-INTRUDER';
    const body = directMessage(TEMPLATE_CONVERSATION.greetingSaid, intruder);
    const now = Math.floor(Date.now() / 1000);
    const tampered = body.replace(TEMPLATE_CONVERSATION.greetingSaid, TEMPLATE_CONVERSATION.goodbyeSaid);
    for (const [what, headers] of [
      ['unsigned', {}],
      ['no timestamp', { 'x-slack-signature': signed(body)['x-slack-signature'] }],
      ['stale (6 minutes old)', signed(body, SLACK_APP.signingSecret, now - 360)],
      ['from the future', signed(body, SLACK_APP.signingSecret, now + 360)],
      ['another secret', signed(body, 'f'.repeat(32))],
      ['another timestamp than signed', { ...signed(body), 'x-slack-request-timestamp': String(now - 1) }],
      [
        'v1 scheme',
        { ...signed(body), 'x-slack-signature': signed(body)['x-slack-signature'].replace('v0=', 'v1=') },
      ],
    ] as const) {
      const answer = await postEvent(eventUrl, body, headers);
      expect(answer.statusCode, what).toBe(401);
      expect(answer.json().code, what).toBe('unauthorised_error_code');
    }
    const answer = await postEvent(eventUrl, tampered, signed(body));
    expect(answer.statusCode, 'tampered body').toBe(401);
    // An unknown request URL names no bot.
    expect((await postEvent('/webhooks/slack/no-such-webhook', body, signed(body))).statusCode).toBe(404);

    // A signed message after them is answered: by then the refused ones would have been too.
    expectStatus(await say(TEMPLATE_CONVERSATION.greetingSaid, 'U-AFTER-INTRUDER'), 200);
    await waitForPosts('U-AFTER-INTRUDER', 1);
    expect(postedTo(intruder)).toEqual([]);
    expect(await conversationsOf(intruder)).toEqual([]);
  });

  test('a whole template conversation: greeting, the rating as buttons, a click answered with thanks', async () => {
    const user = 'U-CASEY';
    expect((await say(TEMPLATE_CONVERSATION.greetingSaid, user)).statusCode).toBe(200);
    const [greeting] = await waitForPosts(user, 1);
    expect(sectionText(greeting)).toContain(TEMPLATE_CONVERSATION.greeting);
    expect(greeting?.text).toContain(TEMPLATE_CONVERSATION.greeting);

    const before = postedTo(user).length;
    expect((await say(TEMPLATE_CONVERSATION.goodbyeSaid, user)).statusCode).toBe(200);
    const rating = await pollUntil(
      'the rating with its buttons',
      () =>
        postedTo(user)
          .slice(before)
          .find((message) => message.blocks.some((block) => block.type === 'actions')),
      (found) => found !== undefined,
      { timeoutMs: 20_000 },
    );
    expect(sectionText(rating)).toContain(TEMPLATE_CONVERSATION.rating);
    const buttons = rating?.blocks.flatMap((block) => block.elements ?? []) ?? [];
    expect(buttons.map((button) => (typeof button.text === 'object' ? button.text.text : ''))).toEqual([
      ...TEMPLATE_CONVERSATION.ratingOptions,
    ]);
    expect(buttons.map((button) => button.value)).toEqual([...TEMPLATE_CONVERSATION.ratingOptions]);
    // The notification numbers the options, for clients that show no blocks.
    expect(rating?.text).toContain('1. Very Satisfied');

    const beforeClick = postedTo(user).length;
    const chosen = buttons[0]?.value ?? '';
    // Slack's payload carries the clicked message as Slack shows it (with the blocks the bot sent).
    expect((await click(user, chosen, rating)).statusCode).toBe(200);
    const thanks = await pollUntil(
      'the thanks',
      () =>
        postedTo(user)
          .slice(beforeClick)
          .find((m) => sectionText(m)?.includes(TEMPLATE_CONVERSATION.thanks)),
      (found) => found !== undefined,
      { timeoutMs: 20_000 },
    );
    expect(thanks?.channel).toBe(`D-${user}`);
    // The rating shows the choice instead of its buttons, so it cannot be answered twice.
    const [answered] = await pollUntil(
      'the rating updated',
      () => slack.updated().filter((update) => update.ts === rating?.ts),
      (updates) => updates.length > 0,
      { timeoutMs: 20_000 },
    );
    expect(answered?.channel).toBe(`D-${user}`);
    expect(answered?.blocks.map((block) => block.type)).toEqual(['section', 'context']);
    expect(sectionText(answered)).toContain(TEMPLATE_CONVERSATION.rating);
    expect(JSON.stringify(answered?.blocks.at(-1))).toContain(`✓ ${chosen}`);

    // One conversation, on the Slack channel, for the user of the workspace; the click is a click.
    const [conversation, ...others] = await conversationsOf(user);
    expect(others).toEqual([]);
    expect(conversation?.channel).toBe('slack');
    const said = JSON.stringify(conversation?.turns);
    expect(said).toContain('"type":"click"');
    expect(said).toContain(chosen);
    // Every message went out with the workspace's bot token.
    for (const call of slack.calls('/api/chat.postMessage'))
      expect(call.headers.authorization).toBe(`Bearer ${slack.botToken}`);
  });

  test("a mention in a channel is answered in the mention's thread, without the mention in the text", async () => {
    const body = JSON.stringify({
      team_id: SLACK_APP.teamId,
      type: 'event_callback',
      event_id: `EvMention${++eventCounter}`,
      event: {
        type: 'app_mention',
        user: 'U-MENTIONER',
        text: `<@${SLACK_APP.botUserId}> ${TEMPLATE_CONVERSATION.greetingSaid}`,
        ts: '1700000300.000001',
        channel: 'C-GENERAL',
      },
    });
    expectStatus(await postEvent(eventUrl, body, signed(body)), 200);
    const answer = await pollUntil(
      'the answer in the thread',
      () => slack.posted().find((message) => message.channel === 'C-GENERAL'),
      (found) => found !== undefined,
      { timeoutMs: 20_000 },
    );
    expect(answer?.threadTs).toBe('1700000300.000001');
    expect(sectionText(answer)).toContain(TEMPLATE_CONVERSATION.greeting);
  });

  test('a retried delivery (same event_id) is answered 200 and taken once', async () => {
    const user = 'U-RETRY';
    const eventId = 'Ev-RETRIED-1';
    expect((await say(TEMPLATE_CONVERSATION.greetingSaid, user, eventId)).statusCode).toBe(200);
    await waitForPosts(user, 1);
    // Slack sends the same event again when it had no answer within 3 seconds.
    const again = directMessage(TEMPLATE_CONVERSATION.greetingSaid, user, eventId);
    const retried = await postEvent(eventUrl, again, {
      ...signed(again),
      'x-slack-retry-num': '1',
      'x-slack-retry-reason': 'http_timeout',
    });
    expect(retried.statusCode).toBe(200);
    // A message after the retry is answered; the retry was not.
    expect((await say(TEMPLATE_CONVERSATION.goodbyeSaid, user)).statusCode).toBe(200);
    await pollUntil(
      'the rating after the retry',
      () => postedTo(user),
      (posted) => posted.some((m) => sectionText(m)?.includes(TEMPLATE_CONVERSATION.rating)),
      { timeoutMs: 20_000 },
    );
    expect(
      postedTo(user).filter((m) => sectionText(m)?.includes(TEMPLATE_CONVERSATION.greeting)),
    ).toHaveLength(1);
    const [conversation] = await conversationsOf(user);
    expect(conversation?.turns.filter((turn) => JSON.stringify(turn).includes('"hello"'))).toHaveLength(1);
  });

  test("the bot does not answer its own messages, nor another workspace's", async () => {
    const body = JSON.stringify({
      team_id: SLACK_APP.teamId,
      type: 'event_callback',
      event_id: `EvOwn${++eventCounter}`,
      event: {
        type: 'message',
        channel_type: 'im',
        bot_id: 'B0PARLEY',
        user: SLACK_APP.botUserId,
        text: 'hello',
        ts: '1.2',
        channel: 'D-OWN',
      },
    });
    expectStatus(await postEvent(eventUrl, body, signed(body)), 200);
    // Nor messages of another workspace the Slack app is in: its token answers only its own.
    const elsewhere = directMessage(TEMPLATE_CONVERSATION.greetingSaid, 'U-ELSEWHERE').replaceAll(
      SLACK_APP.teamId,
      'T0ANOTHER',
    );
    expectStatus(await postEvent(eventUrl, elsewhere, signed(elsewhere)), 200);
    expectStatus(await say(TEMPLATE_CONVERSATION.greetingSaid, 'U-AFTER-OWN'), 200);
    await waitForPosts('U-AFTER-OWN', 1);
    expect(slack.posted().filter((m) => m.channel === 'D-OWN')).toEqual([]);
    expect(postedTo('U-ELSEWHERE')).toEqual([]);
    expect(
      (await conversationsOn(server, bot, 'slack')).filter((c) => c.userKey.includes('T0ANOTHER')),
    ).toEqual([]);
  });

  test('with the channel disabled on the Configuration tab, a message gets no answer', async () => {
    await setChannelEnabled(bot, 'slack', false);
    try {
      expect((await say(TEMPLATE_CONVERSATION.greetingSaid, 'U-WHILE-OFF')).statusCode).toBe(200);
    } finally {
      await setChannelEnabled(bot, 'slack', true);
    }
    expectStatus(await say(TEMPLATE_CONVERSATION.greetingSaid, 'U-WHEN-ON'), 200);
    await waitForPosts('U-WHEN-ON', 1);
    expect(postedTo('U-WHILE-OFF')).toEqual([]);
    expect(await conversationsOf('U-WHILE-OFF')).toEqual([]);
  });

  test('messages Slack refuses (rate-limited, then failing) are sent again later, in order, once', async () => {
    const user = 'U-FLAKY';
    slack.refuseNextPosts(1, 'ratelimited');
    expectStatus(await say(TEMPLATE_CONVERSATION.goodbyeSaid, user), 200);
    const [first] = await waitForPosts(user, 1);
    expect(sectionText(first)).toContain(TEMPLATE_CONVERSATION.rating);
    const refusedCalls = slack
      .calls('/api/chat.postMessage')
      .filter((call) => call.form?.get('channel') === `D-${user}`);
    expect(refusedCalls.length).toBe(2);

    slack.refuseNextPosts(1, 'fatal_error');
    expectStatus(await click(user, TEMPLATE_CONVERSATION.ratingOptions[1]), 200);
    const [, thanks] = await waitForPosts(user, 2);
    expect(sectionText(thanks)).toContain(TEMPLATE_CONVERSATION.thanks);
    expect(postedTo(user)).toHaveLength(2);
  });

  test('hostile bodies, headers and URLs never get a 500', async () => {
    const log = createFuzzLog();
    const bodies = [...HOSTILE_VALUES.map((value) => JSON.stringify(value)), ...HOSTILE_RAW_BODIES];
    bodies.push(
      JSON.stringify({
        type: 'event_callback',
        team_id: SLACK_APP.teamId,
        event_id: 'EvFuzz',
        event: { type: 'message', text: { a: 1 } },
      }),
      JSON.stringify({ type: 'event_callback', team_id: SLACK_APP.teamId, event_id: 'EvFuzz2', event: null }),
      JSON.stringify({ type: 'url_verification', challenge: 'x'.repeat(10_000) }),
      JSON.stringify({ type: 'url_verification', challenge: { a: 1 } }),
    );
    for (const body of bodies) {
      for (const headers of [{}, signed(body)]) {
        for (const contentType of ['application/json', 'application/x-www-form-urlencoded', 'text/plain']) {
          const formBody = contentType.includes('form') ? `payload=${encodeURIComponent(body)}` : body;
          const sign = Object.keys(headers).length > 0 ? signed(formBody) : {};
          const answer = await postEvent(eventUrl, formBody, sign, contentType);
          log.check(`POST ${contentType} ${body.slice(0, 60)}`, answer.statusCode, answer.body);
        }
      }
    }
    for (const headers of [
      { 'x-slack-signature': ['v0=a', 'v0=b'] as unknown as string, 'x-slack-request-timestamp': '1' },
      { 'x-slack-signature': 'v0=', 'x-slack-request-timestamp': '-1' },
      { 'x-slack-signature': 'v0=zz', 'x-slack-request-timestamp': '9'.repeat(40) },
    ]) {
      const answer = await postEvent(eventUrl, '{}', headers);
      log.check(`POST headers ${JSON.stringify(headers)}`, answer.statusCode, answer.body);
    }
    for (const param of HOSTILE_PARAMS) {
      const answer = await postEvent(`/webhooks/slack/${param}`, '{}', signed('{}'));
      log.check(`POST /webhooks/slack/${param}`, answer.statusCode, answer.body);
      const install = await server.request({
        method: 'GET',
        url: `/webhooks/slack/oauth/${param}?code=a&state=b`,
      });
      expect(install.statusCode, param).toBeLessThan(500);
    }
    const oauthUrl = new URL((await keysView()).redirectUrl).pathname;
    for (const query of [
      '',
      '?state=',
      '?code[]=a&state[]=b',
      `?state=${'x'.repeat(5000)}`,
      '?error=%00',
      '?code=a&code=b&state=.',
    ]) {
      const install = await server.request({ method: 'GET', url: `${oauthUrl}${query}` });
      expect(install.statusCode, query).toBeGreaterThanOrEqual(400);
      expect(install.statusCode, query).toBeLessThan(500);
    }
    expect(log.failures).toEqual([]);
    expect(log.sent).toBeGreaterThan(100);
    // The bot is still installed: nothing hostile replaced its keys.
    expect(await isConnected()).toBe(true);
  });
});
