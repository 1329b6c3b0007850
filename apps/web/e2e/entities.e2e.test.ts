import { readFileSync } from 'node:fs';
import { ENTITY_MESSAGES as M, MESSAGES, PREBUILT_ENTITIES } from '@parley/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { EXPERT_MODE_KEY } from '../src/features/entities/hooks/use-expert-mode';
import { logInThroughUi, popupOf } from './support/accounts';
import { type AppServer, startAppServer } from './support/app-server';
import { type ApiCall, contentWorld, TINA, VERA } from './support/bot-content';
import { type Browser, launchBrowser } from './support/browser';
import { expectHidden, expectVisible } from './support/expect-page';
import { screenshot, screenshotFailures } from './support/screenshots';

const BOT = 'Support Bot';

describe('the Entities tab', () => {
  let app: AppServer;
  let browser: Browser;
  let page: Page;
  let tina: ApiCall;

  beforeAll(async () => {
    app = await startAppServer();
    ({ tina } = await contentWorld(app.server, BOT));
    browser = await launchBrowser();
    page = await browser.newPage();
    await logInThroughUi(page, app.baseUrl, TINA.email, TINA.password);
  });
  screenshotFailures(() => page);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  const entitiesPath = (bot = BOT) => `/api/${encodeURIComponent(bot)}/entities`;
  /**
   * A closed list of colours: red (crimson, scarlet) and blue (navy). A value belongs to one
   * entity of a bot, so each test that needs them has a bot of its own.
   */
  const createColors = (name: string, bot: string) =>
    tina('POST', entitiesPath(bot), {
      name,
      type: 'closedlists',
      sublists: [
        { canonicalForm: 'red', list: ['crimson', 'scarlet'] },
        { canonicalForm: 'blue', list: ['navy'] },
      ],
    });
  /** A regex entity of five digits. */
  const createFiveDigits = (name: string) =>
    tina('POST', entitiesPath(), { name, type: 'regexentities', regexes: ['\\d{5}'], examples: ['12345'] });
  /** A bot of the test's own, with the prebuilt entities only. */
  const createBot = (name: string) => tina('POST', '/api/bot', { name, region: 'eu-west', language: 'en' });

  const pane = () => page.getByRole('article');
  const list = () => page.getByRole('navigation', { name: 'Entities' });
  const dialog = () => page.getByRole('dialog');
  const tabUrl = (element = '', bot = BOT) =>
    `${app.baseUrl}/bots/${encodeURIComponent(bot)}/entities${element ? `/${element}` : ''}`;
  /** The tab (or one entity of it), with Expert Mode off as on a first visit. */
  const openTab = async (element = '', bot = BOT) => {
    await page.goto(tabUrl(element, bot));
    await page.evaluate((key) => localStorage.removeItem(key), EXPERT_MODE_KEY);
    await page.reload();
  };
  // The dialogs are overlay pseudo-tabs of the route (spec 02 section 2.1).
  const overlayUrl = (value: string) => `${app.baseUrl}/bots/${encodeURIComponent(BOT)}/${value}`;
  const closePopup = async (text: string) => {
    await expectVisible(popupOf(page).getByText(text));
    await popupOf(page).getByRole('button', { name: 'OK' }).click();
    await expectHidden(popupOf(page));
  };

  test('a new bot: Start building!, the prebuilt entities read-only with their examples and engines', async () => {
    const bot = 'New Entities Bot';
    await createBot(bot);
    await openTab('', bot);
    await expectVisible(page.getByRole('heading', { name: M.startBuilding }));
    await page.waitForURL(tabUrl('Age', bot));
    await expect.poll(() => list().getByRole('button').count()).toBe(PREBUILT_ENTITIES.length);
    await expectVisible(pane().getByText('Prebuilt Entity'));
    await expectVisible(pane().getByRole('region', { name: 'Prebuilt examples' }).getByText('5 years old'));
    const strip = pane().getByRole('region', { name: M.supportedBy });
    await expect.poll(() => strip.getByRole('img').count()).toBe(PREBUILT_ENTITIES[0].supportedBy.length);
    await expectVisible(strip.getByRole('img', { name: 'Parley NLU' }));
    await screenshot(page, 'entities-prebuilt');
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await closePopup(M.cannotDeletePrebuilt);
  });

  test('the kind filter: Custom shows Start building!, Prebuilt the thirteen', async () => {
    const bot = 'Filtered Entities Bot';
    await createBot(bot);
    await openTab('', bot);
    await page.waitForURL(tabUrl('Age', bot));
    await page.getByRole('button', { name: 'Custom', exact: true }).click();
    await expect.poll(() => list().count()).toBe(0);
    await page.getByRole('button', { name: 'Prebuilt', exact: true }).click();
    await expect.poll(() => list().getByRole('button').count()).toBe(13);
    await page.getByRole('button', { name: 'All', exact: true }).click();
  });

  test('a closed list is created in the Closed List tab; synonyms are split on comma plus space', async () => {
    await openTab();
    await page.getByRole('button', { name: 'Add Entity' }).click();
    await page.waitForURL(overlayUrl('create-entity'));
    await expect
      .poll(() => dialog().getByRole('tab').allTextContents())
      .toEqual(['Closed List', 'Simple', 'Regex']);
    await dialog().getByRole('button', { name: 'Create', exact: true }).click();
    await expectVisible(dialog().getByText(M.invalidName));
    await dialog().getByLabel('Name', { exact: true }).fill('Color');
    await dialog().getByRole('button', { name: 'Create', exact: true }).click();
    await expectVisible(dialog().getByText(M.atLeastOneSublist));
    await dialog().getByLabel('New canonical form').fill('red');
    await dialog().getByLabel('New synonyms').fill('crimson, scarlet');
    await dialog().getByRole('button', { name: 'Add', exact: true }).click();
    await dialog().getByLabel('New canonical form').fill('blue');
    await dialog().getByLabel('New synonyms').fill('navy');
    await dialog().getByLabel('New synonyms').press('Enter');
    expect(await dialog().getByLabel('Synonyms of red').inputValue()).toBe('crimson, scarlet');
    await screenshot(page, 'entities-create-closed-list');
    await dialog().getByRole('button', { name: 'Create', exact: true }).click();
    await expectHidden(dialog());
    await page.waitForURL(tabUrl('Color'));
    await expectVisible(pane().getByText('Closed List Entity'));
    expect(await pane().getByLabel('Canonical form 2').inputValue()).toBe('blue');
  });

  test('editing rows, then Save', async () => {
    const bot = 'Editing Entities Bot';
    await createBot(bot);
    await createColors('Shade', bot);
    await openTab('Shade', bot);
    await pane().getByLabel('Synonyms of blue').fill('navy, azure,sky');
    await pane().getByRole('button', { name: 'Save', exact: true }).click();
    await closePopup('Saved!');
    const stored = (await tina('GET', entitiesPath(bot))) as Array<{
      name: string;
      sublists: unknown;
    }>;
    expect(stored.find((e) => e.name === 'Shade')?.sublists).toEqual([
      { canonicalForm: 'red', list: ['crimson', 'scarlet'] },
      { canonicalForm: 'blue', list: ['navy', 'azure,sky'] },
    ]);
  });

  test('Expert Mode adds Resolve with canonical and roles, and is remembered', async () => {
    const bot = 'Expert Entities Bot';
    await createBot(bot);
    await createColors('Tone', bot);
    await openTab('Tone', bot);
    await expectVisible(pane().getByRole('heading', { name: 'Tone' }));
    await expect.poll(() => pane().getByRole('switch', { name: M.resolveWithCanonical }).count()).toBe(0);
    await pane().getByRole('switch', { name: M.expertMode }).click();
    await pane().getByRole('switch', { name: M.resolveWithCanonical }).click();
    await pane().getByLabel('New role').fill('from');
    await pane().getByLabel('New role').press('Enter');
    await pane().getByRole('button', { name: 'Save', exact: true }).click();
    await closePopup('Saved!');
    await page.reload();
    await expectVisible(pane().getByRole('switch', { name: M.expertMode, checked: true }));
    await expectVisible(pane().getByRole('switch', { name: M.resolveWithCanonical, checked: true }));
    await expectVisible(pane().getByRole('list', { name: 'Roles' }).getByText('from'));
    expect(await page.evaluate((key) => localStorage.getItem(key), EXPERT_MODE_KEY)).toBe('true');
    await screenshot(page, 'entities-expert-mode', { fullPage: true });
  });

  test('a simple entity takes at most 5 examples', async () => {
    await openTab();
    await page.getByRole('button', { name: 'Add Entity' }).click();
    await page.waitForURL(overlayUrl('create-entity'));
    await dialog().getByRole('tab', { name: 'Simple' }).click();
    await dialog().getByLabel('Name', { exact: true }).fill('Product');
    for (const example of ['laptop', 'phone', 'tablet', 'monitor', 'mouse']) {
      await dialog().getByLabel('New example').fill(example);
      await dialog().getByLabel('New example').press('Enter');
    }
    await expect.poll(() => dialog().getByLabel('New example').count()).toBe(0);
    await expectVisible(dialog().getByText('5 / 5'));
    await expectVisible(dialog().getByRole('status').getByText(M.simpleExamplesLimit));
    await dialog().getByRole('button', { name: 'Create', exact: true }).click();
    await page.waitForURL(tabUrl('Product'));
    await expectVisible(pane().getByText('Simple Entity'));
  });

  test('a regex entity: an example must match a regex when added; the server compiles the regexes', async () => {
    await openTab();
    await page.getByRole('button', { name: 'Add Entity' }).click();
    await page.waitForURL(overlayUrl('create-entity'));
    await dialog().getByRole('tab', { name: 'Regex' }).click();
    await dialog().getByLabel('Name', { exact: true }).fill('ZipCode');
    await dialog().getByLabel('New regex').fill('(a');
    await dialog().getByLabel('New regex').press('Enter');
    // Refused on Add, not only at Save: the regex does not compile, so nothing matches.
    await dialog().getByLabel('New example').fill('12345');
    await dialog().getByLabel('New example').press('Enter');
    await expectVisible(dialog().getByRole('alert').getByText(M.exampleMustMatch));
    await expect.poll(() => dialog().getByRole('button', { name: 'Remove "12345"' }).count()).toBe(0);

    await dialog().getByLabel('New regex').fill('\\d{5}');
    await dialog().getByLabel('New regex').press('Enter');
    await dialog().getByLabel('New example').press('Enter');
    await expectVisible(dialog().getByRole('button', { name: 'Remove "12345"' }));
    await expectHidden(dialog().getByRole('alert'));
    // The server compiles every regex: one that does not compile is named.
    await dialog().getByRole('button', { name: 'Create', exact: true }).click();
    await expectVisible(dialog().getByText(M.invalidRegex));
    await dialog().getByRole('button', { name: 'Remove "(a"' }).click();
    // An example added under one regex still has to match when the regexes change.
    await dialog().getByRole('button', { name: 'Remove "\\d{5}"' }).click();
    await dialog().getByLabel('New regex').fill('^[a-z]+$');
    await dialog().getByLabel('New regex').press('Enter');
    await dialog().getByRole('button', { name: 'Create', exact: true }).click();
    await expectVisible(dialog().getByText(M.allExamplesMustMatch));
    await screenshot(page, 'entities-create-regex-refused');
    await dialog().getByRole('button', { name: 'Remove "^[a-z]+$"' }).click();
    await dialog().getByLabel('New regex').fill('\\d{5}');
    await dialog().getByLabel('New regex').press('Enter');
    await dialog().getByRole('button', { name: 'Create', exact: true }).click();
    await page.waitForURL(tabUrl('ZipCode'));

    await pane().getByLabel('New example').fill('no digits');
    await pane().getByLabel('New example').press('Enter');
    await expectVisible(pane().getByRole('alert').getByText(M.exampleMustMatch));
    await screenshot(page, 'entities-regex-example-refused');
    await pane().getByLabel('New example').fill('54321');
    await expectHidden(pane().getByRole('alert'));
    await pane().getByLabel('New example').press('Enter');
    await expectVisible(pane().getByRole('button', { name: 'Remove "54321"' }));
    await expect.poll(() => pane().getByRole('button', { name: 'Remove "no digits"' }).count()).toBe(0);
    await pane().getByRole('button', { name: 'Undo changes' }).click();
  });

  test('renaming and the description', async () => {
    await createFiveDigits('AreaCode');
    await createFiveDigits('Area');
    await openTab('AreaCode');
    await pane().getByRole('button', { name: 'AreaCode' }).click();
    const name = pane().getByRole('textbox', { name: 'Entity name' });
    await name.fill('Area');
    await name.press('Enter');
    await expectVisible(popupOf(page).getByRole('heading', { name: M.renameFailed }));
    await closePopup(M.nameTaken);
    await name.fill('PostCode');
    await name.press('Enter');
    await page.waitForURL(tabUrl('PostCode'));
    await pane().getByRole('button', { name: 'Add a description' }).click();
    await pane().getByRole('textbox', { name: 'Entity description' }).fill('Five digits');
    await pane().getByRole('textbox', { name: 'Entity description' }).press('Control+Enter');
    await expectVisible(pane().getByRole('button', { name: 'Five digits' }));
    // The renamed entity stays the one shown and named by the address.
    expect(page.url()).toBe(tabUrl('PostCode'));
    await expectVisible(pane().getByRole('heading', { name: 'PostCode' }));
  });

  test('export, then import under a free name; a taken name shows taken', async () => {
    await createFiveDigits('DeliveryCode');
    await openTab('DeliveryCode');
    await expectVisible(pane().getByRole('heading', { name: 'DeliveryCode' }));
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export', exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${BOT}-DeliveryCode.enc`);
    const file = readFileSync(await download.path());
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.waitForURL(overlayUrl('import-entity'));
    await dialog()
      .locator('input[type=file]')
      .setInputFiles({ name: 'DeliveryCode.enc', mimeType: 'application/json', buffer: file });
    const name = dialog().getByLabel('Entity name');
    await expectVisible(name);
    await expectVisible(dialog().getByText('taken', { exact: true }));
    await expectVisible(dialog().getByText(M.nameTakenOnImport));
    await screenshot(page, 'entities-import-taken');
    await name.fill('DeliveryCodeCopy');
    await expectHidden(dialog().getByText('taken', { exact: true }));
    await dialog().getByRole('button', { name: 'Import', exact: true }).click();
    await page.waitForURL(tabUrl('DeliveryCodeCopy'));
    await expectVisible(pane().getByText('\\d{5}'));
  });

  test('an entity used in a pattern cannot be deleted; an unused one can, after confirmation', async () => {
    const bot = 'Deleting Entities Bot';
    await createBot(bot);
    await createColors('Fabric', bot);
    await tina('POST', entitiesPath(bot), {
      name: 'OrderCode',
      type: 'regexentities',
      regexes: ['\\d{5}'],
      examples: ['12345'],
    });
    await tina('POST', `/api/${encodeURIComponent(bot)}/intents`, {
      name: 'Shop',
      utterances: ['a [Fabric] shirt', 'I want to shop'],
    });
    await openTab('', bot);
    await list().getByRole('button', { name: 'Fabric' }).click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await popupOf(page).getByRole('button', { name: 'Delete' }).click();
    await closePopup(M.inUse('Fabric'));
    await list().getByRole('button', { name: 'OrderCode' }).click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await popupOf(page).getByRole('button', { name: 'Delete' }).click();
    await expectHidden(list().getByRole('button', { name: 'OrderCode' }));
  });

  test('without the entities permission everything is read-only and an edit attempt warns', async () => {
    // On the bot Vera may test; its values are its own (a value belongs to one entity).
    await tina('POST', entitiesPath(), {
      name: 'Paint',
      type: 'closedlists',
      sublists: [{ canonicalForm: 'matt', list: ['flat'] }],
    });
    // A browser of her own: the test's tabs share one profile, hence one session.
    const viewerBrowser = await launchBrowser();
    try {
      const viewer = await viewerBrowser.newPage();
      await logInThroughUi(viewer, app.baseUrl, VERA.email, VERA.password);
      await viewer.goto(tabUrl('Paint'));
      const viewerPane = viewer.getByRole('article');
      await expectVisible(viewerPane.getByRole('heading', { name: 'Paint' }));
      for (const action of ['Add Entity', 'Import', 'Export', 'Delete', 'Save'])
        await expect.poll(() => viewer.getByRole('button', { name: action, exact: true }).count()).toBe(0);
      await expect.poll(() => viewerPane.getByLabel('New canonical form').count()).toBe(0);
      await expect
        .poll(() => viewerPane.getByLabel('Canonical form 1').getAttribute('readonly'))
        .not.toBeNull();
      await viewerPane.getByRole('button', { name: 'Paint' }).click();
      await expectVisible(popupOf(viewer).getByText(MESSAGES.permissionDenied));
      await screenshot(viewer, 'entities-read-only');
      await popupOf(viewer).getByRole('button', { name: 'OK' }).click();
      expect(viewerBrowser.pageErrors).toEqual([]);
    } finally {
      await viewerBrowser.close();
    }
  });

  test('no page errors', () => {
    expect(browser.pageErrors).toEqual([]);
  });
});
