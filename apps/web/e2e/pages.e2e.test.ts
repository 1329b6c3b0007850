import { MESSAGES } from '@parley/contracts';
import { describe, expect, test } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, logInThroughUi, popupOf } from './support/accounts';
import { browserSuite } from './support/browser-suite';
import { expectHidden, expectTitle, expectVisible } from './support/expect-page';
import { screenshot } from './support/screenshots';

describe('public pages, pop-ups and the user manual', () => {
  const s = browserSuite({
    prepare: async (app) => {
      await app.server.signUpFirstAdmin();
    },
  });

  /** A signed-out visitor: no session in the browser's storage. */
  const signOut = async () => {
    await s.page.goto(`${s.app.baseUrl}/404`);
    await s.page.evaluate(() => localStorage.clear());
  };
  const signIn = async () => {
    await signOut();
    await logInThroughUi(s.page, s.app.baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
  };
  const styleGuide = () => s.page.goto(`${s.app.baseUrl}/style-guide`);

  test('an unknown path goes to /404 with links to the knowledge base and home', async () => {
    await signOut();
    await s.page.goto(`${s.app.baseUrl}/no/such/page`);
    await s.page.waitForURL(`${s.app.baseUrl}/404`);
    await expectTitle(s.page, 'Parley - Page not found');
    await expectVisible(s.page.getByRole('heading', { name: MESSAGES.pageNotFound }));
    expect(await s.page.getByRole('link', { name: 'Visit the knowledge base' }).getAttribute('href')).toBe(
      '/user-manual',
    );
    await screenshot(s.page, 'not-found');
    await s.page.getByRole('link', { name: 'Go to the home page' }).click();
    await s.page.waitForURL(`${s.app.baseUrl}/login`);
  });

  test('the style guide shows the design system on this machine', async () => {
    await styleGuide();
    await expectTitle(s.page, 'Parley - Style guide');
    await expectVisible(s.page.getByRole('heading', { name: 'Style guide', level: 1 }));
    await screenshot(s.page, 'style-guide', { fullPage: true });
  });

  test('a pop-up raised twice with the same heading and text shows once; Escape closes it', async () => {
    await styleGuide();
    await s.page.getByRole('button', { name: 'Same warning twice' }).click();
    const popup = popupOf(s.page);
    await expectVisible(popup);
    // Both were raised in the one click handler, so both have rendered by the time one is seen.
    expect(await popup.count()).toBe(1);
    expect(await popup.getByRole('button').allInnerTexts()).toEqual([MESSAGES.popups.defaultAction]);
    await screenshot(s.page, 'popup-warning');
    await s.page.keyboard.press('Escape');
    await expectHidden(popup);
  });

  test('a confirm pop-up answers false on Escape and true on its action', async () => {
    await styleGuide();
    await s.page.getByRole('button', { name: 'Confirm pop-up' }).click();
    await expectVisible(popupOf(s.page));
    await screenshot(s.page, 'popup-confirm');
    await s.page.keyboard.press('Escape');
    await expectVisible(s.page.getByText('Last confirm answer: cancelled'));
    await s.page.getByRole('button', { name: 'Confirm pop-up' }).click();
    await popupOf(s.page).getByRole('button', { name: 'Delete' }).click();
    await expectVisible(s.page.getByText('Last confirm answer: confirmed'));
  });

  test('Escape closes a clean modal at once; a modal with changes asks first', async () => {
    await styleGuide();
    const modal = s.page.getByRole('dialog', { name: 'Rename bot' });
    await s.page.getByRole('button', { name: 'Open modal' }).click();
    await expectVisible(modal);
    await s.page.keyboard.press('Escape');
    await expectHidden(modal);

    await s.page.getByRole('button', { name: 'Open modal' }).click();
    await modal.getByLabel('Bot name').fill('Support bot');
    await s.page.keyboard.press('Escape');
    const confirm = popupOf(s.page);
    await expectVisible(confirm.getByRole('heading', { name: 'Discard changes?' }));
    await screenshot(s.page, 'modal-dirty-confirm');
    // Escape answers the pop-up on top, not the modal under it.
    await s.page.keyboard.press('Escape');
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
    s.page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/user-manual/')) {
        manualRequests.push({ path: url.pathname, token: request.headers().authtoken });
      }
    });

    await s.page.goto(`${s.app.baseUrl}/user-manual`);
    await expectTitle(s.page, 'Parley - User manual');
    const sidebar = s.page.getByRole('navigation', { name: 'Manual pages' });
    await expectVisible(sidebar.getByRole('heading', { name: 'Legal' }));
    await sidebar.getByRole('link', { name: 'Terms of service' }).click();
    await s.page.waitForURL(`${s.app.baseUrl}/user-manual/terms-of-service`);
    await expectVisible(
      s.page.getByRole('article').getByRole('heading', { name: 'Terms of service', level: 1 }),
    );

    await s.page.getByLabel('Search the manual').fill('reset password');
    const result = s.page.getByRole('link', { name: /Signing in/ }).filter({ hasText: /reset/i });
    await expectVisible(result);
    await screenshot(s.page, 'user-manual-search');
    await result.click();
    await s.page.waitForURL(`${s.app.baseUrl}/user-manual/signing-in`);
    await expectVisible(s.page.getByRole('article').getByRole('heading', { level: 1 }));
    await screenshot(s.page, 'user-manual-page');

    expect(manualRequests.map((r) => r.path)).toEqual(
      expect.arrayContaining(['/api/user-manual/all', '/api/user-manual/search']),
    );
    expect(manualRequests.every((r) => r.token === undefined)).toBe(true);
  });

  test('the support page opens the knowledge base in a new tab and goes back after a second', async () => {
    await signIn();
    await s.page.goto(`${s.app.baseUrl}/bots`);
    await expectVisible(s.page.getByRole('heading', { name: 'Bot Overview' }));
    const newTab = s.browser.context.waitForEvent('page');
    await s.page.evaluate(() => {
      window.history.pushState(null, '', '/support');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    const tab = await newTab;
    await tab.waitForURL(`${s.app.baseUrl}/user-manual`);
    await tab.close();
    await s.page.waitForURL(`${s.app.baseUrl}/bots`, { timeout: 3_000 });
    expect(s.browser.pageErrors).toEqual([]);
  });
});
