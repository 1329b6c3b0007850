import { MAIL_CHANNEL_MESSAGES, SECRET_MASK } from '@parley/contracts';
import type { Bot } from '@parley/db';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { NUMBERED_OPTIONS_HINT } from '../src/services/channels/mail/mail-outbound';
import { MAIL_MAX_AGE_HOURS, pollMailbox, pollMailboxes } from '../src/services/channels/mail/mail-poller';
import { expectStatus } from './support/admin-world';
import {
  type ChannelTemplateBot,
  channelTemplateBot,
  conversationsOn,
  setChannelEnabled,
  TEMPLATE_CONVERSATION,
} from './support/channel-bots';
import { testDatabases } from './support/databases';
import { createFuzzLog, HOSTILE_RAW_BODIES, hostileBodies, sendJsonBodies } from './support/fuzz';
import { type MailStandIn, type SentMail, startMailStandIn } from './support/mail-stand-in';
import { type MasterWorld, signUpMaster } from './support/tenant-world';
import { startTestServer, type TestServer } from './support/test-server';

const ACCOUNT = { address: 'support@parley-mail.test', password: 'Mailbox-Pass-1' };
const CUSTOMER = 'Casey.Customer@Example.com';
const customerKey = `mail:${CUSTOMER.toLowerCase()}`;

/**
 * The e-mail channel (issue 14) against a stand-in mail provider on 127.0.0.1 (an IMAP mailbox
 * and an SMTP server that takes mail only after AUTH, from the account's own address): connect
 * logs in before it saves, the poller reads unread mail and answers each once as a reply in the
 * user's thread, a whole template conversation by mail, and the channel off or disconnected.
 */
