import { MESSAGES } from '@parley/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ADMIN_EMAIL, createPlainUser, logInThroughUi, popupOf } from './support/accounts';
import { masterTenantId } from './support/administration';
import { type AppServer, startAppServer } from './support/app-server';
import { type Browser, launchBrowser } from './support/browser';
import { expectHidden, expectTitle, expectVisible, storedKeys } from './support/expect-page';
import { screenshot, screenshotFailures } from './support/screenshots';

const FIRST_PASSWORD = 'First-Password-1';
const RESET_PASSWORD = 'Reset-Password-2';
const CHANGED_PASSWORD = 'Changed-Password-3';

describe('forgot, reset and change password', () => {
  let app: AppServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    app = await startAppServer();
    await app.server.signUpFirstAdmin();
    browser = await launchBrowser();
    page = await browser.newPage();
  });
  screenshotFailures(() => page);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  /** The newest reset link in the outbox for the address, on the test server's address. */
  async function latestResetLink(email: string): Promise<string> {
    const mails = await app.server.ctx.repos.outbox.listFor(email);
    const links = mails.flatMap((mail) => mail.text.match(/\S+\/password\/reset\/\S+/g) ?? []);
    const link = links.at(-1);
    if (!link) throw new Error(`no reset link mailed to ${email}`);
    return app.local(link);
  }

  /** A user of the test's own, so no other test has changed their password. */
  async function newUser(key: string) {
    const user = { email: `${key}@example.com`, password: FIRST_PASSWORD, name: 'Ada Admin' };
    await createPlainUser(app.server, { ...user, tenantId: await masterTenantId(app.server) });
    return user;
  }

  /** Asks for a reset mail the way the forgot-password screen does. */
  async function requestReset(email: string) {
    const answer = await app.server.request({
      method: 'POST',
      url: '/api/user/password/reset-email',
      body: { userId: email },
    });
    expect(answer.statusCode).toBe(204);
    await expect
      .poll(() => app.server.ctx.repos.outbox.listFor(email).then((m) => m.length))
      .toBeGreaterThan(0);
  }

  const signedOut = async () => {
    await page.goto(`${app.baseUrl}/login`);
    await page.evaluate(() => localStorage.clear());
  };

  test('forgot password checks the address, then always answers with the same notice', async () => {
    await page.goto(`${app.baseUrl}/forgot-password`);
    await expectTitle(page, 'Parley - Forgot password');
    await expectVisible(page.getByText(MESSAGES.forgot.hint));

    await page.getByLabel('Email').fill('not an email');
    await page.getByRole('button', { name: MESSAGES.forgot.button }).click();
    const popup = popupOf(page);
    await expectVisible(popup.getByRole('heading', { name: MESSAGES.forgot.invalidTitle }));
    await expectVisible(popup.getByText(MESSAGES.forgot.invalidText));
    await popup.getByRole('button', { name: 'OK' }).click();
    await expectHidden(popup);

    // An unknown address gets the same answer as a known one.
    await page.getByLabel('Email').fill('nobody@example.com');
    await page.getByRole('button', { name: MESSAGES.forgot.button }).click();
    await expectVisible(popup.getByRole('heading', { name: MESSAGES.forgot.importantTitle }));
    await expectVisible(popup.getByText(MESSAGES.forgot.importantText));
    await popup.getByRole('button', { name: 'OK' }).click();

    await page.getByLabel('Email').fill(ADMIN_EMAIL);
    await page.getByRole('button', { name: MESSAGES.forgot.button }).click();
    await expectVisible(popup.getByRole('heading', { name: MESSAGES.forgot.importantTitle }));
    await screenshot(page, 'forgot-password-important');
    await popup.getByRole('button', { name: 'OK' }).click();
    // The server answered 204: the field is cleared.
    expect(await page.getByLabel('Email').inputValue()).toBe('');
    await expect
      .poll(() => app.server.ctx.repos.outbox.listFor(ADMIN_EMAIL).then((m) => m.length))
      .toBeGreaterThan(0);
  });

  test('an unknown reset link shows the invalid-link dialog, whose button leaves for the login', async () => {
    await page.goto(`${app.baseUrl}/password/reset/not-a-real-token`);
    const popup = popupOf(page);
    await expectVisible(popup.getByRole('heading', { name: MESSAGES.reset.invalidLinkTitle }));
    await expectVisible(popup.getByText(MESSAGES.reset.invalidLinkText));
    await screenshot(page, 'reset-invalid-link');
    await popup.getByRole('button', { name: MESSAGES.reset.leavePage }).click();
    await page.waitForURL(`${app.baseUrl}/login`);
  });

  test('the mailed link sets a new password after checking both fields', async () => {
    const rita = await newUser('rita');
    await requestReset(rita.email);
    await signedOut();
    await page.goto(await latestResetLink(rita.email));
    await expectTitle(page, 'Parley - Reset password');
    const newPassword = page.getByLabel('New password', { exact: true });
    const again = page.getByLabel('Re-enter new password');

    await newPassword.fill('short');
    await again.fill('different');
    await page.getByRole('button', { name: MESSAGES.reset.button }).click();
    await expectVisible(page.getByText(MESSAGES.reset.passwordTooShort));
    await expectVisible(page.getByText(MESSAGES.reset.passwordsMustMatch));

    // Each field has its own show/hide toggle.
    expect(await newPassword.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Show password' }).first().click();
    expect(await newPassword.getAttribute('type')).toBe('text');
    expect(await again.getAttribute('type')).toBe('password');
    await screenshot(page, 'reset-validation');
    await page.getByRole('button', { name: 'Hide password' }).click();
    expect(await newPassword.getAttribute('type')).toBe('password');

    await newPassword.fill(RESET_PASSWORD);
    await again.fill(RESET_PASSWORD);
    await page.getByRole('button', { name: MESSAGES.reset.button }).click();
    const popup = popupOf(page);
    await expectVisible(popup.getByRole('heading', { name: MESSAGES.reset.changedTitle }));
    await expectVisible(popup.getByText(MESSAGES.reset.changedText));
    await screenshot(page, 'reset-password-changed');
    await popup.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`${app.baseUrl}/login`);

    // The link is spent, and only the new password signs in.
    expect(
      (
        await app.server.request({
          method: 'POST',
          url: '/api/auth/login',
          body: { userId: rita.email, password: rita.password },
        })
      ).statusCode,
    ).toBe(401);
    await logInThroughUi(page, app.baseUrl, rita.email, RESET_PASSWORD);
  });

  test('change password asks for the current password, then opens the reset screen', async () => {
    const carl = await newUser('carl');
    await signedOut();
    await logInThroughUi(page, app.baseUrl, carl.email, carl.password);
    await page.getByRole('button', { name: /Ada Admin/ }).hover();
    await page.getByRole('button', { name: 'Change password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change password' });
    await expectVisible(dialog);

    await dialog.getByLabel('Current password').fill('wrong-password');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expectVisible(dialog.getByText(MESSAGES.changePassword.wrongCurrent));
    await screenshot(page, 'change-password-wrong-current');

    await dialog.getByLabel('Current password').fill(carl.password);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/password\/reset\/[^/]+$/);
    await page.getByLabel('New password', { exact: true }).fill(CHANGED_PASSWORD);
    await page.getByLabel('Re-enter new password').fill(CHANGED_PASSWORD);
    await page.getByRole('button', { name: MESSAGES.reset.button }).click();
    const popup = popupOf(page);
    await expectVisible(popup.getByRole('heading', { name: MESSAGES.reset.changedTitle }));
    await popup.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`${app.baseUrl}/login`);
    // A new password ends the old sign-in on this device.
    expect(await storedKeys(page)).toEqual([]);
    await logInThroughUi(page, app.baseUrl, carl.email, CHANGED_PASSWORD);
  });

  test('no page errors', () => {
    expect(browser.pageErrors).toEqual([]);
  });
});
