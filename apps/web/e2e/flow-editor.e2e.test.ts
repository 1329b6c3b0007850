import { readFile } from 'node:fs/promises';
import { parseFlow } from '@parley/flows';
import type { Locator } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { logInThroughUi } from './support/accounts';
import { createAccountAdmin } from './support/administration';
import { botPageSuite } from './support/bot-page-suite';
import { launchBrowser } from './support/browser';
import { expectVisible } from './support/expect-page';
import { preparePizzaBot } from './support/pizza-bot-setup';
import { screenshot } from './support/screenshots';

const BOT = 'Table Bot';

/** The shapes bpmn-js draws for a flow: its blocks but not its arrows. */
const shapesIn = async (xml: string) =>
  (await parseFlow(xml)).blocks.filter((block) => block.type !== 'bpmn:SequenceFlow').length;
const SECOND = { email: 'sam@example.com', password: 'Second-Admin-1!', name: 'Sam Second' };

/**
 * The Dialog Manager as a new designer meets it (issue 11's walk): draw a flow on an empty canvas,
 * see a validation error on a block and fix it, save, activate to test, talk to it, see the
 * statistics on the blocks; a second user meanwhile finds the editor locked.
 */
describe('the Dialog Manager', () => {
  const s = botPageSuite(BOT, (tina) => preparePizzaBot(tina, BOT));
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

  test('opens on the bot page with its lock, the Welcome intent first and the flow drawn', async () => {
    await s.page.goto(s.botUrl('intents'));
    await s.page.getByRole('button', { name: 'Dialog Manager', exact: true }).click();
    await expectVisible(editor().getByText('Select an element'));
    const items = editor().getByLabel('Intent', { exact: true });
    await expect
      .poll(() => items.locator('option').allInnerTexts())
      .toEqual(['App', 'Opening', 'OrderPizza', 'None']);
    await items.selectOption('OrderPizza');
    await expectVisible(canvas().locator('.djs-element[data-element-id]').first());
    await screenshot(s.page, 'flow-editor-opened');
  });

  test('a second user finds the editor locked and goes back', async () => {
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
    } finally {
      await other.close();
    }
  });

  test('draws the Opening flow from an empty canvas: question, condition with two arrows and a default, end', async () => {
    await editor().getByLabel('Intent', { exact: true }).selectOption('Opening');
    const versions = () => editor().getByLabel('Version', { exact: true }).locator('option').allInnerTexts();
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
    // Yes: a message. The arrow starts as 'Not Defined'.
    await padEntry('Append Dialog').click();
    const yes = await selectedId();
    await details().getByLabel('Message', { exact: true }).fill('Great, your table is booked.');
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
  });

  test('activates the flow to test, talks to it, and sees the block hits', async () => {
    await editor().getByRole('button', { name: 'Activate ▾' }).click();
    await editor().getByRole('menuitem', { name: 'Activate this intent flow to test' }).click();
    await expectVisible(s.page.getByRole('alertdialog').getByText('Flow Opening activated!'));
    await s.page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
    const versions = () => editor().getByLabel('Version', { exact: true }).locator('option').allInnerTexts();
    await expect.poll(versions).toEqual(['v2 · test', 'v1 (has errors)']);
    await editor().getByRole('button', { name: 'Close' }).click();

    await s.page.getByRole('button', { name: 'Test chat' }).click();
    const chat = s.page.getByRole('complementary', { name: 'Test chat' });
    await chat.getByLabel('Message').fill('are you open today');
    await chat.getByRole('button', { name: 'Send' }).click();
    await expectVisible(chat.getByText('Would you like to book a table?'));
    await chat.getByLabel('Message').fill('yes');
    await chat.getByRole('button', { name: 'Send' }).click();
    await expectVisible(chat.getByText('Great, your table is booked.'));
    await screenshot(s.page, 'flow-editor-test-chat');
    await chat.getByRole('button', { name: 'Close' }).first().click();

    await s.page.getByRole('button', { name: 'Dialog Manager', exact: true }).click();
    await editor().getByLabel('Intent', { exact: true }).selectOption('Opening');
    await expect.poll(versions).toEqual(['v2 · test', 'v1 (has errors)']);
    await editor().getByRole('switch', { name: 'Statistics' }).click();
    await expectVisible(editor().getByText('Started 1 time'));
    await expect.poll(() => canvas().locator('.parley-hits').count()).toBeGreaterThan(2);
    await screenshot(s.page, 'flow-editor-statistics');
  });

  test('exports the flow and imports it into another intent; another file type is refused', async () => {
    const [download] = await Promise.all([
      s.page.waitForEvent('download'),
      editor().getByRole('button', { name: 'Export Flow' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${BOT}-Opening-flow.json`);
    const text = await readFile(await download.path(), 'utf8');
    const exported = JSON.parse(text) as {
      format: string;
      name: string;
      xml: string;
    };
    expect(exported).toMatchObject({ format: 'parley-flow', name: 'Opening' });

    await editor().getByLabel('Intent', { exact: true }).selectOption('None');
    const versions = () => editor().getByLabel('Version', { exact: true }).locator('option').allInnerTexts();
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
    await expectVisible(
      canvas()
        .getByText('Would you like to book a table?', { exact: false })
        .or(canvas().getByText('Ask Question')),
    );
    await expect.poll(() => blockShapes().count()).toBe(await shapesIn(exported.xml));
    await editor().getByRole('button', { name: /^Save/ }).click();
    await expectVisible(s.page.getByRole('alertdialog').getByText('Flow saved!'));
    await s.page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
    await expect.poll(versions).toEqual(['v1']);
    await screenshot(s.page, 'flow-editor-imported');
  });

  test('copies a block with the keyboard, pastes it into another flow, and undoes the paste', async () => {
    await editor().getByLabel('Intent', { exact: true }).selectOption('Opening');
    // None's flow was saved but not activated: the editor offers it on the way out.
    const prompt = s.page.getByRole('alertdialog');
    await expectVisible(
      prompt.getByText('Your latest intent flow is saved, but you have not activated it to channels yet.'),
    );
    await prompt.getByRole('button', { name: 'Do later' }).click();
    await expect.poll(() => blockShapes().count()).toBeGreaterThan(5);
    await canvas().getByText('Message', { exact: true }).click({ force: true });
    await s.page.keyboard.press('Control+c');
    expect(await s.page.evaluate(() => localStorage.getItem('parley.flow-clipboard'))).toContain(
      'Great, your table',
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
      .toBe('Great, your table is booked.');
    await screenshot(s.page, 'flow-editor-pasted');
    await s.page.keyboard.press('Control+z');
    await expect.poll(() => blockShapes().count()).toBe(before);
  });
});
