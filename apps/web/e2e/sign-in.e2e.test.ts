import { MESSAGES } from '@parley/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createInvitationCode } from '../../server/src/services/accounts/bootstrap.service';
import { ADMIN_EMAIL, ADMIN_PASSWORD, logInThroughUi, popupOf } from './support/accounts';
import { type AppServer, startAppServer } from './support/app-server';
import { type Browser, launchBrowser } from './support/browser';
import { expectHidden, expectTitle, expectVisible, storedKeys } from './support/expect-page';
import { screenshot, screenshotFailures } from './support/screenshots';

describe('first run, sign-up, login and logout', () => {
  let app: AppServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    app = await startAppServer();
    // The tests of the login and logout find the first administrator there; the first-run
    // sign-up is tested on a server of its own.
    await app.server.signUpFirstAdmin();
    browser = await launchBrowser();
    page = await browser.newPage();
  });
  screenshotFailures(() => page);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  /** A visitor without a session. */
  const signedOut = async (server: AppServer = app) => {
    await page.goto(`${server.baseUrl}/login`);
    await page.evaluate(() => localStorage.clear());
  };
  /** A server that has just started: nobody has signed up yet. */
  const withNewServer = async (run: (server: AppServer) => Promise<void>) => {
    const server = await startAppServer();
    try {
      await run(server);
    } finally {
      await server.close();
    }
  };

  test('an unauthenticated visitor of / and of /bots lands on the login', async () => {
    await signedOut();
    await page.goto(`${app.baseUrl}/`);
    await page.waitForURL(`${app.baseUrl}/login`);
    await page.goto(`${app.baseUrl}/bots`);
    await page.waitForURL(`${app.baseUrl}/login`);
    await expectTitle(page, 'Parley - Login');
    await expectVisible(page.getByRole('button', { name: 'Sign in', exact: true }));
    // Only the platform method is offered: no switch link, no directory button.
    expect(await page.getByText('Sign in with directory account').count()).toBe(0);
    expect(await page.getByText('Use a directory account instead').count()).toBe(0);
    await expectVisible(page.getByRole('link', { name: 'Forgot password?' }));
    await expectVisible(page.getByRole('link', { name: 'end-user licence agreement' }));
    await screenshot(page, 'login');
  });

  test('the first administrator signs up from the printed link, with the form checking each field', async () => {
    await withNewServer(async (fresh) => {
      const link = fresh.server.firstRunSignupLink;
      expect(link).toMatch(/\/signup\?invitationCode=/);
      await page.goto(fresh.local(link ?? ''));
      await expectTitle(page, 'Parley - Sign up');
      await expectVisible(page.getByRole('heading', { name: MESSAGES.signup.genericHeading }));
      const code = new URL(link ?? '').searchParams.get('invitationCode');
      expect(await page.getByLabel('Invitation code').inputValue()).toBe(code);

      await page.getByRole('button', { name: MESSAGES.signup.createAccount }).click();
      for (const message of [
        MESSAGES.signup.invalidName,
        MESSAGES.signup.invalidOrganization,
        MESSAGES.signup.invalidEmail,
        MESSAGES.signup.passwordTooShort,
      ]) {
        await expectVisible(page.getByText(message, { exact: true }));
      }
      await screenshot(page, 'signup-validation');

      await page.getByLabel('Name', { exact: true }).fill('Ada Admin');
      await page.getByLabel('Organization name').fill('Master');
      await page.getByLabel('Work email').fill(ADMIN_EMAIL);
      await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
      await page.getByLabel('Re-enter password').fill(`${ADMIN_PASSWORD}-typo`);
      await page.getByRole('button', { name: MESSAGES.signup.createAccount }).click();
      await expectVisible(page.getByText(MESSAGES.signup.passwordsDoNotMatch, { exact: true }));

      await page.getByLabel('Re-enter password').fill(ADMIN_PASSWORD);
      await screenshot(page, 'signup-filled');
      await page.getByRole('button', { name: MESSAGES.signup.createAccount }).click();
      await expectVisible(page.getByRole('heading', { name: MESSAGES.signup.accountCreated }));
      await expectVisible(page.getByText(MESSAGES.signup.checkEmail));
      await screenshot(page, 'signup-account-created');
      expect(await fresh.server.ctx.repos.users.get(ADMIN_EMAIL)).toMatchObject({ name: 'Ada Admin' });
    });
  });

  test('the sign-up heading and e-mail follow the route parameters', async () => {
    await page.goto(`${app.baseUrl}/signup?activation_email=deal%40example.com&coupon_id=SUMO`);
    await expectVisible(page.getByRole('heading', { name: MESSAGES.signup.appSumoHeading }));
    const email = page.getByLabel('Work email');
    expect(await email.inputValue()).toBe('deal@example.com');
    expect(await email.isDisabled()).toBe(true);
    await page.goto(`${app.baseUrl}/signup?title=Join%20the%20pilot&prod_name=parley_tier1`);
    await expectVisible(page.getByRole('heading', { name: 'Join the pilot' }));
    expect(await page.getByLabel('Work email').isDisabled()).toBe(false);
    await page.goto(`${app.baseUrl}/signup?prod_name=parley_tier1`);
    await expectVisible(page.getByRole('heading', { name: MESSAGES.signup.appSumoHeading }));
  });

  test('the used link cannot sign up again: the failure pop-up names the reason', async () => {
    await withNewServer(async (fresh) => {
      // The first administrator signed up with the printed link.
      const link = fresh.server.firstRunSignupLink ?? '';
      const invitationCode = new URL(link).searchParams.get('invitationCode') ?? '';
      await fresh.server.signUpFirstAdmin('ada@example.com', 'Ada-Password-1', invitationCode);
      await page.goto(fresh.local(link));
      await page.getByLabel('Name', { exact: true }).fill('Eve Intruder');
      await page.getByLabel('Organization name').fill('Elsewhere');
      await page.getByLabel('Work email').fill('eve@example.com');
      await page.getByLabel('Password', { exact: true }).fill('Eve-Password-1');
      await page.getByLabel('Re-enter password').fill('Eve-Password-1');
      await page.getByRole('button', { name: MESSAGES.signup.createAccount }).click();
      const popup = popupOf(page);
      await expectVisible(popup.getByRole('heading', { name: MESSAGES.signup.errorTitle }));
      await expectVisible(popup.getByText(MESSAGES.signup.invalidInvitationCode));
      await screenshot(page, 'signup-error-popup');
      await popup.getByRole('button', { name: MESSAGES.popups.defaultAction }).click();
      await expectHidden(popup);
      // The button is back: creating went back to idle.
      await expectVisible(page.getByRole('button', { name: MESSAGES.signup.createAccount }));
      expect(await fresh.server.ctx.repos.users.get('eve@example.com')).toBeUndefined();
    });
  });

  test('a wrong password shows the login error pop-up with the server message', async () => {
    await signedOut();
    await page.getByLabel('Email').fill(ADMIN_EMAIL);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const popup = popupOf(page);
    await expectVisible(popup.getByRole('heading', { name: MESSAGES.loginErrorTitle }));
    await expectVisible(popup.getByText(MESSAGES.invalidCredentials));
    await screenshot(page, 'login-error-popup');
    await popup.getByRole('button', { name: 'OK' }).click();
    await expectHidden(popup);
    expect(page.url()).toBe(`${app.baseUrl}/login`);
    expect(await storedKeys(page)).toEqual([]);
  });

  test('login opens the bot overview and keeps the session in the browser', async () => {
    await signedOut();
    await logInThroughUi(page, app.baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(page.url()).toBe(`${app.baseUrl}/bots`);
    await expectTitle(page, 'Parley - Bots');
    await expectVisible(page.getByRole('heading', { name: 'No bots yet' }));
    expect(await storedKeys(page)).toEqual(['parley.token', 'parley.user']);
    await screenshot(page, 'bots-overview');

    // A reload keeps the user signed in; / leads to the bots when signed in.
    await page.goto(`${app.baseUrl}/`);
    await page.waitForURL(`${app.baseUrl}/bots`);
  });

  test('a new organisation confirms its account from the mail, and the login says so', async () => {
    await signedOut();
    const code = await createInvitationCode(app.server.ctx.repos, 'new-tenant', {
      requiresConfirmation: true,
    });
    await page.goto(`${app.baseUrl}/signup?invitationCode=${code}`);
    await page.getByLabel('Name', { exact: true }).fill('Carol Customer');
    await page.getByLabel('Organization name').fill('Carol Corp');
    await page.getByLabel('Work email').fill('carol@example.com');
    await page.getByLabel('Password', { exact: true }).fill('Carol-Password-1');
    await page.getByLabel('Re-enter password').fill('Carol-Password-1');
    await page.getByRole('button', { name: MESSAGES.signup.createAccount }).click();
    await expectVisible(page.getByRole('heading', { name: MESSAGES.signup.accountCreated }));

    // Not confirmed yet: the login refuses with the server's reason.
    await page.goto(`${app.baseUrl}/login`);
    await page.getByLabel('Email').fill('carol@example.com');
    await page.getByLabel('Password', { exact: true }).fill('Carol-Password-1');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const popup = popupOf(page);
    await expectVisible(popup.getByText(MESSAGES.accountNotConfirmed));
    await popup.getByRole('button', { name: 'OK' }).click();

    const mails = await app.server.ctx.repos.outbox.listFor('carol@example.com');
    const link = mails.flatMap((mail) => mail.text.match(/\S+\/api\/users\/confirm\/\S+/g) ?? [])[0];
    expect(link).toBeTruthy();
    await page.goto(app.local(link ?? ''));
    await page.waitForURL(`${app.baseUrl}/login?confirmed=1`);
    await expectVisible(page.getByText('Your account is confirmed'));
    await screenshot(page, 'login-confirmed');
    await logInThroughUi(page, app.baseUrl, 'carol@example.com', 'Carol-Password-1');

    // The link works once; a second visit says it is not valid.
    await page.evaluate(() => localStorage.clear());
    await page.goto(app.local(link ?? ''));
    await page.waitForURL(`${app.baseUrl}/login?confirmed=0`);
    await expectVisible(page.getByText('This confirmation link is not valid'));
    await page.evaluate(() => localStorage.clear());
  });

  test('logout ends the session, says so and goes to / (then the login) after 3 seconds', async () => {
    await signedOut();
    await logInThroughUi(page, app.baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
    const token = await page.evaluate(() => localStorage.getItem('parley.token'));
    await page.evaluate(() => localStorage.setItem('parley.paymentCustomerId', 'cus_123'));
    await page.getByRole('button', { name: /Ada Admin/ }).hover();
    const startedAt = Date.now();
    await page.getByRole('link', { name: 'Log out' }).click();
    await expectVisible(page.getByText(MESSAGES.logout));
    await expectTitle(page, 'Parley - Logout');
    expect(await storedKeys(page)).toEqual([]);
    await screenshot(page, 'logout');

    await page.waitForURL(`${app.baseUrl}/login`, { timeout: 6_000 });
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(2_900);
    // The server ended the session too: the old token no longer opens anything.
    const info = await app.server.request({ method: 'GET', url: '/api/users/info', token: token ?? '' });
    expect(info.statusCode).toBe(401);
  });

  test('no page errors', () => {
    expect(browser.pageErrors).toEqual([]);
  });
});
