import { isoIn } from '@parley/db';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { hashToken } from '../src/auth/tokens';
import { openSession } from '../src/services/accounts/auth.service';
import { RESET_MAIL_LIMITS } from '../src/services/accounts/password.service';
import { RESET_SUBJECT, resetTokenIn, signUpUser, waitForResetMails } from './support/accounts';
import { testDatabases } from './support/databases';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestServer, type TestServer } from './support/test-server';

const NEW_PASSWORD = 'a brand new secret';

describe.each(testDatabases())('password reset and change on %s', (kind) => {
  let server: TestServer;
  let accounts = 0;
  /** A fresh platform account per test, so rate limits and mails do not mix between tests. */
  const freshUser = async (password = 'first password') => {
    accounts += 1;
    const email = `person${accounts}@example.com`;
    await signUpUser(server, email, password);
    return { email, password };
  };
  const askForReset = (userId: unknown, remoteAddress = '10.0.0.1') =>
    server.request({
      method: 'POST',
      url: '/api/user/password/reset-email',
      body: { userId },
      remoteAddress,
    });
  const checkLink = (token: string) =>
    server.request({ method: 'GET', url: `/api/user/password/reset/${token}` });
  const setPassword = (token: string, newPassword: unknown) =>
    server.request({ method: 'POST', url: `/api/user/password/reset/${token}`, body: { newPassword } });
  const loginStatus = async (userId: string, password: string) =>
    (await server.request({ method: 'POST', url: '/api/auth/login', body: { userId, password } })).statusCode;

  beforeAll(async () => {
    server = await startTestServer(kind);
    await server.signUpFirstAdmin();
  });
  afterAll(() => server?.close());

  test('forgot password: the mailed link sets a new password once and signs the user out everywhere', async () => {
    const { email, password } = await freshUser();
    const { token: session } = await server.login(email, password);

    const asked = await askForReset(`  ${email.toUpperCase()} `);
    expect(asked.statusCode).toBe(204);
    expect(asked.body).toBe('');
    const [mail] = await waitForResetMails(server, email, 1);
    const token = resetTokenIn(mail?.text ?? '');

    expect((await checkLink(token)).statusCode).toBe(204);
    const reset = await setPassword(token, NEW_PASSWORD);
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toBe(true);

    expect(await loginStatus(email, password)).toBe(401);
    expect(await loginStatus(email, NEW_PASSWORD)).toBe(200);
    const oldSession = await server.request({ method: 'GET', url: '/api/users/info', token: session });
    expect(oldSession.statusCode).toBe(401);
    expect(oldSession.json().code).toBe('expired_jwt_code');

    const reused = await setPassword(token, 'yet another password');
    expect(reused.statusCode).toBe(404);
    expect(reused.json()).toMatchObject({
      code: 'not-found_error',
      details: 'This reset password link alredy expired or have been used',
    });
    expect((await checkLink(token)).statusCode).toBe(404);
    expect(await loginStatus(email, NEW_PASSWORD)).toBe(200);
  });

  test('an unknown address gets the same answer and no mail', async () => {
    const known = await freshUser();
    const unknownAnswer = await askForReset('nobody-here@example.com');
    const knownAnswer = await askForReset(known.email);
    expect(unknownAnswer.statusCode).toBe(204);
    expect(knownAnswer.statusCode).toBe(204);
    expect(unknownAnswer.body).toBe(knownAnswer.body);
    expect(unknownAnswer.headers['content-type']).toBe(knownAnswer.headers['content-type']);
    await waitForResetMails(server, known.email, 1);
    expect(await server.ctx.repos.outbox.listFor('nobody-here@example.com')).toEqual([]);
    const adminMails = await server.ctx.repos.outbox.listFor(ADMIN_EMAIL);
    expect(adminMails.filter((m) => m.subject === RESET_SUBJECT)).toEqual([]);
  });

  test.each([
    ['an empty address', ''],
    ['no at sign', 'not-an-email'],
    ['no domain dot', 'a@b'],
    ['a number', 42],
    ['nothing', undefined],
  ])('forgot password with %s is 400 "Please provide a valid email"', async (_name, userId) => {
    const response = await askForReset(userId);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'validation_error',
      fieldName: 'userId',
      message: 'Please provide a valid email',
    });
  });

  test('a password shorter than 8 characters once trimmed is refused and the link stays usable', async () => {
    const { email } = await freshUser();
    await askForReset(email);
    const token = resetTokenIn((await waitForResetMails(server, email, 1))[0]?.text ?? '');
    for (const newPassword of ['short', '   seven  ', '        ', undefined, 12345678]) {
      const response = await setPassword(token, newPassword);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'validation_error',
        fieldName: 'newPassword',
        message: 'Password must at least be 8 characters long',
      });
    }
    expect((await checkLink(token)).statusCode).toBe(204);
    expect((await setPassword(token, ' eight ch ')).statusCode).toBe(200);
    expect(await loginStatus(email, ' eight ch ')).toBe(200);
  });

  test('unknown, expired and made-up tokens are 404 not-found errors', async () => {
    const { email } = await freshUser();
    const expired = 'an-expired-token-000000000000000';
    await server.ctx.repos.passwordResets.create({
      tokenHash: hashToken(expired),
      userId: email,
      expiresAt: isoIn(-1000),
    });
    for (const token of [expired, 'never-issued-token', 'x'.repeat(100)]) {
      const check = await checkLink(token);
      expect(check.statusCode).toBe(404);
      expect(check.json().code).toBe('not-found_error');
      const set = await setPassword(token, NEW_PASSWORD);
      expect(set.statusCode).toBe(404);
      expect(set.json().code).toBe('not-found_error');
    }
    expect(await loginStatus(email, NEW_PASSWORD)).toBe(401);
  });

  test('of two simultaneous resets with one link exactly one succeeds', async () => {
    const { email } = await freshUser();
    await askForReset(email);
    const token = resetTokenIn((await waitForResetMails(server, email, 1))[0]?.text ?? '');
    const answers = await Promise.all([
      setPassword(token, 'first racer password'),
      setPassword(token, 'second racer password'),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 404]);
    const winner = answers[0]?.statusCode === 200 ? 'first racer password' : 'second racer password';
    const loser = winner.startsWith('first') ? 'second racer password' : 'first racer password';
    expect(await loginStatus(email, winner)).toBe(200);
    expect(await loginStatus(email, loser)).toBe(401);
  });

  test('setting a password spends the older links of the account too', async () => {
    const { email } = await freshUser();
    await askForReset(email);
    await askForReset(email);
    const mails = await waitForResetMails(server, email, 2);
    const [first, second] = mails.map((m) => resetTokenIn(m.text));
    expect((await setPassword(first ?? '', NEW_PASSWORD)).statusCode).toBe(200);
    expect((await checkLink(second ?? '')).statusCode).toBe(404);
  });

  test('reset mails are limited per account: still 204, but no further mail', async () => {
    const { email } = await freshUser();
    for (let i = 0; i < RESET_MAIL_LIMITS.perAccount + 2; i++) {
      expect((await askForReset(email, `10.1.0.${i}`)).statusCode).toBe(204);
    }
    await waitForResetMails(server, email, RESET_MAIL_LIMITS.perAccount);
    // Over-limit requests decide before answering and never schedule a mail: the count is final.
    const mails = await server.ctx.repos.outbox.listFor(email);
    expect(mails.filter((m) => m.subject === RESET_SUBJECT)).toHaveLength(RESET_MAIL_LIMITS.perAccount);
  });

  test('reset mails are limited per client address', async () => {
    const flooder = '10.2.0.1';
    const targets = [];
    for (let i = 0; i <= RESET_MAIL_LIMITS.perAddress; i++) {
      const email = `flood-target-${i}@example.com`;
      await server.ctx.repos.users.create({
        id: email,
        name: 'Target',
        identity: 'platform',
        passwordHash: null,
        selectedTenantId: null,
      });
      targets.push(email);
    }
    for (const email of targets) expect((await askForReset(email, flooder)).statusCode).toBe(204);
    const last = targets.at(-1) as string;
    for (const email of targets.slice(0, -1)) await waitForResetMails(server, email, 1);
    expect(await server.ctx.repos.outbox.listFor(last)).toEqual([]);
    // The same account from another address is served: it was the address that was limited.
    expect((await askForReset(last, '10.2.0.2')).statusCode).toBe(204);
    await waitForResetMails(server, last, 1);
  });

  test('directory accounts get no reset mail and cannot change a password here', async () => {
    const master = await server.ctx.repos.tenants.getMaster();
    const email = 'directory.person@example.com';
    await server.ctx.repos.users.create({
      id: email,
      name: 'Dir Person',
      identity: 'microsoft',
      passwordHash: null,
      selectedTenantId: master?.id ?? null,
    });
    await server.ctx.repos.forTenant(master?.id ?? '').members.set(email, 'user');
    expect((await askForReset(email)).statusCode).toBe(204);

    const { token } = await openSession(server.ctx, email);
    const change = await server.request({
      method: 'POST',
      url: '/api/user/password',
      token,
      body: { currentPassword: 'anything at all' },
    });
    expect(change.statusCode).toBe(400);
    expect(change.json()).toMatchObject({
      code: 'validation_error',
      message: 'Only accounts with a platform login can change their password here.',
    });
    expect(await server.ctx.repos.outbox.listFor(email)).toEqual([]);
  });

  test('change password: the current password opens the reset screen with a fresh link', async () => {
    const { email, password } = await freshUser();
    const { token } = await server.login(email, password);
    const change = (currentPassword: unknown) =>
      server.request({ method: 'POST', url: '/api/user/password', token, body: { currentPassword } });

    const wrong = await change('not my password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'validation_error',
      fieldName: 'currentPassword',
      message: 'The current password is not correct.',
    });
    expect((await change(undefined)).statusCode).toBe(400);

    const right = await change(password);
    expect(right.statusCode).toBe(200);
    const { url } = right.json() as { url: string };
    expect(url).toMatch(/^\/password\/reset\/[A-Za-z0-9_-]{20,}$/);
    const resetToken = url.split('/').at(-1) as string;
    expect((await checkLink(resetToken)).statusCode).toBe(204);
    expect((await setPassword(resetToken, NEW_PASSWORD)).statusCode).toBe(200);
    expect(await loginStatus(email, NEW_PASSWORD)).toBe(200);
    // No mail is involved: the link went straight to the signed-in user.
    const mails = await server.ctx.repos.outbox.listFor(email);
    expect(mails.filter((m) => m.subject === RESET_SUBJECT)).toEqual([]);
  });

  test('change password needs a sign-in', async () => {
    const response = await server.request({
      method: 'POST',
      url: '/api/user/password',
      body: { currentPassword: ADMIN_PASSWORD },
    });
    expect(response.statusCode).toBe(401);
  });

  test('wrong current passwords count against the sign-in limit', async () => {
    const limited = await startTestServer(kind, { LOGIN_RATE_LIMIT_PER_ACCOUNT: '3' });
    try {
      const { token } = await limited.signUpFirstAdmin();
      const change = (currentPassword: string) =>
        limited.request({ method: 'POST', url: '/api/user/password', token, body: { currentPassword } });
      for (let i = 0; i < 3; i++) expect((await change('wrong guess')).statusCode).toBe(400);
      const blocked = await change(ADMIN_PASSWORD);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().code).toBe('rate_limit_error');
      const login = await limited.request({
        method: 'POST',
        url: '/api/auth/login',
        body: { userId: ADMIN_EMAIL, password: ADMIN_PASSWORD },
      });
      expect(login.statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
