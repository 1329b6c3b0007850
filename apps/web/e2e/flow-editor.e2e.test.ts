import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Permission } from '@parley/contracts';
import { buildFlowXml, parseFlow } from '@parley/flows';
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { logInThroughUi } from './support/accounts';
import { createAccountAdmin } from './support/administration';
import { type ApiCall, TINA } from './support/bot-content';
import { botPageSuite } from './support/bot-page-suite';
import { launchBrowser } from './support/browser';
import { expectVisible } from './support/expect-page';
import { preparePizzaBot } from './support/pizza-bot-setup';
import { screenshot } from './support/screenshots';

const BOT = 'Table Bot';
const intentPath = (intent: string) =>
  `/api/${encodeURIComponent(BOT)}/intents/${encodeURIComponent(intent)}`;

/** The restaurant's booking API the REST function calls: how many tables are free. */
let tablesApi: Server;
const tablesApiUrl = () => `http://127.0.0.1:${(tablesApi.address() as AddressInfo).port}`;
let tableRequests = 0;

/**
 * The pizza bot, a Welcome intent, Hours with a flow of its own activated to test (for export
 * and copy), and a REST function asking the booking API for free tables.
 */
async function prepareBot(tina: ApiCall): Promise<void> {
  await preparePizzaBot(tina, BOT);
  await tina('POST', `/api/bots/${encodeURIComponent(BOT)}/functions`, {
    type: 'rest',
    name: 'FreeTables',
    url: `${tablesApiUrl()}/tables?day={{day}}`,
    inputs: [{ name: 'day', defaultValue: 'today' }],
    outputs: [{ variableName: 'tables', propertyPath: 'data.free' }],
  });
  const intents = `/api/${encodeURIComponent(BOT)}/intents`;
  await tina('POST', intents, { name: 'Welcome', utterances: ['hello there', 'good morning'] });
  await tina('POST', intents, { name: 'Hours', utterances: ['when do you open', 'what are your hours'] });
  await tina('POST', intents, { name: 'HoursCopy', utterances: ['hours again please', 'tell me the hours'] });
  const hours = await buildFlowXml(
    [{ block: 'message', fields: { message: 'We open at noon.' } }, { end: 'endFlow' }],
    { languages: ['en'] },
  );
  await tina('PUT', `${intentPath('Hours')}/test-version`, { xml: hours });
  await tina('POST', intents, { name: 'Fixing', utterances: ['fix it please', 'can you fix it'] });
  for (const name of ['Unsaved', 'Limits']) {
    await tina('POST', intents, { name, utterances: [`${name} one`, `${name} two`] });
    await tina('PUT', `${intentPath(name)}/test-version`, { xml: hours });
  }
}

/** The shapes bpmn-js draws for a flow: its blocks but not its arrows. */
const shapesIn = async (xml: string) =>
  (await parseFlow(xml)).blocks.filter((block) => block.type !== 'bpmn:SequenceFlow').length;
const SECOND = { email: 'sam@example.com', password: 'Second-Admin-1!', name: 'Sam Second' };

/**
 * The Dialog Manager as a new designer meets it (issue 11's walk): draw a flow on an empty canvas,
 * see a validation error on a block and fix it, save, activate to test, talk to it, see the
 * statistics on the blocks; a second user finds the editor locked; export and import, copy and
 * paste. Each test opens the editor itself and works on intents of its own, so any one runs alone.
 */
