import { MESSAGES } from '@parley/contracts';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { logInThroughUi, popupOf } from './support/accounts';
import { VERA } from './support/bot-content';
import { botPageSuite } from './support/bot-page-suite';
import { expectHidden, expectVisible } from './support/expect-page';
import { screenshot, screenshotFailures } from './support/screenshots';

const BOT = 'Support Bot';

/** Each overlay pseudo-tab of spec 02 section 2.1: the tab selected under it and its dialog's title. */
const OVERLAYS = [
  { value: 'create-intent', tab: 'Intents', dialog: 'Create Intent' },
  { value: 'create-intent-redirect', tab: 'Intents', dialog: 'Create Redirect Intent' },
  { value: 'import-intent', tab: 'Intents', dialog: 'Import Intent' },
  { value: 'batch-import-intents', tab: 'Intents', dialog: 'Batch Import' },
  { value: 'create-entity', tab: 'Entities', dialog: 'Create Entity' },
  { value: 'import-entity', tab: 'Entities', dialog: 'Import Entity' },
  { value: 'create-function', tab: 'Functions', dialog: 'Create Function' },
  { value: 'import-function', tab: 'Functions', dialog: 'Import Function' },
  { value: 'create-subs', tab: 'Subs', dialog: 'Create Sub Flow' },
  { value: 'create-object/customer', tab: 'Variables', dialog: 'Edit Object' },
] as const;

describe('the overlay pseudo-tabs of the bot page', () => {
  const s = botPageSuite(BOT, async (tina) => {
    await tina('POST', `/api/${encodeURIComponent(BOT)}/intents`, {
      name: 'Greeting',
      utterances: ['hello', 'good morning'],
    });
  });

  const botUrl = (path: string) => `${s.app.baseUrl}/bots/${encodeURIComponent(BOT)}/${path}`;
  const dialog = () => s.page.getByRole('dialog');
  // The bot page's own tab bar (dialogs have tabs of their own).
  const selectedTab = () =>
    s.page.getByRole('tablist', { name: `${BOT} sections` }).getByRole('tab', { selected: true });

  for (const overlay of OVERLAYS) {
    test(`/${overlay.value} opens ${overlay.dialog} over the ${overlay.tab} tab`, async () => {
      await s.page.goto(botUrl(overlay.value));
      await expectVisible(dialog().getByRole('heading', { name: overlay.dialog, exact: true }));
      expect(await selectedTab().textContent()).toBe(overlay.tab);
      // The route stays on the pseudo-tab while the dialog is open.
      expect(s.page.url()).toBe(botUrl(overlay.value));
      await screenshot(s.page, `overlay-${overlay.value.replace('/', '-')}`);
    });
  }

  test('/create-object without a name is the Objects add flow, its name field focused', async () => {
    await s.page.goto(botUrl('create-object'));
    const form = s.page.getByRole('form', { name: 'Add an object' });
    await expectVisible(form);
    expect(await selectedTab().textContent()).toBe('Variables');
    expect(await form.getByLabel('Name').evaluate((input) => input === document.activeElement)).toBe(true);
    await form.getByLabel('Name').fill('order');
    await form.getByRole('button', { name: 'Add' }).click();
    await s.page.waitForURL(botUrl('create-object/order'));
    await expectVisible(dialog().getByRole('heading', { name: 'Edit Object' }));
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    await s.page.waitForURL(botUrl('variables'));
  });

  test('closing a dialog goes back to its tab', async () => {
    await s.page.goto(botUrl('create-entity'));
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    await expectHidden(dialog());
    await s.page.waitForURL((url) => url.pathname.startsWith(`/bots/${encodeURIComponent(BOT)}/entities`));
    expect(await selectedTab().textContent()).toBe('Entities');
  });

  test('create-intent-redirect creates a redirect intent without utterances and shows it under redirect', async () => {
    await s.page.goto(botUrl('create-intent-redirect'));
    await dialog().getByLabel('Name').fill('Handover');
    await dialog().getByRole('button', { name: 'Create', exact: true }).click();
    await expectHidden(dialog());
    await s.page.waitForURL(botUrl('redirect/Handover'));
    expect(await selectedTab().textContent()).toBe('Intents');
    await expectVisible(s.page.getByRole('article').getByText('Redirect Intent'));
    // The redirect view lists the redirect intents only.
    const listed = await s.page
      .getByRole('navigation', { name: 'Intents' })
      .getByRole('button')
      .allInnerTexts();
    expect(listed.map((text) => text.split('\n')[0])).toEqual(['Handover']);
    await screenshot(s.page, 'overlay-redirect-created');
    const stored = (await s.tina('GET', `/api/${encodeURIComponent(BOT)}/intents`)) as Array<{
      name: string;
      isRedirect: boolean;
    }>;
    expect(stored.find((i) => i.name === 'Handover')?.isRedirect).toBe(true);
    expect(stored.find((i) => i.name === 'Greeting')?.isRedirect).toBe(false);
  });

  test('Add Intent goes to create-intent, and Create to the new intent', async () => {
    await s.page.goto(botUrl('intents/Greeting'));
    await s.page.getByRole('button', { name: 'Add Intent' }).click();
    await s.page.waitForURL(botUrl('create-intent'));
    await dialog().getByLabel('Name').fill('Farewell');
    const typed = dialog().getByRole('combobox', { name: 'New utterance' });
    for (const text of ['bye', 'see you']) {
      await typed.fill(text);
      await typed.press('Enter');
    }
    await dialog().getByRole('button', { name: 'Create', exact: true }).click();
    await s.page.waitForURL(botUrl('intents/Farewell'));
    await expectVisible(s.page.getByRole('article').getByRole('heading', { name: 'Farewell' }));
  });

  describe('without the permission', () => {
    let viewer: Page;

    beforeAll(async () => {
      viewer = await s.browser.newPage();
      await logInThroughUi(viewer, s.app.baseUrl, VERA.email, VERA.password);
    });
    screenshotFailures(() => viewer);

    test('a pseudo-tab of a tab she sees goes to that tab with the warning', async () => {
      await viewer.goto(botUrl('create-intent'));
      await expectVisible(popupOf(viewer).getByText(MESSAGES.permissionDenied));
      await screenshot(viewer, 'overlay-no-permission');
      await popupOf(viewer).getByRole('button', { name: 'OK' }).click();
      await viewer.waitForURL((url) => url.pathname.startsWith(`/bots/${encodeURIComponent(BOT)}/intents`));
      expect(await viewer.getByRole('dialog').count()).toBe(0);
    });

    test('a pseudo-tab of a tab she cannot open warns, then the bot opens on its default tab', async () => {
      await viewer.goto(botUrl('create-function'));
      await expectVisible(popupOf(viewer).getByText(MESSAGES.permissionDenied));
      await popupOf(viewer).getByRole('button', { name: 'OK' }).click();
      await viewer.waitForURL(botUrl('analytics'));
      expect(await viewer.getByRole('tab', { name: 'Functions' }).count()).toBe(0);
    });
  });
});
