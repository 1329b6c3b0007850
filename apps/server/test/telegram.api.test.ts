import { SECRET_MASK } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { deliverOutOfTurn } from '../src/services/channels/messaging/outbound-delivery';
import { expectStatus, selectTenant } from './support/admin-world';
import { multipartBody } from './support/bot-content';
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
import { startTelegramStandIn, type TelegramStandIn } from './support/telegram-stand-in';
import { type MasterWorld, signUpMaster } from './support/tenant-world';
import { startTestServer, type TestServer } from './support/test-server';

const TOKEN = '123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw';
/** Well-formed, but not a bot Telegram knows. */
const UNKNOWN_TOKEN = '987654321:ZZZdqTcvCH1vGWJxfSeofSAs0K5PALDsaw';
const PUBLIC_URL = 'https://parley.test';

/**
 * Telegram (issue 14) against a stand-in of the Bot API: saving the token checks it with getMe
 * and sets the webhook with a secret token; updates without that token reach no bot; the
 * support template's whole conversation runs through sendMessage and an inline keyboard; a
 * retried update is answered once; a disabled channel answers nothing.
 */
describe.each(testDatabases())('Telegram on %s', (kind) => {
  let server: TestServer;
  let telegram: TelegramStandIn;
  let base: MasterWorld;
  let bot: ChannelTemplateBot;
  let keysPath: string;
  let update_id = 1000;

  beforeAll(async () => {
    server = await startTestServer(kind);
    telegram = await startTelegramStandIn([TOKEN]);
    server.ctx.config.platforms.telegram = telegram.url;
    server.ctx.config.publicUrl = PUBLIC_URL;
    base = await signUpMaster(server);
    bot = await channelTemplateBot(server, base, ['telegram']);
    keysPath = `/api/telegram/${bot.botPath}/keys`;
  });
  afterAll(async () => {
    await telegram?.close();
    await server?.close();
  });

  const putToken = (accessToken: string) => bot.admin('PUT', keysPath, { accessToken });
  const storedKeys = async () => {
    const record = await server.ctx.repos.forTenant(bot.tenantId).channelKeys(bot.botId).get('telegram');
    if (!record) throw new Error('no telegram keys stored');
    return record;
  };
  const telegramConnection = async () => {
    const view = expectStatus(await bot.admin('GET', `/api/bots/${bot.botPath}/configuration`), 200).json();
    return (view.channels as Array<{ id: string; connected: boolean }>).find((c) => c.id === 'telegram');
  };
  /** The webhook Parley gave Telegram last: where updates go, and the secret they carry. */
  const webhook = () => {
    const last = telegram.calls('setWebhook').at(-1);
    if (!last) throw new Error('setWebhook was not called');
    return last.params as { url: string; secret_token: string; allowed_updates: string[] };
  };
  const webhookPath = () => new URL(webhook().url).pathname;

  const post = (body: unknown, secret: string | undefined, path = webhookPath()) =>
    server.request({
      method: 'POST',
      url: path,
      body: typeof body === 'string' ? body : JSON.stringify(body),
      headers: {
        'content-type': 'application/json',
        ...(secret !== undefined ? { 'x-telegram-bot-api-secret-token': secret } : {}),
      },
    });
  const textUpdate = (chatId: number, text: string, messageId = update_id) => ({
    update_id: update_id++,
    message: {
      message_id: messageId,
      date: 1_700_000_000,
      chat: { id: chatId, type: 'private', first_name: 'Ada' },
      from: { id: chatId, is_bot: false, first_name: 'Ada', language_code: 'en' },
      text,
    },
  });
  const messagesTo = (chatId: number) =>
    telegram.calls('sendMessage').filter((call) => call.params.chat_id === chatId);
  const textsTo = (chatId: number) => messagesTo(chatId).map((call) => String(call.params.text));
  const waitForText = (chatId: number, text: string) =>
    pollUntil(
      `a sendMessage to ${chatId} with '${text}'`,
      () => textsTo(chatId),
      (texts) => texts.some((t) => t.includes(text)),
    );

  describe('keys', () => {
    test('a valid token: getMe, then setWebhook to the bot’s webhook with a derived secret; connected', async () => {
      const saved = expectStatus(await putToken(TOKEN), 200).json();
      expect(saved).toEqual({ accessToken: `${SECRET_MASK}${TOKEN.slice(-4)}`, isValidated: true });
      expect(telegram.calls('getMe').at(-1)?.token).toBe(TOKEN);
      const record = await storedKeys();
      const hook = webhook();
      expect(hook.url).toBe(`${PUBLIC_URL}/webhooks/telegram/${record.webhookId}`);
      expect(hook.secret_token).toMatch(/^[A-Za-z0-9_-]{32,256}$/);
      expect(hook.allowed_updates).toEqual(['message', 'callback_query']);
      expect(JSON.stringify(record)).not.toContain(TOKEN);
      expect(record.keys.isValidated).toBe(true);
      expect((await telegramConnection())?.connected).toBe(true);
      // The dialog sends back what it got: the mask keeps the token, and the webhook is set again
      // (Save takes the bot's updates back from another tool that set its own webhook).
      const setWebhooks = telegram.calls('setWebhook').length;
      expect(expectStatus(await bot.admin('PUT', keysPath, saved), 200).json()).toEqual(saved);
      expect(telegram.calls('setWebhook').length).toBe(setWebhooks + 1);
      expect(telegram.calls('setWebhook').at(-1)?.token).toBe(TOKEN);
      expect(webhook().url).toBe(hook.url);
    });

    test('a token Telegram refuses: 400 with a clear message, disconnected, no webhook set', async () => {
      const setWebhooks = telegram.calls('setWebhook').length;
      const refused = expectStatus(await putToken(UNKNOWN_TOKEN), 400).json();
      expect(refused.message).toBe('Telegram did not accept this access token.');
      expect(telegram.standIn.calls(`/bot${UNKNOWN_TOKEN}/getMe`)).toHaveLength(1);
      expect(telegram.calls('setWebhook').length).toBe(setWebhooks);
      expect(expectStatus(await bot.admin('GET', keysPath), 200).json().isValidated).toBe(false);
      expect((await telegramConnection())?.connected).toBe(false);
      // The good token again: connected again.
      expect(expectStatus(await putToken(TOKEN), 200).json().isValidated).toBe(true);
    });

    test('malformed tokens are refused before Telegram is asked', async () => {
      const asked = telegram.standIn.requests.length;
      for (const bad of [
        'abc',
        '123456789',
        '123:short',
        `${'1'.repeat(21)}:AAHdqTcvCH1vGWJxfSeofSAs0K5`,
        'a:b/../getMe',
        42,
      ]) {
        const answer = expectStatus(await bot.admin('PUT', keysPath, { accessToken: bad }), 400).json();
        expect(answer.code).toBe('validation_error');
      }
      expect(telegram.standIn.requests.length).toBe(asked);
      expect((await storedKeys()).keys.isValidated).toBe(true);
    });

    test('a public address Telegram cannot call (not HTTPS): the webhook is refused, disconnected', async () => {
      server.ctx.config.publicUrl = 'http://parley.test';
      try {
        expectStatus(await putToken(''), 200);
        const refused = expectStatus(await putToken(TOKEN), 400).json();
        expect(refused.message).toBe(
          'Telegram did not accept the webhook: Bad Request: bad webhook: An HTTPS URL must be provided for webhook',
        );
        expect((await storedKeys()).keys.isValidated).toBe(false);
      } finally {
        server.ctx.config.publicUrl = PUBLIC_URL;
      }
    });

    test('Telegram out of reach: 502 with a message to try again, disconnected', async () => {
      server.ctx.config.platforms.telegram = 'http://127.0.0.1:1';
      try {
        expectStatus(await putToken(''), 200);
        const failed = expectStatus(await putToken(TOKEN), 502).json();
        expect(failed).toMatchObject({
          code: 'configuration_error',
          message: 'Telegram could not be reached. Please try again later.',
        });
        expect((await storedKeys()).keys.isValidated).toBe(false);
      } finally {
        server.ctx.config.platforms.telegram = telegram.url;
      }
      // Saved again as the dialog shows it (the token masked): Telegram is asked again, and connects.
      const shown = expectStatus(await bot.admin('GET', keysPath), 200).json();
      expect(expectStatus(await bot.admin('PUT', keysPath, shown), 200).json().isValidated).toBe(true);
    });

    test('an empty token disconnects without asking Telegram; a token again connects', async () => {
      const asked = telegram.standIn.requests.length;
      expect(expectStatus(await putToken(''), 200).json()).toEqual({ accessToken: '', isValidated: false });
      expect(telegram.standIn.requests.length).toBe(asked);
      expect(expectStatus(await putToken(TOKEN), 200).json().isValidated).toBe(true);
      expect((await telegramConnection())?.connected).toBe(true);
    });
  });

  describe('webhook', () => {
    test('updates without the secret token, or with a wrong one, get 401 and reach no bot', async () => {
      const secret = webhook().secret_token;
      const chatId = 5005;
      const wrongSecrets = [
        undefined,
        '',
        `${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`,
        `${secret}x`,
        secret.slice(0, -1),
        secret.toUpperCase() === secret ? secret.toLowerCase() : secret.toUpperCase(),
      ];
      for (const wrong of wrongSecrets) {
        const response = await post(textUpdate(chatId, TEMPLATE_CONVERSATION.greetingSaid), wrong);
        expect(response.statusCode, `secret ${wrong}`).toBe(401);
        expect(response.json().code).toBe('unauthorised_error_code');
      }
      // The secret of this webhook on another webhook's URL is no key either.
      const other = await post(textUpdate(chatId, 'hello'), secret, '/webhooks/telegram/not-a-webhook');
      expect(other.statusCode).toBe(404);
      expect(
        await conversationsOn(server, bot, 'telegram').then((all) =>
          all.filter((c) => c.userKey === `telegram:${chatId}`),
        ),
      ).toEqual([]);
      expect(messagesTo(chatId)).toEqual([]);
      // The right secret: the same update is answered.
      expectStatus(await post(textUpdate(chatId, TEMPLATE_CONVERSATION.greetingSaid), secret), 200);
      await waitForText(chatId, TEMPLATE_CONVERSATION.greeting);
    });

    test('the whole template conversation: greeting, a rating as an inline keyboard, thanks for a press', async () => {
      const secret = webhook().secret_token;
      const chatId = 1001;
      expectStatus(await post(textUpdate(chatId, TEMPLATE_CONVERSATION.greetingSaid), secret), 200);
      await waitForText(chatId, TEMPLATE_CONVERSATION.greeting);

      expectStatus(await post(textUpdate(chatId, TEMPLATE_CONVERSATION.goodbyeSaid), secret), 200);
      await waitForText(chatId, TEMPLATE_CONVERSATION.rating);
      const rating = messagesTo(chatId).find((call) =>
        String(call.params.text).includes(TEMPLATE_CONVERSATION.rating),
      );
      if (!rating) throw new Error('no rating message');
      const keyboard = (
        rating.params.reply_markup as {
          inline_keyboard: Array<Array<{ text: string; callback_data: string }>>;
        }
      ).inline_keyboard;
      expect(keyboard.flat().map((button) => button.text)).toEqual([...TEMPLATE_CONVERSATION.ratingOptions]);
      const pressed = keyboard.flat().find((button) => button.text === 'Very Satisfied');

      // The user presses 'Very Satisfied': Telegram sends the bot's message with the button's data.
      const queryId = '4382bfdwdsb323b2d9';
      expectStatus(
        await post(
          {
            update_id: update_id++,
            callback_query: {
              id: queryId,
              from: { id: chatId, is_bot: false, first_name: 'Ada', language_code: 'en' },
              chat_instance: '-100200300',
              data: pressed?.callback_data,
              message: {
                message_id: 77,
                date: 1_700_000_000,
                chat: { id: chatId, type: 'private' },
                from: { id: 777000111, is_bot: true, first_name: 'Support Desk' },
                text: rating.params.text,
                reply_markup: rating.params.reply_markup,
              },
            },
          },
          secret,
        ),
        200,
      );
      await waitForText(chatId, TEMPLATE_CONVERSATION.thanks);
      expect(telegram.calls('answerCallbackQuery').map((call) => call.params.callback_query_id)).toContain(
        queryId,
      );

      const [conversation, ...others] = (await conversationsOn(server, bot, 'telegram')).filter(
        (c) => c.userKey === `telegram:${chatId}`,
      );
      expect(others).toEqual([]);
      const said = conversation?.turns.filter((t) => t.direction === 'in').map((t) => t.activity);
      expect(said).toEqual([
        { type: 'text', text: 'hello' },
        { type: 'text', text: 'bye' },
        { type: 'click', text: 'Very Satisfied' },
      ]);
      for (const call of messagesTo(chatId)) expect(call.token).toBe(TOKEN);
    });

    test('a retried update is taken once: one turn, one answer', async () => {
      const secret = webhook().secret_token;
      const chatId = 2002;
      const update = textUpdate(chatId, TEMPLATE_CONVERSATION.greetingSaid);
      expectStatus(await post(update, secret), 200);
      await waitForText(chatId, TEMPLATE_CONVERSATION.greeting);
      const answers = messagesTo(chatId).length;
      expectStatus(await post(update, secret), 200);
      expectStatus(await post(update, secret), 200);
      // A later message goes through: the retries before it were answered by then or never.
      expectStatus(await post(textUpdate(chatId, TEMPLATE_CONVERSATION.goodbyeSaid), secret), 200);
      await waitForText(chatId, TEMPLATE_CONVERSATION.rating);
      expect(textsTo(chatId).filter((text) => text.includes(TEMPLATE_CONVERSATION.greeting))).toHaveLength(1);
      expect(messagesTo(chatId).length).toBe(answers + 1);
      const [conversation] = (await conversationsOn(server, bot, 'telegram')).filter(
        (c) => c.userKey === `telegram:${chatId}`,
      );
      expect(conversation?.turns.filter((t) => t.direction === 'in')).toHaveLength(2);
    });

    test('a photo from the user reaches the bot as an attachment behind a signed Parley link', async () => {
      const secret = webhook().secret_token;
      const chatId = 4004;
      telegram.files.set('photo-big', 'photos/file_7.jpg');
      const update = textUpdate(chatId, '');
      const { text: _text, ...message } = update.message;
      expectStatus(
        await post(
          {
            update_id: update.update_id,
            message: {
              ...message,
              caption: 'my receipt',
              photo: [
                { file_id: 'photo-small', file_unique_id: 's', width: 90, height: 90 },
                { file_id: 'photo-big', file_unique_id: 'b', width: 800, height: 800 },
              ],
            },
          },
          secret,
        ),
        200,
      );
      const [conversation] = await pollUntil(
        'the photo turn',
        async () =>
          (await conversationsOn(server, bot, 'telegram')).filter((c) => c.userKey === `telegram:${chatId}`),
        (found) => (found[0]?.turns.length ?? 0) > 0,
      );
      // A Parley link, not Telegram's file address: that one holds the bot's token.
      const activity = conversation?.turns[0]?.activity as { files: Array<{ url: string; name: string }> };
      expect(activity).toMatchObject({
        type: 'attachment',
        files: [{ name: 'photo.jpg' }],
        text: 'my receipt',
      });
      expect(JSON.stringify(conversation?.turns)).not.toContain(TOKEN);
      const link = new URL(activity.files[0]?.url ?? '');
      expect(`${link.origin}${link.pathname}`).toMatch(new RegExp(`^${webhook().url}/files/[^/]+$`));
      const photo = await server.request({ method: 'GET', url: link.pathname });
      expect(photo.statusCode).toBe(200);
      expect(photo.headers['content-type']).toBe('image/jpeg');
      expect(photo.body).toBe('jpeg bytes');
      // A link of another file id, or altered, opens nothing.
      const [encoded = '', signature = ''] = (link.pathname.split('/').at(-1) ?? '').split('.');
      const forged = `${link.pathname.slice(0, link.pathname.lastIndexOf('/'))}/${Buffer.from('photo-small').toString('base64url')}.${signature}`;
      for (const path of [
        forged,
        `${link.pathname}x`,
        link.pathname.replace(encoded, `d${encoded.slice(1)}`),
      ])
        expect((await server.request({ method: 'GET', url: path })).statusCode, path).toBe(404);
      expect(telegram.calls('getFile').at(-1)?.params).toEqual({ file_id: 'photo-big' });
    });

    test('a file the bot sends is uploaded with sendDocument (Telegram fetches only PDF, ZIP and GIF by URL)', async () => {
      const secret = webhook().secret_token;
      const chatId = 7007;
      expectStatus(await post(textUpdate(chatId, TEMPLATE_CONVERSATION.greetingSaid), secret), 200);
      await waitForText(chatId, TEMPLATE_CONVERSATION.greeting);
      // A file of the bot's flows, uploaded as the flow editor does (the master administrator in the bot's tenant).
      const content = 'Terms of service, version 3.';
      const { payload, contentType } = multipartBody('file', 'terms.txt', content);
      await selectTenant(server, base.master, bot.tenantId);
      const uploaded = await server
        .request({
          method: 'POST',
          url: `/api/${bot.botPath}/block-upload-file`,
          token: base.master.token,
          body: payload,
          headers: { 'content-type': contentType },
        })
        .finally(() => selectTenant(server, base.master, base.masterTenantId));
      const { fileId } = expectStatus(uploaded, 200).json() as { fileId: string };

      const scope = server.ctx.repos.forTenant(bot.tenantId);
      const botRecord = await scope.bots.getById(bot.botId);
      const [conversation] = (await conversationsOn(server, bot, 'telegram')).filter(
        (c) => c.userKey === `telegram:${chatId}`,
      );
      if (!botRecord || !conversation) throw new Error('no bot or conversation');
      await deliverOutOfTurn(server.ctx, botRecord, conversation, [
        { type: 'attachment', name: 'terms.txt', fileId },
      ]);
      const [sent] = await pollUntil(
        'a sendDocument',
        () => telegram.calls('sendDocument').filter((call) => call.params.chat_id === String(chatId)),
        (calls) => calls.length > 0,
      );
      const document = sent?.params.document as File;
      expect(document.name).toBe('terms.txt');
      expect(Buffer.from(await document.arrayBuffer()).toString()).toBe(content);
      expect(telegram.calls('sendChatAction').at(-1)?.params).toEqual({
        chat_id: chatId,
        action: 'upload_document',
      });
    });

    test('a document a user sends is served for download only, whatever its type', async () => {
      const secret = webhook().secret_token;
      const chatId = 4114;
      telegram.files.set('doc-1', 'documents/file_9.html');
      const { text: _text, ...message } = textUpdate(chatId, '').message;
      expectStatus(
        await post(
          {
            update_id: update_id++,
            message: {
              ...message,
              document: { file_id: 'doc-1', file_unique_id: 'd', file_name: 'page.html' },
            },
          },
          secret,
        ),
        200,
      );
      const [conversation] = await pollUntil(
        'the document turn',
        async () =>
          (await conversationsOn(server, bot, 'telegram')).filter((c) => c.userKey === `telegram:${chatId}`),
        (found) => (found[0]?.turns.length ?? 0) > 0,
      );
      const activity = conversation?.turns[0]?.activity as { files: Array<{ url: string; name: string }> };
      expect(activity.files[0]?.name).toBe('page.html');
      const served = await server.request({
        method: 'GET',
        url: new URL(activity.files[0]?.url ?? '').pathname,
      });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('application/octet-stream');
      expect(served.headers['content-disposition']).toMatch(/^attachment/);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
    });

    test('with the channel disabled on the Configuration tab, a message gets no answer', async () => {
      const secret = webhook().secret_token;
      const chatId = 3003;
      await setChannelEnabled(bot, 'telegram', false);
      try {
        expectStatus(await post(textUpdate(chatId, TEMPLATE_CONVERSATION.greetingSaid), secret), 200);
        expect(messagesTo(chatId)).toEqual([]);
        expect(
          (await conversationsOn(server, bot, 'telegram')).filter((c) => c.userKey === `telegram:${chatId}`),
        ).toEqual([]);
      } finally {
        await setChannelEnabled(bot, 'telegram', true);
      }
      // Enabled again, a new message is answered (the one refused is not kept).
      expectStatus(await post(textUpdate(chatId, TEMPLATE_CONVERSATION.greetingSaid), secret), 200);
      await waitForText(chatId, TEMPLATE_CONVERSATION.greeting);
    });

    test('updates the bot does not read are taken quietly', async () => {
      const secret = webhook().secret_token;
      const sent = telegram.calls('sendMessage').length;
      const ignored = [
        { update_id: update_id++, edited_message: textUpdate(6006, 'edited').message },
        {
          update_id: update_id++,
          message: { ...textUpdate(6006, 'x').message, text: undefined, sticker: { file_id: 's' } },
        },
        {
          update_id: update_id++,
          message: { ...textUpdate(6006, 'from a bot').message, from: { id: 1, is_bot: true } },
        },
      ];
      for (const update of ignored) expectStatus(await post(update, secret), 200);
      expect(telegram.calls('sendMessage').length).toBe(sent);
    });

    test('hostile bodies and webhook ids: never a 500, refusals with a code', async () => {
      const secret = webhook().secret_token;
      const log = createFuzzLog();
      const send = async (body: unknown, withSecret: string | undefined, path?: string) => {
        const response = await post(body, withSecret, path);
        log.check(
          `${path ?? 'webhook'} ${String(JSON.stringify(body)).slice(0, 80)}`,
          response.statusCode,
          response.body,
        );
        return response;
      };
      const base = textUpdate(9009, 'hello');
      const bodies: unknown[] = [...HOSTILE_VALUES, ...HOSTILE_RAW_BODIES, base];
      for (const value of HOSTILE_VALUES) {
        bodies.push({ ...base, update_id: value });
        bodies.push({ ...base, message: value });
        bodies.push({ ...base, message: { ...base.message, chat: value } });
        bodies.push({ ...base, message: { ...base.message, text: value } });
        bodies.push({ ...base, message: { ...base.message, photo: value } });
        bodies.push({ update_id: update_id++, callback_query: { id: 'q', from: { id: 1 }, data: value } });
        bodies.push({ update_id: update_id++, callback_query: value });
      }
      for (const body of bodies) {
        // Unauthenticated: refused (a body over the size limit even before it is read).
        expect([401, 413]).toContain((await send(body, undefined)).statusCode);
        await send(body, secret);
      }
      for (const param of HOSTILE_PARAMS) await send(base, secret, `/webhooks/telegram/${param}`);
      for (const param of [...HOSTILE_PARAMS, 'a.b', '.', `${'A'.repeat(700)}.x`]) {
        for (const url of [`${webhookPath()}/files/${param}`, `/webhooks/telegram/${param}/files/${param}`]) {
          const response = await server.request({ method: 'GET', url });
          log.check(`GET ${url.slice(0, 80)}`, response.statusCode, response.body);
          expect(response.statusCode, url).toBeLessThan(500);
        }
      }
      const raw = await server.request({
        method: 'POST',
        url: webhookPath(),
        body: Buffer.from([0xff, 0xfe, 0x00]),
        headers: { 'content-type': 'application/octet-stream', 'x-telegram-bot-api-secret-token': secret },
      });
      log.check('binary body', raw.statusCode, raw.body);
      expect(log.failures).toEqual([]);
      expect(log.sent).toBeGreaterThan(100);
    });
  });
});
