import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readPlatformKeys, storePlatformKeys } from '../src/services/channels/messaging/channel-keys.service';
import { deliverOutOfTurn } from '../src/services/channels/messaging/outbound-delivery';
import { twilioPlatform } from '../src/services/channels/twilio/twilio-platform';
import { SILENT_ROUNDS } from '../src/services/channels/twilio/twilio-voice-twiml';
import { TWILIO_WEBHOOK_FLAGS } from '../src/services/channels/twilio/twilio-webhooks';
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
import { signUpMaster } from './support/tenant-world';
import { startTestServer, type TestServer } from './support/test-server';
import { startTwilioStandIn } from './support/twilio-stand-in';
import { readTwiml, saysIn, type TwimlNode } from './support/twiml';

const PUBLIC_URL = 'https://parley.test';
const ACCOUNT_SID = `AC${'0123456789abcdef'.repeat(2)}`;
const AUTH_TOKEN = 'f3a1c9e07b2d48aa9c51e6b7d0f2a3c4';
const OTHER_TOKEN = '00000000000000000000000000000000';
const CALLER = '+4915112345678';
const BOT_NUMBER = '+4930555000';

/**
 * Twilio's request signature (X-Twilio-Signature), computed here as Twilio documents it (not with
 * the SDK the server uses): HMAC-SHA1 with the auth token over the full URL Twilio called, then
 * each posted parameter's name and value, sorted by name; base64.
 */
function twilioSignature(token: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((signed, name) => signed + name + params[name], url);
  return createHmac('sha1', token).update(data, 'utf8').digest('base64');
}

type Params = Record<string, string>;
interface PostOptions {
  /** The auth token to sign with; null: no signature header. */
  token?: string | null;
  /** The URL the signature is computed over, when not the one called. */
  signedUrl?: string;
  /** Parameters changed after signing. */
  tamper?: Params;
}

/**
 * Twilio Voice (issue 14): a caller talks with the support template by phone, as Twilio does it
 * — form posts signed with the account's auth token to the voice webhook and to each Gather's
 * action URL (read from the TwiML the server answered), and TwiML back. Requests Twilio did not
 * sign reach no bot; a retried post is answered once; a disabled channel takes no calls.
 */
