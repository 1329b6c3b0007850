import { VARIABLE_MESSAGES as M, MESSAGES, type VariablesAndObjects } from '@parley/contracts';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { createPlainUser, logInThroughUi, popupOf } from './support/accounts';
import { organisationOfItsOwn, VERA } from './support/bot-content';
import { botPageSuite } from './support/bot-page-suite';
import { launchBrowser } from './support/browser';
import { expectHidden, expectVisible } from './support/expect-page';
import { screenshot } from './support/screenshots';

const BOT = 'Support Bot';
/** A designer: may manage variables and objects, not make them global (the built-in Designer role). */
const DANA = { email: 'dana@example.com', password: 'Designer-Password-1', name: 'Dana Designer' };
const DESIGNER_ROLE = 1;

describe('the Variables tab', () => {
  const s = botPageSuite(BOT, async (tina) => {
    await createPlainUser(s.app.server, { ...DANA, tenantId: s.tenantId });
    await tina('POST', '/api/user/role', { userEmail: DANA.email, botName: BOT, role: DESIGNER_ROLE });
  });

  const url = (bot = BOT) => `${s.app.baseUrl}/bots/${encodeURIComponent(bot)}/variables`;
  const section = (p: Page, title: string) =>
    p.locator('section.card', { has: p.getByRole('heading', { name: title }) });
  const variables = (p: Page = s.page) => section(p, M.variablesSection);
  const objects = (p: Page = s.page) => section(p, M.objectsSection);
  const rowOf = (area: Locator, name: string) =>
    area.getByRole('row').filter({ has: area.page().getByText(name, { exact: true }) });
  const dialog = () => s.page.getByRole('dialog');
  const stored = async (bot = BOT, api = s.tina) =>
    (await api('GET', `/api/${encodeURIComponent(bot)}/variables/all`)) as VariablesAndObjects;
  const createBot = (name: string, api = s.tina) =>
    api('POST', '/api/bot', { name, region: 'eu-west', language: 'en' });
  const putVariables = (bot: string, variables: { key: string; value: string; isGlobal?: boolean }[]) =>
    s.tina('PUT', `/api/${encodeURIComponent(bot)}/variables`, { variables });
  const putObject = (bot: string, name: string, properties: Record<string, string>, isGlobal = false) =>
    s.tina('PUT', `/api/${encodeURIComponent(bot)}/objects`, {
      name,
      properties: {
        variables: Object.fromEntries(Object.entries(properties).map(([key, value]) => [key, { value }])),
      },
      ...(isGlobal ? { isGlobal } : {}),
    });
  /**
   * An organisation of the test's own (none of the other tests' global variables show there)
   * with a bot, and its administrator signed in in a browser of its own.
   */
  const ownOrganisation = async (key: string, bot: string) => {
    const admin = { email: `${key}@example.com`, password: 'Own-Organisation-1!', name: `Admin ${key}` };
    const { api } = await organisationOfItsOwn(s.app.server, `Organisation ${key}`, admin);
    await createBot(bot, api);
    const ownBrowser = await launchBrowser();
    const ownPage = await ownBrowser.newPage();
    await logInThroughUi(ownPage, s.app.baseUrl, admin.email, admin.password);
    return { api, browser: ownBrowser, page: ownPage };
  };
  const closePopup = async (p: Page = s.page) => {
    await popupOf(p).getByRole('button', { name: 'OK' }).click();
    await expectHidden(popupOf(p));
  };

  test('a new bot: both sections, empty, with their add forms', async () => {
    const own = await ownOrganisation('empty', 'Empty Bot');
    try {
      const p = own.page;
      await p.goto(url('Empty Bot'));
      await expectVisible(p.getByRole('tab', { name: 'Variables', selected: true }));
      await expectVisible(variables(p).getByText('No variables yet'));
      await expectVisible(objects(p).getByText('No objects yet'));
      await expectVisible(variables(p).getByRole('button', { name: 'Add' }));
      await expectVisible(objects(p).getByRole('button', { name: 'Add' }));
      await screenshot(p, 'variables-empty');
      expect(own.browser.pageErrors).toEqual([]);
    } finally {
      await own.browser.close();
    }
  });

  test('adding a variable checks the name and the value, then lists it', async () => {
    // Its own organisation: the stored variables are exactly the ones added here.
    const own = await ownOrganisation('adding', 'Adding Bot');
    try {
      const p = own.page;
      const ownStored = () => stored('Adding Bot', own.api);
      await p.goto(url('Adding Bot'));
      const form = variables(p).getByRole('form', { name: 'Add a variable' });
      await form.getByRole('button', { name: 'Add' }).click();
      await expectVisible(form.getByText(M.nameRequired));
      await expectVisible(form.getByText(M.valueRequired));
      await form.getByLabel('Name').fill('  city ');
      await form.getByLabel('Value').fill('   ');
      await form.getByRole('button', { name: 'Add' }).click();
      await expectVisible(form.getByText(M.valueRequired));
      await form.getByLabel('Value').fill('Berlin');
      await form.getByRole('button', { name: 'Add' }).click();
      await expectVisible(rowOf(variables(p), 'city'));
      await expect.poll(() => form.getByLabel('Name').inputValue()).toBe('');
      await expect.poll(() => variables(p).getByLabel('Value of city').inputValue()).toBe('Berlin');
      expect((await ownStored()).variables).toEqual({ city: 'Berlin' });

      await form.getByLabel('Name').fill('CITY');
      await form.getByLabel('Value').fill('Rome');
      await form.getByRole('button', { name: 'Add' }).click();
      await expectVisible(form.getByText(M.nameTaken('CITY')));
      // The server's own refusal (a prebuilt entity's name) shows at the field too.
      await form.getByLabel('Name').fill('Date');
      await form.getByRole('button', { name: 'Add' }).click();
      await expectVisible(form.getByText(M.nameUsedElsewhere));
      expect((await ownStored()).variables).toEqual({ city: 'Berlin' });
      await screenshot(p, 'variables-add-refused');
      await form.getByLabel('Name').fill('greeting');
      await form.getByLabel('Value').fill('Hello there');
      await form.getByRole('button', { name: 'Add' }).click();
      await expectVisible(rowOf(variables(p), 'greeting'));
      expect(own.browser.pageErrors).toEqual([]);
    } finally {
      await own.browser.close();
    }
  });

  test('Update saves a changed value; a blank one is refused', async () => {
    const bot = 'Update Bot';
    await createBot(bot);
    await putVariables(bot, [{ key: 'city', value: 'Berlin' }]);
    await s.page.goto(url(bot));
    const row = rowOf(variables(), 'city');
    const update = row.getByRole('button', { name: 'Update' });
    await expect.poll(() => update.isDisabled()).toBe(true);
    await row.getByLabel('Value of city').fill('  ');
    await update.click();
    await expectVisible(popupOf(s.page).getByText(M.valueRequired));
    await closePopup();
    await row.getByLabel('Value of city').fill('Paris');
    await update.click();
    await expectVisible(popupOf(s.page).getByText('Saved!'));
    await closePopup();
    expect((await stored(bot)).variables.city).toBe('Paris');
    await s.page.reload();
    await expect.poll(() => variables().getByLabel('Value of city').inputValue()).toBe('Paris');
  });

  test('an object is added through the Edit Object modal, with its rules', async () => {
    const bot = 'Object Bot';
    await createBot(bot);
    await putVariables(bot, [{ key: 'city', value: 'Berlin' }]);
    await s.page.goto(url(bot));
    const form = objects().getByRole('form', { name: 'Add an object' });
    await form.getByLabel('Name').fill('city');
    await form.getByRole('button', { name: 'Add' }).click();
    await expectVisible(form.getByText(M.nameTaken('city')));
    await form.getByLabel('Name').fill('customer');
    await form.getByRole('button', { name: 'Add' }).click();
    // The new object's modal is the overlay pseudo-tab create-object (spec 02 section 2.1).
    await s.page.waitForURL(`${s.app.baseUrl}/bots/${encodeURIComponent(bot)}/create-object/customer`);

    await expectVisible(dialog().getByRole('heading', { name: M.editObject }));
    await expect.poll(() => dialog().getByLabel('Object name').textContent()).toBe('customer');
    await dialog().getByRole('button', { name: 'Save' }).click();
    await expectVisible(popupOf(s.page).getByText(M.atLeastOneProperty));
    await closePopup();

    await dialog().getByLabel('Key 1').fill('name');
    await dialog().getByLabel('Value 1').fill('Ada');
    await dialog().getByRole('button', { name: 'Add property' }).click();
    await dialog().getByLabel('Key 2').fill(' NAME ');
    await dialog().getByLabel('Value 2').fill('ada@example.com');
    await dialog().getByRole('button', { name: 'Save' }).click();
    await expectVisible(popupOf(s.page).getByText(M.duplicateKeys));
    await screenshot(s.page, 'variables-object-duplicate-keys');
    await closePopup();
    await dialog().getByLabel('Key 2').fill('email');
    await screenshot(s.page, 'variables-edit-object');
    await dialog().getByRole('button', { name: 'Save' }).click();
    await expectVisible(popupOf(s.page).getByText('Saved!'));
    await closePopup();
    await expectHidden(dialog());
    await s.page.waitForURL(url(bot));
    await expectVisible(rowOf(objects(), 'customer').getByText('name, email'));
    expect((await stored(bot)).objects.customer?.variables).toMatchObject({
      name: { key: 'name', value: 'Ada', isSystem: false },
      email: { key: 'email', value: 'ada@example.com', isSystem: false },
    });
  });

  test('editing an object keeps its name fixed; system properties keep their key and stay', async () => {
    const bot = 'System Properties Bot';
    await createBot(bot);
    // An API client marks a property as a system one.
    await s.tina('PUT', `/api/${encodeURIComponent(bot)}/objects`, {
      name: 'customer',
      properties: {
        variables: {
          id: { key: 'id', value: 'c-1', isSystem: true },
          name: { value: 'Ada' },
          email: { value: 'ada@example.com' },
        },
      },
    });
    await s.page.goto(url(bot));
    await rowOf(objects(), 'customer').getByRole('button', { name: 'Edit customer' }).click();
    await expectVisible(dialog().getByText('System'));
    await expect.poll(() => dialog().getByLabel('Key 1').getAttribute('readonly')).not.toBeNull();
    await expect.poll(() => dialog().getByRole('button', { name: 'Remove property 1' }).count()).toBe(0);
    await expect.poll(() => dialog().getByRole('textbox', { name: 'Object name' }).count()).toBe(0);

    await dialog().getByLabel('Value 1').fill('c-2');
    await dialog().getByRole('button', { name: 'Remove property 3' }).click();
    await popupOf(s.page).getByRole('button', { name: 'Remove' }).click();
    await screenshot(s.page, 'variables-edit-object-system');
    await dialog().getByRole('button', { name: 'Save' }).click();
    await closePopup();
    const customer = (await stored(bot)).objects.customer;
    expect(Object.keys(customer?.variables ?? {})).toEqual(['id', 'name']);
    expect(customer?.variables.id).toMatchObject({ value: 'c-2', isSystem: true });
  });

  test('the Global toggle asks, then shows the Global badge; the name is the whole account’s', async () => {
    // Its own organisation: what it makes global shows in every bot of the account.
    const bot = 'Global Bot';
    const own = await ownOrganisation('global', bot);
    try {
      const p = own.page;
      const ownStored = () => stored(bot, own.api);
      await own.api('PUT', `/api/${encodeURIComponent(bot)}/variables`, {
        variables: [
          { key: 'city', value: 'Paris' },
          { key: 'greeting', value: 'Hello there' },
        ],
      });
      await own.api('PUT', `/api/${encodeURIComponent(bot)}/objects`, {
        name: 'customer',
        properties: { variables: { name: { value: 'Ada' }, email: { value: 'ada@example.com' } } },
      });
      await p.goto(url(bot));
      const row = rowOf(variables(p), 'city');
      await row.getByRole('switch', { name: M.global }).click();
      await expectVisible(popupOf(p).getByText(M.makeGlobalTitle('city')));
      await popupOf(p).getByRole('button', { name: 'Cancel' }).click();
      expect((await ownStored()).isGlobalVariable.city).toBe(false);
      await row.getByRole('switch', { name: M.global }).click();
      await popupOf(p).getByRole('button', { name: 'Make global' }).click();
      // The toggle's own label reads 'Global' too: the badge is what stays once the toggle is gone.
      await expectHidden(row.getByRole('switch'));
      await expectVisible(row.getByText(M.global, { exact: true }));
      expect((await ownStored()).isGlobalVariable.city).toBe(true);

      await rowOf(objects(p), 'customer').getByRole('switch', { name: M.global }).click();
      await popupOf(p).getByRole('button', { name: 'Make global' }).click();
      await expectHidden(rowOf(objects(p), 'customer').getByRole('switch'));
      await expectVisible(rowOf(objects(p), 'customer').getByText(M.global, { exact: true }));
      expect((await ownStored()).objects.customer?.isGlobal).toBe(true);
      await screenshot(p, 'variables-global', { fullPage: true });

      // Another bot of the account sees them.
      await createBot('Sales Bot', own.api);
      await p.goto(url('Sales Bot'));
      await expectVisible(rowOf(variables(p), 'city').getByText(M.global, { exact: true }));
      await expectVisible(rowOf(objects(p), 'customer'));
      await expect.poll(() => rowOf(variables(p), 'greeting').count()).toBe(0);
      expect(own.browser.pageErrors).toEqual([]);
    } finally {
      await own.browser.close();
    }
  });

  test('deleting asks first; Cancel keeps the row', async () => {
    const bot = 'Deleting Bot';
    await createBot(bot);
    await putVariables(bot, [{ key: 'greeting', value: 'Hello there' }]);
    await s.page.goto(url(bot));
    const row = rowOf(variables(), 'greeting');
    await row.getByRole('button', { name: 'Delete greeting' }).click();
    await expectVisible(popupOf(s.page).getByText(M.deleteVariable('greeting')));
    await screenshot(s.page, 'variables-delete-confirm');
    await popupOf(s.page).getByRole('button', { name: 'Cancel' }).click();
    await expectVisible(row);
    await row.getByRole('button', { name: 'Delete greeting' }).click();
    await popupOf(s.page).getByRole('button', { name: 'Delete' }).click();
    await expectHidden(rowOf(variables(), 'greeting'));
    expect((await stored(bot)).variables).not.toHaveProperty('greeting');

    await s.tina('PUT', `/api/${encodeURIComponent(bot)}/objects`, {
      name: 'scratch',
      properties: { variables: { a: { value: '1' } } },
    });
    await s.page.reload();
    await rowOf(objects(), 'scratch').getByRole('button', { name: 'Delete scratch' }).click();
    await expectVisible(popupOf(s.page).getByText(M.deleteObject('scratch')));
    await popupOf(s.page).getByRole('button', { name: 'Delete' }).click();
    await expectHidden(rowOf(objects(), 'scratch'));
    expect((await stored(bot)).objects).not.toHaveProperty('scratch');
  });

  test('without MakeGlobal the toggle and changes to global rows warn, and nothing changes', async () => {
    // Her own names: a global variable of the account and one of the bot.
    await putVariables(BOT, [
      { key: 'capital', value: 'Paris', isGlobal: true },
      { key: 'tone', value: 'friendly' },
    ]);
    const designer = await launchBrowser();
    try {
      const dPage = await designer.newPage();
      await logInThroughUi(dPage, s.app.baseUrl, DANA.email, DANA.password);
      await dPage.goto(url());
      await rowOf(variables(dPage), 'tone').getByRole('switch', { name: M.global }).click();
      await expectVisible(popupOf(dPage).getByText(MESSAGES.permissionDenied));
      await screenshot(dPage, 'variables-designer-no-make-global');
      await closePopup(dPage);

      const capital = rowOf(variables(dPage), 'capital');
      await capital.getByLabel('Value of capital').fill('Madrid');
      await capital.getByRole('button', { name: 'Update' }).click();
      await expectVisible(popupOf(dPage).getByText(MESSAGES.permissionDenied));
      await closePopup(dPage);
      await capital.getByRole('button', { name: 'Delete capital' }).click();
      await expectVisible(popupOf(dPage).getByText(MESSAGES.permissionDenied));
      await closePopup(dPage);

      // Bot-owned ones are the designer's to change.
      const tone = rowOf(variables(dPage), 'tone');
      await tone.getByLabel('Value of tone').fill('formal');
      await tone.getByRole('button', { name: 'Update' }).click();
      await closePopup(dPage);
      const state = await stored();
      expect(state.variables).toMatchObject({ capital: 'Paris', tone: 'formal' });
      expect(state.isGlobalVariable.tone).toBe(false);
      expect(designer.pageErrors).toEqual([]);
    } finally {
      await designer.close();
    }
  });

  test('without ManageVariablesAndObjects the page is read-only and an edit attempt warns', async () => {
    // Her own names: a global variable and object of the account, and a variable of the bot.
    await putVariables(BOT, [
      { key: 'country', value: 'France', isGlobal: true },
      { key: 'mood', value: 'calm' },
    ]);
    await putObject(BOT, 'client', { name: 'Ada' }, true);
    const viewer = await launchBrowser();
    try {
      const vPage = await viewer.newPage();
      await logInThroughUi(vPage, s.app.baseUrl, VERA.email, VERA.password);
      await vPage.goto(url());
      await expectVisible(vPage.getByText(M.readOnly));
      await expectVisible(rowOf(variables(vPage), 'country').getByText(M.global, { exact: true }));
      for (const name of ['Add', 'Update', 'Delete country', 'Delete client'])
        await expect.poll(() => vPage.getByRole('button', { name, exact: true }).count()).toBe(0);
      await expect.poll(() => vPage.getByRole('switch').count()).toBe(0);
      await expect.poll(() => vPage.getByRole('form').count()).toBe(0);
      await vPage.getByLabel('Value of mood').click();
      await expectVisible(popupOf(vPage).getByText(MESSAGES.permissionDenied));
      await screenshot(vPage, 'variables-read-only', { fullPage: true });
      await closePopup(vPage);

      await rowOf(objects(vPage), 'client').getByRole('button', { name: 'View client' }).click();
      const viewDialog = vPage.getByRole('dialog');
      await expectVisible(viewDialog.getByRole('heading', { name: M.editObject }));
      await expect.poll(() => viewDialog.getByRole('button', { name: 'Save' }).count()).toBe(0);
      await expect.poll(() => viewDialog.getByRole('button', { name: 'Add property' }).count()).toBe(0);
      await expect.poll(() => viewDialog.getByLabel('Value 1').getAttribute('readonly')).not.toBeNull();
      await viewDialog.getByRole('button', { name: 'Close', exact: true }).last().click();
      await expectHidden(viewDialog);
      expect(viewer.pageErrors).toEqual([]);
    } finally {
      await viewer.close();
    }
  });

  test('no page errors', () => {
    expect(s.browser.pageErrors).toEqual([]);
  });
});