describe.each(testDatabases())('mail channel on %s', (kind) => {
  let server: TestServer;
  let base: MasterWorld;
  let mail: MailStandIn;
  let bot: ChannelTemplateBot;
  let botRecord: Bot;

  const url = (call: string) => `/api/mail-channel/${bot.botPath}/${call}`;
  const connect = (body: unknown) => bot.admin('POST', url('connect'), body);
  const keysRepository = () => server.ctx.repos.forTenant(bot.tenantId).channelKeys(bot.botId);
  const storedKeys = () => keysRepository().get('mail');
  /** Connects the mailbox unless it is connected already: each test that reads mail awaits it first. */
  const ensureConnected = async () => {
    const record = await storedKeys();
    if (record?.keys.isEnabled === true && record.sealedSecrets.password) return;
    expectStatus(await connect({ emailAddress: ACCOUNT.address, password: ACCOUNT.password }), 200);
  };
  /** Runs `run`, then puts the mail keys back as they were before it (or none, if there were none). */
  const keepingKeys = async (run: () => Promise<void>) => {
    const before = await storedKeys();
    try {
      await run();
    } finally {
      if (before) await keysRepository().save('mail', before.keys, before.sealedSecrets);
      else await keysRepository().remove('mail');
    }
  };
  /** Runs `run` with no mail keys stored, as before the first connect; the keys come back after. */
  const withoutKeys = (run: () => Promise<void>) =>
    keepingKeys(async () => {
      await keysRepository().remove('mail');
      await run();
    });
  const poll = () => pollMailbox(server.ctx, botRecord);
  /** The reply to one of the customer's mails. */
  const replyTo = (messageId: string) =>
    mail.waitForSent((sent) => sent.mail.inReplyTo === messageId, `the reply to ${messageId}`);
  const repliesTo = (messageId: string) => mail.sent.filter((sent) => sent.mail.inReplyTo === messageId);
  /** The bot admin's token, for raw bodies the JSON helper cannot send. */
  const adminToken = async () =>
    String((await bot.admin('GET', url('keys'))).raw.req.headers.authtoken ?? '');

  beforeAll(async () => {
    server = await startTestServer(kind);
    base = await signUpMaster(server);
    mail = await startMailStandIn(ACCOUNT);
    server.ctx.config.platforms.mailImap = mail.imapUrl;
    server.ctx.config.platforms.mailSmtp = mail.smtpUrl;
    server.ctx.config.publicUrl = 'https://parley.example';
    bot = await channelTemplateBot(server, base, ['mail']);
    const found = await server.ctx.repos.forTenant(bot.tenantId).bots.getById(bot.botId);
    if (!found) throw new Error('the bot is missing');
    botRecord = found;
  }, 120_000);
  afterAll(async () => {
    await mail?.close();
    await server?.close();
  });

  test.each([
    [{ password: ACCOUNT.password }, MAIL_CHANNEL_MESSAGES.addressRequired],
    [{ emailAddress: '  ', password: ACCOUNT.password }, MAIL_CHANNEL_MESSAGES.addressRequired],
    [{ emailAddress: 'not an address', password: ACCOUNT.password }, MAIL_CHANNEL_MESSAGES.addressInvalid],
    [
      { emailAddress: `${'a'.repeat(250)}@b.cd`, password: ACCOUNT.password },
      MAIL_CHANNEL_MESSAGES.addressTooLong,
    ],
    [{ emailAddress: ACCOUNT.address }, MAIL_CHANNEL_MESSAGES.passwordRequired],
    [{ emailAddress: ACCOUNT.address, password: '' }, MAIL_CHANNEL_MESSAGES.passwordRequired],
    [{ emailAddress: ACCOUNT.address, password: 7 }, MAIL_CHANNEL_MESSAGES.passwordRequired],
    [{ emailAddress: ACCOUNT.address, password: 'p'.repeat(501) }, MAIL_CHANNEL_MESSAGES.passwordTooLong],
    [
      { emailAddress: ACCOUNT.address, password: 'pass\r\nA1 LOGOUT' },
      MAIL_CHANNEL_MESSAGES.passwordControlCharacters,
    ],
  ])('connect %j is refused with its message', (body, message) =>
    withoutKeys(async () => {
      const response = expectStatus(await connect(body), 400);
      expect(response.json()).toMatchObject({ code: 'validation_error', message });
      expect(await storedKeys()).toBeUndefined();
    }),
  );

  test('connect with a body that is no JSON is a 400', async () => {
    const response = expectStatus(
      await server.request({
        method: 'POST',
        url: url('connect'),
        token: await adminToken(),
        body: '{"emailAddress":',
        headers: { 'content-type': 'application/json' },
      }),
      400,
    );
    expect(response.json().message).toBe(MAIL_CHANNEL_MESSAGES.notJson);
  });

  test('a password the mailbox refuses saves nothing', () =>
    withoutKeys(async () => {
      const response = expectStatus(await connect({ emailAddress: ACCOUNT.address, password: 'wrong' }), 400);
      expect(response.json()).toMatchObject({
        code: 'validation_error',
        message: MAIL_CHANNEL_MESSAGES.loginRefused,
      });
      expect(await storedKeys()).toBeUndefined();
      expect(expectStatus(await bot.admin('GET', url('keys')), 200).json()).toMatchObject({
        isEnabled: false,
      });
    }));

  test('a mailbox whose SMTP server refuses the password saves nothing', () =>
    withoutKeys(async () => {
      mail.setSmtpPassword('another password');
      try {
        const response = expectStatus(
          await connect({ emailAddress: ACCOUNT.address, password: ACCOUNT.password }),
          400,
        );
        expect(response.json().message).toBe(MAIL_CHANNEL_MESSAGES.loginRefused);
        expect(await storedKeys()).toBeUndefined();
      } finally {
        mail.setSmtpPassword(ACCOUNT.password);
      }
    }));

  test.each([
    ['a port nothing listens on', 'imap://127.0.0.1:1'],
    ['a URL of another scheme (the operator mistyped it)', 'https://outlook.office365.com'],
  ])('a mail server that cannot be reached (%s) is a 502 that says so', (_what, imapUrl) =>
    withoutKeys(async () => {
      const configured = server.ctx.config.platforms.mailImap;
      server.ctx.config.platforms.mailImap = imapUrl;
      try {
        const response = expectStatus(
          await connect({ emailAddress: ACCOUNT.address, password: ACCOUNT.password }),
          502,
        );
        expect(response.json().message).toBe(MAIL_CHANNEL_MESSAGES.serverUnreachable);
        expect(await storedKeys()).toBeUndefined();
      } finally {
        server.ctx.config.platforms.mailImap = configured;
      }
    }),
  );

  test('connect logs in, then keeps the address, the password sealed, and isEnabled', async () => {
    const answer = expectStatus(
      await connect({ emailAddress: ` ${ACCOUNT.address} `, password: ACCOUNT.password }),
      200,
    ).json();
    expect(answer).toEqual({ isEnabled: true, emailAddress: ACCOUNT.address, password: SECRET_MASK });
    expect(expectStatus(await bot.admin('GET', url('keys')), 200).json()).toEqual(answer);
    const record = await storedKeys();
    expect(record?.keys).toEqual({ isEnabled: true, emailAddress: ACCOUNT.address });
    expect(record?.sealedSecrets.password).toBeDefined();
    expect(JSON.stringify(record)).not.toContain(ACCOUNT.password);
  });

  test('a mail is answered by a reply in its thread, from the connected address', async () => {
    await ensureConnected();
    const first = mail.deliver({ from: `Casey <${CUSTOMER}>`, subject: 'Question', text: 'hello' });
    await poll();
    const reply = await replyTo(first);
    expect(reply.envelopeFrom).toBe(ACCOUNT.address);
    expect(reply.envelopeTo).toEqual([CUSTOMER.toLowerCase()]);
    expect(reply.mail.subject).toBe('Re: Question');
    expect(reply.mail.references).toBe(first);
    expect(reply.mail.headers.get('auto-submitted')).toBe('auto-replied');
    expect(reply.mail.text).toContain(TEMPLATE_CONVERSATION.greeting);
    expect(mail.isSeen(first)).toBe(true);
  });

  test('a whole template conversation by mail: hello, bye with a numbered rating, 1 for thanks', async () => {
    await ensureConnected();
    const hello = mail.deliver({ from: CUSTOMER, subject: 'Help please', text: 'hello' });
    await poll();
    const greeting = await replyTo(hello);
    expect(greeting.mail.text).toContain(TEMPLATE_CONVERSATION.greeting);

    // The customer replies above the quoted mail, as mail programs write replies.
    const quoted = (sent: SentMail) =>
      `On Fri, 27 Nov 2026 at 10:00, Support <${ACCOUNT.address}> wrote:\n${(sent.mail.text ?? '')
        .split('\n')
        .map((line) => `> ${line}`)
        .join('\n')}`;
    const bye = mail.deliver({
      from: CUSTOMER,
      subject: 'Re: Help please',
      text: `bye\n\n${quoted(greeting)}`,
      inReplyTo: greeting.mail.messageId,
      references: [hello, greeting.mail.messageId ?? ''],
    });
    await poll();
    const rating = await replyTo(bye);
    expect(rating.mail.subject).toBe('Re: Help please');
    expect(rating.mail.references).toEqual([hello, greeting.mail.messageId, bye]);
    expect(rating.mail.text).toContain(TEMPLATE_CONVERSATION.rating);
    for (const [index, option] of TEMPLATE_CONVERSATION.ratingOptions.entries())
      expect(rating.mail.text).toContain(`${index + 1}. ${option}`);
    expect(rating.mail.text).toContain(NUMBERED_OPTIONS_HINT);

    const one = mail.deliver({
      from: CUSTOMER,
      subject: 'Re: Help please',
      text: `1\n\n-- \nCasey Customer\n\n${quoted(rating)}`,
      inReplyTo: rating.mail.messageId,
    });
    await poll();
    const thanks = await replyTo(one);
    expect(thanks.mail.text).toContain(TEMPLATE_CONVERSATION.thanks);

    // The first mail's conversation went on: the turns hold what the customer wrote, the number as its option.
    const conversations = await conversationsOn(server, bot, 'mail');
    const ofCustomer = conversations.filter((c) => c.userKey === customerKey);
    const said = ofCustomer
      .flatMap((c) => c.turns)
      .filter((turn) => turn.direction === 'in')
      .map((turn) => turn.activity);
    expect(said).toEqual(
      expect.arrayContaining([
        { type: 'text', text: 'bye' },
        { type: 'click', text: TEMPLATE_CONVERSATION.ratingOptions[0] },
      ]),
    );
    expect(said).not.toContainEqual(expect.objectContaining({ text: expect.stringContaining('wrote:') }));
  });

  test('the same mail polled twice (a second copy of its Message-ID) is answered once', async () => {
    await ensureConnected();
    const messageId = '<same-mail-twice@user.example>';
    mail.deliver({ from: CUSTOMER, subject: 'Twice', text: 'hello', messageId });
    await pollMailboxes(server.ctx);
    await replyTo(messageId);
    mail.deliver({ from: CUSTOMER, subject: 'Twice', text: 'hello', messageId });
    const second = await poll();
    expect(second.outcomes).toEqual(['duplicate']);
    expect(mail.isSeen(messageId)).toBe(true);
    expect(repliesTo(messageId)).toHaveLength(1);
  });

  test('automatic mail, the bot’s own address and empty replies get no answer, and are marked seen', async () => {
    await ensureConnected();
    const outOfOffice = mail.deliver({
      from: CUSTOMER,
      subject: 'Automatic reply: Help please',
      text: 'I am out of the office.',
      headers: { 'Auto-Submitted': 'auto-replied' },
    });
    const own = mail.deliver({ from: ACCOUNT.address, subject: 'Loop', text: 'hello' });
    const bounce = mail.deliver({
      from: 'MAILER-DAEMON@parley-mail.test',
      subject: 'Undeliverable',
      text: 'hello',
    });
    const onlyQuote = mail.deliver({
      from: CUSTOMER,
      subject: 'Re: Help please',
      text: '> hello',
      inReplyTo: '<earlier@parley-mail.test>',
    });
    const result = await poll();
    expect(result.outcomes).toEqual(['ignored', 'ignored', 'ignored', 'ignored']);
    for (const id of [outOfOffice, own, bounce, onlyQuote]) {
      expect(mail.isSeen(id)).toBe(true);
      expect(repliesTo(id)).toHaveLength(0);
    }
  });

  test('an HTML-only mail is read as text, without its quoted part', async () => {
    await ensureConnected();
    const id = mail.deliver({
      from: 'html.user@example.org',
      subject: 'Hi',
      isHtml: true,
      text: '<div dir="ltr"><p>hello</p></div><div class="gmail_quote">On Fri, 27 Nov 2026 at 09:00, Support &lt;support@parley-mail.test&gt; wrote:<blockquote><p>bye</p></blockquote></div>',
    });
    await poll();
    expect((await replyTo(id)).mail.text).toContain(TEMPLATE_CONVERSATION.greeting);
    const [conversation] = (await conversationsOn(server, bot, 'mail')).filter(
      (c) => c.userKey === 'mail:html.user@example.org',
    );
    expect(conversation?.turns.find((turn) => turn.direction === 'in')?.activity).toEqual({
      type: 'text',
      text: 'hello',
    });
  });

  test('a first mail with only a subject is answered on its subject', async () => {
    await ensureConnected();
    const id = mail.deliver({ from: 'pat@example.org', subject: 'hello', text: '' });
    await poll();
    expect((await replyTo(id)).mail.text).toContain(TEMPLATE_CONVERSATION.greeting);
  });

  test(`unread mail older than ${MAIL_MAX_AGE_HOURS} hours is left unanswered and unread`, async () => {
    await ensureConnected();
    const old = mail.deliver({
      from: CUSTOMER,
      subject: 'Old',
      text: 'hello',
      receivedAt: new Date(Date.now() - (MAIL_MAX_AGE_HOURS + 1) * 3_600_000),
    });
    expect((await poll()).outcomes).toEqual([]);
    expect(mail.isSeen(old)).toBe(false);
    expect(repliesTo(old)).toHaveLength(0);
  });

  test('with the channel off on the Configuration tab, the mailbox is not read', async () => {
    await ensureConnected();
    await setChannelEnabled(bot, 'mail', false);
    try {
      const id = mail.deliver({ from: CUSTOMER, subject: 'Off', text: 'hello' });
      expect((await poll()).outcomes).toEqual([]);
      await pollMailboxes(server.ctx);
      expect(mail.isSeen(id)).toBe(false);
      expect(repliesTo(id)).toHaveLength(0);
      await setChannelEnabled(bot, 'mail', true);
      await poll();
      await replyTo(id);
    } finally {
      await setChannelEnabled(bot, 'mail', true);
    }
  });

  test('a reply the SMTP server refuses is sent again by the delivery job', async () => {
    await ensureConnected();
    mail.setSmtpPassword('changed for a moment');
    try {
      const id = mail.deliver({ from: CUSTOMER, subject: 'Retry', text: 'hello' });
      await poll();
      expect(repliesTo(id)).toHaveLength(0);
      expect(mail.isSeen(id)).toBe(true);
      mail.setSmtpPassword(ACCOUNT.password);
      const reply = await replyTo(id);
      expect(reply.mail.text).toContain(TEMPLATE_CONVERSATION.greeting);
    } finally {
      mail.setSmtpPassword(ACCOUNT.password);
    }
  });

  test('fuzz: hostile connect and disconnect bodies never get a 5xx', () =>
    keepingKeys(async () => {
      const log = createFuzzLog();
      const token = await adminToken();
      await sendJsonBodies(
        server,
        { method: 'POST', url: url('connect'), token },
        {
          values: hostileBodies({ emailAddress: 'nobody@parley-mail.test', password: 'not-the-password' }),
          raw: HOSTILE_RAW_BODIES,
        },
        log,
      );
      // Disconnect takes no body: whatever comes is ignored. It runs last, as it disconnects (keepingKeys puts the keys back).
      await sendJsonBodies(
        server,
        { method: 'POST', url: url('disconnect'), token },
        { values: [{}, []], raw: HOSTILE_RAW_BODIES },
        log,
      );
      expect(log.failures).toEqual([]);
      expect(log.sent).toBeGreaterThan(50);
    }));

  test('disconnect forgets the password and stops reading the mailbox', () =>
    keepingKeys(async () => {
      expectStatus(await connect({ emailAddress: ACCOUNT.address, password: ACCOUNT.password }), 200);
      const answer = expectStatus(await bot.admin('POST', url('disconnect')), 200).json();
      expect(answer).toEqual({ isEnabled: false, emailAddress: ACCOUNT.address, password: '' });
      const record = await storedKeys();
      expect(record?.keys.isEnabled).toBe(false);
      expect(record?.sealedSecrets).toEqual({});
      const id = mail.deliver({ from: CUSTOMER, subject: 'After', text: 'hello' });
      try {
        expect((await poll()).outcomes).toEqual([]);
        expect(mail.isSeen(id)).toBe(false);
      } finally {
        // The unread mail would be answered by the next test's poll: connected again, it is answered now.
        await ensureConnected();
        await poll();
        await replyTo(id);
      }
    }));

  test('connect and disconnect need ManageChannels', async () => {
    const response = await server.request({
      method: 'POST',
      url: url('connect'),
      body: { emailAddress: ACCOUNT.address, password: ACCOUNT.password },
    });
    expect(response.statusCode).toBe(401);
    expect((await server.request({ method: 'POST', url: url('disconnect') })).statusCode).toBe(401);
  });
});
