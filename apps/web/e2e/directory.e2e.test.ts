import { MESSAGES } from '@parley/contracts';
import { afterAll, describe, expect, test } from 'vitest';
import { createInvitationCode } from '../../server/src/services/accounts/bootstrap.service';
import { startOidcProvider, type TestOidcProvider } from '../../server/test/support/oidc-provider';
import { popupOf } from './support/accounts';
import { browserSuite } from './support/browser-suite';
import { expectHidden, expectVisible } from './support/expect-page';
import { screenshot } from './support/screenshots';

/** The directory's people: login name (their subject) to claims. */
const ACCOUNTS = {
  dora: { email: 'dora@directory.example', email_verified: true, name: 'Dora Directory' },
  kim: { email: 'kim@directory.example', email_verified: true, name: 'Kim Known' },
  lou: { email: 'lou@directory.example', email_verified: true, name: 'Lou Leaving' },
};
type Login = keyof typeof ACCOUNTS;

describe('sign-in and sign-up with a directory account', () => {
  let provider: TestOidcProvider | undefined;

  const s = browserSuite({
    env: async (baseUrl) => {
      provider = await startOidcProvider(ACCOUNTS, `${baseUrl}/api/auth/directory/callback`);
      return provider.env;
    },
    prepare: async (app) => {
      await app.server.signUpFirstAdmin();
    },
  });
  afterAll(async () => {
    await provider?.close();
  });

  /** The provider's own sign-in and consent screens. */
  async function signInAtProvider(login: string) {
    await s.page.locator('input[name="login"]').fill(login);
    await s.page.locator('input[name="password"]').fill('any password');
    await s.page.locator('button[type="submit"]').click();
    await s.page.locator('button[type="submit"]', { hasText: 'Continue' }).click();
  }

  /** No Parley session and no directory session in the browser. */
  async function signedOut() {
    await s.page.goto(`${s.app.baseUrl}/login`);
    await s.page.evaluate(() => localStorage.clear());
    await s.browser.context.clearCookies();
  }

  /** Fills the sign-up form for a directory account, up to the directory's own screens. */
  async function startDirectorySignUp(login: Login, organisation: string) {
    const code = await createInvitationCode(s.app.server.ctx.repos, 'new-tenant', {
      requiresConfirmation: false,
    });
    await s.page.goto(`${s.app.baseUrl}/signup?invitationCode=${code}`);
    await s.page.getByRole('button', { name: 'Use a directory account instead' }).click();
    await s.page.getByLabel('Name', { exact: true }).fill(ACCOUNTS[login].name);
    await s.page.getByLabel('Organization name').fill(organisation);
    await s.page.getByLabel('Directory account email').fill(ACCOUNTS[login].email);
  }

  /** A directory user with a Parley account of their own, signed in at the bot overview. */
  async function signedUpThroughDirectory(login: Login) {
    await signedOut();
    await startDirectorySignUp(login, `${ACCOUNTS[login].name} Corp`);
    await s.page.getByRole('button', { name: MESSAGES.signup.signUpWithDirectory }).click();
    await s.page.waitForURL((url) => url.href.startsWith(provider?.issuer ?? '-'));
    await signInAtProvider(login);
    await s.page.waitForURL(`${s.app.baseUrl}/bots`);
  }

  test('the login offers the directory first, with a switch to email and password', async () => {
    await signedOut();
    const directoryButton = s.page.getByRole('button', { name: 'Sign in with directory account' });
    await expectVisible(directoryButton);
    expect(await s.page.getByLabel('Email').count()).toBe(0);
    await screenshot(s.page, 'login-directory-default');

    await s.page.getByRole('button', { name: 'Use email and password instead' }).click();
    await expectVisible(s.page.getByLabel('Email'));
    await expectHidden(directoryButton);
    await screenshot(s.page, 'login-directory-switched');
    await s.page.getByRole('button', { name: 'Use a directory account instead' }).click();
    await expectVisible(directoryButton);
    expect(await s.page.getByLabel('Email').count()).toBe(0);
  });

  test('signing up with a directory account hides the password and continues at the directory', async () => {
    await signedOut();
    await startDirectorySignUp('dora', 'Directory Corp');
    expect(await s.page.getByLabel('Password', { exact: true }).count()).toBe(0);
    expect(await s.page.getByLabel('Work email').count()).toBe(0);
    await screenshot(s.page, 'signup-directory');
    await s.page.getByRole('button', { name: MESSAGES.signup.signUpWithDirectory }).click();

    await s.page.waitForURL((url) => url.href.startsWith(provider?.issuer ?? '-'));
    await signInAtProvider('dora');
    await s.page.waitForURL(`${s.app.baseUrl}/bots`);
    await s.page.getByRole('button', { name: /Dora Directory/ }).hover();
    const box = s.page.getByRole('region', { name: 'Profile' });
    expect(await box.textContent()).toContain('Directory Corp');
    expect(await box.getByRole('button', { name: 'Change password' }).count()).toBe(0);
  });

  test('a known directory user signs in through the directory button', async () => {
    await signedUpThroughDirectory('kim');
    await signedOut();
    await s.page.getByRole('button', { name: 'Sign in with directory account' }).click();
    await signInAtProvider('kim');
    await s.page.waitForURL(`${s.app.baseUrl}/bots`);
    await expectVisible(s.page.getByRole('button', { name: /Kim Known/ }));
  });

  test('logging out ends the directory session too, then comes back to login', async () => {
    await signedUpThroughDirectory('lou');
    await s.page.goto(`${s.app.baseUrl}/logout`);
    // After the logout screen's 3 s, the directory asks to confirm its own logout.
    await s.page.waitForURL((url) => url.href.startsWith(provider?.issuer ?? '-'), { timeout: 10_000 });
    await screenshot(s.page, 'logout-directory-confirmation');
    await s.page.getByRole('button', { name: /yes/i }).click();
    await s.page.waitForURL(`${s.app.baseUrl}/login`);
    expect(await s.page.evaluate(() => localStorage.getItem('parley.token'))).toBeNull();
    // Signing in again asks for the login at the directory: its session ended as well.
    await s.page.getByRole('button', { name: 'Sign in with directory account' }).click();
    await s.page.waitForURL((url) => url.href.startsWith(provider?.issuer ?? '-'));
    await expectVisible(s.page.locator('input[name="login"]'));
  });

  test('a directory account without a Parley account gets the login error', async () => {
    await signedOut();
    await s.page.getByRole('button', { name: 'Sign in with directory account' }).click();
    await signInAtProvider('stranger');
    await s.page.waitForURL(`${s.app.baseUrl}/login`);
    const popup = popupOf(s.page);
    await expectVisible(popup.getByRole('heading', { name: MESSAGES.loginErrorTitle }));
    await screenshot(s.page, 'login-directory-error');
    expect(new URL(s.page.url()).hash).toBe('');
  });

  test('no page errors', () => {
    expect(s.browser.pageErrors).toEqual([]);
  });
});
