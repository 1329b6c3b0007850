import { MESSAGES } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createInvitationCode } from '../src/services/accounts/bootstrap.service';
import { CONFIRMATION_MAIL_LIMITS } from '../src/services/accounts/signup.service';
import { waitForOutbox } from './support/accounts';
import { USER_PASSWORD } from './support/admin-world';
import { testDatabases } from './support/databases';
import { uniqueKey } from './support/tenant-world';
import { startTestServer, type TestServer } from './support/test-server';

const CONFIRM_SUBJECT = 'Confirm your Parley account';
const confirmTokenIn = (text: string) => /\/api\/users\/confirm\/([A-Za-z0-9_-]+)/.exec(text)?.[1];

/**
 * Sign-up and its confirmation mail (spec 01 sections 2, 4 and 8; issue 22): the answer says
 * whether a mail must confirm the account, and an unconfirmed account's sign-in can have its
 * confirmation mail sent again, answering alike for every address.
 */
describe.each(testDatabases())('sign-up confirmation on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
    await server.signUpFirstAdmin();
  });
  afterAll(() => server?.close());

  const signUp = async (email: string, requiresConfirmation: boolean) => {
    const invitationCode = await createInvitationCode(server.ctx.repos, 'new-tenant', {
      requiresConfirmation,
    });
    return server.request({
      method: 'POST',
      url: '/api/users/signup',
      body: {
        userData: {
          identity: 'platform',
          invitationCode,
          name: 'Carol Customer',
          organization: `Carol Corp ${uniqueKey()}`,
          workEmail: email,
          password: USER_PASSWORD,
          confirmPassword: USER_PASSWORD,
        },
      },
    });
  };
  const login = (email: string) =>
    server.request({
      method: 'POST',
      url: '/api/auth/login',
      body: { userId: email, password: USER_PASSWORD },
    });
  const askAgain = (userId: unknown, remoteAddress = '10.9.0.1') =>
    server.request({ method: 'POST', url: '/api/users/confirmation-email', body: { userId }, remoteAddress });
  const confirmationMails = async (email: string) =>
    (await server.ctx.repos.outbox.listFor(email)).filter((m) => m.subject === CONFIRM_SUBJECT);
  /**
   * Waits until every mail asked for so far has gone out: a mail asked for afterwards (for an
   * account of its own) has arrived, so a mail that was going to be sent is there by now.
   */
  const mailsSoFarSent = async () => {
    const marker = `marker.${uniqueKey()}@example.com`;
    await signUp(marker, true);
    await waitForOutbox(server, marker, 1, { subject: CONFIRM_SUBJECT });
    await askAgain(marker, `10.9.9.${Math.floor(Math.random() * 250)}`);
    await waitForOutbox(server, marker, 2, { subject: CONFIRM_SUBJECT });
  };

  test('the sign-up answer says whether a mail must confirm the account', async () => {
    const confirmed = await signUp(`ready.${uniqueKey()}@example.com`, false);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({
      identity: 'platform',
      message: MESSAGES.signup.accountCreated,
      requiresConfirmation: false,
    });
    const pending = await signUp(`pending.${uniqueKey()}@example.com`, true);
    expect(pending.json()).toMatchObject({ requiresConfirmation: true });
  });

  test('an unconfirmed account gets its confirmation mail again, and the new link confirms it', async () => {
    const email = `carol.${uniqueKey()}@example.com`;
    expect((await signUp(email, true)).statusCode).toBe(200);
    await waitForOutbox(server, email, 1, { subject: CONFIRM_SUBJECT });
    expect((await login(email)).json()).toMatchObject({ code: 'tenant_not_confirmed_code' });

    const asked = await askAgain(`  ${email.toUpperCase()} `);
    expect(asked.statusCode).toBe(204);
    expect(asked.body).toBe('');
    const mails = await waitForOutbox(server, email, 2, { subject: CONFIRM_SUBJECT });
    const [first, again] = mails.map((m) => confirmTokenIn(m.text));
    expect(again).toBeTruthy();
    expect(again).not.toBe(first);

    const opened = await server.request({ method: 'GET', url: `/api/users/confirm/${again}` });
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe('/login?confirmed=1');
    expect((await login(email)).statusCode).toBe(200);

    // Confirmed now: asking again answers the same and sends nothing more.
    expect((await askAgain(email, '10.9.0.2')).statusCode).toBe(204);
    await mailsSoFarSent();
    expect(await confirmationMails(email)).toHaveLength(2);
  });

  test('unknown and confirmed addresses get the same answer and no mail', async () => {
    const ready = `ready.${uniqueKey()}@example.com`;
    await signUp(ready, false);
    const unknown = await askAgain('nobody-here@example.com', '10.9.1.1');
    const known = await askAgain(ready, '10.9.1.2');
    expect(unknown.statusCode).toBe(204);
    expect(known.statusCode).toBe(204);
    expect(unknown.body).toBe(known.body);
    await mailsSoFarSent();
    expect(await server.ctx.repos.outbox.listFor('nobody-here@example.com')).toEqual([]);
    expect(await confirmationMails(ready)).toEqual([]);
  });

  test('confirmation mails are limited per account: still 204, but no further mail', async () => {
    const email = `flood.${uniqueKey()}@example.com`;
    await signUp(email, true);
    await waitForOutbox(server, email, 1, { subject: CONFIRM_SUBJECT });
    for (let i = 0; i < CONFIRMATION_MAIL_LIMITS.perAccount + 2; i++)
      expect((await askAgain(email, `10.9.2.${i}`)).statusCode).toBe(204);
    await waitForOutbox(server, email, 1 + CONFIRMATION_MAIL_LIMITS.perAccount, { subject: CONFIRM_SUBJECT });
    await mailsSoFarSent();
    expect(await confirmationMails(email)).toHaveLength(1 + CONFIRMATION_MAIL_LIMITS.perAccount);
  });

  test.each([
    ['an empty address', ''],
    ['no at sign', 'not-an-email'],
    ['a number', 42],
    ['nothing', undefined],
  ])('asking with %s is 400 "Please provide a valid email"', async (_name, userId) => {
    const response = await askAgain(userId);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'validation_error',
      fieldName: 'userId',
      message: 'Please provide a valid email',
    });
  });
});
