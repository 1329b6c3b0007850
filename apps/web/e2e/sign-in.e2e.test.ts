import { MESSAGES } from '@parley/contracts';
import { describe, expect, test } from 'vitest';
import { createInvitationCode } from '../../server/src/services/accounts/bootstrap.service';
import { ADMIN_EMAIL, ADMIN_PASSWORD, logInThroughUi, popupOf } from './support/accounts';
import { type AppServer, startAppServer } from './support/app-server';
import { browserSuite } from './support/browser-suite';
import { expectHidden, expectTitle, expectVisible, storedKeys } from './support/expect-page';
import { screenshot } from './support/screenshots';

describe('first run, sign-up, login and logout', () => {
  const s = browserSuite({
    prepare: async (app) => {
      // The tests of the login and logout find the first administrator there; the first-run
      // sign-up is tested on a server of its own.
      await app.server.signUpFirstAdmin();
    },
  });

  /** A visitor without a session. */
  const signedOut = async (server: AppServer = s.app) => {
    await s.page.goto(`${server.baseUrl}/login`);
    await s.page.evaluate(() => localStorage.clear());
  };
  /** A server that has just started: nobody has signed up yet. */
  /** Fills the sign-up form and sends it; `repeated` is what Re-enter password gets, when not the password. */
  const sendSignup = async (who: {
    name: string;
    organization: string;
    email: string;
    password: string;
    repeated?: string;
  }) => {
    await s.page.getByLabel('Name', { exact: true }).fill(who.name);
    await s.page.getByLabel('Organization name').fill(who.organization);
    await s.page.getByLabel('Work email').fill(who.email);
    await s.page.getByLabel('Password', { exact: true }).fill(who.password);
    await s.page.getByLabel('Re-enter password').fill(who.repeated ?? who.password);
    await s.page.getByRole('button', { name: MESSAGES.signup.createAccount }).click();
  };
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
    await s.page.goto(`${s.app.baseUrl}/`);
    await s.page.waitForURL(`${s.app.baseUrl}/login`);
    await s.page.goto(`${s.app.baseUrl}/bots`);
    await s.page.waitForURL(`${s.app.baseUrl}/login`);
    await expectTitle(s.page, 'Parley - Login');
    await expectVisible(s.page.getByRole('button', { name: 'Sign in', exact: true }));
    // Only the platform method is offered: no switch link, no directory button.
    expect(await s.page.getByText('Sign in with directory account').count()).toBe(0);
    expect(await s.page.getByText('Use a directory account instead').count()).toBe(0);
    await expectVisible(s.page.getByRole('link', { name: 'Forgot password?' }));
    await expectVisible(s.page.getByRole('link', { name: 'end-user licence agreement' }));
    await screenshot(s.page, 'login');
  });

  test('the first administrator signs up from the printed link, with the form checking each field', async () => {
    await withNewServer(async (fresh) => {
      const link = fresh.server.firstRunSignupLink;
      expect(link).toMatch(/\/signup\?invitationCode=/);
      await s.page.goto(fresh.local(link ?? ''));
      await expectTitle(s.page, 'Parley - Sign up');
      await expectVisible(s.page.getByRole('heading', { name: MESSAGES.signup.genericHeading }));
      const code = new URL(link ?? '').searchParams.get('invitationCode');
      expect(await s.page.getByLabel('Invitation code').inputValue()).toBe(code);

      await s.page.getByRole('button', { name: MESSAGES.signup.createAccount }).click();
      for (const message of [
        MESSAGES.signup.invalidName,
        MESSAGES.signup.invalidOrganization,
        MESSAGES.signup.invalidEmail,
        MESSAGES.signup.passwordTooShort,
      ]) {
        await expectVisible(s.page.getByText(message, { exact: true }));
      }
      await screenshot(s.page, 'signup-validation');

      await sendSignup({
        name: 'Ada Admin',
        organization: 'Master',
        email: ADMIN_EMAIL,
        password: ADMIN_PASSWORD,
        repeated: `${ADMIN_PASSWORD}-typo`,
      });
      await expectVisible(s.page.getByText(MESSAGES.signup.passwordsDoNotMatch, { exact: true }));

      await s.page.getByLabel('Re-enter password').fill(ADMIN_PASSWORD);
      await screenshot(s.page, 'signup-filled');
      await s.page.getByRole('button', { name: MESSAGES.signup.createAccount }).click();
      await expectVisible(s.page.getByRole('heading', { name: MESSAGES.signup.accountCreated }));
      // The first administrator's code needs no confirmation: no mail to wait for.
      await expectVisible(s.page.getByText(MESSAGES.signup.readyToSignIn));
      await expectHidden(s.page.getByText(MESSAGES.signup.checkEmail));
      await screenshot(s.page, 'signup-account-created');
      expect(await fresh.server.ctx.repos.users.get(ADMIN_EMAIL)).toMatchObject({ name: 'Ada Admin' });
    });
  });

  test('the sign-up heading and e-mail follow the route parameters', async () => {
    await s.page.goto(`${s.app.baseUrl}/signup?activation_email=deal%40example.com&coupon_id=SUMO`);
    await expectVisible(s.page.getByRole('heading', { name: MESSAGES.signup.appSumoHeading }));
    const email = s.page.getByLabel('Work email');
    expect(await email.inputValue()).toBe('deal@example.com');
    expect(await email.isDisabled()).toBe(true);
    await s.page.goto(`${s.app.baseUrl}/signup?title=Join%20the%20pilot&prod_name=parley_tier1`);
    await expectVisible(s.page.getByRole('heading', { name: 'Join the pilot' }));
    expect(await s.page.getByLabel('Work email').isDisabled()).toBe(false);
    await s.page.goto(`${s.app.baseUrl}/signup?prod_name=parley_tier1`);
    await expectVisible(s.page.getByRole('heading', { name: MESSAGES.signup.appSumoHeading }));
  });

  test('the used link cannot sign up again: the failure pop-up names the reason', async () => {
    await withNewServer(async (fresh) => {
      // The first administrator signed up with the printed link.
      const link = fresh.server.firstRunSignupLink ?? '';
      const invitationCode = new URL(link).searchParams.get('invitationCode') ?? '';
      await fresh.server.signUpFirstAdmin('ada@example.com', 'Ada-Password-1', invitationCode);
      await s.page.goto(fresh.local(link));
      await sendSignup({
        name: 'Eve Intruder',
        organization: 'Elsewhere',
        email: 'eve@example.com',
        password: 'Eve-Password-1',
      });
      const popup = popupOf(s.page);
      await expectVisible(popup.getByRole('heading', { name: MESSAGES.signup.errorTitle }));
      await expectVisible(popup.getByText(MESSAGES.signup.invalidInvitationCode));
      await screenshot(s.page, 'signup-error-popup');
      await popup.getByRole('button', { name: MESSAGES.popups.defaultAction }).click();
      await expectHidden(popup);
      // The button is back: creating went back to idle.
      await expectVisible(s.page.getByRole('button', { name: MESSAGES.signup.createAccount }));
      expect(await fresh.server.ctx.repos.users.get('eve@example.com')).toBeUndefined();
    });
  });

  test('a wrong password shows the login error pop-up with the server message', async () => {
    await signedOut();
    await s.page.getByLabel('Email').fill(ADMIN_EMAIL);
    await s.page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await s.page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const popup = popupOf(s.page);
    await expectVisible(popup.getByRole('heading', { name: MESSAGES.loginErrorTitle }));
    await expectVisible(popup.getByText(MESSAGES.invalidCredentials));
    await screenshot(s.page, 'login-error-popup');
    await popup.getByRole('button', { name: 'OK' }).click();
    await expectHidden(popup);
    expect(s.page.url()).toBe(`${s.app.baseUrl}/login`);
    expect(await storedKeys(s.page)).toEqual([]);
  });

  test('login opens the bot overview and keeps the session in the browser', async () => {
    await signedOut();
    await logInThroughUi(s.page, s.app.baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(s.page.url()).toBe(`${s.app.baseUrl}/bots`);
    await expectTitle(s.page, 'Parley - Bots');
    await expectVisible(s.page.getByRole('heading', { name: 'No bots yet' }));
    expect(await storedKeys(s.page)).toEqual(['parley.token', 'parley.user']);
    await screenshot(s.page, 'bots-overview');

    // A reload keeps the user signed in; / leads to the bots when signed in.
    await s.page.goto(`${s.app.baseUrl}/`);
    await s.page.waitForURL(`${s.app.baseUrl}/bots`);
  });

  test('a new organisation confirms its account from the mail, and the login says so', async () => {
    await signedOut();
    const code = await createInvitationCode(s.app.server.ctx.repos, 'new-tenant', {
      requiresConfirmation: true,
    });
    await s.page.goto(`${s.app.baseUrl}/signup?invitationCode=${code}`);
    await sendSignup({
      name: 'Carol Customer',
      organization: 'Carol Corp',
      email: 'carol@example.com',
      password: 'Carol-Password-1',
    });
    await expectVisible(s.page.getByRole('heading', { name: MESSAGES.signup.accountCreated }));
    await expectVisible(s.page.getByText(MESSAGES.signup.checkEmail));

    // Not confirmed yet: the login says where the link went and offers to send it again.
    const signIn = async () => {
      await s.page.goto(`${s.app.baseUrl}/login`);
      await s.page.getByLabel('Email').fill('carol@example.com');
      await s.page.getByLabel('Password', { exact: true }).fill('Carol-Password-1');
      await s.page.getByRole('button', { name: 'Sign in', exact: true }).click();
    };
    await signIn();
    const popup = popupOf(s.page);
    await expectVisible(popup.getByText(MESSAGES.accountNotConfirmed));
    await expectVisible(popup.getByText(MESSAGES.accountNotConfirmedMail('carol@example.com')));
    await screenshot(s.page, 'login-not-confirmed');
    await popup.getByRole('button', { name: 'OK' }).click();
    await expectHidden(popup);

    const confirmLinks = async () =>
      (await s.app.server.ctx.repos.outbox.listFor('carol@example.com')).flatMap(
        (mail) => mail.text.match(/\S+\/api\/users\/confirm\/\S+/g) ?? [],
      );
    expect(await confirmLinks()).toHaveLength(1);
    await signIn();
    await popup.getByRole('button', { name: MESSAGES.sendConfirmationAgain }).click();
    await expectVisible(popup.getByText(MESSAGES.confirmationSentTitle));
    await popup.getByRole('button', { name: 'OK' }).click();
    await expect.poll(async () => (await confirmLinks()).length).toBe(2);
    // The mail sent again holds a link of its own.
    const link = (await confirmLinks())[1];
    expect(link).not.toBe((await confirmLinks())[0]);
    await s.page.goto(s.app.local(link ?? ''));
    await s.page.waitForURL(`${s.app.baseUrl}/login?confirmed=1`);
    await expectVisible(s.page.getByText('Your account is confirmed'));
    await screenshot(s.page, 'login-confirmed');
    await logInThroughUi(s.page, s.app.baseUrl, 'carol@example.com', 'Carol-Password-1');

    // The link works once; a second visit says it is not valid.
    await s.page.evaluate(() => localStorage.clear());
    await s.page.goto(s.app.local(link ?? ''));
    await s.page.waitForURL(`${s.app.baseUrl}/login?confirmed=0`);
    await expectVisible(s.page.getByText('This confirmation link is not valid'));
    await s.page.evaluate(() => localStorage.clear());
  });

  test('logout ends the session, says so and goes to / (then the login) after 3 seconds', async () => {
    await signedOut();
    await logInThroughUi(s.page, s.app.baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
    const token = await s.page.evaluate(() => localStorage.getItem('parley.token'));
    await s.page.evaluate(() => localStorage.setItem('parley.paymentCustomerId', 'cus_123'));
    await s.page.getByRole('button', { name: /Ada Admin/ }).hover();
    const startedAt = Date.now();
    await s.page.getByRole('link', { name: 'Log out' }).click();
    await expectVisible(s.page.getByText(MESSAGES.logout));
    await expectTitle(s.page, 'Parley - Logout');
    expect(await storedKeys(s.page)).toEqual([]);
    await screenshot(s.page, 'logout');

    await s.page.waitForURL(`${s.app.baseUrl}/login`, { timeout: 6_000 });
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(2_900);
    // The server ended the session too: the old token no longer opens anything.
    const info = await s.app.server.request({ method: 'GET', url: '/api/users/info', token: token ?? '' });
    expect(info.statusCode).toBe(401);
  });

  test('no page errors', () => {
    expect(s.browser.pageErrors).toEqual([]);
  });
});
