import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { botPageSuite } from './support/bot-page-suite';
import { expectHidden, expectVisible } from './support/expect-page';
import { screenshot } from './support/screenshots';

/** The suite's own bot; each test draws in an intent of a bot of its own. */
const HOME_BOT = 'Details Home Bot';
const INTENT = 'OrderDrink';
/** A PNG of one colour, as the server's content check takes it (signature, IHDR first). */
function solidPng(width: number, height: number, [red, green, blue]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.from(Array.from({ length: width }, () => [red, green, blue]).flat()),
  ]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
const PNG = solidPng(120, 60, [79, 70, 229]);
/** One byte over the 30 MB limit (spec 03 section 9: 31457280 bytes). */
const TOO_BIG_BYTES = 31_457_281;

/**
 * The Details panel's sub-editors (spec 03 sections 2.6, 4.6 and 5): variable autocomplete and
 * links in rich texts, renaming output variables through the flow, a Send Image upload, the
 * engine label and the simple calculation's math buttons.
 */
describe('the Dialog Manager details', () => {
  const s = botPageSuite(HOME_BOT);
  const editor = () => s.page.getByRole('dialog', { name: 'Dialog Manager' });
  const details = () => editor().getByRole('complementary', { name: 'Details' });
  const canvas = () => editor().getByTestId('flow-canvas');
  const padEntry = (label: string) => s.page.locator(`.djs-context-pad [aria-label="${label}"]`);
  const selectedId = () =>
    s.page.locator('.djs-element.selected').first().getAttribute('data-element-id') as Promise<string>;
  /** Selects a block by clicking its shape, unless it is selected: a second click would unselect it. */
  const selectBlock = async (id: string) => {
    if ((await s.page.locator(`.djs-element.selected[data-element-id="${id}"]`).count()) > 0) return;
    await s.page.locator(`[data-element-id="${id}"] .djs-hit`).first().click({ force: true });
  };
  const choose = (scope: Locator, label: string, option: string) =>
    scope.getByLabel(label, { exact: true }).selectOption({ label: option });
  const message = () => details().getByRole('combobox', { name: 'Message', exact: true });
  type Ids = Record<'size' | 'drink' | 'message', string>;

  /**
   * A bot of the test's own (output names are a bot's) with the OrderDrink intent, made through
   * the API; in its Dialog Manager a new flow drawn: Start, two questions (Which size?, Which
   * drink?, answered in Answer and Answer2) and a message block, which is left selected.
   */
  const drawDrinkFlow = async (bot: string): Promise<Ids> => {
    await s.tina('POST', '/api/bot', { name: bot, region: 'eu-west', language: 'en' });
    await s.tina('POST', `/api/${encodeURIComponent(bot)}/intents`, {
      name: INTENT,
      utterances: ['a drink please', 'i would like a drink', 'something to drink', 'order a drink'],
    });
    await s.page.goto(`${s.app.baseUrl}/bots/${encodeURIComponent(bot)}/intents`);
    await s.page.getByRole('button', { name: 'Dialog Manager', exact: true }).click();
    await editor().getByLabel('Intent', { exact: true }).selectOption(INTENT);
    await expect
      .poll(() => editor().getByLabel('Version', { exact: true }).locator('option').allInnerTexts())
      .toEqual(['Not saved yet']);
    await s.page.locator('.djs-palette [aria-label="Add Start"]').click();
    const box = (await canvas().boundingBox())!;
    await s.page.mouse.click(box.x + 160, box.y + 200);
    const ids: Ids = { size: '', drink: '', message: '' };
    for (const [key, question] of [
      ['size', 'Which size?'],
      ['drink', 'Which drink?'],
    ] as const) {
      await padEntry('Append Dialog').click();
      ids[key] = await selectedId();
      await choose(details(), 'Block', 'Ask Question');
      await details().getByLabel('Question', { exact: true }).fill(question);
    }
    await padEntry('Append Dialog').click();
    ids.message = await selectedId();
    return ids;
  };
  /** The drawn flow with the message's text written (into the selected message block). */
  const drawDrinkFlowWithMessage = async (bot: string, text: string): Promise<Ids> => {
    const ids = await drawDrinkFlow(bot);
    await message().fill(text);
    await expect.poll(() => message().inputValue()).toBe(text);
    return ids;
  };

  let folder = '';
  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'parley-details-'));
  });
  afterAll(async () => {
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  test('draws two questions and a message, whose text suggests variables after "["', async () => {
    await drawDrinkFlow('Details Bot');

    // Autocomplete: after an unclosed '[' the variables holding what follows, ignoring case.
    await message().click();
    await message().pressSequentially('One [ans');
    const list = details().getByRole('listbox', { name: 'Variables' });
    await expect.poll(() => list.getByRole('option').allInnerTexts()).toEqual(['[Answer]', '[Answer2]']);
    await expect.poll(() => message().getAttribute('aria-expanded')).toBe('true');
    await screenshot(s.page, 'flow-editor-details-autocomplete');
    await message().press('ArrowDown');
    await expect.poll(() => list.getByRole('option', { selected: true }).textContent()).toBe('[Answer2]');
    await message().press('Enter');
    await expect.poll(() => message().inputValue()).toBe('One [Answer2]');
    await expectHidden(list);
    // Escape closes the list and leaves the editor open.
    await message().pressSequentially(' of [');
    await expectVisible(list.getByRole('option', { name: '[Answer]' }));
    await message().press('Escape');
    await expectHidden(list);
    await expectVisible(editor());
    await message().press('Backspace');
    await message().pressSequentially('size [Answer] is ready, see our menu');
    await expect
      .poll(() => message().inputValue())
      .toBe('One [Answer2] of size [Answer] is ready, see our menu');
  });

  test('links selected text, refuses other addresses, and removes a link', async () => {
    await drawDrinkFlowWithMessage(
      'Details Links Bot',
      'One [Answer2] of size [Answer] is ready, see our menu',
    );
    const formatting = details().getByRole('toolbar', { name: 'Message formatting' });
    // A link needs selected text.
    await message().evaluate((element: HTMLTextAreaElement) => element.setSelectionRange(5, 5));
    await formatting.getByRole('button', { name: 'Link', exact: true }).click();
    await expectVisible(details().getByRole('alert').getByText('Select the text to link first.'));

    const text = await message().inputValue();
    const start = text.indexOf('our menu');
    await message().evaluate(
      (element: HTMLTextAreaElement, [from, to]) => element.setSelectionRange(from!, to!),
      [start, start + 'our menu'.length],
    );
    await formatting.getByRole('button', { name: 'Link', exact: true }).click();
    const form = details().getByRole('form', { name: 'Link' });
    await form.getByLabel('Link address').fill('javascript:alert(1)');
    await form.getByRole('button', { name: 'Set link' }).click();
    await expectVisible(
      details()
        .getByRole('alert')
        .getByText('Enter a link starting with http://, https://, mailto: or tel:.'),
    );
    await form.getByLabel('Link address').fill('https://drinks.example/menu');
    await form.getByRole('button', { name: 'Set link' }).click();
    await expect
      .poll(() => message().inputValue())
      .toBe(
        'One [Answer2] of size [Answer] is ready, see <a href="https://drinks.example/menu">our menu</a>',
      );
    await expect
      .poll(() => details().getByRole('link', { name: 'our menu' }).getAttribute('href'))
      .toBe('https://drinks.example/menu');
    await screenshot(s.page, 'flow-editor-details-link');

    // Removed with the caret in it, set again.
    const linked = (await message().inputValue()).indexOf('our menu');
    await message().evaluate(
      (element: HTMLTextAreaElement, at) => element.setSelectionRange(at, at),
      linked + 2,
    );
    await formatting.getByRole('button', { name: 'Remove link' }).click();
    await expect
      .poll(() => message().inputValue())
      .toBe('One [Answer2] of size [Answer] is ready, see our menu');
    const plain = (await message().inputValue()).indexOf('our menu');
    await message().evaluate(
      (element: HTMLTextAreaElement, [from, to]) => element.setSelectionRange(from!, to!),
      [plain, plain + 'our menu'.length],
    );
    await formatting.getByRole('button', { name: 'Link', exact: true }).click();
    await form.getByLabel('Link address').fill('https://drinks.example/menu');
    await form.getByLabel('Link address').press('Enter');
    await expectVisible(details().getByRole('link', { name: 'our menu' }));
  });

  test('renames an output: a taken name is refused, a free one changes the later message', async () => {
    const ids = await drawDrinkFlowWithMessage(
      'Details Rename Bot',
      'One [Answer2] of size [Answer] is ready, see <a href="https://drinks.example/menu">our menu</a>',
    );
    await selectBlock(ids.drink);
    const outputs = details().getByRole('region', { name: 'Output variables' });
    await outputs.getByRole('button', { name: 'Rename Answer2' }).click();
    const rename = outputs.getByLabel('New name of Answer2');
    await rename.fill('answer');
    await outputs.getByRole('button', { name: 'Save names' }).click();
    await expectVisible(outputs.getByRole('alert').getByText('This name already taken or invalid!'));
    await screenshot(s.page, 'flow-editor-details-rename-refused');
    // Nothing was saved: the message still names Answer2.
    await selectBlock(ids.message);
    await expect.poll(() => message().inputValue()).toContain('[Answer2]');

    await selectBlock(ids.drink);
    await outputs.getByRole('button', { name: 'Rename Answer2' }).click();
    await outputs.getByLabel('New name of Answer2').fill('Drink');
    await outputs.getByLabel('New name of Answer2').press('Enter');
    await expectVisible(outputs.getByText('Drink', { exact: true }));
    await screenshot(s.page, 'flow-editor-details-renamed');
    await selectBlock(ids.message);
    await expect
      .poll(() => message().inputValue())
      .toBe('One [Drink] of size [Answer] is ready, see <a href="https://drinks.example/menu">our menu</a>');

    // One step undoes the rename in both blocks.
    const box = (await canvas().boundingBox())!;
    await s.page.mouse.click(box.x + box.width - 40, box.y + box.height - 40);
    await s.page.keyboard.press('Control+z');
    await selectBlock(ids.message);
    await expect.poll(() => message().inputValue()).toContain('One [Answer2] of size');
    await selectBlock(ids.drink);
    await expectVisible(outputs.getByText('Answer2', { exact: true }));
    await s.page.mouse.click(box.x + box.width - 40, box.y + box.height - 40);
    await s.page.keyboard.press('Control+y');
    await selectBlock(ids.drink);
    await expectVisible(outputs.getByText('Drink', { exact: true }));

    // Once saved, the name is the bot's: only new outputs may be renamed.
    await editor().getByRole('button', { name: /^Save/ }).click();
    await expectVisible(s.page.getByRole('alertdialog').getByText('Flow saved!'));
    await s.page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
    await selectBlock(ids.drink);
    const locked = outputs.getByRole('button', { name: 'Rename Drink' });
    await expect.poll(() => locked.getAttribute('aria-disabled')).toBe('true');
    await locked.hover();
    await expectVisible(
      outputs.getByRole('tooltip').getByText('You can only edit the name of the original variable'),
    );
    await screenshot(s.page, 'flow-editor-details-original-only');
  });

  test('Send Image: a file over 30 MB is refused in the browser, a PNG is uploaded and shown', async () => {
    const ids = await drawDrinkFlow('Details Image Bot');
    await selectBlock(ids.message);
    await padEntry('Append Dialog').click();
    await choose(details(), 'Block', 'Send Image');
    const upload = details().getByLabel('Upload an image (PNG or GIF)');
    expect(await upload.getAttribute('accept')).toBe('.png,.gif');

    const big = path.join(folder, 'big.png');
    await writeFile(big, Buffer.alloc(TOO_BIG_BYTES, 1));
    await upload.setInputFiles(big);
    await expectVisible(details().getByRole('alert').getByText('File is too big. Accepted size is 30MB'));
    expect(await upload.evaluate((input: HTMLInputElement) => input.files?.length ?? 0)).toBe(0);
    await screenshot(s.page, 'flow-editor-details-image-too-big');

    await upload.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    const image = details().getByRole('img', { name: 'Uploaded logo.png' });
    await expectVisible(image);
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(120);
    await expectHidden(details().getByText('File is too big. Accepted size is 30MB'));
    await screenshot(s.page, 'flow-editor-details-image-uploaded');
    const [download] = await Promise.all([
      s.page.waitForEvent('download'),
      details().getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('logo.png');
  });

  test('names the engine of a recognizer block, and the math buttons write the equation', async () => {
    // The drink question answers in Drink: its output renamed in the Details panel.
    const ids = await drawDrinkFlow('Details Math Bot');
    await selectBlock(ids.drink);
    const outputs = details().getByRole('region', { name: 'Output variables' });
    await outputs.getByRole('button', { name: 'Rename Answer2' }).click();
    await outputs.getByLabel('New name of Answer2').fill('Drink');
    await outputs.getByLabel('New name of Answer2').press('Enter');
    await expectVisible(outputs.getByText('Drink', { exact: true }));
    await selectBlock(ids.message);
    await padEntry('Append Action').click();
    await choose(details(), 'Block', 'Trigger Recognizer');
    await expectVisible(details().getByText('Engine: Parley NLU (embedded)'));
    await choose(details(), 'Block', 'Simple Calculation');
    const equation = details().getByRole('combobox', { name: 'Equation' });
    await equation.click();
    await equation.pressSequentially('[ans');
    await expect
      .poll(() => details().getByRole('listbox', { name: 'Variables' }).getByRole('option').allInnerTexts())
      .toEqual(['[Answer]']);
    await equation.press('Enter');
    await equation.pressSequentially('[Dri');
    await equation.press('Tab');
    await expect.poll(() => equation.inputValue()).toBe('[Answer][Drink]');
    // √ goes in as the power 1/2 at the cursor, here after [Answer].
    await equation.evaluate((input: HTMLInputElement) => input.setSelectionRange(8, 8));
    const math = details().getByRole('group', { name: 'Math' });
    await math.getByRole('button', { name: 'Square root' }).click();
    await math.getByRole('button', { name: 'Plus' }).click();
    await expect.poll(() => equation.inputValue()).toBe('[Answer]^(1/2) + [Drink]');
    await equation.press('End');
    await math.getByRole('button', { name: 'Times' }).click();
    await equation.pressSequentially('2');
    await math.getByRole('button', { name: 'Power' }).click();
    await equation.pressSequentially('3');
    await math.getByRole('button', { name: 'Minus' }).click();
    await equation.pressSequentially('1');
    await math.getByRole('button', { name: 'Divided by' }).click();
    await equation.pressSequentially('4');
    await expect.poll(() => equation.inputValue()).toBe('[Answer]^(1/2) + [Drink] × 2^3 - 1 ÷ 4');
    await screenshot(s.page, 'flow-editor-details-math');
  });

  test('no page errors', () => {
    expect(s.browser.pageErrors).toEqual([]);
  });
});