describe('the Dialog Manager', () => {
  beforeAll(async () => {
    tablesApi = createServer((request, response) => {
      tableRequests++;
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({ day: new URL(request.url ?? '/', 'http://x').searchParams.get('day'), free: 4 }),
      );
    });
    await new Promise<void>((resolve) => tablesApi.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => tablesApi.close(() => resolve())));
  const s = botPageSuite(BOT, prepareBot, { env: () => ({ FUNCTIONS_ALLOW_PRIVATE_NETWORKS: 'true' }) });
  const editor = () => s.page.getByRole('dialog', { name: 'Dialog Manager' });
  const details = () => editor().getByRole('complementary', { name: 'Details' });
  const canvas = () => editor().getByTestId('flow-canvas');
  /** The drawn blocks, without the arrows' labels. */
  const blockShapes = () => canvas().locator('.djs-shape:not([data-element-id$="_label"])');
  const padEntry = (label: string) => s.page.locator(`.djs-context-pad [aria-label="${label}"]`);
  /** Selects a block by clicking its shape on the canvas. */
  const selectBlock = async (id: string) => {
    await s.page.locator(`[data-element-id="${id}"] .djs-hit`).first().click({ force: true });
  };
  const selectedId = () =>
    s.page.locator('.djs-element.selected').first().getAttribute('data-element-id') as Promise<string>;
  const choose = (scope: Locator, label: string, option: string) =>
    scope.getByLabel(label, { exact: true }).selectOption({ label: option });
  const versions = () => editor().getByLabel('Version', { exact: true }).locator('option').allInnerTexts();
  /**
   * Resolves once `intent`'s flow is drawn: the editor checks a flow as soon as it has opened it
   * (so a block clicked after this is one of this flow, not of the one shown before).
   */
  const flowOpened = (intent: string) => {
    const opened = s.page.waitForRequest(
      (request) =>
        request.method() === 'POST' &&
        request.url().endsWith(`/intents/${encodeURIComponent(intent)}/validate-flow`),
    );
    // Awaited later: a test failing before then leaves no unhandled rejection behind.
    opened.catch(() => undefined);
    return opened;
  };
  /** The bot's Intents tab, then the Dialog Manager, on `intent` (drawn) when given. */
  const openDialogManager = async (intent?: string) => {
    await s.page.goto(s.botUrl('intents'));
    // Watched from the start: the editor may open on `intent` by itself.
    const opened = intent ? flowOpened(intent) : undefined;
    await s.page.getByRole('button', { name: 'Dialog Manager', exact: true }).click();
    await expectVisible(editor().getByText('Select an element'));
    if (intent) {
      await expect
        .poll(() => editor().getByLabel('Intent', { exact: true }).locator('option').allInnerTexts())
        .toContain(intent);
      await editor().getByLabel('Intent', { exact: true }).selectOption(intent);
      await opened;
    }
  };
  /**
   * Waits until `userId` holds the bot's editor lock no more: released when the editor closed
   * (after any refresh still on its way), or lapsed (15 s) when the browser closed before the
   * release went out. A test that opens the editor as someone else leaves the lock free for the
   * next one.
   */
  const lockLetGoBy = (userId: string) =>
    expect
      .poll(
        async () => {
          const held = await s.app.server.ctx.repos.db
            .selectFrom('flow_editor_locks')
            .select('expires_at')
            .where('tenant_id', '=', s.tenantId)
            .where('user_id', '=', userId)
            .executeTakeFirst();
          return held === undefined || new Date(held.expires_at).getTime() <= Date.now();
        },
        { timeout: 20_000, interval: 250 },
      )
      .toBe(true);
  const closePopup = async (text: string) => {
    await expectVisible(s.page.getByRole('alertdialog').getByText(text));
    await s.page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
  };

  test('opens on the bot page with its lock, the Welcome intent first and the flow drawn', async () => {
    await openDialogManager();
    const items = editor().getByLabel('Intent', { exact: true });
    await expect
      .poll(() => items.locator('option').allInnerTexts())
      .toEqual([
        'Welcome Intent',
        'App',
        'Fixing',
        'Hours',
        'HoursCopy',
        'Limits',
        'Opening',
        'OrderPizza',
        'Unsaved',
        'None',
      ]);
    // The welcome intent has no examples to show; the others do.
    await items.selectOption('Welcome');
    await expect.poll(() => editor().getByRole('switch', { name: 'Examples' }).count()).toBe(0);
    await items.selectOption('Opening');
    await editor().getByRole('switch', { name: 'Examples' }).click();
    await expectVisible(editor().getByRole('region', { name: 'Examples' }).getByText('are you open today'));
    await items.selectOption('OrderPizza');
    await expectVisible(canvas().locator('.djs-element[data-element-id]').first());
    await screenshot(s.page, 'flow-editor-opened');
  });

  test('a second user finds the editor locked, goes back, and gets it once the first closes it', async () => {
    await openDialogManager();
    await createAccountAdmin(s.app.server, { ...SECOND, tenantId: s.tenantId });
    const other = await launchBrowser();
    try {
      const page = await other.newPage();
      await logInThroughUi(page, s.app.baseUrl, SECOND.email, SECOND.password);
      await page.goto(`${s.app.baseUrl}/bots/${encodeURIComponent(BOT)}/flow`);
      const locked = page.getByRole('alertdialog', { name: 'Locked' });
      await expectVisible(
        locked.getByText(
          'Someone in your organisation is currently editing the conversation for this bot. Please try again in a few minutes.',
        ),
      );
      await screenshot(page, 'flow-editor-locked');
      await locked.getByRole('button', { name: 'Go back' }).click();
      await expect.poll(() => page.url()).toContain(`/bots/${encodeURIComponent(BOT)}/intents`);
      // Tina closes her editor: the lock is free at once, and Sam's editor opens.
      await editor().getByRole('button', { name: 'Close' }).click();
      await expect.poll(() => editor().count()).toBe(0);
      await page.getByRole('button', { name: 'Dialog Manager', exact: true }).click();
      const samsEditor = page.getByRole('dialog', { name: 'Dialog Manager' });
      await expectVisible(samsEditor.getByText('Select an element'));
      expect(await samsEditor.getByRole('alertdialog', { name: 'Locked' }).count()).toBe(0);
      await samsEditor.getByRole('button', { name: 'Close' }).click();
      await expect.poll(() => samsEditor.count()).toBe(0);
    } finally {
      await other.close();
    }
    await lockLetGoBy(SECOND.email);
  });

  test('a first flow: drawn on an empty canvas, an error fixed, saved, activated, talked to, its block hits shown', async () => {
    await openDialogManager('Opening');
    await expect.poll(versions).toEqual(['Not saved yet']);
    // Start, from the palette, dropped on the canvas.
    await s.page.locator('.djs-palette [aria-label="Add Start"]').click();
    const box = (await canvas().boundingBox())!;
    await s.page.mouse.click(box.x + 220, box.y + 200);
    // A Dialog block after it, made an Ask Question in the details.
    await padEntry('Append Dialog').click();
    const question = await selectedId();
    await choose(details(), 'Block', 'Ask Question');
    await details().getByLabel('Question', { exact: true }).fill('Would you like to book a table?');
    // A condition on the answer.
    await padEntry('Append Condition').click();
    const condition = await selectedId();
    await choose(details(), 'Variable', 'Answer');
    await choose(details(), 'Operation', 'Equals');
    // Yes: the booking API asked for free tables, then a message. The arrow starts as 'Not Defined'.
    await padEntry('Append Function').click();
    const yes = await selectedId();
    await choose(details(), 'Function type', 'REST');
    await choose(details(), 'Function', 'FreeTables');
    await details().getByLabel('day', { exact: true }).fill('[Answer] today');
    await padEntry('Append Dialog').click();
    await details()
      .getByLabel('Message', { exact: true })
      .fill('Great, your table is booked. [tables] tables are free.');
    await padEntry('Append End').click();
    await canvas().getByText('Not Defined').first().click({ force: true });
    await choose(details(), 'Compare with', 'A value');
    await details().getByLabel('Value', { exact: true }).fill('yes');
    await expectVisible(canvas().getByText('Match', { exact: true }));
    // No: an Action block whose kind is not chosen yet (the error comes at save).
    await selectBlock(condition);
    await padEntry('Append Action').click();
    const action = await selectedId();
    await padEntry('Append End').click();
    await canvas().getByText('Not Defined').first().click({ force: true });
    await details().getByLabel('Default connector (taken when no other is)').check();
    await expectVisible(canvas().getByText('DEFAULT', { exact: true }));
    await screenshot(s.page, 'flow-editor-drawn');

    // Save: the unfinished action block is marked with its error.
    await editor().getByRole('button', { name: /^Save/ }).click();
    await expectVisible(s.page.getByRole('alertdialog').getByText('Flow saved!'));
    await s.page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
    const errorBox = canvas().locator('.parley-error-box');
    await expectVisible(errorBox.getByText('Choose what this block does.'));
    await expect
      .poll(() => s.page.locator(`[data-element-id="${action}"]`).first().getAttribute('class'))
      .toContain('parley-has-errors');
    await screenshot(s.page, 'flow-editor-validation-error');

    // Fixed: the action sets a variable; saved again without errors.
    await selectBlock(action);
    await choose(details(), 'Block', 'Set Variable');
    await editor().getByRole('button', { name: /^Save/ }).click();
    await expectVisible(s.page.getByRole('alertdialog').getByText('Flow saved!'));
    await s.page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => errorBox.count()).toBe(0);
    await expect.poll(versions).toEqual(['v2', 'v1 (has errors)']);
    void question;
    void yes;

    // Activated to test, then talked to in the test chat.
    await editor().getByRole('button', { name: 'Activate ▾' }).click();
    await editor().getByRole('menuitem', { name: 'Activate this intent flow to test' }).click();
    await closePopup('Flow Opening activated!');
    await expect.poll(versions).toEqual(['v2 · test', 'v1 (has errors)']);
    await editor().getByRole('button', { name: 'Close' }).click();

    await s.page.getByRole('button', { name: 'Test chat' }).click();
    const chat = s.page.getByRole('complementary', { name: 'Test chat' });
    await chat.getByLabel('Message').fill('are you open today');
    await chat.getByRole('button', { name: 'Send' }).click();
    await expectVisible(chat.getByText('Would you like to book a table?'));
    await chat.getByLabel('Message').fill('yes');
    await chat.getByRole('button', { name: 'Send' }).click();
    await expectVisible(chat.getByText('Great, your table is booked. 4 tables are free.'));
    expect(tableRequests).toBe(1);
    await screenshot(s.page, 'flow-editor-test-chat');
    await chat.getByRole('button', { name: 'Close' }).first().click();

    await s.page.getByRole('button', { name: 'Dialog Manager', exact: true }).click();
    await editor().getByLabel('Intent', { exact: true }).selectOption('Opening');
    await expect.poll(versions).toEqual(['v2 · test', 'v1 (has errors)']);
    await editor().getByRole('switch', { name: 'Statistics' }).click();
    await expectVisible(editor().getByText('Started 1 time', { exact: true }));
    await expect.poll(() => canvas().locator('.parley-hits').count()).toBeGreaterThan(2);
    await screenshot(s.page, 'flow-editor-statistics');
  });

  test('exports a flow and imports it into another intent; another file type is refused', async () => {
    await openDialogManager('Hours');
    await expect.poll(versions).toEqual(['v1 · test']);
    const [download] = await Promise.all([
      s.page.waitForEvent('download'),
      editor().getByRole('button', { name: 'Export Flow' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${BOT}-Hours-flow.json`);
    const text = await readFile(await download.path(), 'utf8');
    const exported = JSON.parse(text) as {
      format: string;
      name: string;
      xml: string;
    };
    expect(exported).toMatchObject({ format: 'parley-flow', name: 'Hours' });

    await editor().getByLabel('Intent', { exact: true }).selectOption('HoursCopy');
    await expect.poll(versions).toEqual(['Not saved yet']);
    const fileInput = editor().getByLabel('Flow file');
    await fileInput.setInputFiles({ name: 'flow.xml', mimeType: 'text/xml', buffer: Buffer.from('<xml/>') });
    await expectVisible(
      s.page
        .getByRole('alertdialog')
        .getByText('File has invalid extension .xml allowed extensions are: .json'),
    );
    await s.page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
    await fileInput.setInputFiles({
      name: download.suggestedFilename(),
      mimeType: 'application/json',
      buffer: Buffer.from(text),
    });
    await expect.poll(() => blockShapes().count()).toBe(await shapesIn(exported.xml));
    await editor().getByRole('button', { name: /^Save/ }).click();
    await expectVisible(s.page.getByRole('alertdialog').getByText('Flow saved!'));
    await s.page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
    await expect.poll(versions).toEqual(['v1']);
    const saved = (await s.tina('GET', `${intentPath('HoursCopy')}/content`)) as { xml: string };
    expect((await parseFlow(saved.xml)).blocks.map((block) => block.customData)).toEqual(
      (await parseFlow(exported.xml)).blocks.map((block) => block.customData),
    );
    await screenshot(s.page, 'flow-editor-imported');
  });

  test('copies a block with the keyboard, pastes it into another flow, and undoes the paste', async () => {
    await openDialogManager('Hours');
    await expect.poll(() => blockShapes().count()).toBe(3);
    await canvas().getByText('Message', { exact: true }).click({ force: true });
    await s.page.keyboard.press('Control+c');
    expect(await s.page.evaluate(() => localStorage.getItem('parley.flow-clipboard'))).toContain(
      'We open at noon.',
    );

    await editor().getByLabel('Intent', { exact: true }).selectOption('OrderPizza');
    // OrderPizza: start, question, options, message, end.
    await expect.poll(() => blockShapes().count()).toBe(5);
    const before = 5;
    const messagesBefore = await canvas()
      .locator('.djs-shape', {
        has: s.page.locator('text.parley-task-caption', { hasText: 'Dialog · Message' }),
      })
      .evaluateAll((shapes) => shapes.map((shape) => shape.getAttribute('data-element-id')));
    const box = (await canvas().boundingBox())!;
    await s.page.mouse.click(box.x + 300, box.y + 420);
    await s.page.keyboard.press('Control+v');
    // The pasted block follows the pointer until a click drops it.
    await s.page.mouse.move(box.x + 330, box.y + 450, { steps: 5 });
    await screenshot(s.page, 'flow-editor-pasting');
    await s.page.mouse.click(box.x + 330, box.y + 450);
    await expect.poll(() => blockShapes().count()).toBe(before + 1);
    await expect
      .poll(() => canvas().locator('text.parley-task-caption', { hasText: 'Dialog · Message' }).count())
      .toBe(2);
    const messages = canvas().locator('.djs-shape', {
      has: s.page.locator('text.parley-task-caption', { hasText: 'Dialog · Message' }),
    });
    const ids = await messages.evaluateAll((shapes) =>
      shapes.map((shape) => shape.getAttribute('data-element-id')),
    );
    const pastedId = ids.find((id) => !messagesBefore.includes(id))!;
    // The click that drops the block also reaches the canvas and clears the selection.
    await s.page.mouse.click(box.x + 700, box.y + 150);
    await selectBlock(pastedId);
    await expect
      .poll(() => details().getByLabel('Message', { exact: true }).inputValue())
      .toBe('We open at noon.');
    await screenshot(s.page, 'flow-editor-pasted');
    await s.page.keyboard.press('Control+z');
    await expect.poll(() => blockShapes().count()).toBe(before);
  });

  /** The transform scale of the canvas's viewport. */
  const zoomLevel = async () => {
    const transform = await canvas().locator('.viewport').first().getAttribute('transform');
    return Number(/matrix\(\s*([-\d.e]+)/.exec(transform ?? '')?.[1]);
  };

  test('zoom buttons step by 0.2; a conditional arrow is not edited by double-clicking it', async () => {
    await openDialogManager('Hours');
    await expect.poll(() => blockShapes().count()).toBe(3);
    const before = await zoomLevel();
    await editor().getByRole('button', { name: 'Zoom in' }).click();
    await expect.poll(async () => Math.round(((await zoomLevel()) - before) * 100) / 100).toBe(0.2);
    await editor().getByRole('button', { name: 'Zoom out' }).click();
    await editor().getByRole('button', { name: 'Zoom out' }).click();
    await expect.poll(async () => Math.round(((await zoomLevel()) - before) * 100) / 100).toBe(-0.2);

    // A condition with an arrow: its label is derived, so double-clicking it opens no text editor.
    await canvas().getByText('Message', { exact: true }).click({ force: true });
    await padEntry('Append Condition').click();
    await padEntry('Append End').click();
    const label = canvas().getByText('Not Defined').first();
    await label.dblclick({ force: true });
    expect(await s.page.locator('.djs-direct-editing-parent:visible').count()).toBe(0);
    // A plain block's name is still edited in place.
    await canvas().getByText('Message', { exact: true }).dblclick({ force: true });
    await expectVisible(s.page.locator('.djs-direct-editing-parent'));
    await s.page.keyboard.press('Escape');
    // Undone back to the saved flow (focus back on the canvas first), so nothing is left unsaved.
    const box = (await canvas().boundingBox())!;
    await s.page.mouse.click(box.x + box.width - 60, box.y + box.height - 60);
    for (let tries = 0; tries < 6 && (await blockShapes().count()) > 3; tries++) {
      await s.page.keyboard.press('Control+z');
    }
    await expect.poll(() => blockShapes().count()).toBe(3);
    await expectVisible(editor().getByRole('button', { name: 'Save', exact: true }));
  });

  test('unsaved changes: switching flows and closing ask first', async () => {
    await openDialogManager('Unsaved');
    await expect.poll(() => blockShapes().count()).toBe(3);
    await canvas().getByText('Message', { exact: true }).click({ force: true });
    await details().getByLabel('Message', { exact: true }).fill('We open at one.');
    await expectVisible(editor().getByRole('button', { name: 'Save *' }));
    // Switching: Discard drops the change.
    await editor().getByLabel('Intent', { exact: true }).selectOption('Hours');
    const prompt = s.page.getByRole('alertdialog');
    await expectVisible(prompt.getByText('You have unsaved changes!'));
    await prompt.getByRole('button', { name: 'Discard' }).click();
    await expect.poll(() => editor().getByLabel('Intent', { exact: true }).inputValue()).toBe('Hours');
    // Nothing unsaved any more, even before Hours has loaded: switching on asks nothing.
    await expectVisible(editor().getByRole('button', { name: 'Save', exact: true }));
    // Closing: Save keeps it.
    const unsaved = flowOpened('Unsaved');
    await editor().getByLabel('Intent', { exact: true }).selectOption('Unsaved');
    await unsaved;
    await expect.poll(versions).toEqual(['v1 · test']);
    await canvas().getByText('Message', { exact: true }).click({ force: true });
    await details().getByLabel('Message', { exact: true }).fill('We open at two.');
    await editor().getByRole('button', { name: 'Close' }).click();
    await expectVisible(prompt.getByText('You have unsaved changes!'));
    await prompt.getByRole('button', { name: 'Save' }).click();
    await closePopup('Flow saved!');
    await expect.poll(() => editor().count()).toBe(0);
    const content = (await s.tina('GET', `${intentPath('Unsaved')}/content`)) as {
      xmlArray: Array<{ xml: string }>;
    };
    expect(content.xmlArray).toHaveLength(2);
    expect(content.xmlArray[0]!.xml).toContain('We open at two.');
  });

  test('the channel check names what a channel cannot take', async () => {
    await openDialogManager('Limits');
    await expect.poll(() => blockShapes().count()).toBe(3);
    await expectVisible(editor().getByText('Works on all channels'));
    await canvas().getByText('Message', { exact: true }).click({ force: true });
    await details().getByLabel('Message', { exact: true }).fill('x'.repeat(1600));
    const restrictions = editor().locator('details', { hasText: 'Channel restrictions' });
    await restrictions.locator('summary').click();
    await expectVisible(restrictions.getByText('Twilio SMS'));
    await expectVisible(
      restrictions.getByText("A text of 1600 characters reaches Twilio SMS's limit of 1600."),
    );
    await screenshot(s.page, 'flow-editor-channel-restrictions');
    await details().getByLabel('Message', { exact: true }).fill('We open at noon.');
    await expectVisible(editor().getByText('Works on all channels'));
  });

  test('rights: with Manage intents only, the flow can be reset and saved but not configured, exported or activated', async () => {
    // Tina leaves any editor she has open, so hers is not the lock Ines meets.
    await s.page.goto(s.botUrl('intents'));
    await lockLetGoBy(TINA.email);
    const intentsOnly = { email: 'ines@example.com', password: 'Intents-Only-1!', name: 'Ines Intents' };
    await createAccountAdmin(s.app.server, { ...intentsOnly, tenantId: s.tenantId });
    // An account administrator has every right; Ines is made a plain member with one bot role.
    await s.app.server.ctx.repos.forTenant(s.tenantId).members.set(intentsOnly.email, 'user');
    const role = (await s.tina('POST', '/api/tenant/roles', { roleName: 'Intent editor' })) as {
      roleId: number;
    };
    await s.tina('POST', `/api/tenant/roles/${role.roleId}/permissions`, {
      roleId: role.roleId,
      permissionId: Permission.ManageIntents,
    });
    await s.tina('POST', '/api/user/role', { userEmail: intentsOnly.email, botName: BOT, role: role.roleId });
    const other = await launchBrowser();
    try {
      const page = await other.newPage();
      await logInThroughUi(page, s.app.baseUrl, intentsOnly.email, intentsOnly.password);
      await page.goto(`${s.app.baseUrl}/bots/${encodeURIComponent(BOT)}/flow?item=Limits`);
      const inesEditor = page.getByRole('dialog', { name: 'Dialog Manager' });
      await expect.poll(() => inesEditor.getByLabel('Intent', { exact: true }).inputValue()).toBe('Limits');
      for (const name of ['Reset flow', 'Clear', 'Save'])
        await expectVisible(inesEditor.getByRole('button', { name }));
      for (const name of ['Export Flow', 'Import Flow', 'Activate ▾']) {
        expect(await inesEditor.getByRole('button', { name }).count(), name).toBe(0);
      }
      await inesEditor
        .getByTestId('flow-canvas')
        .getByText('Message', { exact: true })
        .click({ force: true });
      const inesDetails = inesEditor.getByRole('complementary', { name: 'Details' });
      await expect.poll(() => inesDetails.getByLabel('Block', { exact: true }).isDisabled()).toBe(true);
      // Texts follow the text-editing right (Manage flows), which Ines does not have either.
      for (const label of ['Name', 'Message']) {
        expect(await inesDetails.getByLabel(label, { exact: true }).isDisabled(), label).toBe(true);
      }
      await screenshot(page, 'flow-editor-intents-only');
      await inesEditor.getByRole('button', { name: 'Close' }).click();
      await expect.poll(() => inesEditor.count()).toBe(0);
    } finally {
      await other.close();
    }
    await lockLetGoBy(intentsOnly.email);
  });

  test('a block marked with an error, deleted, then saved: the save says Flow saved!, as the server stored it', async () => {
    await openDialogManager('Fixing');
    await expect.poll(versions).toEqual(['Not saved yet']);
    await s.page.locator('.djs-palette [aria-label="Add Start"]').click();
    const box = (await canvas().boundingBox())!;
    await s.page.mouse.click(box.x + 220, box.y + 200);
    await padEntry('Append Action').click();
    const action = await selectedId();
    await padEntry('Append End').click();
    await editor().getByRole('button', { name: /^Save/ }).click();
    await closePopup('Flow saved!');
    await expect
      .poll(() => s.page.locator(`[data-element-id="${action}"]`).first().getAttribute('class'))
      .toContain('parley-has-errors');

    // The unfinished block goes; the errors shown were on it.
    await selectBlock(action);
    await s.page.keyboard.press('Delete');
    await expect.poll(() => s.page.locator(`[data-element-id="${action}"]`).count()).toBe(0);
    await editor().getByRole('button', { name: /^Save/ }).click();
    await closePopup('Flow saved!');
    expect(await s.page.getByText('Error with the flow!').count()).toBe(0);
    await expect.poll(async () => (await versions()).length).toBe(2);
    const content = (await s.tina('GET', `${intentPath('Fixing')}/content`)) as { xmlArray: unknown[] };
    expect(content.xmlArray).toHaveLength(2);
    await editor().getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => editor().count()).toBe(0);
  });

  test('a bot without a Welcome intent lists the Welcome Intent first and makes it there', async () => {
    const fresh = 'Fresh Bot';
    await s.tina('POST', '/api/bot', { name: fresh, region: 'eu-west', language: 'en' });
    await s.tina('POST', `/api/${encodeURIComponent(fresh)}/intents`, {
      name: 'Opening',
      utterances: ['when are you open', 'opening hours'],
    });
    await s.page.goto(`${s.app.baseUrl}/bots/${encodeURIComponent(fresh)}/intents`);
    await s.page.getByRole('button', { name: 'Dialog Manager', exact: true }).click();
    const items = editor().getByLabel('Intent', { exact: true });
    await expect
      .poll(() => items.locator('option').allInnerTexts())
      .toEqual(['Welcome Intent', 'App', 'Opening', 'None']);
    // The editor opens on a flow there is; the Welcome Intent offers to be made.
    await expect.poll(() => items.inputValue()).toBe('Opening');
    await items.selectOption({ label: 'Welcome Intent' });
    const notice = editor().getByRole('note', { name: 'Welcome Intent' });
    await expectVisible(notice.getByText(/^Fresh Bot has no Welcome intent yet\./));
    await screenshot(s.page, 'flow-editor-welcome-missing');
    await notice.getByRole('button', { name: 'Create the Welcome intent' }).click();
    await expect.poll(() => notice.count()).toBe(0);
    await expect.poll(versions).toEqual(['Not saved yet']);
    await expect.poll(() => editor().getByRole('switch', { name: 'Examples' }).count()).toBe(0);
    const welcome = (await s.tina('GET', `/api/${encodeURIComponent(fresh)}/intents/Welcome`)) as {
      utterances: Array<{ text: string }>;
    };
    expect(welcome.utterances.map((u) => u.text)).toEqual(['hello', 'hi there', 'good morning']);
    await editor().getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => editor().count()).toBe(0);
  });

  test('no page errors', () => {
    expect(s.browser.pageErrors).toEqual([]);
  });
});
