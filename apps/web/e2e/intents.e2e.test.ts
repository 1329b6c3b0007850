import { readFileSync } from 'node:fs';
import { type FlowContentView, INTENT_MESSAGES as M, MESSAGES } from '@parley/contracts';
import { flowTemplateXml } from '@parley/flows';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { logInThroughUi, popupOf } from './support/accounts';
import { VERA } from './support/bot-content';
import { botPageSuite } from './support/bot-page-suite';
import { launchBrowser } from './support/browser';
import { expectHidden, expectVisible } from './support/expect-page';
import { screenshot } from './support/screenshots';

const BOT = 'Support Bot';

describe('the Intents tab', () => {
  const s = botPageSuite(BOT, async (tina) => {
    await tina('POST', `/api/${encodeURIComponent(BOT)}/entities`, {
      name: 'Color',
      type: 'closedlists',
      sublists: [{ canonicalForm: 'red', list: ['crimson'] }],
      roles: ['from', 'to'],
    });
  });

  const pane = () => s.page.getByRole('article');
  const list = () => s.page.getByRole('navigation', { name: 'Intents' });
  const dialog = () => s.page.getByRole('dialog');
  const addBox = () => pane().getByRole('combobox', { name: 'New utterance or pattern' });
  const tabUrl = (element = '', bot = BOT) =>
    `${s.app.baseUrl}/bots/${encodeURIComponent(bot)}/intents${element ? `/${element}` : ''}`;
  const createBot = (name: string) => s.tina('POST', '/api/bot', { name, region: 'eu-west', language: 'en' });
  /** An intent made through the API, with a flow from the Greeting template when asked. */
  const createIntent = (
    name: string,
    utterances: string[],
    options: { template?: string; bot?: string } = {},
  ) =>
    s.tina('POST', `/api/${encodeURIComponent(options.bot ?? BOT)}/intents`, {
      name,
      utterances,
      ...(options.template ? { template: options.template } : {}),
    });
  /** The tab on one intent, once its pane shows it. */
  const openIntent = async (name: string) => {
    await s.page.goto(tabUrl(name));
    await expectVisible(pane().getByRole('heading', { name }));
  };
  // The dialogs are overlay pseudo-tabs of the route (spec 02 section 2.1).
  const overlayUrl = (value: string) => `${s.app.baseUrl}/bots/${encodeURIComponent(BOT)}/${value}`;

  test('a new bot: Start building!, and None, which the route selects', async () => {
    const bot = 'New Intents Bot';
    await createBot(bot);
    await s.page.goto(tabUrl('', bot));
    await expectVisible(s.page.getByRole('heading', { name: M.startBuilding }));
    await expectVisible(pane().getByRole('heading', { name: 'None' }));
    await s.page.waitForURL(tabUrl('None', bot));
    await expect.poll(() => list().getByRole('button').allInnerTexts()).toEqual(['None']);
    for (const action of ['Add Intent', 'Batch Import', 'Import', 'Export'])
      await expectVisible(s.page.getByRole('button', { name: action, exact: true }));
    await screenshot(s.page, 'intents-start-building');
  });

  test('None cannot be deleted or exported', async () => {
    await openIntent('None');
    await pane().getByRole('button', { name: 'Delete intent' }).click();
    await expectVisible(popupOf(s.page).getByText(M.cannotDeleteNone));
    await popupOf(s.page).getByRole('button', { name: 'OK' }).click();
    await s.page.getByRole('button', { name: 'Export', exact: true }).click();
    await expectVisible(popupOf(s.page).getByText(M.cannotExportNone));
    await popupOf(s.page).getByRole('button', { name: 'OK' }).click();
  });

  test('the Create Intent modal checks its fields, then creates the intent and selects it', async () => {
    await s.page.goto(tabUrl());
    await s.page.getByRole('button', { name: 'Add Intent' }).click();
    await s.page.waitForURL(overlayUrl('create-intent'));
    await expectVisible(dialog().getByText(M.recommendedUtterances));
    await dialog().getByRole('button', { name: 'Create', exact: true }).click();
    await expectVisible(dialog().getByText(M.invalidName));
    await expectVisible(dialog().getByText(M.atLeastOneUtterance));
    await dialog().getByLabel('Name').fill('Greeting');
    const typed = dialog().getByRole('combobox', { name: 'New utterance' });
    await typed.fill('hello');
    await typed.press('Enter');
    await typed.fill('HELLO');
    await typed.press('Enter');
    await expectVisible(dialog().getByText(M.identicalExamples('hello', 'HELLO')));
    await typed.fill('good morning');
    await typed.press('Enter');
    await typed.fill('hi [col');
    await expectVisible(dialog().getByRole('option', { name: 'Color', exact: true }));
    await typed.press('Tab');
    await expect.poll(() => typed.inputValue()).toBe('hi [Color]');
    await typed.press('Enter');
    // A normal intent starts from a template flow (GET /api/templates); FAQ intents have none.
    await dialog().getByLabel('Template flow').selectOption({ label: 'Greeting' });
    await expectVisible(
      dialog().getByText('Greets the user with a message that names the intent, then ends.'),
    );
    await screenshot(s.page, 'intents-create-modal');
    await dialog().getByRole('button', { name: 'Create', exact: true }).click();
    await expectHidden(dialog());
    await s.page.waitForURL(tabUrl('Greeting'));
    await expectVisible(pane().getByRole('heading', { name: 'Greeting' }));
    // The examples load after the list; count once the pattern is there.
    await expectVisible(pane().getByRole('listitem').filter({ hasText: 'Pattern' }).first());
    await expect.poll(() => pane().getByRole('listitem').filter({ hasText: 'Pattern' }).count()).toBe(1);
    await expectVisible(pane().getByRole('region', { name: 'Entities used' }).getByText('Color'));
    const flow = (await s.tina(
      'GET',
      `/api/${encodeURIComponent(BOT)}/intents/Greeting/content`,
    )) as FlowContentView;
    expect(flow.xmlArray.map((v) => v.versionName)).toEqual(['v1']);
    expect(flow.xml).toContain('Greeting');

    // The pane lists the flow's versions; v1 goes live on the test channel, then everywhere.
    const v1 = pane()
      .getByRole('region', { name: 'Dialog flow' })
      .getByRole('listitem', { name: 'Version v1' });
    await v1.getByRole('button', { name: 'Activate to test' }).click();
    await expectVisible(popupOf(s.page).getByText('Flow Greeting activated!'));
    await popupOf(s.page).getByRole('button', { name: 'OK' }).click();
    await expectVisible(v1.getByText('Active in test'));
    await expectHidden(v1.getByRole('button', { name: 'Activate to test' }));
    await v1.getByRole('button', { name: 'Activate to all channels' }).click();
    await popupOf(s.page).getByRole('button', { name: 'OK' }).click();
    await expectVisible(v1.getByText('Active in all channels'));
    await screenshot(s.page, 'intents-flow-versions');
  });

  test('a taken name comes back from the server under the field', async () => {
    await createIntent('Salute', ['hi there', 'hey there']);
    await s.page.goto(tabUrl());
    await s.page.getByRole('button', { name: 'Add Intent' }).click();
    await dialog().getByLabel('Name').fill('salute');
    const typed = dialog().getByRole('combobox', { name: 'New utterance' });
    for (const text of ['one more', 'two more']) {
      await typed.fill(text);
      await typed.press('Enter');
    }
    await dialog().getByRole('button', { name: 'Create', exact: true }).click();
    await expectVisible(dialog().getByText(M.nameTaken));
    await dialog().getByLabel('Name').fill('color');
    await dialog().getByRole('button', { name: 'Create', exact: true }).click();
    await expectVisible(dialog().getByText(M.entityNameClash));
    await dialog().getByRole('button', { name: 'Close' }).click();
    await popupOf(s.page).getByRole('button', { name: 'Discard' }).click();
    await expectHidden(dialog());
  });

  test('entity suggestions after "[": arrows move, Enter takes one; duplicates are refused', async () => {
    await createIntent('Suggest', ['hello', 'good evening']);
    await openIntent('Suggest');
    await addBox().fill('from [Color');
    const options = s.page.getByRole('option');
    await expectVisible(options.first());
    await expect.poll(() => options.allInnerTexts()).toEqual(['Color', 'Color:from', 'Color:to']);
    await addBox().press('ArrowDown');
    await addBox().press('ArrowDown');
    await expect.poll(() => s.page.getByRole('option', { selected: true }).textContent()).toBe('Color:to');
    await screenshot(s.page, 'intents-entity-suggestions');
    await addBox().press('Enter');
    await expect.poll(() => addBox().inputValue()).toBe('from [Color:to]');
    await addBox().press('End');
    await addBox().type(' please');
    await addBox().press('Enter');
    await expectVisible(pane().getByRole('listitem').filter({ hasText: 'from [Color:to] please' }));
    await expect.poll(() => addBox().inputValue()).toBe('');

    await addBox().fill('Hello');
    await addBox().press('Enter');
    await expectVisible(popupOf(s.page).getByText(M.utteranceExists));
    await expect.poll(() => popupOf(s.page).getByRole('heading').textContent()).toBe(MESSAGES.invalidData);
    await popupOf(s.page).getByRole('button', { name: 'OK' }).click();
    await addBox().fill('k');
    await addBox().press('Enter');
    await expectVisible(popupOf(s.page).getByText(M.utteranceTooShort));
    await popupOf(s.page).getByRole('button', { name: 'OK' }).click();
    await addBox().fill('');
  });

  test('an example is edited in place and deleted after confirmation', async () => {
    await createIntent('Morning', ['hello', 'hi', 'good morning']);
    await openIntent('Morning');
    await pane().getByRole('button', { name: 'Edit "good morning"' }).click();
    const editor = pane().getByRole('combobox', { name: 'Edit example' });
    await editor.fill('good morning to you');
    await editor.press('Enter');
    await expectVisible(pane().getByText('good morning to you'));
    await pane().getByRole('button', { name: 'Delete "good morning to you"' }).click();
    await expectVisible(popupOf(s.page).getByText('Are you sure you want to delete "good morning to you"?'));
    await popupOf(s.page).getByRole('button', { name: 'Delete' }).click();
    await expectHidden(pane().getByText('good morning to you'));
  });

  test('renaming follows in the route; a bad name says why', async () => {
    await createIntent('Salutation', ['hello', 'good afternoon']);
    await openIntent('Salutation');
    await pane().getByRole('button', { name: 'Salutation' }).click();
    const name = pane().getByRole('textbox', { name: 'Intent name' });
    await name.fill('Hello there');
    await name.press('Enter');
    await expectVisible(popupOf(s.page).getByRole('heading', { name: M.renameFailed }));
    await expectVisible(popupOf(s.page).getByText(M.invalidName));
    await popupOf(s.page).getByRole('button', { name: 'OK' }).click();
    await name.fill('Welcome');
    await name.press('Enter');
    await s.page.waitForURL(tabUrl('Welcome'));
    await expectVisible(pane().getByRole('heading', { name: 'Welcome' }));
    // Its examples follow it, and the old name's absence is no error to report.
    await expectVisible(pane().getByText('hello', { exact: true }));
    await expect.poll(() => popupOf(s.page).count()).toBe(0);
    await pane().getByRole('button', { name: 'Add a description' }).click();
    const description = pane().getByRole('textbox', { name: 'Intent description' });
    await description.fill('Greets the user');
    await description.press('Control+Enter');
    await expectVisible(pane().getByRole('button', { name: 'Greets the user' }));
  });

  test('an FAQ intent: badge, answer, and the change to a normal intent after the question', async () => {
    await s.page.goto(tabUrl());
    await s.page.getByRole('button', { name: 'Add Intent' }).click();
    await dialog().getByRole('switch', { name: 'FAQ Intent' }).click();
    await dialog().getByLabel('Name').fill('OpeningHours');
    const typed = dialog().getByRole('combobox', { name: 'New utterance' });
    for (const text of ['when are you open', 'opening hours']) {
      await typed.fill(text);
      await typed.press('Enter');
    }
    await dialog().getByRole('button', { name: 'Create', exact: true }).click();
    await expectVisible(dialog().getByText(M.faqAnswerRequired));
    await dialog().getByLabel('FAQ Answer').fill('From 9 to 5.');
    await dialog().getByRole('button', { name: 'Create', exact: true }).click();
    await s.page.waitForURL(tabUrl('OpeningHours'));
    await expectVisible(pane().getByText('FAQ Intent', { exact: true }));
    await expectVisible(pane().getByRole('region', { name: 'FAQ Answer' }).getByText('From 9 to 5.'));
    await expect
      .poll(() =>
        list()
          .getByRole('button', { name: /OpeningHours/ })
          .textContent(),
      )
      .toContain('FAQ');
    await screenshot(s.page, 'intents-faq');
    await pane().getByRole('button', { name: M.changeToNormal }).click();
    await expectVisible(popupOf(s.page).getByText(M.changeTypeConfirm));
    await popupOf(s.page).getByRole('button', { name: M.changeToNormal }).click();
    await expectHidden(pane().getByText('FAQ Intent', { exact: true }));
    await expectHidden(pane().getByRole('region', { name: 'FAQ Answer' }));
  });

  test('export, then import under another name: the taken name is flagged first', async () => {
    await createIntent('Thanks', ['thank you', 'from [Color:to] please']);
    await s.page.goto(tabUrl());
    await list().getByRole('button', { name: 'Thanks' }).click();
    await s.page.waitForURL(tabUrl('Thanks'));
    const [download] = await Promise.all([
      s.page.waitForEvent('download'),
      s.page.getByRole('button', { name: 'Export', exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${BOT}-Thanks.enc`);
    const file = readFileSync(await download.path(), 'utf8');
    expect(JSON.parse(file).intent.name).toBe('Thanks');

    await s.page.getByRole('button', { name: 'Import', exact: true }).click();
    await s.page.waitForURL(overlayUrl('import-intent'));
    await dialog()
      .locator('input[type=file]')
      .setInputFiles({ name: 'Thanks.enc', mimeType: 'application/json', buffer: Buffer.from(file) });
    const name = dialog().getByLabel('Intent name');
    await expectVisible(name);
    await expect.poll(() => name.inputValue()).toBe('Thanks');
    await expectVisible(dialog().getByText(M.nameTaken));
    await expect
      .poll(() => dialog().getByRole('button', { name: 'Import', exact: true }).isDisabled())
      .toBe(true);
    await screenshot(s.page, 'intents-import-taken');
    await name.fill('ThanksCopy');
    await dialog().getByRole('button', { name: 'Import', exact: true }).click();
    await s.page.waitForURL(tabUrl('ThanksCopy'));
    await expectVisible(pane().getByText('from [Color:to] please'));
  });

  test('a file that is not an intent file is refused with the server message', async () => {
    await createIntent('Notes', ['take a note', 'write this down']);
    await openIntent('Notes');
    await s.page.getByRole('button', { name: 'Import', exact: true }).click();
    await dialog()
      .locator('input[type=file]')
      .setInputFiles({ name: 'notes.enc', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expectVisible(popupOf(s.page).getByText(M.notAnIntentFile));
    await popupOf(s.page).getByRole('button', { name: 'OK' }).click();
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    // Closing goes back to the tab, on the intent selected before.
    await s.page.waitForURL(tabUrl('Notes'));
    await expectHidden(dialog());
  });

  test('batch import: only .xlsx, a template to download, and the rows become intents', async () => {
    await s.page.goto(tabUrl());
    await s.page.getByRole('button', { name: 'Batch Import' }).click();
    await s.page.waitForURL(overlayUrl('batch-import-intents'));
    const chooser = dialog().locator('input[type=file]');
    await chooser.setInputFiles({ name: 'intents.csv', mimeType: 'text/csv', buffer: Buffer.from('a,b') });
    await expectVisible(popupOf(s.page).getByRole('heading', { name: M.invalidFileExtension }));
    await popupOf(s.page).getByRole('button', { name: 'OK' }).click();
    const [template] = await Promise.all([
      s.page.waitForEvent('download'),
      dialog().getByRole('button', { name: 'Download template' }).click(),
    ]);
    expect(template.suggestedFilename()).toBe('intents-batch-import-template.xlsx');

    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Intents');
    sheet.addRows([
      ['Intent name', 'Utterance'],
      ['Goodbye', 'bye'],
      ['Goodbye', 'see you later'],
      ['Goodbye', 'I like [color]'],
    ]);
    await chooser.setInputFiles({
      name: 'intents.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: Buffer.from(await book.xlsx.writeBuffer()),
    });
    await expectVisible(dialog().getByText('intents.xlsx'));
    await screenshot(s.page, 'intents-batch-import');
    await dialog().getByRole('button', { name: 'Import', exact: true }).click();
    await expectVisible(popupOf(s.page).getByText('1 created, 0 updated, 3 utterances added.'));
    await popupOf(s.page).getByRole('button', { name: 'OK' }).click();
    await list().getByRole('button', { name: 'Goodbye' }).click();
    await expectVisible(pane().getByText('I like [Color]'));
  });

  test('the filter narrows the list; None stays last', async () => {
    const bot = 'Filtered Intents Bot';
    await createBot(bot);
    for (const [name, utterances] of [
      ['Welcome', ['hello', 'good day']],
      ['Goodbye', ['bye', 'see you later']],
      ['WelcomeCopy', ['hello again', 'welcome back']],
      ['OpeningHours', ['when are you open', 'opening hours']],
    ] as const)
      await createIntent(name, [...utterances], { bot });
    await s.page.goto(tabUrl('', bot));
    await expect
      .poll(() => list().getByRole('button').allInnerTexts())
      .toEqual(['Goodbye', 'OpeningHours', 'Welcome', 'WelcomeCopy', 'None']);
    await s.page.getByRole('searchbox', { name: 'Filter intents' }).fill('welc');
    await expect.poll(() => list().getByRole('button').allInnerTexts()).toEqual(['Welcome', 'WelcomeCopy']);
    await s.page.getByRole('searchbox', { name: 'Filter intents' }).fill('');
  });

  test('the selected intent is kept in the route across a reload', async () => {
    await createIntent('Directions', ['how do I get there', 'where are you']);
    await s.page.goto(tabUrl('Directions'));
    await expectVisible(pane().getByRole('heading', { name: 'Directions' }));
    await screenshot(s.page, 'intents-selected-from-route', { fullPage: true });
  });

  test('an intent is deleted after confirmation', async () => {
    await createIntent('Obsolete', ['old stuff', 'outdated things']);
    await s.page.goto(tabUrl());
    await list().getByRole('button', { name: 'Obsolete' }).click();
    await expectVisible(pane().getByRole('heading', { name: 'Obsolete' }));
    await pane().getByRole('button', { name: 'Delete intent' }).click();
    await popupOf(s.page).getByRole('button', { name: 'Delete' }).click();
    await expectHidden(list().getByRole('button', { name: 'Obsolete' }));
    await expectVisible(pane().getByRole('heading'));
    await expect.poll(() => popupOf(s.page).count()).toBe(0);
  });

  test('without the flow publishing rights the versions show but cannot be activated', async () => {
    // An intent from the Greeting template (v1), then a second version saved (v2).
    await createIntent('Publishing', ['hello', 'good day'], { template: 'greeting' });
    const xml = await flowTemplateXml('question-and-answer', { intentName: 'Publishing', languages: ['en'] });
    await s.tina('POST', `/api/${encodeURIComponent(BOT)}/intents/Publishing`, {
      xml: encodeURIComponent(xml),
    });
    const versionTwo = (on: Page) =>
      on.getByRole('region', { name: 'Dialog flow' }).getByRole('listitem', { name: 'Version v2' });
    // Tina may: the row offers both activations.
    await s.page.goto(tabUrl('Publishing'));
    await expectVisible(versionTwo(s.page).getByRole('button', { name: 'Activate to test' }));
    await expectVisible(versionTwo(s.page).getByRole('button', { name: 'Activate to all channels' }));
    // A browser of Vera's own: the tabs of one browser share one sign-in.
    const viewer = await launchBrowser();
    try {
      const viewerPage = await viewer.newPage();
      await logInThroughUi(viewerPage, s.app.baseUrl, VERA.email, VERA.password);
      await viewerPage.goto(tabUrl('Publishing'));
      await expectVisible(versionTwo(viewerPage));
      await expect.poll(() => versionTwo(viewerPage).getByRole('button').count()).toBe(0);
      expect(viewer.pageErrors).toEqual([]);
    } finally {
      await viewer.close();
    }
  });

  test('without the intents permission everything is read-only and an edit attempt warns', async () => {
    await createIntent('Manual', ['read the manual', 'show the guide']);
    const viewer = await launchBrowser();
    try {
      const viewerPage = await viewer.newPage();
      await logInThroughUi(viewerPage, s.app.baseUrl, VERA.email, VERA.password);
      await viewerPage.goto(tabUrl('Manual'));
      const viewerPane = viewerPage.getByRole('article');
      await expectVisible(viewerPane.getByRole('heading', { name: 'Manual' }));
      for (const action of ['Add Intent', 'Batch Import', 'Import', 'Export', 'Delete intent'])
        await expect
          .poll(() => viewerPage.getByRole('button', { name: action, exact: true }).count())
          .toBe(0);
      await expect.poll(() => viewerPane.getByRole('combobox').count()).toBe(0);
      await expect.poll(() => viewerPane.getByRole('button', { name: /^Edit "/ }).count()).toBe(0);
      await viewerPane.getByRole('button', { name: 'Manual' }).click();
      await expectVisible(popupOf(viewerPage).getByText(MESSAGES.permissionDenied));
      await screenshot(viewerPage, 'intents-read-only');
      await popupOf(viewerPage).getByRole('button', { name: 'OK' }).click();
      expect(viewer.pageErrors).toEqual([]);
    } finally {
      await viewer.close();
    }
  });

  test('no page errors', () => {
    expect(s.browser.pageErrors).toEqual([]);
  });
});
