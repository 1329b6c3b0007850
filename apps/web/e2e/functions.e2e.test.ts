import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { FUNCTION_MESSAGES as M } from '@parley/contracts';
import { flowTemplateXml } from '@parley/flows';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import { createPlainUser, logInThroughUi, popupOf } from './support/accounts';
import { type ApiCall, organisationOfItsOwn } from './support/bot-content';
import { botPageSuite } from './support/bot-page-suite';
import { launchBrowser } from './support/browser';
import { expectHidden, expectVisible } from './support/expect-page';
import { screenshot } from './support/screenshots';

const BOT = 'Support Bot';
const DORA = { email: 'dora@example.com', password: 'Designer-Password-1', name: 'Dora Designer' };
/** The built-in Designer role: manages functions, may not make them global. */
const DESIGNER_ROLE = 1;

/** The order API a REST function calls: a local server started by the test. */
async function startOrderApi(): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((request, response) => {
    const id = (request.url ?? '').split('/').pop();
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ id, status: id === '42' ? 'shipped' : 'unknown', method: request.method }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('the Functions and Subs tabs', () => {
  let orders: Awaited<ReturnType<typeof startOrderApi>>;

  const s = botPageSuite(
    BOT,
    async () => {
      orders = await startOrderApi();
    },
    // The operator opened the SSRF guard so functions may call this machine's order API.
    { env: () => ({ FUNCTIONS_ALLOW_PRIVATE_NETWORKS: 'true' }) },
  );
  afterAll(async () => {
    await orders?.close();
  });

  const tabUrl = (bot: string, tab = 'functions', element = '') =>
    `${s.app.baseUrl}/bots/${encodeURIComponent(bot)}/${tab}${element ? `/${encodeURIComponent(element)}` : ''}`;
  const pane = (p: Page = s.page) => p.getByRole('article');
  const list = (p: Page = s.page) => p.getByRole('navigation', { name: 'Functions' });
  const dialog = (name: string) => s.page.getByRole('dialog', { name });
  const output = () => dialog('Output');
  const closeOutput = async () => {
    await output().getByRole('button', { name: 'Close', exact: true }).last().click();
    await expectHidden(output());
  };
  const listed = (p: Page = s.page) => list(p).locator('.item-list__name').allInnerTexts();
  const functionsOf = (bot: string) => `/api/bots/${encodeURIComponent(bot)}/functions`;
  /** A bot of the test's own, with these functions made through the API. */
  const botWith = async (bot: string, functions: Array<Record<string, unknown>>, api: ApiCall = s.tina) => {
    await api('POST', '/api/bot', { name: bot, region: 'eu-west', language: 'en' });
    for (const body of functions) await api('POST', functionsOf(bot), body);
  };
  const orderStatus = () => ({
    type: 'rest',
    name: 'Order status',
    url: `${orders.url}/orders/{{orderId}}`,
    inputs: [{ name: 'orderId', defaultValue: '42' }],
    outputs: [{ variableName: 'orderStatus', propertyPath: 'data.status' }],
  });
  const ORDER_TOTAL = {
    type: 'code',
    name: 'Order total',
    code: 'return { total: price * quantity };',
    inputs: [
      { name: 'price', defaultValue: '2.5' },
      { name: 'quantity', defaultValue: '4' },
    ],
    outputs: [{ variableName: 'total', propertyPath: 'total' }],
  };
  const GREETING_CARD = {
    type: 'adaptiveCard',
    name: 'Greeting card',
    json: JSON.stringify({
      type: 'AdaptiveCard',
      version: '1.5',
      body: [{ type: 'TextBlock', text: 'Hello' }],
    }),
  };
  const allThree = () => [orderStatus(), ORDER_TOTAL, GREETING_CARD];
  /** An organisation of the test's own (global functions show in every bot of an account). */
  const ownOrganisation = async (key: string) => {
    const admin = { email: `${key}@example.com`, password: 'Own-Organisation-1!', name: `Admin ${key}` };
    const { api, tenantId } = await organisationOfItsOwn(s.app.server, `Organisation ${key}`, admin);
    const ownBrowser = await launchBrowser();
    return { api, admin, tenantId, browser: ownBrowser, page: await ownBrowser.newPage() };
  };

  test('a new bot: the Functions tab says Start building!', async () => {
    await botWith('Empty Bot', []);
    await s.page.goto(tabUrl('Empty Bot'));
    await expectVisible(s.page.getByRole('tab', { name: 'Functions', selected: true }));
    await expectVisible(s.page.getByRole('heading', { name: M.startBuilding }).first());
    await screenshot(s.page, 'functions-empty');
  });

  test('a REST function against a local server: created in the modal, run, with its output', async () => {
    await s.page.goto(tabUrl(BOT));
    await s.page.getByRole('button', { name: 'Add Function' }).click();
    await s.page.waitForURL(tabUrl(BOT, 'create-function'));
    const modal = dialog('Create Function');
    await expectVisible(modal);
    expect(await modal.getByRole('tab').allInnerTexts()).toEqual([
      'SQL',
      'REST',
      'Adaptive Card',
      'Custom Code',
      'Capture Storage (BETA)',
      'Send Event (BETA)',
    ]);
    expect(await modal.getByRole('tab', { name: 'SQL' }).getAttribute('aria-selected')).toBe('true');
    await modal.getByRole('tab', { name: 'REST' }).click();
    await modal.getByLabel('Name', { exact: true }).fill('Order status');
    await modal.getByLabel('URL').fill(`${orders.url}/orders/{{orderId}}`);
    // GET sends no body: the body type is not offered.
    expect(await modal.getByLabel('Body type').count()).toBe(0);
    await modal.getByLabel('Method').selectOption('post');
    await expectVisible(modal.getByLabel('Body type'));
    await modal.getByLabel('Method').selectOption('get');
    await modal.getByRole('button', { name: 'Add input' }).click();
    await modal.getByLabel('Input 1 name').fill('orderId');
    await modal.getByLabel('Input 1 default value').fill('42');
    await modal.getByRole('button', { name: 'Add output' }).click();
    await modal.getByLabel('Output 1 variable').fill('orderStatus');
    await modal.getByLabel('Output 1 property path').fill('data.status');
    await modal.getByRole('button', { name: 'Run Function' }).click();
    await expectVisible(output().getByText(M.outputHint));
    const result = output().getByRole('region', { name: 'Function output' });
    await expectVisible(result.getByText('"status": "shipped"'));
    await expectVisible(
      output()
        .getByRole('row', { name: /orderStatus/ })
        .getByText('shipped', { exact: true }),
    );
    await screenshot(s.page, 'functions-rest-run-output');
    await closeOutput();
    await modal.getByRole('button', { name: 'Create' }).click();
    await expectHidden(modal);
    await s.page.waitForURL(tabUrl(BOT, 'functions', 'Order status'));
    await expectVisible(pane().getByRole('heading', { name: 'Order status' }));
    await expectVisible(pane().getByText('REST Function'));
    await expectVisible(list().getByText('REST Function'));
    await screenshot(s.page, 'functions-rest-pane');
  });

  test('Run Function in the pane runs the saved REST function with its input defaults', async () => {
    await botWith('Run Bot', [orderStatus()]);
    await s.page.goto(tabUrl('Run Bot', 'functions', 'Order status'));
    await pane().getByRole('button', { name: 'Run Function' }).click();
    await expectVisible(output().getByText('"id": "42"'));
    await closeOutput();
  });

  test('a code function and its output; code that never ends shows the message and the details', async () => {
    await botWith('Code Bot', [orderStatus()]);
    await s.page.goto(tabUrl('Code Bot'));
    await s.page.getByRole('button', { name: 'Add Function' }).click();
    await s.page.waitForURL(tabUrl('Code Bot', 'create-function'));
    const modal = dialog('Create Function');
    await modal.getByRole('tab', { name: 'Custom Code' }).click();
    await modal.getByLabel('Name', { exact: true }).fill('Order total');
    await modal
      .getByLabel('Code (JavaScript)')
      .fill("console.log('pricing');\nreturn { total: price * quantity };");
    for (const [index, [name, value]] of [
      ['price', '2.5'],
      ['quantity', '4'],
    ].entries()) {
      await modal.getByRole('button', { name: 'Add input' }).click();
      await modal.getByLabel(`Input ${index + 1} name`).fill(name as string);
      await modal.getByLabel(`Input ${index + 1} default value`).fill(value as string);
    }
    await modal.getByRole('button', { name: 'Add output' }).click();
    await modal.getByLabel('Output 1 variable').fill('total');
    await modal.getByLabel('Output 1 property path').fill('total');
    await modal.getByRole('button', { name: 'Create' }).click();
    await s.page.waitForURL(tabUrl('Code Bot', 'functions', 'Order total'));
    // Added: the list selects it, the last item.
    expect(await listed()).toEqual(['Order status', 'Order total']);
    await pane().getByRole('button', { name: 'Run Function' }).click();
    await expectVisible(output().getByRole('region', { name: 'Function output' }).getByText('"total": 10'));
    await expectVisible(output().getByText('log: pricing'));
    await screenshot(s.page, 'functions-code-output');
    await closeOutput();

    await pane().getByLabel('Code (JavaScript)').fill('while (true) {}');
    await pane().getByRole('button', { name: 'Run Function' }).click();
    const failure = output().getByRole('alert');
    await expectVisible(failure.getByText('The function took longer than 1000 ms'));
    await expectVisible(failure.getByText(M.runErrorDetails));
    await screenshot(s.page, 'functions-code-timeout');
    await closeOutput();
    // The endless loop was only run, never saved: Save stays for the author to decide.
    await pane().getByLabel('Code (JavaScript)').fill('return { total: price * quantity };');
    await pane().getByRole('button', { name: 'Save' }).click();
    await expectVisible(popupOf(s.page).getByRole('heading', { name: 'Saved!' }));
    await popupOf(s.page).getByRole('button', { name: 'OK' }).click();
  });

  test('an adaptive card preview filled with the input defaults; bad JSON is not a card', async () => {
    await botWith('Card Bot', []);
    await s.page.goto(tabUrl('Card Bot'));
    await s.page.getByRole('button', { name: 'Add Function' }).click();
    await s.page.waitForURL(tabUrl('Card Bot', 'create-function'));
    const modal = dialog('Create Function');
    await modal.getByRole('tab', { name: 'Adaptive Card' }).click();
    await modal.getByLabel('Name', { exact: true }).fill('Greeting card');
    await modal.getByLabel('Adaptive card JSON').fill(
      JSON.stringify({
        type: 'AdaptiveCard',
        version: '1.5',
        body: [
          { type: 'TextBlock', text: 'Hello {{customer}}', size: 'Large', weight: 'Bolder' },
          { type: 'TextBlock', text: 'Your order {{orderId}} is on its way.', wrap: true },
        ],
        actions: [{ type: 'Action.Submit', title: 'Thanks!' }],
      }),
    );
    for (const [index, [name, value]] of [
      ['customer', 'Ada'],
      ['orderId', '42'],
    ].entries()) {
      await modal.getByRole('button', { name: 'Add input' }).click();
      await modal.getByLabel(`Input ${index + 1} name`).fill(name as string);
      await modal.getByLabel(`Input ${index + 1} default value`).fill(value as string);
    }
    // Adaptive cards are previewed, not run.
    expect(await modal.getByRole('button', { name: 'Run Function' }).count()).toBe(0);
    await modal.getByRole('button', { name: 'Create' }).click();
    await s.page.waitForURL(tabUrl('Card Bot', 'functions', 'Greeting card'));
    await expectVisible(pane().getByText('Adaptive Card', { exact: true }));
    await pane().getByRole('button', { name: 'Show Adaptive Card' }).click();
    const card = output().getByTestId('adaptive-card');
    await expectVisible(card.getByText('Hello Ada'));
    await expectVisible(card.getByText('Your order 42 is on its way.'));
    await expectVisible(card.getByRole('button', { name: 'Thanks!' }));
    await screenshot(s.page, 'functions-adaptive-card');
    await closeOutput();
    await pane().getByLabel('Adaptive card JSON').fill('{"type": "AdaptiveCard", "body": [');
    await pane().getByRole('button', { name: 'Show Adaptive Card' }).click();
    await expectVisible(output().getByText(M.invalidAdaptiveCard));
    await screenshot(s.page, 'functions-adaptive-card-invalid');
    await closeOutput();
  });

  test('validation messages in the create modal; Escape closes it', async () => {
    await botWith('Validation Bot', allThree());
    await s.page.goto(tabUrl('Validation Bot'));
    await s.page.getByRole('button', { name: 'Add Function' }).click();
    await s.page.waitForURL(tabUrl('Validation Bot', 'create-function'));
    const modal = dialog('Create Function');
    await modal.getByRole('tab', { name: 'REST' }).click();
    await modal.getByLabel('Name', { exact: true }).fill('Bad;name');
    await modal.getByRole('button', { name: 'Create' }).click();
    await expectVisible(modal.getByText(M.invalidName));
    await modal.getByLabel('Name', { exact: true }).fill('Order lookup');
    await modal.getByRole('button', { name: 'Create' }).click();
    await expectVisible(modal.getByText(M.apiPathRequired));
    await modal.getByLabel('URL').fill('https://api.example.com/orders');
    for (const index of [1, 2]) {
      await modal.getByRole('button', { name: 'Add input' }).click();
      await modal.getByLabel(`Input ${index} name`).fill('orderId');
    }
    await modal.getByRole('button', { name: 'Create' }).click();
    await expectVisible(modal.getByText(M.duplicateInput('orderId')));
    await modal.getByRole('button', { name: 'Delete input 2' }).click();
    await popupOf(s.page).getByRole('button', { name: 'Delete' }).click();
    // The server's rules: a name another function has, ignoring case.
    await modal.getByLabel('Name', { exact: true }).fill('ORDER STATUS');
    await modal.getByRole('button', { name: 'Create' }).click();
    await expectVisible(modal.getByText(M.nameTaken));
    await screenshot(s.page, 'functions-create-validation');
    // Typed work is not thrown away without asking; a fresh modal closes at once.
    await s.page.keyboard.press('Escape');
    await expectVisible(popupOf(s.page).getByRole('heading', { name: 'Discard changes?' }));
    await popupOf(s.page).getByRole('button', { name: 'Discard' }).click();
    await expectHidden(modal);
    await s.page.getByRole('button', { name: 'Add Function' }).click();
    await s.page.waitForURL(tabUrl('Validation Bot', 'create-function'));
    await expectVisible(dialog('Create Function'));
    await s.page.keyboard.press('Escape');
    await expectHidden(dialog('Create Function'));
    expect(await listed()).toEqual(['Order status', 'Order total', 'Greeting card']);
  });

  test('the filter: types and Custom; the selection follows the rules; saving resets it to All', async () => {
    await botWith('Narrowing Bot', allThree());
    await s.page.goto(tabUrl('Narrowing Bot'));
    await list()
      .getByRole('button', { name: /Order total/ })
      .click();
    await s.page.waitForURL(tabUrl('Narrowing Bot', 'functions', 'Order total'));
    const filter = s.page.getByLabel('Filter');
    expect(await filter.locator('option').allInnerTexts()).toEqual([
      'All',
      'SQL',
      'REST',
      'Adaptive Card',
      'Code',
      'Capture Storage',
      'Send Event',
      'Global Functions',
      'Prebuilt',
      'Custom',
    ]);
    await filter.selectOption('code');
    expect(await listed()).toEqual(['Order total']);
    expect(s.page.url()).toBe(tabUrl('Narrowing Bot', 'functions', 'Order total'));
    await filter.selectOption('rest');
    // The current function is not shown: the first one is selected.
    await s.page.waitForURL(tabUrl('Narrowing Bot', 'functions', 'Order status'));
    await filter.selectOption('prebuilt');
    await expectVisible(s.page.getByRole('heading', { name: 'No functions match the filter' }));
    await filter.selectOption('custom');
    expect(await listed()).toEqual(['Order status', 'Order total', 'Greeting card']);
    await filter.selectOption('rest');
    await pane().getByLabel('Input 1 default value').fill('7');
    await pane().getByRole('button', { name: 'Save' }).click();
    await popupOf(s.page).getByRole('button', { name: 'OK' }).click();
    expect(await filter.inputValue()).toBe('all');
    expect(await listed()).toEqual(['Order status', 'Order total', 'Greeting card']);
  });

  test('Show usage: This function is not used anywhere!', async () => {
    await botWith('Usage Bot', [orderStatus()]);
    await s.page.goto(tabUrl('Usage Bot', 'functions', 'Order status'));
    await pane().getByRole('button', { name: 'Show usage' }).click();
    const usage = dialog('Function usage');
    await expectVisible(usage.getByText(M.notUsed));
    await screenshot(s.page, 'functions-usage');
    await usage.getByRole('button', { name: 'Close', exact: true }).last().click();
    await expectHidden(usage);
  });

  test('delete asks first (Warning!); the function at the same place is selected next', async () => {
    await botWith('Delete Bot', allThree());
    await s.page.goto(tabUrl('Delete Bot'));
    await list()
      .getByRole('button', { name: /Order total/ })
      .click();
    await pane().getByRole('button', { name: 'Delete', exact: true }).click();
    const confirm = popupOf(s.page);
    await expectVisible(confirm.getByRole('heading', { name: M.deleteTitle }));
    await expectVisible(confirm.getByText(M.deleteConfirm));
    await screenshot(s.page, 'functions-delete-confirm');
    await confirm.getByRole('button', { name: M.deleteButton }).click();
    await s.page.waitForURL(tabUrl('Delete Bot', 'functions', 'Greeting card'));
    expect(await listed()).toEqual(['Order status', 'Greeting card']);
    expect(await s.tina('GET', functionsOf('Delete Bot'))).toHaveLength(2);
  });

  test('the Global toggle: the function is listed as Global, and its inputs become read-only', async () => {
    const own = await ownOrganisation('global');
    try {
      const p = own.page;
      await botWith('Global Bot', [orderStatus()], own.api);
      await logInThroughUi(p, s.app.baseUrl, own.admin.email, own.admin.password);
      await p.goto(tabUrl('Global Bot', 'functions', 'Order status'));
      await pane(p).getByRole('switch', { name: 'Global' }).click();
      await expectVisible(pane(p).getByText('Global', { exact: true }).first());
      await expectVisible(pane(p).getByText(M.globalInputsReadOnly));
      expect(await pane(p).getByLabel('Input 1 name').getAttribute('readonly')).not.toBeNull();
      expect(await pane(p).getByRole('button', { name: 'Add input' }).count()).toBe(0);
      await p.getByLabel('Filter').selectOption('global');
      expect(await listed(p)).toEqual(['Order status']);
      await screenshot(p, 'functions-global');
      expect(own.browser.pageErrors).toEqual([]);
    } finally {
      await own.browser.close();
    }
  });

  test('import: a file, then the name can be edited; a taken name says so', async () => {
    await botWith('Import Bot', [orderStatus(), GREETING_CARD]);
    const exported = (
      await s.app.server.request({
        method: 'GET',
        url: `${functionsOf('Import Bot')}/Greeting%20card/export`,
        token: await s.page.evaluate(() => localStorage.getItem('parley.token') ?? ''),
      })
    ).body;
    await s.page.goto(tabUrl('Import Bot'));
    await s.page.getByRole('button', { name: 'Import' }).click();
    await s.page.waitForURL(tabUrl('Import Bot', 'import-function'));
    const modal = dialog('Import Function');
    await modal.getByLabel('Choose function file').setInputFiles({
      name: 'function-Import Bot-Greeting card.enc',
      mimeType: 'application/json',
      buffer: Buffer.from(exported),
    });
    const name = modal.getByLabel('Function name');
    await expectVisible(name);
    expect(await name.inputValue()).toBe('Greeting card');
    await expectVisible(modal.getByText(M.nameTaken));
    await name.fill('Greeting card copy');
    await modal.getByRole('button', { name: 'Import', exact: true }).click();
    await s.page.waitForURL(tabUrl('Import Bot', 'functions', 'Greeting card copy'));
    expect(await listed()).toEqual(['Order status', 'Greeting card', 'Greeting card copy']);
  });

  test('the Subs tab: sub flows only, no Run Function; Test Sub Flow and Edit Sub Flow', async () => {
    const bot = 'Subs Bot';
    await botWith(bot, []);
    await s.page.goto(tabUrl(bot));
    await s.page.getByRole('tab', { name: 'Subs' }).click();
    await s.page.waitForURL(tabUrl(bot, 'subs'));
    await expectVisible(s.page.getByRole('heading', { name: M.startBuilding }).first());
    await s.page.getByRole('button', { name: 'Add Sub Flow' }).click();
    await s.page.waitForURL(tabUrl(bot, 'create-subs'));
    const modal = dialog('Create Sub Flow');
    expect(await modal.getByRole('tab').count()).toBe(0);
    await modal.getByLabel('Name', { exact: true }).fill('Checkout steps');
    await modal.getByRole('button', { name: 'Add input' }).click();
    await modal.getByLabel('Input 1 name').fill('cart');
    await modal.getByRole('button', { name: 'Create' }).click();
    await s.page.waitForURL(tabUrl(bot, 'subs', 'Checkout steps'));
    expect(await pane().getByRole('button', { name: 'Run Function' }).count()).toBe(0);
    // The test chat on the sub flow (the test chat's own test talks to one).
    await expectVisible(pane().getByRole('button', { name: 'Test Sub Flow' }));
    await expectVisible(pane().getByRole('button', { name: 'Show usage' }));
    expect(
      await s.page.getByRole('navigation', { name: 'Sub flows' }).locator('.item-list__name').allInnerTexts(),
    ).toEqual(['Checkout steps']);
    // Its flow: none yet; once one is saved (by the editor, here the API) it can go live.
    const flow = pane().getByRole('region', { name: 'Dialog flow' });
    await expectVisible(flow.getByText('No flow has been saved yet.'));
    const xml = await flowTemplateXml('greeting', { intentName: 'Checkout steps', languages: ['en'] });
    await s.tina('POST', `${functionsOf(bot)}/Checkout%20steps/flow`, { xml });
    await s.page.reload();
    const v1 = flow.getByRole('listitem', { name: 'Version v1' });
    await v1.getByRole('button', { name: 'Publish to live' }).click();
    await expectVisible(popupOf(s.page).getByText('Flow Checkout steps activated!'));
    await popupOf(s.page).getByRole('button', { name: 'OK' }).click();
    await expectVisible(v1.getByText('Live'));
    expect(await v1.getByRole('button', { name: 'Activate to test' }).count()).toBe(0);
    await screenshot(s.page, 'functions-subs');
    // Edit Sub Flow: the Dialog Manager in functions mode, on this sub flow.
    await pane().getByRole('button', { name: 'Edit Sub Flow' }).click();
    const editor = s.page.getByRole('dialog', { name: 'Dialog Manager' });
    await expect
      .poll(() => editor.getByLabel('Sub flow', { exact: true }).inputValue())
      .toBe('Checkout steps');
    await expect
      .poll(() => editor.getByLabel('Version', { exact: true }).locator('option').allInnerTexts())
      .toEqual(['v1 · live']);
    await editor.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => editor.count()).toBe(0);
  });

  test('a Designer edits functions but has no Export and no Global toggle; global inputs stay read-only', async () => {
    const own = await ownOrganisation('designer');
    try {
      const p = own.page;
      await botWith('Designer Bot', [{ ...orderStatus(), isGlobal: true }], own.api);
      await createPlainUser(s.app.server, { ...DORA, tenantId: own.tenantId });
      await own.api('POST', '/api/user/role', {
        userEmail: DORA.email,
        botName: 'Designer Bot',
        role: DESIGNER_ROLE,
      });
      await logInThroughUi(p, s.app.baseUrl, DORA.email, DORA.password);
      await p.goto(tabUrl('Designer Bot', 'functions', 'Order status'));
      await expectVisible(pane(p).getByRole('heading', { name: 'Order status' }));
      expect(await pane(p).getByRole('button', { name: 'Export' }).count()).toBe(0);
      expect(await pane(p).getByRole('switch', { name: 'Global' }).count()).toBe(0);
      // Renaming or deleting a global function reaches every bot: not without MakeGlobal.
      expect(await pane(p).getByRole('button', { name: 'Delete', exact: true }).count()).toBe(0);
      expect(await pane(p).getByRole('button', { name: 'Edit function name' }).count()).toBe(0);
      await expectVisible(pane(p).getByRole('button', { name: 'Save' }));
      expect(await pane(p).getByLabel('Input 1 name').getAttribute('readonly')).not.toBeNull();
      await screenshot(p, 'functions-designer');
      expect(own.browser.pageErrors).toEqual([]);
    } finally {
      await own.browser.close();
    }
  });

  test('no page errors', () => {
    expect(s.browser.pageErrors).toEqual([]);
  });
});
