import { BOT_MESSAGES, MESSAGES } from '@parley/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createOrganisation, createPlainUser, logInThroughUi, popupOf } from './support/accounts';
import { createAccountAdmin, tokenOf } from './support/administration';
import { type AppServer, startAppServer } from './support/app-server';
import { type Browser, launchBrowser } from './support/browser';
import { expectHidden, expectTitle, expectVisible } from './support/expect-page';
import { screenshot, screenshotFailures } from './support/screenshots';

const M = BOT_MESSAGES;
const TINA = { email: 'tina@example.com', password: 'Tenant-Admin-1!', name: 'Tina Admin' };
const PAUL = { email: 'paul@example.com', password: 'Plain-Password-1', name: 'Paul Plain' };

describe('the bot page frame', () => {
  let app: AppServer;
  let browser: Browser;
  let page: Page;
  let acmeId: string;

  beforeAll(async () => {
    app = await startAppServer();
    await app.server.signUpFirstAdmin();
    const acme = await createOrganisation(app.server, 'Acme Support');
    acmeId = acme.id;
    await createAccountAdmin(app.server, { ...TINA, tenantId: acme.id });
    await createPlainUser(app.server, { ...PAUL, tenantId: acme.id });
    browser = await launchBrowser();
    page = await browser.newPage();
    await logInThroughUi(page, app.baseUrl, TINA.email, TINA.password);
    for (const body of [
      { name: 'support bot', region: 'eu-west', language: 'de' },
      { name: 'Quiet Bot', region: 'us-east', language: 'en', recognizer: 'none' },
    ]) {
      const response = await app.server.request({
        method: 'POST',
        url: '/api/bot',
        token: await tokenOf(page),
        body,
      });
      expect(response.statusCode).toBe(200);
    }
  });
  screenshotFailures(() => page);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  const acme = () => app.server.ctx.repos.forTenant(acmeId);
  const bot = async (name: string) => (await acme().bots.get(name))!;

  test('/bots/{botName} opens the analytics tab, which has no data yet', async () => {
    await page.goto(`${app.baseUrl}/bots/support%20bot`);
    await page.waitForURL(`${app.baseUrl}/bots/support%20bot/analytics`);
    await expectTitle(page, 'Parley - support bot - Analytics');
    await expectVisible(page.getByRole('heading', { name: 'No data to display' }));
    // Analytics comes first; the other tabs appear as their parts register a panel.
    const tabs = await page.getByRole('tab').allTextContents();
    expect(tabs[0]).toBe('Analytics');
    expect(tabs).toEqual(expect.arrayContaining(['Intents', 'Entities']));
    expect(await page.getByRole('tab', { name: 'Analytics' }).getAttribute('aria-selected')).toBe('true');
  });

  test('an unknown tab, or a screen that does not exist, is the 404 page, not Analytics', async () => {
    for (const path of ['bogus', 'conversation/bogus', 'conversation/log/one/two']) {
      await page.goto(`${app.baseUrl}/bots/support%20bot/${path}`);
      await page.waitForURL(`${app.baseUrl}/404`);
    }
    await page.goto(`${app.baseUrl}/bots/support%20bot`);
    await page.waitForURL(`${app.baseUrl}/bots/support%20bot/analytics`);
  });

  test('the header: capitalised display name, language and region labels, and the way back', async () => {
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Support bot' }));
    await expectVisible(page.locator('.bot-page__label', { hasText: /^DE$/ }));
    await expectVisible(page.locator('.bot-page__label', { hasText: /^EU$/ }));
    await screenshot(page, 'bot-page-analytics');
    await page.getByRole('link', { name: 'To all Bots' }).click();
    await page.waitForURL(`${app.baseUrl}/bots`);
    await expectVisible(page.getByRole('article', { name: 'support bot' }));
  });

  test('the bot is found however its name is written in the address', async () => {
    await page.goto(`${app.baseUrl}/bots/SUPPORT-BOT/analytics`);
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Support bot' }));
  });

  test('a tab that is not available to this bot opens analytics instead, with or without an element', async () => {
    // Without a recognizer the intents and entities tabs cannot be opened.
    for (const path of ['intents', 'entities/Color']) {
      await page.goto(`${app.baseUrl}/bots/Quiet%20Bot/${path}`);
      await page.waitForURL(`${app.baseUrl}/bots/Quiet%20Bot/analytics`);
    }
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Quiet Bot' }));
    await expectVisible(page.locator('.bot-page__label', { hasText: /^US$/ }));
  });

  test('unpublished changes show the banner’s question, the Publish button and the manual’s page', async () => {
    const banner = page.getByRole('status').filter({ hasText: 'Unpublished changes' });
    await expectVisible(banner);
    await expectVisible(banner.getByText(M.unpublished));
    await expectVisible(banner.getByRole('button', { name: 'Publish' }));
    const explanation = banner.getByRole('link', { name: 'How publishing works' });
    expect(await explanation.getAttribute('href')).toBe('/user-manual/publishing');
    await acme().bots.update((await bot('Quiet Bot')).id, { isPublished: true });
    await page.reload();
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Quiet Bot' }));
    expect(await page.getByText('Unpublished changes').count()).toBe(0);
  });

  test('the snippet migration banner goes for good with its OK', async () => {
    const { id } = await bot('Quiet Bot');
    await acme().bots.update(id, { showSnippetMigrationBanner: true });
    await page.reload();
    const banner = page.getByRole('alert').filter({ hasText: M.snippetMigration });
    await expectVisible(banner);
    await screenshot(page, 'bot-page-banners');
    await banner.getByRole('button', { name: 'OK' }).click();
    await expectHidden(banner);
    expect((await bot('Quiet Bot')).showSnippetMigrationBanner).toBe(false);
  });

  test('a disabled tenant gets its banner on the bot page', async () => {
    await app.server.ctx.repos.tenants.update(acmeId, { isDisabled: true });
    try {
      await page.reload();
      await expectVisible(page.getByRole('alert').filter({ hasText: 'Your account is disabled' }));
    } finally {
      await app.server.ctx.repos.tenants.update(acmeId, { isDisabled: false });
    }
  });

  test('an unknown bot: the not-found pop-up, then the overview', async () => {
    await page.goto(`${app.baseUrl}/bots/No%20Such%20Bot/analytics`);
    await page.waitForURL(`${app.baseUrl}/bots`);
    const popup = popupOf(page);
    await expectVisible(popup.getByRole('heading', { name: MESSAGES.notFoundTitle }));
    await expectVisible(popup.getByText('There is no bot named No Such Bot.'));
    await popup.getByRole('button', { name: 'OK' }).click();
  });

  test('a user without a role on the bot is sent back to the overview: You do not have permission', async () => {
    await page.evaluate(() => localStorage.clear());
    await logInThroughUi(page, app.baseUrl, PAUL.email, PAUL.password);
    await page.goto(`${app.baseUrl}/bots/support%20bot/analytics`);
    await page.waitForURL(`${app.baseUrl}/bots`);
    const popup = popupOf(page);
    await expectVisible(popup.getByRole('heading', { name: M.noPermission }));
    await screenshot(page, 'bot-page-no-permission');
    await popup.getByRole('button', { name: 'OK' }).click();
    await expectVisible(page.getByRole('heading', { name: 'No bots yet' }));
  });

  test('with a role the same user opens the bot page', async () => {
    await acme().botRoles.set(PAUL.email, (await bot('support bot')).id, 1);
    await page.goto(`${app.baseUrl}/bots/support%20bot`);
    await page.waitForURL(`${app.baseUrl}/bots/support%20bot/analytics`);
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Support bot' }));
    expect(browser.pageErrors).toEqual([]);
  });
});
