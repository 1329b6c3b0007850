import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { RESET_SUBJECT, resetTokenIn, waitForResetMails } from './support/accounts';
import { testDatabases } from './support/databases';
import { startSmtpServer, type TestSmtpServer } from './support/smtp';
import { ADMIN_EMAIL, startTestServer, type TestServer } from './support/test-server';

describe.each(testDatabases())('mail over SMTP on %s', (kind) => {
  let smtp: TestSmtpServer;
  let server: TestServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startTestServer(kind, { SMTP_URL: smtp.url, MAIL_FROM: 'Parley <parley@parley.test>' });
    await server.signUpFirstAdmin();
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  test('the reset link arrives by SMTP and sets a new password', async () => {
    const asked = await server.request({
      method: 'POST',
      url: '/api/user/password/reset-email',
      body: { userId: ADMIN_EMAIL },
    });
    expect(asked.statusCode).toBe(204);

    const mail = await smtp.waitFor((m) => m.subject === RESET_SUBJECT);
    expect(mail.to).toEqual([ADMIN_EMAIL]);
    const token = resetTokenIn(mail.text);
    expect(
      (await server.request({ method: 'GET', url: `/api/user/password/reset/${token}` })).statusCode,
    ).toBe(204);
    const reset = await server.request({
      method: 'POST',
      url: `/api/user/password/reset/${token}`,
      body: { newPassword: 'mailed and changed' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await server.login(ADMIN_EMAIL, 'mailed and changed')).token).toBeTruthy();

    // The outbox keeps a copy and records the delivery.
    await vi.waitFor(async () => {
      const [copy] = await waitForResetMails(server, ADMIN_EMAIL, 1);
      expect(copy?.sentAt).toEqual(expect.any(String));
    });
  });

  test('when the SMTP server is down the answer is still 204 and the mail waits in the outbox', async () => {
    const down = await startSmtpServer();
    const deadUrl = down.url;
    await down.close();
    const offline = await startTestServer(kind, { SMTP_URL: deadUrl });
    try {
      await offline.signUpFirstAdmin();
      const asked = await offline.request({
        method: 'POST',
        url: '/api/user/password/reset-email',
        body: { userId: ADMIN_EMAIL },
      });
      expect(asked.statusCode).toBe(204);
      const [mail] = await waitForResetMails(offline, ADMIN_EMAIL, 1);
      // The operator can still hand the link over (`parley outbox`): it works.
      const token = resetTokenIn(mail?.text ?? '');
      const check = await offline.request({ method: 'GET', url: `/api/user/password/reset/${token}` });
      expect(check.statusCode).toBe(204);
      // Closing the app waits for the delivery attempt; it failed, so the mail is not marked sent.
      await offline.app.close();
      const [after] = await waitForResetMails(offline, ADMIN_EMAIL, 1);
      expect(after?.sentAt).toBeNull();
    } finally {
      await offline.close();
    }
  });
});
