import { SECRET_MASK } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { deliverOutOfTurn } from '../src/services/channels/messaging/outbound-delivery';
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
import { signUpMaster } from './support/tenant-world';
import { startTestServer, type TestServer } from './support/test-server';
import {
  newTwilioAccount,
  startTwilioStandIn,
  type TwilioStandIn,
  type TwilioStandInAccount,
  twilioSignatureOf,
} from './support/twilio-stand-in';

const PUBLIC_URL = 'https://parley.test';
const SMS_NUMBER = '+14155550100';
const WHATSAPP_NUMBER = '+14155238886';

/**
 * Twilio Messages (issue 14) against a stand-in of Twilio's REST API, driven by the official SDK:
 * saving the keys checks the account; the messages webhook is generated, changed (the old URL
 * stops working) and deleted (all Twilio keys go); inbound messages count only with a valid
 * X-Twilio-Signature for the exact URL and fields; the support template's whole conversation runs
 * over SMS and over WhatsApp with the rating as numbered options; a retried MessageSid is answered
 * once; long texts go in 1600-character parts; more options than the catalogue's 10 stay
 * answerable; a disabled channel answers nothing; hostile requests never get a 500.
 */
describe.each(testDatabases())('Twilio Messages on %s', (kind) => {
  let server: TestServer;
  let twilioApi: TwilioStandIn;
  let bot: ChannelTemplateBot;
  let account: TwilioStandInAccount;
  let keysPath: string;
  let webhookPath: string;
  let master: Awaited<ReturnType<typeof signUpMaster>>;
  let sequence = 0;

  beforeAll(async () => {
    server = await startTestServer(kind);
    account = newTwilioAccount([SMS_NUMBER, `whatsapp:${WHATSAPP_NUMBER}`]);
    twilioApi = await startTwilioStandIn([account]);
    server.ctx.config.platforms.twilioApi = twilioApi.url;
    server.ctx.config.publicUrl = PUBLIC_URL;
    master = await signUpMaster(server);
    bot = await channelTemplateBot(server, master, ['twilio']);
    keysPath = keysPathOf(bot);
    webhookPath = webhookPathOf(bot);
  });
  afterAll(async () => {
    await twilioApi?.close();
    await server?.close();
  });

  const keysPathOf = (of: ChannelTemplateBot) => `/api/twilio/${of.botPath}/keys`;
  const webhookPathOf = (of: ChannelTemplateBot) => `/api/twilio/${of.botPath}/messages/webhook`;
  const keys = async () => expectStatus(await bot.admin('GET', keysPath), 200).json();
  const twilioConnection = async (of: ChannelTemplateBot = bot) => {
    const view = expectStatus(await of.admin('GET', `/api/bots/${of.botPath}/configuration`), 200).json();
    return (view.channels as Array<{ id: string; connected: boolean }>).find((c) => c.id === 'twilio');
  };
  /** A bot of its own (same Twilio account), for a test that needs it unconnected or changes its keys for good. */
  const ownBot = () => channelTemplateBot(server, master, ['twilio']);
  /** Saves the account's keys (SMS and WhatsApp numbers, timeout, handover numbers) for a bot. */
  const saveKeys = async (of: ChannelTemplateBot = bot) =>
    expectStatus(
      await of.admin('PUT', keysPathOf(of), {
        accountSid: account.accountSid,
        authToken: account.authToken,
        smsNumber: SMS_NUMBER,
        whatsAppNumber: WHATSAPP_NUMBER,
        messagesTimeout: 30,
        handoverNumbers: '+49 151 1234 5678 , +49 170 1234567',
      }),
      200,
    );
  /** Keys saved and the messages webhook generated: the bot's SMS and WhatsApp are connected. */
  const connect = async (of: ChannelTemplateBot = bot) => {
    await saveKeys(of);
    expectStatus(await of.admin('POST', webhookPathOf(of)), 200);
  };
  /** Memoised: the same promise for every caller. */
  const once = <T>(make: () => Promise<T>) => {
    let made: Promise<T> | undefined;
    return () => {
      made ??= make();
      return made;
    };
  };
  /** The shared bot connected (what most tests need). */
  const connected = once(() => connect(bot));
  const nextSid = () => `SM${String(++sequence).padStart(32, '0')}`;

  /** An inbound message's form fields, as Twilio posts them for an SMS (or, with 'whatsapp:', WhatsApp). */
  const messageFields = (from: string, body: string, extra: Record<string, string> = {}) => {
    const isWhatsApp = from.startsWith('whatsapp:');
    const sid = nextSid();
    return {
      ToCountry: 'US',
      SmsMessageSid: sid,
      NumMedia: '0',
      SmsSid: sid,
      SmsStatus: 'received',
      Body: body,
      To: isWhatsApp ? `whatsapp:${WHATSAPP_NUMBER}` : SMS_NUMBER,
      NumSegments: '1',
      MessageSid: sid,
      AccountSid: account.accountSid,
      From: from,
      ApiVersion: '2010-04-01',
      ...extra,
    };
  };
  /** Posts form fields to a webhook URL, signed for `signedUrl` with `authToken` unless told otherwise. */
  const post = (
    url: string,
    fields: Record<string, string>,
    signing: {
      authToken?: string;
      signedUrl?: string;
      signature?: string | null;
      sentFields?: Record<string, string>;
    } = {},
  ) => {
    const signature =
      signing.signature === null
        ? undefined
        : (signing.signature ??
          twilioSignatureOf(signing.authToken ?? account.authToken, signing.signedUrl ?? url, fields));
    return server.request({
      method: 'POST',
      url: new URL(url).pathname,
      body: new URLSearchParams(signing.sentFields ?? fields).toString(),
      headers: {
        'content-type': 'application/x-www-form-urlencoded; charset=utf-8',
        'i-twilio-idempotency-token': fields.MessageSid ?? '',
        ...(signature !== undefined ? { 'x-twilio-signature': signature } : {}),
      },
    });
  };
  const messagesUrl = async () => (await keys()).messagesWebhookUrl as string;
  const say = async (from: string, body: string, extra: Record<string, string> = {}) => {
    const response = await post(await messagesUrl(), messageFields(from, body, extra));
    expect(response.statusCode).toBe(200);
    return response;
  };
  const sentTo = (to: string) => twilioApi.messages().filter((m) => m.params.To === to);
  const waitForSent = (to: string, count: number) =>
    pollUntil(
      `${count} Twilio messages to ${to}`,
      () => sentTo(to),
      (sent) => sent.length >= count,
    );
  /** Memoised per user: the shared bot connected and the user's conversation begun (greeted and answered). */
  const begun = new Map<string, Promise<void>>();
  const conversationOf = (from: string) => {
    let made = begun.get(from);
    if (!made) {
      made = (async () => {
        await connected();
        const before = sentTo(from).length;
        await say(from, TEMPLATE_CONVERSATION.greetingSaid);
        await waitForSent(from, before + 1);
      })();
      begun.set(from, made);
    }
    return made;
  };

  test('keys: the account is checked with Twilio; a refused SID and token get the spec’s message', async () => {
    // A bot of its own: the keys are saved on a bot whose webhook was never generated.
    const bot = await ownBot();
    const keysPath = keysPathOf(bot);
    const refused = expectStatus(
      await bot.admin('PUT', keysPath, { accountSid: account.accountSid, authToken: 'not-the-token' }),
      400,
    );
    expect(refused.json().message).toBe('Twilio did not accept this Account SID and auth token.');
    const check = twilioApi.standIn.calls(`/2010-04-01/Accounts/${account.accountSid}.json`).at(-1);
    expect(check?.method).toBe('GET');
    expect(check?.headers.authorization).toBe(
      `Basic ${Buffer.from(`${account.accountSid}:not-the-token`).toString('base64')}`,
    );

    const saved = expectStatus(
      await bot.admin('PUT', keysPath, {
        accountSid: account.accountSid,
        authToken: account.authToken,
        smsNumber: SMS_NUMBER,
        whatsAppNumber: WHATSAPP_NUMBER,
        messagesTimeout: 30,
        handoverNumbers: '+49 151 1234 5678 , +49 170 1234567',
      }),
      200,
    ).json();
    expect(saved).toMatchObject({
      accountSid: account.accountSid,
      authToken: `${SECRET_MASK}${account.authToken.slice(-4)}`,
      smsNumber: SMS_NUMBER,
      messagesTimeout: 30,
      handoverNumbers: '+4915112345678,+491701234567',
      messagesWebhookUrl: '',
      webhookUrl: '',
    });
    expect(JSON.stringify(saved)).not.toContain(account.authToken);
    // Credentials alone do not connect SMS: Twilio does not know where to send messages yet.
    expect((await twilioConnection(bot))?.connected).toBe(false);
  });

  test('keys: bad values are refused with their field’s message', async () => {
    await connected();
    const bad = async (body: unknown, message: string) =>
      expect(expectStatus(await bot.admin('PUT', keysPath, body), 400).json().message).toBe(message);
    await bad({ whatsAppNumber: 'whatsapp:+1415' }, 'A phone number is + and its digits (E.164).');
    await bad(
      { handoverNumbers: '+4915112345678; 0800' },
      'Handover alert numbers are up to 5 phone numbers (+ and digits), separated by commas.',
    );
    await bad(
      { handoverNumbers: '+49 1 2 3, +4915112345678' },
      'Handover alert numbers are up to 5 phone numbers (+ and digits), separated by commas.',
    );
    await bad(
      { messagesTimeout: -5 },
      'Conversation timeout (minutes) must be between 0 and 9007199254740991.',
    );
    await bad({ voice: 'robot' }, 'Voice must be one of the listed values.');
    // Twilio's man and woman speak five languages only (spec 04 section 9).
    await bad(
      { voice: 'man', textToSpeechLanguage: 'it-IT' },
      'The voice man does not speak it-IT: man and woman speak only en-US, en-GB, es-ES, fr-FR, de-DE.',
    );
    expectStatus(await bot.admin('PUT', keysPath, { voice: 'woman', textToSpeechLanguage: 'fr-FR' }), 200);
    expect((await keys()).smsNumber).toBe(SMS_NUMBER);

    // Twilio down: the keys stay stored, and the user hears it was not Twilio's no.
    twilioApi.setDown(true);
    try {
      const down = expectStatus(await bot.admin('PUT', keysPath, { messagesTimeout: 30 }), 502);
      expect(down.json().message).toBe(
        'Twilio could not be reached to check the Account SID and auth token. Try again later.',
      );
    } finally {
      twilioApi.setDown(false);
    }
  });

  test('generating the messages webhook shows its URL and connects SMS; only a signed-in user may', async () => {
    // A bot of its own with the keys saved and no webhook yet.
    const bot = await ownBot();
    const webhookPath = webhookPathOf(bot);
    await saveKeys(bot);
    for (const method of ['POST', 'DELETE'] as const)
      expect((await server.request({ method, url: webhookPath })).statusCode).toBe(401);
    const other = expectStatus(await bot.admin('POST', `/api/twilio/${bot.botPath}/fax/webhook`), 400);
    expect(other.json().message).toBe('The webhook type is voice or messages.');

    const generated = expectStatus(await bot.admin('POST', webhookPath), 200).json();
    expect(generated.messagesWebhookUrl).toMatch(
      new RegExp(`^${PUBLIC_URL}/webhooks/twilio/messages/[A-Za-z0-9_-]{32}$`),
    );
    expect(generated.webhookUrl).toBe('');
    expect(generated).toMatchObject({ accountSid: account.accountSid, smsNumber: SMS_NUMBER });
    expect((await twilioConnection(bot))?.connected).toBe(true);
  });

  test('inbound: unsigned, tampered, wrongly keyed or other-URL signatures get 403 and reach no bot', async () => {
    await connected();
    const url = await messagesUrl();
    const from = '+4915100000001';
    const fields = messageFields(from, TEMPLATE_CONVERSATION.greetingSaid);
    const refusals = [
      await post(url, fields, { signature: null }),
      await post(url, fields, { signature: '' }),
      await post(url, fields, { sentFields: { ...fields, Body: 'tampered' } }),
      await post(url, fields, { sentFields: { ...fields, Extra: 'added' } }),
      await post(url, fields, { authToken: 'another-accounts-token' }),
      await post(url, fields, { signedUrl: url.replace('https:', 'http:') }),
      await post(url, fields, { signedUrl: `${url}?x=1` }),
      await post(url, fields, { signature: twilioSignatureOf(account.authToken, url, {}) }),
    ];
    for (const response of refusals) {
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('unauthorised_error_code');
    }
    // An unknown webhook id is no bot's.
    expect((await post(`${PUBLIC_URL}/webhooks/twilio/messages/unknown-id`, fields)).statusCode).toBe(404);
    const conversations = await conversationsOn(server, bot, 'twilio');
    expect(conversations.filter((c) => c.userKey === `sms:${from}`)).toEqual([]);
    expect(sentTo(from)).toEqual([]);

    // The same message, signed as Twilio signs it, is taken: the answer is empty TwiML.
    const accepted = await post(url, fields);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.headers['content-type']).toMatch(/^text\/xml/);
    expect(accepted.body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response/>');
    await waitForSent(from, 1);
  });

  test('the template’s whole conversation over SMS: the rating as numbered options, answered by its number', async () => {
    await connected();
    const from = '+4915100000002';
    await say(from, TEMPLATE_CONVERSATION.greetingSaid);
    const [greeting] = await waitForSent(from, 1);
    expect(greeting?.params).toMatchObject({ From: SMS_NUMBER, To: from });
    expect(greeting?.params.Body).toContain(TEMPLATE_CONVERSATION.greeting);

    await say(from, TEMPLATE_CONVERSATION.goodbyeSaid);
    const rating = (await waitForSent(from, 2))[1];
    expect(rating?.params.Body).toBe(
      [
        TEMPLATE_CONVERSATION.rating,
        ...TEMPLATE_CONVERSATION.ratingOptions.map((option, index) => `${index + 1}. ${option}`),
      ].join('\n'),
    );

    await say(from, '1');
    const thanks = (await waitForSent(from, 3))[2];
    expect(thanks?.params.Body).toContain(TEMPLATE_CONVERSATION.thanks);

    const [conversation] = (await conversationsOn(server, bot, 'twilio')).filter(
      (c) => c.userKey === `sms:${from}`,
    );
    const said = conversation?.turns.filter((t) => t.direction === 'in').map((t) => t.activity);
    expect(said?.at(-1)).toEqual({ type: 'click', text: TEMPLATE_CONVERSATION.ratingOptions[0] });
  });

  test('the same conversation over WhatsApp is a WhatsApp conversation, answered from the WhatsApp sender', async () => {
    await connected();
    const from = 'whatsapp:+4915100000010';
    await say(from, TEMPLATE_CONVERSATION.greetingSaid);
    await say(from, TEMPLATE_CONVERSATION.goodbyeSaid);
    const rating = (await waitForSent(from, 2))[1];
    expect(rating?.params.Body).toContain(`1. ${TEMPLATE_CONVERSATION.ratingOptions[0]}`);
    await say(from, 'Very Satisfied');
    const sent = await waitForSent(from, 3);
    expect(sent[2]?.params.Body).toContain(TEMPLATE_CONVERSATION.thanks);
    for (const message of sent) expect(message.params.From).toBe(`whatsapp:${WHATSAPP_NUMBER}`);

    const conversations = await conversationsOn(server, bot, 'whatsapp');
    expect(conversations.map((c) => c.userKey)).toContain('whatsapp:+4915100000010');
    expect((await conversationsOn(server, bot, 'twilio')).map((c) => c.userKey)).not.toContain(
      'whatsapp:+4915100000010',
    );
  });

  test('a retried MessageSid is answered once', async () => {
    await connected();
    const from = '+4915100000004';
    const url = await messagesUrl();
    const fields = messageFields(from, TEMPLATE_CONVERSATION.greetingSaid);
    expect((await post(url, fields)).statusCode).toBe(200);
    expect((await post(url, fields)).statusCode).toBe(200);
    await waitForSent(from, 1);
    // A later message shows the retry's answer would have come before it.
    await say(from, TEMPLATE_CONVERSATION.greetingSaid);
    await waitForSent(from, 2);
    expect(sentTo(from)).toHaveLength(2);
    const [conversation] = (await conversationsOn(server, bot, 'twilio')).filter(
      (c) => c.userKey === `sms:${from}`,
    );
    expect(conversation?.turns.filter((t) => t.direction === 'in')).toHaveLength(2);
  });

  test('an answer Twilio refuses (down) is sent again later, once', async () => {
    await connected();
    const from = '+4915100000009';
    twilioApi.setDown(true);
    try {
      await say(from, TEMPLATE_CONVERSATION.greetingSaid);
      expect(sentTo(from)).toEqual([]);
    } finally {
      twilioApi.setDown(false);
    }
    const [greeting] = await pollUntil(
      'the greeting sent again',
      () => sentTo(from),
      (sent) => sent.length >= 1,
      { timeoutMs: 15_000 },
    );
    expect(greeting?.params.Body).toContain(TEMPLATE_CONVERSATION.greeting);
    await say(from, TEMPLATE_CONVERSATION.greetingSaid);
    await waitForSent(from, 2);
    expect(sentTo(from)).toHaveLength(2);
  });

  /** A user's conversation, and the bot saying something outside a turn (as an agent or a Delay's end does). */
  const deliverTo = async (
    channel: string,
    userKey: string,
    activities: Parameters<typeof deliverOutOfTurn>[3],
  ) => {
    const [conversation] = (await conversationsOn(server, bot, channel)).filter((c) => c.userKey === userKey);
    const stored = await server.ctx.repos.forTenant(bot.tenantId).bots.getById(bot.botId);
    if (!conversation || !stored) throw new Error(`no conversation of ${userKey}`);
    await deliverOutOfTurn(server.ctx, stored, conversation, activities);
  };

  test('a text longer than 1600 characters goes in two SMS; files, pictures and cards as each channel shows them', async () => {
    // Users of its own whose conversations have begun.
    const from = '+4915100000012';
    await conversationOf(from);
    await conversationOf('whatsapp:+4915100000003');
    const before = sentTo(from).length;
    const long = `${'word '.repeat(340)}end`;
    expect(long.length).toBe(1703);
    await deliverTo('twilio', `sms:${from}`, [{ type: 'text', text: long }]);
    const parts = sentTo(from).slice(before);
    expect(parts).toHaveLength(2);
    for (const part of parts) expect(String(part.params.Body).length).toBeLessThanOrEqual(1600);
    expect(parts.map((p) => p.params.Body).join(' ')).toBe(long);

    await deliverTo('twilio', `sms:${from}`, [
      { type: 'image', url: 'https://example.com/map.png' },
      { type: 'attachment', name: 'manual.pdf', fileId: 'file-1' },
      {
        type: 'adaptiveCard',
        card: {
          type: 'AdaptiveCard',
          body: [
            { type: 'TextBlock', text: 'Your order' },
            { type: 'TextBlock', text: 'Shipped' },
          ],
        },
      },
    ]);
    const [picture, file, card] = sentTo(from).slice(before + 2);
    expect(picture?.params).toMatchObject({ MediaUrl: 'https://example.com/map.png' });
    expect(picture?.params.Body).toBeUndefined();
    expect(file?.params.Body).toMatch(new RegExp(`^manual\\.pdf: ${PUBLIC_URL}/api/channel-files/`));
    expect(file?.params.MediaUrl).toBeUndefined();
    expect(card?.params.Body).toBe('Your order\nShipped');

    // WhatsApp sends the file itself.
    const whatsApp = 'whatsapp:+4915100000003';
    const sentBefore = sentTo(whatsApp).length;
    await deliverTo('whatsapp', whatsApp, [{ type: 'attachment', name: 'manual.pdf', fileId: 'file-1' }]);
    const [media] = sentTo(whatsApp).slice(sentBefore);
    expect(media?.params.Body).toBe('manual.pdf');
    expect(media?.params.MediaUrl).toMatch(new RegExp(`^${PUBLIC_URL}/api/channel-files/`));
  });

  test('more options than the catalogue’s 10 are all numbered, and the last is answered by its number', async () => {
    const from = '+4915100000022';
    await conversationOf(from);
    const options = Array.from({ length: 12 }, (_, index) => `Branch ${index + 1}`);
    const before = sentTo(from).length;
    await deliverTo('twilio', `sms:${from}`, [{ type: 'options', text: 'Which branch?', options }]);
    const [list] = sentTo(from).slice(before);
    expect(String(list?.params.Body).split('\n')).toEqual([
      'Which branch?',
      ...options.map((option, index) => `${index + 1}. ${option}`),
    ]);

    await say(from, '12');
    const [conversation] = (await conversationsOn(server, bot, 'twilio')).filter(
      (c) => c.userKey === `sms:${from}`,
    );
    const said = conversation?.turns.filter((t) => t.direction === 'in').map((t) => t.activity);
    expect(said?.at(-1)).toEqual({ type: 'click', text: 'Branch 12' });
    // The options were for that one answer: a later number is the user's own words.
    await say(from, '12');
    const [after] = (await conversationsOn(server, bot, 'twilio')).filter((c) => c.userKey === `sms:${from}`);
    expect(after?.turns.filter((t) => t.direction === 'in').at(-1)?.activity).toEqual({
      type: 'text',
      text: '12',
    });
  });

  test('a handover alerts the handover numbers by SMS from the SMS number', async () => {
    await conversationOf('whatsapp:+4915100000003');
    await deliverTo('whatsapp', 'whatsapp:+4915100000003', [{ type: 'event', name: 'handover' }]);
    for (const number of ['+4915112345678', '+491701234567']) {
      const [alert] = await waitForSent(number, 1);
      expect(alert?.params).toMatchObject({
        From: SMS_NUMBER,
        Body: `${bot.botName}: a user on WhatsApp (+4915100000003) asks for a person. Answer in Parley's agent inbox.`,
      });
    }
  });

  test('pictures a user sends are an attachment', async () => {
    await connected();
    const from = '+4915100000005';
    await say(from, 'look', {
      NumMedia: '1',
      MediaUrl0: 'https://api.twilio.com/2010-04-01/Accounts/AC1/Messages/MM1/Media/ME1',
      MediaContentType0: 'image/jpeg',
    });
    const [conversation] = (await conversationsOn(server, bot, 'twilio')).filter(
      (c) => c.userKey === `sms:${from}`,
    );
    expect(conversation?.turns.find((t) => t.direction === 'in')?.activity).toEqual({
      type: 'attachment',
      files: [
        { url: 'https://api.twilio.com/2010-04-01/Accounts/AC1/Messages/MM1/Media/ME1', name: 'ME1.jpeg' },
      ],
      text: 'look',
    });
  });

  test('with the channel disabled on the Configuration tab, messages get no answer', async () => {
    await connected();
    await setChannelEnabled(bot, 'twilio', false);
    try {
      const from = '+4915100000006';
      await say(from, TEMPLATE_CONVERSATION.greetingSaid);
      await say(`whatsapp:${from}`, TEMPLATE_CONVERSATION.greetingSaid);
      expect(sentTo(from)).toEqual([]);
      expect(sentTo(`whatsapp:${from}`)).toEqual([]);
      const all = [
        ...(await conversationsOn(server, bot, 'twilio')),
        ...(await conversationsOn(server, bot, 'whatsapp')),
      ];
      expect(all.filter((c) => c.userKey.endsWith(from))).toEqual([]);
    } finally {
      await setChannelEnabled(bot, 'twilio', true);
    }
  });

  test('fuzz: hostile bodies to the webhook and the webhook calls never get a 500', async () => {
    await connected();
    const log = createFuzzLog();
    const url = await messagesUrl();
    const path = new URL(url).pathname;
    const bodies = [
      ...HOSTILE_RAW_BODIES,
      ...HOSTILE_VALUES.map((value) => `Body=${encodeURIComponent(JSON.stringify(value) ?? '')}`),
      'MessageSid=&From=&To=',
      'NumMedia=999999&MediaUrl0=javascript:alert(1)&MessageSid=SMx&From=+1&To=+2',
      '%E0%A4%A=broken',
      `Body=${'x'.repeat(200_000)}`,
    ];
    for (const body of bodies) {
      for (const type of ['application/x-www-form-urlencoded', 'application/json', 'text/plain']) {
        // Signed over what the server will parse, so hostile fields get past the signature too.
        const fields = Object.fromEntries(new URLSearchParams(body)) as Record<string, string>;
        for (const signature of [undefined, twilioSignatureOf(account.authToken, url, fields)]) {
          const response = await server.request({
            method: 'POST',
            url: path,
            body,
            headers: { 'content-type': type, ...(signature ? { 'x-twilio-signature': signature } : {}) },
          });
          log.check(`POST webhook ${type} ${body.slice(0, 60)}`, response.statusCode, response.body);
        }
      }
    }
    for (const param of HOSTILE_PARAMS) {
      for (const method of ['POST', 'DELETE'] as const) {
        const response = await bot.admin(method, `/api/twilio/${bot.botPath}/${param}/webhook`);
        log.check(`${method} webhook type ${param}`, response.statusCode, response.body);
      }
      const response = await server.request({
        method: 'POST',
        url: `/webhooks/twilio/messages/${param}`,
        body: 'Body=x',
      });
      log.check(`POST webhook id ${param}`, response.statusCode, response.body);
    }
    try {
      for (const value of HOSTILE_VALUES) {
        const response = await bot.admin('PUT', keysPath, { handoverNumbers: value, smsNumber: value });
        log.check(`PUT keys ${JSON.stringify(value)?.slice(0, 40)}`, response.statusCode, response.body);
      }
    } finally {
      // Whatever hostile value was taken, the shared bot's keys are as the other tests know them.
      await saveKeys(bot);
    }
    expect(log.failures).toEqual([]);
    expect(log.sent).toBeGreaterThan(100);
  });

  test('changing the webhook gives a new URL and the old one stops working', async () => {
    await connected();
    const oldUrl = await messagesUrl();
    const changed = expectStatus(await bot.admin('POST', webhookPath), 200).json();
    expect(changed.messagesWebhookUrl).not.toBe(oldUrl);
    expect(changed.messagesWebhookUrl).toMatch(/\/webhooks\/twilio\/messages\//);
    const from = '+4915100000007';
    expect((await post(oldUrl, messageFields(from, TEMPLATE_CONVERSATION.greetingSaid))).statusCode).toBe(
      404,
    );
    expect(sentTo(from)).toEqual([]);
    await say(from, TEMPLATE_CONVERSATION.greetingSaid);
    await waitForSent(from, 1);
  });

  test('deleting the webhook clears all the Twilio keys and disconnects the channel', async () => {
    // A bot of its own, connected: deleting clears its keys for good.
    const bot = await ownBot();
    const webhookPath = webhookPathOf(bot);
    await connect(bot);
    const url = expectStatus(await bot.admin('GET', keysPathOf(bot)), 200).json()
      .messagesWebhookUrl as string;
    const cleared = expectStatus(await bot.admin('DELETE', webhookPath), 200).json();
    expect(cleared).toMatchObject({
      accountSid: '',
      authToken: '',
      smsNumber: '',
      messagesWebhookUrl: '',
      webhookUrl: '',
      voice: 'alice',
    });
    expect(
      await server.ctx.repos.forTenant(bot.tenantId).channelKeys(bot.botId).get('twilio'),
    ).toBeUndefined();
    expect((await twilioConnection(bot))?.connected).toBe(false);
    expect((await post(url, messageFields('+4915100000008', 'hello'))).statusCode).toBe(404);
  });
});
