import { MESSAGES } from '@parley/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createInvitationCode } from '../../server/src/services/accounts/bootstrap.service';
import { startOidcProvider, type TestOidcProvider } from '../../server/test/support/oidc-provider';
import { popupOf } from './support/accounts';
import { type AppServer, startAppServer } from './support/app-server';
import { type Browser, launchBrowser } from './support/browser';
import { expectHidden, expectVisible } from './support/expect-page';
import { screenshot, screenshotFailures } from './support/screenshots';

/** The directory's people: login name (their subject) to claims. */
const ACCOUNTS = {
  dora: { email: 'dora@directory.example', email_verified: true, name: 'Dora Directory' },
  kim: { email: 'kim@directory.example', email_verified: true, name: 'Kim Known' },
  lou: { email: 'lou@directory.example', email_verified: true, name: 'Lou Leaving' },
};
type Login = keyof typeof ACCOUNTS;

describe('sign-in and sign-up with a directory account', () => {
  let provider: TestOidcProvider | undefined;
  let app: AppServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    app = await startAppServer({
      env: async (baseUrl) => {
        provider = await startOidcProvider(ACCOUNTS, `${baseUrl}/api/auth/directory/callback`);
        return provider.env;
      },
    });
    await app.server.signUpFirstAdmin();
    browser = await launchBrowser();
    page = await browser.newPage();
  });
  screenshotFailures(() => page);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await provider?.close();
  });

  /** The provider's own sign-in and consent screens. */
  async function signInAtProvider(login: string) {
    await page.locator('input[name="login"]').fill(login);
    await page.locator('input[name="password"]').fill('any password');
    await page.locator('button[type="submit"]').click();
    await page.locator('button[type="submit"]', { hasText: 'Continue' }).click();
  }

  /** No Parley session and no directory session in the browser. */
  async function signedOut() {
    await page.goto(`${app.baseUrl}/login`);
    await page.evaluate(() => localStorage.clear());
    await browser.context.clearCookies();
  }

  /** Fills the sign-up form for a directory account, up to the directory's own screens. */
  async function startDirectorySignUp(login: Login, organisation: string) {
    const code = await createInvitationCode(app.server.ctx.repos, 'new-tenant', {
      requiresConfirmation: false,
    });
    await page.goto(`${app.baseUrl}/signup?invitationCode=${code}`);
    await page.getByRole('button', { name: 'Use a directory account instead' }).click();
    await page.getByLabel('Name', { exact: true }).fill(ACCOUNTS[login].name);
    await page.getByLabel('Organization name').fill(organisation);
    await page.getByLabel('Directory account email').fill(ACCOUNTS[login].email);
  }

  /** A directory user with a Parley account of their own, signed in at the bot overview. */
  async function signedUpThroughDirectory(login: Login) {
    await signedOut();
    await startDirectorySignUp(login, `${ACCOUNTS[login].name} Corp`);
    await page.getByRole('button', { name: MESSAGES.signup.signUpWithDirectory }).click();
    await page.waitForURL((url) => url.href.startsWith(provider?.issuer ?? '-'));
    await signInAtProvider(login);
    await page.waitForURL(`${app.baseUrl}/bots`);
  }

  test('the login offers the directory first, with a switch to email and password', async () => {
    await signedOut();
    const directoryButton = page.getByRole('button', { name: 'Sign in with directory account' });
    await expectVisible(directoryButton);
    expect(await page.getByLabel('Email').count()).toBe(0);
    await screenshot(page, 'login-directory-default');

    await page.getByRole('button', { name: 'Use email and password instead' }).click();
    await expectVisible(page.getByLabel('Email'));
    await expectHidden(directoryButton);
    await screenshot(page, 'login-directory-switched');
    await page.getByRole('button', { name: 'Use a directory account instead' }).click();
    await expectVisible(directoryButton);
    expect(await page.getByLabel('Email').count()).toBe(0);
  });

  test('signing up with a directory account hides the password and continues at the directory', async () => {
    await signedOut();
    await startDirectorySignUp('dora', 'Directory Corp');
    expect(await page.getByLabel('Password', { exact: true }).count()).toBe(0);
    expect(await page.getByLabel('Work email').count()).toBe(0);
    await screenshot(page, 'signup-directory');
    await page.getByRole('button', { name: MESSAGES.signup.signUpWithDirectory }).click();

    await page.waitForURL((url) => url.href.startsWith(provider?.issuer ?? '-'));
    await signInAtProvider('dora');
    await page.waitForURL(`${app.baseUrl}/bots`);
    await page.getByRole('button', { name: /Dora Directory/ }).hover();
    const box = page.getByRole('region', { name: 'Profile' });
    expect(await box.textContent()).toContain('Directory Corp');
    expect(await box.getByRole('button', { name: 'Change password' }).count()).toBe(0);
  });

  test('a known directory user signs in through the directory button', async () => {
    await signedUpThroughDirectory('kim');
    await signedOut();
    await page.getByRole('button', { name: 'Sign in with directory account' }).click();
    await signInAtProvider('kim');
    await page.waitForURL(`${app.baseUrl}/bots`);
    await expectVisible(page.getByRole('button', { name: /Kim Known/ }));
  });

  test('logging out ends the directory session too, then comes back to login', async () => {
    await signedUpThroughDirectory('lou');
    await page.goto(`${app.baseUrl}/logout`);
    // After the logout screen's 3 s, the directory asks to confirm its own logout.
    await page.waitForURL((url) => url.href.startsWith(provider?.issuer ?? '-'), { timeout: 10_000 });
    await screenshot(page, 'logout-directory-confirmation');
    await page.getByRole('button', { name: /yes/i }).click();
    await page.waitForURL(`${app.baseUrl}/login`);
    expect(await page.evaluate(() => localStorage.getItem('parley.token'))).toBeNull();
    // Signing in again asks for the login at the directory: its session ended as well.
    await page.getByRole('button', { name: 'Sign in with directory account' }).click();
    await page.waitForURL((url) => url.href.startsWith(provider?.issuer ?? '-'));
    await expectVisible(page.locator('input[name="login"]'));
  });

  test('a directory account without a Parley account gets the login error', async () => {
    await signedOut();
    await page.getByRole('button', { name: 'Sign in with directory account' }).click();
    await signInAtProvider('stranger');
    await page.waitForURL(`${app.baseUrl}/login`);
    const popup = popupOf(page);
    await expectVisible(popup.getByRole('heading', { name: MESSAGES.loginErrorTitle }));
    await screenshot(page, 'login-directory-error');
    expect(new URL(page.url()).hash).toBe('');
  });

  test('no page errors', () => {
    expect(browser.pageErrors).toEqual([]);
  });
});
