import { readFileSync } from 'node:fs';
import { BOT_BUNDLE_MESSAGES as B, BOT_MESSAGES as M } from '@parley/contracts';
import { describe, expect, test } from 'vitest';
import { PASSPHRASES_DIFFER } from '../src/features/bots/components/export/export-bot-form';
import { createOrganisation, logInThroughUi } from './support/accounts';
import { createAccountAdmin } from './support/administration';
import { apiAs, TINA } from './support/bot-content';
import { browserSuite } from './support/browser-suite';
import { expectHidden, expectVisible } from './support/expect-page';
import { holdRoute } from './support/held-route';
import { screenshot } from './support/screenshots';

const BOT = 'Support Bot';
const COPY = 'Support Bot Copy';
const PASSPHRASE = 'open sesame, please';

/**
 * Export Bot from the card menu, then Import a bot with that file under a new name; and a bot
 * from a starter template (spec 01 section 2: bot overview, create-a-bot and import-a-bot dialogs).
 */
describe('exporting, importing and starting from a template', () => {
  /** The organisation of the running test. */
  let tenantId: string;

  const s = browserSuite({
    prepare: async (app) => {
      await app.server.signUpFirstAdmin();
    },
  });

  /**
   * An organisation of the test's own (the overview lists every bot of the account): Tina (its
   * administrator) and Support Bot with an entity, two intents, a code and a REST function (its
   * header a credential) and a variable, all made through Tina's API. Tina is signed in on the
   * overview; her session token is returned.
   */
  const organisation = async (key: string) => {
    const tenant = await createOrganisation(s.app.server, `Acme ${key}`);
    tenantId = tenant.id;
    const admin = { ...TINA, email: `tina.${key}@example.com` };
    await createAccountAdmin(s.app.server, { ...admin, tenantId: tenant.id });
    const token = (await s.app.server.login(admin.email, admin.password)).token;
    const tina = apiAs(s.app.server, token);
    await tina('POST', '/api/bot', { name: BOT, region: 'eu-west', language: 'en' });
    const bot = `/api/${encodeURIComponent(BOT)}`;
    await tina('POST', `${bot}/entities`, {
      name: 'Product',
      type: 'closedlists',
      sublists: [{ canonicalForm: 'Pro', list: ['pro plan'] }],
    });
    await tina('POST', `${bot}/intents`, {
      name: 'Greeting',
      utterances: ['hello', 'good morning', 'hi there'],
    });
    await tina('POST', `${bot}/intents`, {
      name: 'Pricing',
      utterances: ['what does it cost', 'how much is [Product]'],
    });
    await tina('POST', `/api/bots/${encodeURIComponent(BOT)}/functions`, {
      type: 'code',
      name: 'Format date',
      code: 'return date;',
      inputs: [{ name: 'date', defaultValue: '2025-03-14' }],
    });
    await tina('POST', `/api/bots/${encodeURIComponent(BOT)}/functions`, {
      type: 'rest',
      name: 'Weather',
      url: 'https://api.example.com/weather',
      headers: [{ key: 'Authorization', value: 'Bearer tok-123' }],
    });
    await tina('PUT', `${bot}/variables`, { variables: [{ key: 'shopName', value: 'Acme' }] });
    await s.page.evaluate(() => localStorage.clear()).catch(() => undefined);
    await logInThroughUi(s.page, s.app.baseUrl, admin.email, admin.password);
    return token;
  };
  /** Support Bot exported through the API with its credentials sealed under PASSPHRASE. */
  const exportedFile = async (token: string): Promise<Buffer> => {
    const response = await s.app.server.request({
      method: 'POST',
      url: `/api/bots/${encodeURIComponent(BOT)}/export`,
      token,
      body: { passphrase: PASSPHRASE },
    });
    expect(response.statusCode).toBe(200);
    return response.rawPayload;
  };

  const dialog = () => s.page.getByRole('dialog');
  const card = (name: string) => s.page.getByRole('article', { name, exact: true });
  const acme = () => s.app.server.ctx.repos.forTenant(tenantId);
  const chooseFile = (name: string, buffer: Buffer) =>
    dialog()
      .getByLabel('Choose bot file')
      .setInputFiles({ name, mimeType: 'application/octet-stream', buffer });
  /** The import form of the overview's Import a bot with this file loaded and its passphrase given. */
  const openImportForm = async (exported: Buffer) => {
    await s.page.goto(`${s.app.baseUrl}/bots`);
    await s.page.getByRole('button', { name: 'Import a bot' }).click();
    await chooseFile('bot-Support Bot.enc', exported);
    await dialog().getByRole('button', { name: B.loadBotData }).click();
    await expectVisible(dialog().getByLabel('Name of your bot'));
    await dialog().getByLabel("Passphrase of the functions' credentials").fill(PASSPHRASE);
  };

  test('Export Bot in the card menu asks about credentials, then downloads bot-{bot}.enc', async () => {
    await organisation('export');
    await s.page.goto(`${s.app.baseUrl}/bots`);
    await expectVisible(s.page.getByRole('button', { name: 'Import a bot' }));
    await card(BOT)
      .getByRole('button', { name: `Actions for ${BOT}` })
      .click();
    const menu = s.page.getByRole('menu', { name: `Actions for ${BOT}` });
    expect(await menu.getByRole('menuitem').allTextContents()).toEqual([
      'Export Bot',
      'Download Logs',
      'Delete Bot',
    ]);
    await screenshot(s.page, 'bots-export-menu');
    await menu.getByRole('menuitem', { name: 'Export Bot' }).click();
    await expectVisible(dialog().getByRole('heading', { name: B.exportBot }));
    await dialog().getByLabel("Include the functions' credentials").check();
    await dialog().getByLabel('Passphrase', { exact: true }).fill('short');
    await dialog().getByRole('button', { name: 'Export' }).click();
    await expectVisible(dialog().getByText(B.passphraseTooShort));
    await dialog().getByLabel('Passphrase', { exact: true }).fill(PASSPHRASE);
    await dialog().getByLabel('Repeat the passphrase').fill(`${PASSPHRASE}!`);
    await dialog().getByRole('button', { name: 'Export' }).click();
    await expectVisible(dialog().getByText(PASSPHRASES_DIFFER));
    await dialog().getByLabel('Repeat the passphrase').fill(PASSPHRASE);
    await screenshot(s.page, 'bots-export-dialog');
    const [download] = await Promise.all([
      s.page.waitForEvent('download'),
      dialog().getByRole('button', { name: 'Export' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('bot-Support Bot.enc');
    await expectHidden(dialog());
    const exported = readFileSync(await download.path());
    expect(exported.subarray(0, 10).toString('ascii')).toBe('PARLEYBOT\n');
  });

  test('Import a bot: the file’s name and size, then Load bot data', async () => {
    const exported = await exportedFile(await organisation('load'));
    await s.page.goto(`${s.app.baseUrl}/bots`);
    await s.page.getByRole('button', { name: 'Import a bot' }).click();
    await expectVisible(dialog().getByRole('heading', { name: B.importTitle }));
    const load = dialog().getByRole('button', { name: B.loadBotData });
    expect(await load.isDisabled()).toBe(true);
    await chooseFile('bot-Support Bot.enc', exported);
    await expectVisible(
      dialog().getByText(`bot-Support Bot.enc (${Math.max(1, Math.round(exported.length / 1024))} KB)`),
    );
    await screenshot(s.page, 'bots-import-file-chosen');
    await load.click();
    await expectVisible(dialog().getByLabel('Name of your bot'));
    expect(await dialog().getByLabel('Name of your bot').inputValue()).toBe(BOT);
    expect(await dialog().getByLabel('Initial Intent & Entity Recognizer').inputValue()).toBe('parley');
    expect(await dialog().getByLabel('Language', { exact: true }).inputValue()).toBe('en');
    await expectVisible(dialog().getByRole('switch', { name: 'Change bot region' }));
    await expectVisible(dialog().getByRole('switch', { name: 'Automate' }));
    const counts = dialog().getByRole('definition');
    expect(await dialog().getByRole('term').allTextContents()).toEqual([
      'Intents',
      'Entities',
      'Functions',
      'Subs',
      'Variables / objects',
      'Connected channels',
    ]);
    expect(await counts.allTextContents()).toEqual(['2', '1', '2', '0', '1 / 0', '0']);
    await expectVisible(dialog().getByText('Sealed in the file for Weather.', { exact: false }));
    await dialog().getByLabel("Passphrase of the functions' credentials").fill(PASSPHRASE);
    await screenshot(s.page, 'bots-import-form');
  });

  test('the import rules: a taken name, an incorrect name', async () => {
    await openImportForm(await exportedFile(await organisation('rules')));
    await dialog().getByRole('button', { name: B.importBot }).click();
    await expectVisible(dialog().getByText(M.nameTaken, { exact: true }));
    await dialog().getByLabel('Name of your bot').fill('Support.Bot!');
    await expectVisible(dialog().getByText(B.nameIncorrect));
    await dialog().getByRole('button', { name: B.importBot }).click();
    await expectVisible(dialog().getByText(M.invalidBotName, { exact: true }));
    await screenshot(s.page, 'bots-import-name-incorrect');
    expect(await acme().bots.count()).toBe(1);
  });

  test('Import bot: Importing..., then the new bot opens, holding what the exported one holds', async () => {
    await openImportForm(await exportedFile(await organisation('import')));
    await dialog().getByLabel('Name of your bot').fill(COPY);
    await expectHidden(dialog().getByText(B.nameIncorrect));
    await dialog().getByRole('switch', { name: 'Change bot region' }).click();
    await dialog().getByLabel('Bot Region', { exact: true }).selectOption('us-east');
    const importing = await holdRoute(s.page, '**/api/bots/import?*');
    await dialog().getByRole('button', { name: B.importBot }).click();
    await expectVisible(dialog().getByRole('button', { name: B.importing }));
    await screenshot(s.page, 'bots-import-importing');
    await importing.release();
    await s.page.waitForURL(`${s.app.baseUrl}/bots/Support%20Bot%20Copy/analytics`);
    await expectVisible(s.page.getByRole('heading', { name: COPY }));

    await s.page.goto(`${s.app.baseUrl}/bots/${encodeURIComponent(COPY)}/intents`);
    const intents = s.page.getByRole('navigation', { name: 'Intents' });
    await expectVisible(intents.getByRole('button', { name: 'Pricing' }));
    expect(await intents.getByRole('button').allInnerTexts()).toEqual(['Greeting', 'Pricing', 'None']);
    await screenshot(s.page, 'bots-import-imported-intents');

    const copy = await acme().bots.get(COPY);
    expect(copy).toMatchObject({
      region: 'us-east',
      settings: { language: 'en', intentRecognizerProvider: 'parley' },
    });
    const functions = await acme().functions(copy!.id).list();
    expect(functions.map((f) => f.name)).toEqual(['Format date', 'Weather']);
    // The passphrase opened the credentials sealed in the file.
    expect(functions.find((f) => f.name === 'Weather')?.fields.headers).toEqual([
      { key: 'Authorization', value: 'Bearer tok-123' },
    ]);
    expect((await acme().variables(copy!.id).list()).map((v) => [v.name, v.value])).toEqual([
      ['shopName', 'Acme'],
    ]);
    await s.page.goto(`${s.app.baseUrl}/bots`);
    await expectVisible(card(COPY));
    await screenshot(s.page, 'bots-import-overview');
  });

  test('a damaged file is refused at Load bot data with what happened to it', async () => {
    const exported = await exportedFile(await organisation('damaged'));
    await s.page.goto(`${s.app.baseUrl}/bots`);
    await s.page.getByRole('button', { name: 'Import a bot' }).click();
    const damaged = Buffer.from(exported);
    damaged[80] = (damaged[80] ?? 0) ^ 0xff;
    await chooseFile('bot-Support Bot.enc', damaged);
    await dialog().getByRole('button', { name: B.loadBotData }).click();
    await expectVisible(dialog().getByText(B.damaged));
    await screenshot(s.page, 'bots-import-damaged');
    await chooseFile('notes.enc', Buffer.from('just some notes'));
    await expectHidden(dialog().getByText(B.damaged));
    await dialog().getByRole('button', { name: B.loadBotData }).click();
    await expectVisible(dialog().getByText(B.notABotFile));
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    await expectHidden(dialog());
  });

  test('Create a bot from a starter template: the template choice, then the bot with its content', async () => {
    await organisation('template');
    await s.page.goto(`${s.app.baseUrl}/bots`);
    await s.page.getByRole('button', { name: 'Create a bot' }).click();
    const template = dialog().getByRole('button', { name: /Use starter Template/ });
    await expectVisible(
      dialog().getByText('A ready bot with intents, entities, functions and variables to adapt.'),
    );
    expect(await template.isDisabled()).toBe(false);
    await screenshot(s.page, 'bots-template-step-1');
    await template.click();
    const select = dialog().getByLabel('Bot Template');
    expect(await select.locator('option').allTextContents()).toEqual([
      'Choose a template',
      'Appointment booking',
      'Customer support FAQ',
      'Order status',
    ]);
    // The template brings its recognizer and language.
    expect(await dialog().getByLabel('Initial Intent & Entity Recognizer').count()).toBe(0);
    expect(await dialog().getByLabel('Language', { exact: true }).count()).toBe(0);
    await dialog().getByLabel('Name of your bot').fill('Orders');
    await dialog().getByRole('button', { name: 'Create bot' }).click();
    await expectVisible(dialog().getByText(M.selectTemplate, { exact: true }));
    await select.selectOption('order-status.enc');
    await expectVisible(dialog().getByText(/Tells shoppers where their order is/));
    await screenshot(s.page, 'bots-template-step-2');
    await dialog().getByRole('button', { name: 'Create bot' }).click();
    await s.page.waitForURL(`${s.app.baseUrl}/bots/Orders/analytics`);

    await s.page.goto(`${s.app.baseUrl}/bots/Orders/intents`);
    const intents = s.page.getByRole('navigation', { name: 'Intents' });
    await expectVisible(intents.getByRole('button', { name: 'OrderStatus' }));
    await intents.getByRole('button', { name: 'OrderStatus' }).click();
    await expectVisible(s.page.getByRole('article').getByText('where is [OrderNumber]'));
    await screenshot(s.page, 'bots-template-intents');
    await s.page.goto(`${s.app.baseUrl}/bots/Orders/entities`);
    await expectVisible(
      s.page.getByRole('navigation', { name: 'Entities' }).getByRole('button', { name: 'Carrier' }),
    );
    await screenshot(s.page, 'bots-template-entities');
  });

  test('without import and export in the plan, neither Import a bot nor Export Bot is offered', async () => {
    await organisation('plan');
    // Every account has the default plan: the others get its import and export back.
    const setImportExport = (hasImportExport: boolean) =>
      s.app.server.ctx.repos.db
        .updateTable('plans')
        .set({ metadata: JSON.stringify({ hasImportExport, hasNluPerformance: true }) })
        .where('id', '=', 'default')
        .execute();
    await setImportExport(false);
    try {
      await s.page.goto(`${s.app.baseUrl}/bots`);
      await expectVisible(card(BOT));
      expect(await s.page.getByRole('button', { name: 'Import a bot' }).count()).toBe(0);
      await card(BOT)
        .getByRole('button', { name: `Actions for ${BOT}` })
        .click();
      expect(await s.page.getByRole('menu').getByRole('menuitem').allTextContents()).toEqual([
        'Download Logs',
        'Delete Bot',
      ]);
    } finally {
      await setImportExport(true);
    }
  });

  test('no page errors', () => {
    expect(s.browser.pageErrors).toEqual([]);
  });
});
