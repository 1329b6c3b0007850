import { MESSAGES } from '@parley/contracts';
import { describe, expect, test } from 'vitest';
import { ADMIN_EMAIL, createPlainUser, logInThroughUi, popupOf } from './support/accounts';
import { masterTenantId } from './support/administration';
import { browserSuite } from './support/browser-suite';
import { expectHidden, expectTitle, expectVisible, storedKeys } from './support/expect-page';
import { screenshot } from './support/screenshots';

const FIRST_PASSWORD = 'First-Password-1';
const RESET_PASSWORD = 'Reset-Password-2';
const CHANGED_PASSWORD = 'Changed-Password-3';

describe('forgot, reset and change password', () => {
  const s = browserSuite({
    prepare: async (app) => {
      await app.server.signUpFirstAdmin();
    },
  });

  /** The newest reset link in the outbox for the address, on the test server's address. */
  async function latestResetLink(email: string): Promise<string> {
    const mails = await s.app.server.ctx.repos.outbox.listFor(email);
    const links = mails.flatMap((mail) => mail.text.match(/\S+\/password\/reset\/\S+/g) ?? []);
    const link = links.at(-1);
    if (!link) throw new Error(`no reset link mailed to ${email}`);
    return s.app.local(link);
  }

  /** A user of the test's own, so no other test has changed their password. */
  async function newUser(key: string) {
    const user = { email: `${key}@example.com`, password: FIRST_PASSWORD, name: 'Ada Admin' };
    await createPlainUser(s.app.server, { ...user, tenantId: await masterTenantId(s.app.server) });
    return user;
  }

  /** Asks for a reset mail the way the forgot-password screen does. */
  async function requestReset(email: string) {
    const answer = await s.app.server.request({
      method: 'POST',
      url: '/api/user/password/reset-email',
      body: { userId: email },
    });
    expect(answer.statusCode).toBe(204);
    await expect
      .poll(() => s.app.server.ctx.repos.outbox.listFor(email).then((m) => m.length))
      .toBeGreaterThan(0);
  }

  const signedOut = async () => {
    await s.page.goto(`${s.app.baseUrl}/login`);
    await s.page.evaluate(() => localStorage.clear());
  };

  test('forgot password checks the address, then always answers with the same notice', async () => {
    await s.page.goto(`${s.app.baseUrl}/forgot-password`);
    await expectTitle(s.page, 'Parley - Forgot password');
    await expectVisible(s.page.getByText(MESSAGES.forgot.hint));

    await s.page.getByLabel('Email').fill('not an email');
    await s.page.getByRole('button', { name: MESSAGES.forgot.button }).click();
    const popup = popupOf(s.page);
    await expectVisible(popup.getByRole('heading', { name: MESSAGES.forgot.invalidTitle }));
    await expectVisible(popup.getByText(MESSAGES.forgot.invalidText));
    await popup.getByRole('button', { name: 'OK' }).click();
    await expectHidden(popup);

    // An unknown address gets the same answer as a known one.
    await s.page.getByLabel('Email').fill('nobody@example.com');
    await s.page.getByRole('button', { name: MESSAGES.forgot.button }).click();
    await expectVisible(popup.getByRole('heading', { name: MESSAGES.forgot.importantTitle }));
    await expectVisible(popup.getByText(MESSAGES.forgot.importantText));
    await popup.getByRole('button', { name: 'OK' }).click();

    await s.page.getByLabel('Email').fill(ADMIN_EMAIL);
    await s.page.getByRole('button', { name: MESSAGES.forgot.button }).click();
    await expectVisible(popup.getByRole('heading', { name: MESSAGES.forgot.importantTitle }));
    await screenshot(s.page, 'forgot-password-important');
    await popup.getByRole('button', { name: 'OK' }).click();
    // The server answered 204: the field is cleared.
    expect(await s.page.getByLabel('Email').inputValue()).toBe('');
    await expect
      .poll(() => s.app.server.ctx.repos.outbox.listFor(ADMIN_EMAIL).then((m) => m.length))
      .toBeGreaterThan(0);
  });

  test('an unknown reset link shows the invalid-link dialog, whose button leaves for the login', async () => {
    await s.page.goto(`${s.app.baseUrl}/password/reset/not-a-real-token`);
    const popup = popupOf(s.page);
    await expectVisible(popup.getByRole('heading', { name: MESSAGES.reset.invalidLinkTitle }));
    await expectVisible(popup.getByText(MESSAGES.reset.invalidLinkText));
    await screenshot(s.page, 'reset-invalid-link');
    await popup.getByRole('button', { name: MESSAGES.reset.leavePage }).click();
    await s.page.waitForURL(`${s.app.baseUrl}/login`);
  });

  test('the mailed link sets a new password after checking both fields', async () => {
    const rita = await newUser('rita');
    await requestReset(rita.email);
    await signedOut();
    await s.page.goto(await latestResetLink(rita.email));
    await expectTitle(s.page, 'Parley - Reset password');
    const newPassword = s.page.getByLabel('New password', { exact: true });
    const again = s.page.getByLabel('Re-enter new password');

    await newPassword.fill('short');
    await again.fill('different');
    await s.page.getByRole('button', { name: MESSAGES.reset.button }).click();
    await expectVisible(s.page.getByText(MESSAGES.reset.passwordTooShort));
    await expectVisible(s.page.getByText(MESSAGES.reset.passwordsMustMatch));

    // Each field has its own show/hide toggle.
    expect(await newPassword.getAttribute('type')).toBe('password');
    await s.page.getByRole('button', { name: 'Show password' }).first().click();
    expect(await newPassword.getAttribute('type')).toBe('text');
    expect(await again.getAttribute('type')).toBe('password');
    await screenshot(s.page, 'reset-validation');
    await s.page.getByRole('button', { name: 'Hide password' }).click();
    expect(await newPassword.getAttribute('type')).toBe('password');

    await newPassword.fill(RESET_PASSWORD);
    await again.fill(RESET_PASSWORD);
    await s.page.getByRole('button', { name: MESSAGES.reset.button }).click();
    const popup = popupOf(s.page);
    await expectVisible(popup.getByRole('heading', { name: MESSAGES.reset.changedTitle }));
    await expectVisible(popup.getByText(MESSAGES.reset.changedText));
    await screenshot(s.page, 'reset-password-changed');
    await popup.getByRole('button', { name: 'Login' }).click();
    await s.page.waitForURL(`${s.app.baseUrl}/login`);

    // The link is spent, and only the new password signs in.
    expect(
      (
        await s.app.server.request({
          method: 'POST',
          url: '/api/auth/login',
          body: { userId: rita.email, password: rita.password },
        })
      ).statusCode,
    ).toBe(401);
    await logInThroughUi(s.page, s.app.baseUrl, rita.email, RESET_PASSWORD);
  });

  test('change password asks for the current password, then opens the reset screen', async () => {
    const carl = await newUser('carl');
    await signedOut();
    await logInThroughUi(s.page, s.app.baseUrl, carl.email, carl.password);
    await s.page.getByRole('button', { name: /Ada Admin/ }).hover();
    await s.page.getByRole('button', { name: 'Change password' }).click();
    const dialog = s.page.getByRole('dialog', { name: 'Change password' });
    await expectVisible(dialog);

    await dialog.getByLabel('Current password').fill('wrong-password');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expectVisible(dialog.getByText(MESSAGES.changePassword.wrongCurrent));
    await screenshot(s.page, 'change-password-wrong-current');

    await dialog.getByLabel('Current password').fill(carl.password);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await s.page.waitForURL(/\/password\/reset\/[^/]+$/);
    await s.page.getByLabel('New password', { exact: true }).fill(CHANGED_PASSWORD);
    await s.page.getByLabel('Re-enter new password').fill(CHANGED_PASSWORD);
    await s.page.getByRole('button', { name: MESSAGES.reset.button }).click();
    const popup = popupOf(s.page);
    await expectVisible(popup.getByRole('heading', { name: MESSAGES.reset.changedTitle }));
    await popup.getByRole('button', { name: 'Login' }).click();
    await s.page.waitForURL(`${s.app.baseUrl}/login`);
    // A new password ends the old sign-in on this device.
    expect(await storedKeys(s.page)).toEqual([]);
    await logInThroughUi(s.page, s.app.baseUrl, carl.email, CHANGED_PASSWORD);
  });

  test('no page errors', () => {
    expect(s.browser.pageErrors).toEqual([]);
  });
});