describe.each(testDatabases())('Twilio Voice on %s', (kind) => {
  let server: TestServer;
  let bot: ChannelTemplateBot;
  /** The Voice webhook URL the dialog shows, entered on the number as 'A call comes in'. */
  let voiceWebhookUrl: string;
  let callCount = 0;

  const voiceUrl = () => voiceWebhookUrl;

  async function storeKeys(values: Record<string, unknown>) {
    const scope = server.ctx.repos.forTenant(bot.tenantId);
    const record = await scope.bots.getById(bot.botId);
    if (!record) throw new Error('the bot is missing');
    // Stored as a save stores them, without the account check against Twilio (twilio-messages tests it).
    const stored = await readPlatformKeys(server.ctx, scope, record, twilioPlatform);
    await storePlatformKeys(server.ctx, scope, record, twilioPlatform, {
      ...stored?.values,
      accountSid: ACCOUNT_SID,
      authToken: AUTH_TOKEN,
      ...values,
    });
  }

  beforeAll(async () => {
    server = await startTestServer(kind);
    server.ctx.config.publicUrl = PUBLIC_URL;
    bot = await channelTemplateBot(server, await signUpMaster(server), ['twilioVoice']);
    await storeKeys({
      voice: 'Polly.Joanna',
      textToSpeechLanguage: 'en-GB',
      speechToTextLanguage: 'en-IE',
      speechTimeout: 7,
      buttonTimeout: 4,
      timeoutMessage: 'Are you still there?',
      optionsGatherType: 'dtmf speech',
      optionsMessage: 'option',
    });
    // The dialog's Generate webhook.
    const generated = expectStatus(await bot.admin('POST', `/api/twilio/${bot.botPath}/voice/webhook`), 200);
    voiceWebhookUrl = generated.json().webhookUrl;
    expect(voiceWebhookUrl).toMatch(new RegExp(`^${PUBLIC_URL}/webhooks/twilio/voice/[\\w-]+$`));
  });
  afterAll(async () => {
    await server?.close();
  });

  async function post(url: string, params: Params, options: PostOptions = {}) {
    const token = options.token === undefined ? AUTH_TOKEN : options.token;
    const signature = token === null ? undefined : twilioSignature(token, options.signedUrl ?? url, params);
    const sent = { ...params, ...options.tamper };
    return server.request({
      method: 'POST',
      url: url.slice(PUBLIC_URL.length),
      body: new URLSearchParams(sent).toString(),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(signature ? { 'x-twilio-signature': signature } : {}),
      },
    });
  }

  const twimlOf = (response: { statusCode: number; body: string; headers: Record<string, unknown> }) => {
    expect(response.statusCode, response.body).toBe(200);
    expect(String(response.headers['content-type'])).toMatch(/^text\/xml/);
    return readTwiml(response.body);
  };
  const gathersOf = (twiml: TwimlNode) => twiml.children.filter((child) => child.name === 'Gather');

  /** One phone call from a caller: its start, and the caller's answers to the last Gather. */
  function phoneCall(from = CALLER) {
    const callSid = `CA${(++callCount).toString(16).padStart(32, '0')}`;
    const params: Params = {
      AccountSid: ACCOUNT_SID,
      ApiVersion: '2010-04-01',
      CallSid: callSid,
      CallStatus: 'in-progress',
      Direction: 'inbound',
      From: from,
      To: BOT_NUMBER,
    };
    const call = {
      callSid,
      params,
      last: undefined as TwimlNode | undefined,
      /** Where the last answer's Gather posts what the caller says. */
      action(): string {
        const action = call.last && gathersOf(call.last)[0]?.attributes.action;
        if (!action) throw new Error('the last TwiML has no Gather to answer');
        return action;
      },
      async start() {
        call.last = twimlOf(await post(voiceUrl(), params));
        return call.last;
      },
      /** The caller's answer to the last Gather, posted to its action as Twilio does. */
      async answer(answer: Params) {
        call.last = twimlOf(await post(call.action(), { ...params, ...answer }));
        return call.last;
      },
      say: (speech: string) => call.answer({ SpeechResult: speech, Confidence: '0.91' }),
      press: (digits: string) => call.answer({ Digits: digits }),
    };
    return call;
  }

  const voiceConversations = () => conversationsOn(server, bot, 'twilioVoice');
  const userTurnCount = async () =>
    (await voiceConversations()).flatMap((c) => c.turns.filter((t) => t.direction === 'in')).length;

  test("a call starts with the bot's greeting, said inside a Gather for turn 1 with the keys' voice, languages and speech timeout; silence gets the timeout message, then a hang-up", async () => {
    const call = phoneCall();
    const twiml = await call.start();
    expect(twiml.children.map((child) => child.name)).toEqual([
      ...Array(SILENT_ROUNDS).fill('Gather'),
      'Hangup',
    ]);
    const [first, second] = gathersOf(twiml);
    expect(first?.attributes).toEqual({
      action: `${voiceUrl()}/gather?turn=1`,
      method: 'POST',
      input: 'dtmf speech',
      timeout: '7',
      speechTimeout: 'auto',
      language: 'en-IE',
    });
    expect(saysIn(first as TwimlNode).join(' ')).toContain(TEMPLATE_CONVERSATION.greeting);
    expect(first?.children[0]?.attributes).toEqual({ voice: 'Polly.Joanna', language: 'en-GB' });
    expect(second?.children).toEqual([
      {
        name: 'Say',
        attributes: { voice: 'Polly.Joanna', language: 'en-GB' },
        children: [],
        text: 'Are you still there?',
      },
    ]);
  });

  test('the support template by phone: greeting at pick-up, the rating read as numbered options, a key picks one, thanks', async () => {
    const call = phoneCall('+4917000000001');
    const greeting = await call.start();
    expect(saysIn(greeting).join(' ')).toContain(TEMPLATE_CONVERSATION.greeting);

    const rating = await call.say('Bye.');
    const [ask, again] = gathersOf(rating);
    expect(saysIn(ask as TwimlNode)).toEqual([
      TEMPLATE_CONVERSATION.rating,
      ...TEMPLATE_CONVERSATION.ratingOptions.map((option, index) => `Option ${index + 1}: ${option}.`),
    ]);
    expect(ask?.attributes).toMatchObject({
      input: 'dtmf speech',
      numDigits: '1',
      timeout: '4',
      language: 'en-IE',
      hints: TEMPLATE_CONVERSATION.ratingOptions.join(', '),
    });
    expect(ask?.attributes.action).toBe(
      `${voiceUrl()}/gather?turn=2${TEMPLATE_CONVERSATION.ratingOptions.map((o) => `&option=${encodeURIComponent(o)}`).join('')}`,
    );
    // A silent caller hears the timeout message, keeps the same options, and is hung up on at last.
    expect(saysIn(again as TwimlNode)).toEqual(['Are you still there?']);
    expect(again?.attributes).toEqual(ask?.attributes);
    expect(rating.children.at(-1)?.name).toBe('Hangup');

    const thanks = await call.press('1');
    expect(saysIn(thanks).join(' ')).toContain(TEMPLATE_CONVERSATION.thanks);

    const [conversation, ...others] = (await voiceConversations()).filter(
      (c) => c.userKey === 'voice:+4917000000001',
    );
    expect(others).toEqual([]);
    expect(conversation?.turns.filter((t) => t.direction === 'in').map((t) => t.activity)).toEqual([
      // Picking up is the caller's greeting, in the speech-to-text language.
      { type: 'text', text: TEMPLATE_CONVERSATION.greetingSaid },
      { type: 'text', text: 'Bye.' },
      // Key 1 is the first option's text, as a button's click.
      { type: 'click', text: 'Very Satisfied' },
    ]);
  });

  test('an option said as "option 2" picks it; each call is a conversation of its own, a retried start keeps it', async () => {
    const caller = '+4917000000002';
    const first = phoneCall(caller);
    await first.start();
    await first.say('bye');
    const second = phoneCall(caller);
    await second.start();
    // Twilio retrying the start of the same call: the call's conversation goes on.
    const retried = twimlOf(await post(voiceUrl(), second.params));
    expect(saysIn(gathersOf(retried)[0] as TwimlNode)).toEqual([]);
    await second.say('bye');
    const answered = await second.say('Option 2.');
    expect(saysIn(answered).join(' ')).toContain(TEMPLATE_CONVERSATION.thanks);
    const conversations = (await voiceConversations()).filter((c) => c.userKey === `voice:${caller}`);
    expect(conversations).toHaveLength(2);
    expect(conversations.filter((c) => c.endedAt === null)).toHaveLength(1);
    const current = conversations.find((c) => c.endedAt === null);
    expect(current?.turns.filter((t) => t.direction === 'in').map((t) => t.activity)).toEqual([
      { type: 'text', text: 'hello' },
      { type: 'text', text: 'bye' },
      { type: 'click', text: 'Satisfied' },
    ]);
  });

  test('requests Twilio did not sign reach no bot: unsigned, another token, tampered, another URL, another account', async () => {
    const call = phoneCall('+4917000000003');
    await call.start();
    const before = await userTurnCount();
    const answer = { ...call.params, SpeechResult: 'bye' };
    const action = call.action();
    const refusals = [
      await post(action, answer, { token: null }),
      await post(action, answer, { token: OTHER_TOKEN }),
      await post(action, answer, { tamper: { SpeechResult: 'hello' } }),
      await post(action, answer, { tamper: { From: '+4917000000099' } }),
      // Signed for another turn, or for another server: not the URL called.
      await post(action, answer, { signedUrl: action.replace('turn=1', 'turn=2') }),
      await post(action, answer, { signedUrl: action.replace(PUBLIC_URL, 'https://evil.test') }),
      await post(voiceUrl(), call.params, { signedUrl: `${voiceUrl()}/gather?turn=1` }),
      // Correctly signed with the token, but a call of another account.
      await post(action, { ...answer, AccountSid: `AC${'f'.repeat(32)}` }),
      await post(voiceUrl(), call.params, { token: null }),
    ];
    for (const response of refusals) {
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json().code).toBe('permission_error');
    }
    expect(await userTurnCount()).toBe(before);
    // An address that is no bot's webhook.
    const unknown = await post(`${PUBLIC_URL}/webhooks/twilio/voice/not-a-webhook`, call.params);
    expect(unknown.statusCode).toBe(404);
    // The same request, signed, is taken.
    expect(saysIn(await call.say('bye'))).toContain(TEMPLATE_CONVERSATION.rating);
    expect(await userTurnCount()).toBe(before + 1);
  });

  test('a retried post of the same turn is answered once: the retry just listens on the next turn', async () => {
    const call = phoneCall('+4917000000004');
    await call.start();
    const action = call.action();
    const answer = { ...call.params, SpeechResult: 'bye' };
    const before = await userTurnCount();
    const first = twimlOf(await post(action, answer));
    const retry = twimlOf(await post(action, answer));
    expect(saysIn(first)).toContain(TEMPLATE_CONVERSATION.rating);
    expect(saysIn(gathersOf(retry)[0] as TwimlNode)).toEqual([]);
    // The retry's Gather posts to the turn after it, as the first answer's does (without its options).
    expect(gathersOf(retry)[0]?.attributes.action).toBe(`${voiceUrl()}/gather?turn=2`);
    expect(gathersOf(first)[0]?.attributes.action).toMatch(/\/gather\?turn=2&option=/);
    expect(await userTurnCount()).toBe(before + 1);
  });

  test("what the bot says outside the caller's turn (an agent's answer, a Delay's end) is said into the live call, and the caller's answer is the call's next turn", async () => {
    const twilio = await startTwilioStandIn([
      { accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, numbers: [BOT_NUMBER] },
    ]);
    const before = server.ctx.config.platforms.twilioApi;
    server.ctx.config.platforms.twilioApi = twilio.url;
    try {
      const caller = '+4915199990001';
      const call = phoneCall(caller);
      await call.start();
      const scope = server.ctx.repos.forTenant(bot.tenantId);
      const record = await scope.bots.getById(bot.botId);
      const open = (await voiceConversations()).find((c) => c.userKey === `voice:${caller}` && !c.endedAt);
      const conversation = open && (await scope.conversations(bot.botId).get(open.id));
      if (!record || !conversation) throw new Error('the call has no conversation');

      await deliverOutOfTurn(server.ctx, record, conversation, [
        { type: 'text', text: 'An agent here: your parcel left our warehouse.' },
      ]);
      // The call got new TwiML through the Calls API, signed in as the account.
      const [update] = twilio.calls();
      expect(update).toMatchObject({ sid: call.callSid, accountSid: ACCOUNT_SID });
      const said = readTwiml(String(update?.params.Twiml));
      const [gather] = gathersOf(said);
      expect(saysIn(gather as TwimlNode)).toEqual(['An agent here: your parcel left our warehouse.']);
      expect(gather?.attributes.action).toBe(`${voiceUrl()}/gather?turn=1`);

      // The caller answers that Gather: the call's next turn, answered as any turn.
      call.last = said;
      const rating = await call.say('bye');
      expect(saysIn(gathersOf(rating)[0] as TwimlNode)).toContain(TEMPLATE_CONVERSATION.rating);
    } finally {
      server.ctx.config.platforms.twilioApi = before;
      await twilio.close();
    }
  });

  test('a Gather that heard nothing gets the timeout message and listens again on the same turn', async () => {
    const call = phoneCall('+4917000000005');
    await call.start();
    const action = call.action();
    const before = await userTurnCount();
    const twiml = await call.answer({ SpeechResult: '', Confidence: '0' });
    expect(saysIn(gathersOf(twiml)[0] as TwimlNode)).toEqual(['Are you still there?']);
    expect(gathersOf(twiml)[0]?.attributes.action).toBe(action);
    expect(await userTurnCount()).toBe(before);
  });

  test("the keys' voice settings reach the TwiML as they change", async () => {
    await storeKeys({
      voice: 'man',
      textToSpeechLanguage: 'de-DE',
      speechToTextLanguage: 'de-DE',
      speechTimeout: 0,
      buttonTimeout: 0,
      timeoutMessage: '',
      optionsGatherType: 'dtmf',
      optionsMessage: 'digit',
    });
    try {
      const call = phoneCall('+4917000000006');
      const start = await call.start();
      // 0 means the maximum: 60 seconds.
      expect(gathersOf(start)[0]?.attributes).toMatchObject({ timeout: '60', language: 'de-DE' });
      const rating = await call.say('bye');
      const [ask, again] = gathersOf(rating);
      expect(ask?.attributes).toMatchObject({ input: 'dtmf', numDigits: '1', timeout: '60' });
      expect(ask?.attributes).not.toHaveProperty('hints');
      expect(ask?.children[0]?.attributes).toEqual({ voice: 'man', language: 'de-DE' });
      expect(saysIn(ask as TwimlNode)[1]).toBe('Digit 1: Very Satisfied.');
      // No timeout message: the question again.
      expect(saysIn(again as TwimlNode)).toEqual(saysIn(ask as TwimlNode));
      // Picking up is a greeting in the speech-to-text language.
      const [conversation] = (await voiceConversations()).filter((c) => c.userKey === 'voice:+4917000000006');
      expect(conversation?.turns.find((t) => t.direction === 'in')?.activity).toEqual({
        type: 'text',
        text: 'hallo',
      });
    } finally {
      await storeKeys({
        voice: 'Polly.Joanna',
        textToSpeechLanguage: 'en-GB',
        speechToTextLanguage: 'en-IE',
        speechTimeout: 7,
        buttonTimeout: 4,
        timeoutMessage: 'Are you still there?',
        optionsGatherType: 'dtmf speech',
        optionsMessage: 'option',
      });
    }
  });

  test('with the channel off on the Configuration tab a call is rejected and an answer hangs up, reaching no flow', async () => {
    const call = phoneCall('+4917000000007');
    await call.start();
    const action = call.action();
    await setChannelEnabled(bot, 'twilioVoice', false);
    try {
      const before = await userTurnCount();
      const rejected = twimlOf(await post(voiceUrl(), phoneCall('+4917000000008').params));
      expect(rejected.children.map((child) => child.name)).toEqual(['Reject']);
      const hungUp = twimlOf(await post(action, { ...call.params, SpeechResult: 'hello' }));
      expect(hungUp.children.map((child) => child.name)).toEqual(['Hangup']);
      expect(await userTurnCount()).toBe(before);
    } finally {
      await setChannelEnabled(bot, 'twilioVoice', true);
    }
  });

  const voiceConnection = async () => {
    const view = expectStatus(await bot.admin('GET', `/api/bots/${bot.botPath}/configuration`), 200).json();
    return (view.channels as Array<{ id: string; connected: boolean }>).find((c) => c.id === 'twilioVoice');
  };

  test('connected while the account and the voice webhook are set; a voice webhook not generated answers no call', async () => {
    expect(await voiceConnection()).toMatchObject({ connected: true });
    await storeKeys({ [TWILIO_WEBHOOK_FLAGS.voice]: false });
    try {
      expect(await voiceConnection()).toMatchObject({ connected: false });
      const refused = await post(voiceUrl(), phoneCall().params);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().code).toBe('not-found_error');
    } finally {
      await storeKeys({ [TWILIO_WEBHOOK_FLAGS.voice]: true });
    }
    await storeKeys({ authToken: '' });
    try {
      expect(await voiceConnection()).toMatchObject({ connected: false });
      // No token, nothing to check a signature with: no call is taken.
      expect((await post(voiceUrl(), phoneCall().params)).statusCode).toBe(403);
    } finally {
      await storeKeys({ authToken: AUTH_TOKEN });
    }
  });

  test('Change webhook: the old voice URL answers no call at once, the new one does', async () => {
    const old = voiceWebhookUrl;
    const changed = expectStatus(await bot.admin('POST', `/api/twilio/${bot.botPath}/voice/webhook`), 200);
    voiceWebhookUrl = changed.json().webhookUrl;
    expect(voiceWebhookUrl).not.toBe(old);
    const call = phoneCall('+4917000000010');
    expect((await post(old, call.params)).statusCode).toBe(404);
    expect(saysIn(await call.start()).join(' ')).toContain(TEMPLATE_CONVERSATION.greeting);
  });

  test('keys calls refuse voice settings out of range', async () => {
    const keysPath = `/api/twilio/${bot.botPath}/keys`;
    for (const body of [
      { speechTimeout: 61 },
      { buttonTimeout: -1 },
      { speechTimeout: 'soon' },
      { optionsGatherType: 'keys' },
      { timeoutMessage: 'x'.repeat(501) },
      { voice: 42 },
    ]) {
      const response = await bot.admin('PUT', keysPath, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().code).toBe('validation_error');
    }
    expect(expectStatus(await bot.admin('GET', keysPath), 200).json()).toMatchObject({
      speechTimeout: 7,
      buttonTimeout: 4,
      optionsGatherType: 'dtmf speech',
    });
  });

  test('hostile bodies, queries and webhook ids: never a 500, refusals with a code', async () => {
    const log = createFuzzLog();
    const call = phoneCall('+4917000000009');
    await call.start();
    const action = call.action();
    const send = async (url: string, params: Params, options: PostOptions = {}) => {
      const response = await post(url, params, options);
      log.check(
        `${url.slice(PUBLIC_URL.length, 120)} ${JSON.stringify(params).slice(0, 80)}`,
        response.statusCode,
        response.body,
      );
      return response;
    };
    const values = HOSTILE_VALUES.map((value) =>
      typeof value === 'string' ? value : (JSON.stringify(value) ?? ''),
    );
    const bodies: Params[] = [];
    for (const value of [...values, ...HOSTILE_RAW_BODIES]) {
      for (const name of ['CallSid', 'From', 'To', 'AccountSid', 'SpeechResult', 'Digits'])
        bodies.push({ ...call.params, SpeechResult: 'hello', [name]: value });
      bodies.push({ [value.slice(0, 50) || 'x']: value });
    }
    bodies.push({});
    for (const params of bodies) {
      for (const url of [voiceUrl(), action]) {
        // Unsigned: refused (a body over the size limit even before it is read).
        expect([403, 413]).toContain((await send(url, params, { token: null })).statusCode);
        await send(url, params);
      }
    }
    for (const query of [
      'turn=0',
      'turn=-1',
      'turn=abc',
      'turn=1e9',
      '',
      'turn=1&option=%E0%A4%A',
      'turn=1&turn=2',
    ])
      await send(`${voiceUrl()}/gather?${query}`, { ...call.params, Digits: '1' });
    for (const param of HOSTILE_PARAMS)
      await send(`${PUBLIC_URL}/webhooks/twilio/voice/${param}`, call.params);
    for (const raw of [
      Buffer.from([0xff, 0xfe, 0x00]),
      Buffer.from('%%%&&&==='),
      Buffer.from('a'.repeat(100_000)),
    ]) {
      const response = await server.request({
        method: 'POST',
        url: new URL(action).pathname + new URL(action).search,
        body: raw,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': 'AAAA' },
      });
      log.check('raw body', response.statusCode, response.body);
    }
    expect(log.failures).toEqual([]);
    expect(log.sent).toBeGreaterThan(100);
  });
});
