import { MESSAGES } from '@parley/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, logInThroughUi, popupOf } from './support/accounts';
import { type AppServer, startAppServer } from './support/app-server';
import { type Browser, launchBrowser } from './support/browser';
import { expectHidden, expectTitle, expectVisible } from './support/expect-page';
import { screenshot, screenshotFailures } from './support/screenshots';

describe('public pages, pop-ups and the user manual', () => {
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

  /** A signed-out visitor: no session in the browser's storage. */
  const signOut = async () => {
    await page.goto(`${app.baseUrl}/404`);
    await page.evaluate(() => localStorage.clear());
  };
  const signIn = async () => {
    await signOut();
    await logInThroughUi(page, app.baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
  };
  const styleGuide = () => page.goto(`${app.baseUrl}/style-guide`);

  test('an unknown path goes to /404 with links to the knowledge base and home', async () => {
    await signOut();
    await page.goto(`${app.baseUrl}/no/such/page`);
    await page.waitForURL(`${app.baseUrl}/404`);
    await expectTitle(page, 'Parley - Page not found');
    await expectVisible(page.getByRole('heading', { name: MESSAGES.pageNotFound }));
    expect(await page.getByRole('link', { name: 'Visit the knowledge base' }).getAttribute('href')).toBe(
      '/user-manual',
    );
    await screenshot(page, 'not-found');
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await page.waitForURL(`${app.baseUrl}/login`);
  });

  test('the style guide shows the design system on this machine', async () => {
    await styleGuide();
    await expectTitle(page, 'Parley - Style guide');
    await expectVisible(page.getByRole('heading', { name: 'Style guide', level: 1 }));
    await screenshot(page, 'style-guide', { fullPage: true });
  });

  test('a pop-up raised twice with the same heading and text shows once; Escape closes it', async () => {
    await styleGuide();
    await page.getByRole('button', { name: 'Same warning twice' }).click();
    const popup = popupOf(page);
    await expectVisible(popup);
    // Both were raised in the one click handler, so both have rendered by the time one is seen.
    expect(await popup.count()).toBe(1);
    expect(await popup.getByRole('button').allInnerTexts()).toEqual([MESSAGES.popups.defaultAction]);
    await screenshot(page, 'popup-warning');
    await page.keyboard.press('Escape');
    await expectHidden(popup);
  });

  test('a confirm pop-up answers false on Escape and true on its action', async () => {
    await styleGuide();
    await page.getByRole('button', { name: 'Confirm pop-up' }).click();
    await expectVisible(popupOf(page));
    await screenshot(page, 'popup-confirm');
    await page.keyboard.press('Escape');
    await expectVisible(page.getByText('Last confirm answer: cancelled'));
    await page.getByRole('button', { name: 'Confirm pop-up' }).click();
    await popupOf(page).getByRole('button', { name: 'Delete' }).click();
    await expectVisible(page.getByText('Last confirm answer: confirmed'));
  });

  test('Escape closes a clean modal at once; a modal with changes asks first', async () => {
    await styleGuide();
    const modal = page.getByRole('dialog', { name: 'Rename bot' });
    await page.getByRole('button', { name: 'Open modal' }).click();
    await expectVisible(modal);
    await page.keyboard.press('Escape');
    await expectHidden(modal);

    await page.getByRole('button', { name: 'Open modal' }).click();
    await modal.getByLabel('Bot name').fill('Support bot');
    await page.keyboard.press('Escape');
    const confirm = popupOf(page);
    await expectVisible(confirm.getByRole('heading', { name: 'Discard changes?' }));
    await screenshot(page, 'modal-dirty-confirm');
    // Escape answers the pop-up on top, not the modal under it.
    await page.keyboard.press('Escape');
    await expectHidden(confirm);
    await expectVisible(modal);
    expect(await modal.getByLabel('Bot name').inputValue()).toBe('Support bot');

    await modal.getByRole('button', { name: 'Cancel' }).click();
    await confirm.getByRole('button', { name: 'Discard' }).click();
    await expectHidden(modal);
  });

  test('the user manual lists pages by section, opens them and searches, without sending the token', async () => {
    await signIn();
    const manualRequests: Array<{ path: string; token: string | undefined }> = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/user-manual/')) {
        manualRequests.push({ path: url.pathname, token: request.headers().authtoken });
      }
    });

    await page.goto(`${app.baseUrl}/user-manual`);
    await expectTitle(page, 'Parley - User manual');
    const sidebar = page.getByRole('navigation', { name: 'Manual pages' });
    await expectVisible(sidebar.getByRole('heading', { name: 'Legal' }));
    await sidebar.getByRole('link', { name: 'Terms of service' }).click();
    await page.waitForURL(`${app.baseUrl}/user-manual/terms-of-service`);
    await expectVisible(
      page.getByRole('article').getByRole('heading', { name: 'Terms of service', level: 1 }),
    );

    await page.getByLabel('Search the manual').fill('reset password');
    const result = page.getByRole('link', { name: /Signing in/ }).filter({ hasText: /reset/i });
    await expectVisible(result);
    await screenshot(page, 'user-manual-search');
    await result.click();
    await page.waitForURL(`${app.baseUrl}/user-manual/signing-in`);
    await expectVisible(page.getByRole('article').getByRole('heading', { level: 1 }));
    await screenshot(page, 'user-manual-page');

    expect(manualRequests.map((r) => r.path)).toEqual(
      expect.arrayContaining(['/api/user-manual/all', '/api/user-manual/search']),
    );
    expect(manualRequests.every((r) => r.token === undefined)).toBe(true);
  });

  test('the support page opens the knowledge base in a new tab and goes back after a second', async () => {
    await signIn();
    await page.goto(`${app.baseUrl}/bots`);
    await expectVisible(page.getByRole('heading', { name: 'Bot Overview' }));
    const newTab = browser.context.waitForEvent('page');
    await page.evaluate(() => {
      window.history.pushState(null, '', '/support');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    const tab = await newTab;
    await tab.waitForURL(`${app.baseUrl}/user-manual`);
    await tab.close();
    await page.waitForURL(`${app.baseUrl}/bots`, { timeout: 3_000 });
    expect(browser.pageErrors).toEqual([]);
  });
});
