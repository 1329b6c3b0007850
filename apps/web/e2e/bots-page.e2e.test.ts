import { BOT_MESSAGES, MESSAGES } from '@parley/contracts';
import { beforeAll, describe, expect, test } from 'vitest';
import { createPlainUser, logInThroughUi, popupOf } from './support/accounts';
import { acmeWithAdmin } from './support/administration';
import { browserSuite } from './support/browser-suite';
import { expectHidden, expectTitle, expectVisible } from './support/expect-page';
import { screenshot } from './support/screenshots';

const M = BOT_MESSAGES;
const TINA = { email: 'tina@example.com', password: 'Tenant-Admin-1!', name: 'Tina Admin' };
const PAUL = { email: 'paul@example.com', password: 'Plain-Password-1', name: 'Paul Plain' };
const PAM = { email: 'pam@example.com', password: 'Plain-Password-2', name: 'Pam Plain' };

describe('the bot page frame', () => {
  let acmeId: string;

  const s = browserSuite({
    prepare: async (app) => {
      acmeId = await acmeWithAdmin(app.server, TINA);
      await createPlainUser(app.server, { ...PAUL, tenantId: acmeId });
      await createPlainUser(app.server, { ...PAM, tenantId: acmeId });
    },
  });
  beforeAll(async () => {
    const token = (await s.app.server.login(TINA.email, TINA.password)).token;
    for (const body of [
      { name: 'support bot', region: 'eu-west', language: 'de' },
      { name: 'Quiet Bot', region: 'us-east', language: 'en', recognizer: 'none' },
      // Bots whose state a test changes: the others never see it.
      { name: 'Draft Bot', region: 'us-east', language: 'en', recognizer: 'none' },
      { name: 'Snippet Bot', region: 'us-east', language: 'en', recognizer: 'none' },
      { name: 'Pam Bot', region: 'eu-west', language: 'en' },
    ]) {
      const response = await s.app.server.request({ method: 'POST', url: '/api/bot', token, body });
      expect(response.statusCode).toBe(200);
    }
  });

  const acme = () => s.app.server.ctx.repos.forTenant(acmeId);
  const bot = async (name: string) => (await acme().bots.get(name))!;
  let signedIn = '';
  /** Signs the page in as this user, unless it is signed in as them already. */
  const signInAs = async (user: { email: string; password: string }) => {
    if (signedIn === user.email) return;
    await s.page.evaluate(() => localStorage.clear()).catch(() => undefined);
    await logInThroughUi(s.page, s.app.baseUrl, user.email, user.password);
    signedIn = user.email;
  };

  test('/bots/{botName} opens the analytics tab, which waits for a test chat that can answer', async () => {
    await signInAs(TINA);
    await s.page.goto(`${s.app.baseUrl}/bots/support%20bot`);
    await s.page.waitForURL(`${s.app.baseUrl}/bots/support%20bot/analytics`);
    await expectTitle(s.page, 'Parley - support bot - Analytics');
    // No flow is activated to test yet: the dashboard does not load (spec 02 section 4).
    await expectVisible(s.page.getByRole('heading', { name: 'Test Chat is not enabled.' }));
    // Analytics comes first; the other tabs appear as their parts register a panel.
    const tabs = await s.page.getByRole('tab').allTextContents();
    expect(tabs[0]).toBe('Analytics');
    expect(tabs).toEqual(expect.arrayContaining(['Intents', 'Entities']));
    expect(await s.page.getByRole('tab', { name: 'Analytics' }).getAttribute('aria-selected')).toBe('true');
  });

  test('an unknown tab, or a screen that does not exist, is the 404 page, not Analytics', async () => {
    await signInAs(TINA);
    for (const path of ['bogus', 'conversation/bogus', 'conversation/log/one/two']) {
      await s.page.goto(`${s.app.baseUrl}/bots/support%20bot/${path}`);
      await s.page.waitForURL(`${s.app.baseUrl}/404`);
    }
    await s.page.goto(`${s.app.baseUrl}/bots/support%20bot`);
    await s.page.waitForURL(`${s.app.baseUrl}/bots/support%20bot/analytics`);
  });

  test('the header: capitalised display name, language and region labels, and the way back', async () => {
    await signInAs(TINA);
    await s.page.goto(`${s.app.baseUrl}/bots/support%20bot`);
    await expectVisible(s.page.getByRole('heading', { level: 1, name: 'Support bot' }));
    await expectVisible(s.page.locator('.bot-page__label', { hasText: /^DE$/ }));
    await expectVisible(s.page.locator('.bot-page__label', { hasText: /^EU$/ }));
    await screenshot(s.page, 'bot-page-analytics');
    await s.page.getByRole('link', { name: 'To all Bots' }).click();
    await s.page.waitForURL(`${s.app.baseUrl}/bots`);
    await expectVisible(s.page.getByRole('article', { name: 'support bot' }));
  });

  test('the bot is found however its name is written in the address', async () => {
    await signInAs(TINA);
    await s.page.goto(`${s.app.baseUrl}/bots/SUPPORT-BOT/analytics`);
    await expectVisible(s.page.getByRole('heading', { level: 1, name: 'Support bot' }));
  });

  test('a tab that is not available to this bot opens analytics instead, with or without an element', async () => {
    await signInAs(TINA);
    // Without a recognizer the intents and entities tabs cannot be opened.
    for (const path of ['intents', 'entities/Color']) {
      await s.page.goto(`${s.app.baseUrl}/bots/Quiet%20Bot/${path}`);
      await s.page.waitForURL(`${s.app.baseUrl}/bots/Quiet%20Bot/analytics`);
    }
    await expectVisible(s.page.getByRole('heading', { level: 1, name: 'Quiet Bot' }));
    await expectVisible(s.page.locator('.bot-page__label', { hasText: /^US$/ }));
  });

  test('unpublished changes show the banner’s question, the Publish button and the manual’s page', async () => {
    await signInAs(TINA);
    await s.page.goto(`${s.app.baseUrl}/bots/Draft%20Bot`);
    const banner = s.page.getByRole('status').filter({ hasText: 'Unpublished changes' });
    await expectVisible(banner);
    await expectVisible(banner.getByText(M.unpublished));
    await expectVisible(banner.getByRole('button', { name: 'Publish' }));
    const explanation = banner.getByRole('link', { name: 'How publishing works' });
    expect(await explanation.getAttribute('href')).toBe('/user-manual/publishing');
    await acme().bots.update((await bot('Draft Bot')).id, { isPublished: true });
    await s.page.reload();
    await expectVisible(s.page.getByRole('heading', { level: 1, name: 'Draft Bot' }));
    expect(await s.page.getByText('Unpublished changes').count()).toBe(0);
  });

  test('the snippet migration banner goes for good with its OK', async () => {
    await signInAs(TINA);
    const { id } = await bot('Snippet Bot');
    await acme().bots.update(id, { showSnippetMigrationBanner: true });
    await s.page.goto(`${s.app.baseUrl}/bots/Snippet%20Bot`);
    const banner = s.page.getByRole('alert').filter({ hasText: M.snippetMigration });
    await expectVisible(banner);
    await screenshot(s.page, 'bot-page-banners');
    await banner.getByRole('button', { name: 'OK' }).click();
    await expectHidden(banner);
    expect((await bot('Snippet Bot')).showSnippetMigrationBanner).toBe(false);
  });

  test('a disabled tenant gets its banner on the bot page', async () => {
    await signInAs(TINA);
    await s.app.server.ctx.repos.tenants.update(acmeId, { isDisabled: true });
    try {
      await s.page.goto(`${s.app.baseUrl}/bots/Quiet%20Bot`);
      await expectVisible(s.page.getByRole('alert').filter({ hasText: 'Your account is disabled' }));
    } finally {
      await s.app.server.ctx.repos.tenants.update(acmeId, { isDisabled: false });
    }
  });

  test('an unknown bot: the not-found pop-up, then the overview', async () => {
    await signInAs(TINA);
    await s.page.goto(`${s.app.baseUrl}/bots/No%20Such%20Bot/analytics`);
    await s.page.waitForURL(`${s.app.baseUrl}/bots`);
    const popup = popupOf(s.page);
    await expectVisible(popup.getByRole('heading', { name: MESSAGES.notFoundTitle }));
    await expectVisible(popup.getByText('There is no bot named No Such Bot.'));
    await popup.getByRole('button', { name: 'OK' }).click();
  });

  test('a user without a role on the bot is sent back to the overview: You do not have permission', async () => {
    await signInAs(PAUL);
    await s.page.goto(`${s.app.baseUrl}/bots/support%20bot/analytics`);
    await s.page.waitForURL(`${s.app.baseUrl}/bots`);
    const popup = popupOf(s.page);
    await expectVisible(popup.getByRole('heading', { name: M.noPermission }));
    await screenshot(s.page, 'bot-page-no-permission');
    await popup.getByRole('button', { name: 'OK' }).click();
    await expectVisible(s.page.getByRole('heading', { name: 'No bots yet' }));
  });

  test('with a role a plain user opens the bot page', async () => {
    await acme().botRoles.set(PAM.email, (await bot('Pam Bot')).id, 1);
    await signInAs(PAM);
    await s.page.goto(`${s.app.baseUrl}/bots/Pam%20Bot`);
    await s.page.waitForURL(`${s.app.baseUrl}/bots/Pam%20Bot/analytics`);
    await expectVisible(s.page.getByRole('heading', { level: 1, name: 'Pam Bot' }));
  });

  test('no page errors', () => {
    expect(s.browser.pageErrors).toEqual([]);
  });
});
