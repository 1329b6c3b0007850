import { readFileSync } from 'node:fs';
import { ENTITY_MESSAGES as M, MESSAGES, PREBUILT_ENTITIES } from '@parley/contracts';
import { describe, expect, test } from 'vitest';
import { EXPERT_MODE_KEY } from '../src/features/entities/hooks/use-expert-mode';
import { logInThroughUi, popupOf } from './support/accounts';
import { VERA } from './support/bot-content';
import { botPageSuite } from './support/bot-page-suite';
import { launchBrowser } from './support/browser';
import { expectHidden, expectVisible } from './support/expect-page';
import { screenshot } from './support/screenshots';

const BOT = 'Support Bot';

describe('the Entities tab', () => {
  const s = botPageSuite(BOT);

  const entitiesPath = (bot = BOT) => `/api/${encodeURIComponent(bot)}/entities`;
  /**
   * A closed list of colours: red (crimson, scarlet) and blue (navy). A value belongs to one
   * entity of a bot, so each test that needs them has a bot of its own.
   */
  const createColors = (name: string, bot: string) =>
    s.tina('POST', entitiesPath(bot), {
      name,
      type: 'closedlists',
      sublists: [
        { canonicalForm: 'red', list: ['crimson', 'scarlet'] },
        { canonicalForm: 'blue', list: ['navy'] },
      ],
    });
  /** A regex entity of five digits. */
  const createFiveDigits = (name: string) =>
    s.tina('POST', entitiesPath(), { name, type: 'regexentities', regexes: ['\\d{5}'], examples: ['12345'] });
  /** A bot of the test's own, with the prebuilt entities only. */
  const createBot = (name: string) => s.tina('POST', '/api/bot', { name, region: 'eu-west', language: 'en' });

  const pane = () => s.page.getByRole('article');
  const list = () => s.page.getByRole('navigation', { name: 'Entities' });
  const dialog = () => s.page.getByRole('dialog');
  const tabUrl = (element = '', bot = BOT) =>
    `${s.app.baseUrl}/bots/${encodeURIComponent(bot)}/entities${element ? `/${element}` : ''}`;
  /** The tab (or one entity of it), with Expert Mode off as on a first visit. */
  const openTab = async (element = '', bot = BOT) => {
    await s.page.goto(tabUrl(element, bot));
    await s.page.evaluate((key) => localStorage.removeItem(key), EXPERT_MODE_KEY);
    await s.page.reload();
  };
  // The dialogs are overlay pseudo-tabs of the route (spec 02 section 2.1).
  const overlayUrl = (value: string) => `${s.app.baseUrl}/bots/${encodeURIComponent(BOT)}/${value}`;
  const closePopup = async (text: string) => {
    await expectVisible(popupOf(s.page).getByText(text));
    await popupOf(s.page).getByRole('button', { name: 'OK' }).click();
    await expectHidden(popupOf(s.page));
  };

  test('a new bot: Start building!, the prebuilt entities read-only with their examples and engines', async () => {
    const bot = 'New Entities Bot';
    await createBot(bot);
    await openTab('', bot);
    await expectVisible(s.page.getByRole('heading', { name: M.startBuilding }));
    await s.page.waitForURL(tabUrl('Age', bot));
    await expect.poll(() => list().getByRole('button').count()).toBe(PREBUILT_ENTITIES.length);
    await expectVisible(pane().getByText('Prebuilt Entity'));
    await expectVisible(pane().getByRole('region', { name: 'Prebuilt examples' }).getByText('5 years old'));
    const strip = pane().getByRole('region', { name: M.supportedBy });
    await expect.poll(() => strip.getByRole('img').count()).toBe(PREBUILT_ENTITIES[0].supportedBy.length);
    await expectVisible(strip.getByRole('img', { name: 'Parley NLU' }));
    await screenshot(s.page, 'entities-prebuilt');
    await s.page.getByRole('button', { name: 'Delete', exact: true }).click();
    await closePopup(M.cannotDeletePrebuilt);
  });

  test('the kind filter: Custom shows Start building!, Prebuilt the thirteen', async () => {
    const bot = 'Filtered Entities Bot';
    await createBot(bot);
    await openTab('', bot);
    await s.page.waitForURL(tabUrl('Age', bot));
    await s.page.getByRole('button', { name: 'Custom', exact: true }).click();
    await expect.poll(() => list().count()).toBe(0);
    await s.page.getByRole('button', { name: 'Prebuilt', exact: true }).click();
    await expect.poll(() => list().getByRole('button').count()).toBe(13);
    await s.page.getByRole('button', { name: 'All', exact: true }).click();
  });

  test('a closed list is created in the Closed List tab; synonyms are split on comma plus space', async () => {
    await openTab();
    await s.page.getByRole('button', { name: 'Add Entity' }).click();
    await s.page.waitForURL(overlayUrl('create-entity'));
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
    await screenshot(s.page, 'entities-create-closed-list');
    await dialog().getByRole('button', { name: 'Create', exact: true }).click();
    await expectHidden(dialog());
    await s.page.waitForURL(tabUrl('Color'));
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
    const stored = (await s.tina('GET', entitiesPath(bot))) as Array<{
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
    await s.page.reload();
    await expectVisible(pane().getByRole('switch', { name: M.expertMode, checked: true }));
    await expectVisible(pane().getByRole('switch', { name: M.resolveWithCanonical, checked: true }));
    await expectVisible(pane().getByRole('list', { name: 'Roles' }).getByText('from'));
    expect(await s.page.evaluate((key) => localStorage.getItem(key), EXPERT_MODE_KEY)).toBe('true');
    await screenshot(s.page, 'entities-expert-mode', { fullPage: true });
  });

  test('a simple entity takes at most 5 examples', async () => {
    await openTab();
    await s.page.getByRole('button', { name: 'Add Entity' }).click();
    await s.page.waitForURL(overlayUrl('create-entity'));
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
    await s.page.waitForURL(tabUrl('Product'));
    await expectVisible(pane().getByText('Simple Entity'));
  });

  test('a regex entity: an example must match a regex when added; the server compiles the regexes', async () => {
    await openTab();
    await s.page.getByRole('button', { name: 'Add Entity' }).click();
    await s.page.waitForURL(overlayUrl('create-entity'));
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
    await screenshot(s.page, 'entities-create-regex-refused');
    await dialog().getByRole('button', { name: 'Remove "^[a-z]+$"' }).click();
    await dialog().getByLabel('New regex').fill('\\d{5}');
    await dialog().getByLabel('New regex').press('Enter');
    await dialog().getByRole('button', { name: 'Create', exact: true }).click();
    await s.page.waitForURL(tabUrl('ZipCode'));

    await pane().getByLabel('New example').fill('no digits');
    await pane().getByLabel('New example').press('Enter');
    await expectVisible(pane().getByRole('alert').getByText(M.exampleMustMatch));
    await screenshot(s.page, 'entities-regex-example-refused');
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
    await expectVisible(popupOf(s.page).getByRole('heading', { name: M.renameFailed }));
    await closePopup(M.nameTaken);
    await name.fill('PostCode');
    await name.press('Enter');
    await s.page.waitForURL(tabUrl('PostCode'));
    await pane().getByRole('button', { name: 'Add a description' }).click();
    await pane().getByRole('textbox', { name: 'Entity description' }).fill('Five digits');
    await pane().getByRole('textbox', { name: 'Entity description' }).press('Control+Enter');
    await expectVisible(pane().getByRole('button', { name: 'Five digits' }));
    // The renamed entity stays the one shown and named by the address.
    expect(s.page.url()).toBe(tabUrl('PostCode'));
    await expectVisible(pane().getByRole('heading', { name: 'PostCode' }));
  });

  test('export, then import under a free name; a taken name shows taken', async () => {
    await createFiveDigits('DeliveryCode');
    await openTab('DeliveryCode');
    await expectVisible(pane().getByRole('heading', { name: 'DeliveryCode' }));
    const [download] = await Promise.all([
      s.page.waitForEvent('download'),
      s.page.getByRole('button', { name: 'Export', exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${BOT}-DeliveryCode.enc`);
    const file = readFileSync(await download.path());
    await s.page.getByRole('button', { name: 'Import', exact: true }).click();
    await s.page.waitForURL(overlayUrl('import-entity'));
    await dialog()
      .locator('input[type=file]')
      .setInputFiles({ name: 'DeliveryCode.enc', mimeType: 'application/json', buffer: file });
    const name = dialog().getByLabel('Entity name');
    await expectVisible(name);
    await expectVisible(dialog().getByText('taken', { exact: true }));
    await expectVisible(dialog().getByText(M.nameTakenOnImport));
    await screenshot(s.page, 'entities-import-taken');
    await name.fill('DeliveryCodeCopy');
    await expectHidden(dialog().getByText('taken', { exact: true }));
    await dialog().getByRole('button', { name: 'Import', exact: true }).click();
    await s.page.waitForURL(tabUrl('DeliveryCodeCopy'));
    await expectVisible(pane().getByText('\\d{5}'));
  });

  test('an entity used in a pattern cannot be deleted; an unused one can, after confirmation', async () => {
    const bot = 'Deleting Entities Bot';
    await createBot(bot);
    await createColors('Fabric', bot);
    await s.tina('POST', entitiesPath(bot), {
      name: 'OrderCode',
      type: 'regexentities',
      regexes: ['\\d{5}'],
      examples: ['12345'],
    });
    await s.tina('POST', `/api/${encodeURIComponent(bot)}/intents`, {
      name: 'Shop',
      utterances: ['a [Fabric] shirt', 'I want to shop'],
    });
    await openTab('', bot);
    await list().getByRole('button', { name: 'Fabric' }).click();
    await s.page.getByRole('button', { name: 'Delete', exact: true }).click();
    await popupOf(s.page).getByRole('button', { name: 'Delete' }).click();
    await closePopup(M.inUse('Fabric'));
    await list().getByRole('button', { name: 'OrderCode' }).click();
    await s.page.getByRole('button', { name: 'Delete', exact: true }).click();
    await popupOf(s.page).getByRole('button', { name: 'Delete' }).click();
    await expectHidden(list().getByRole('button', { name: 'OrderCode' }));
  });

  test('without the entities permission everything is read-only and an edit attempt warns', async () => {
    // On the bot Vera may test; its values are its own (a value belongs to one entity).
    await s.tina('POST', entitiesPath(), {
      name: 'Paint',
      type: 'closedlists',
      sublists: [{ canonicalForm: 'matt', list: ['flat'] }],
    });
    // A browser of her own: the test's tabs share one profile, hence one session.
    const viewerBrowser = await launchBrowser();
    try {
      const viewer = await viewerBrowser.newPage();
      await logInThroughUi(viewer, s.app.baseUrl, VERA.email, VERA.password);
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
    expect(s.browser.pageErrors).toEqual([]);
  });
});
