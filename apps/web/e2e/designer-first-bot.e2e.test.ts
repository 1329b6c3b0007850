import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { BOT_MESSAGES, DEFAULT_SYSTEM_MESSAGES } from '@parley/contracts';
import type { Locator } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import { popupOf } from './support/accounts';
import { botPageSuite } from './support/bot-page-suite';
import { expectHidden, expectVisible } from './support/expect-page';
import { screenshot } from './support/screenshots';

const BOT = 'Shop Bot';
const QUESTION = 'What is your order number?';
const NOT_AN_ORDER = 'That is not an order number.';
const HOURS = 'We are open from 9 to 5.';

/** The shop's order API: 98765 has shipped, 12345 is being packed, any other order is not found. */
async function startOrderApi() {
  const statuses: Record<string, string> = { '98765': 'shipped', '12345': 'packed' };
  const asked: string[] = [];
  const server = http.createServer((request, response) => {
    const id = (request.url ?? '').split('/').pop() ?? '';
    asked.push(id);
    response.setHeader('content-type', 'application/json');
    const status = statuses[id];
    response.statusCode = status ? 200 : 404;
    response.end(JSON.stringify(status ? { order: { id, status } } : { error: `no order ${id}` }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    asked,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Issue 22's walk, as a new designer does it in the browser: intents with examples (one of them
 * an FAQ), a regex entity for the order number, a REST function on the shop's order API picked
 * from a test call, a flow drawn in the Dialog Manager (a question answered in OrderNumber and
 * checked by a validation block against the entity, the lookup, a condition on its answer),
 * published from the banner, then talked to in the test chat: changing the subject inside the
 * validation loop, and the order number given in the first message. The steps run in order:
 * each builds on what the one before made.
 */
describe("a designer's first bot, built and talked to in the browser", () => {
  let orders: Awaited<ReturnType<typeof startOrderApi>>;
  const s = botPageSuite(
    BOT,
    async () => {
      orders = await startOrderApi();
    },
    // The operator opened the network guard so functions may call this machine's order API.
    { env: () => ({ FUNCTIONS_ALLOW_PRIVATE_NETWORKS: 'true' }) },
  );
  afterAll(async () => {
    await orders?.close();
  });

  const dialog = () => s.page.getByRole('dialog');
  const pane = () => s.page.getByRole('article');
  const editor = () => s.page.getByRole('dialog', { name: 'Dialog Manager' });
  const details = () => editor().getByRole('complementary', { name: 'Details' });
  const canvas = () => editor().getByTestId('flow-canvas');
  const padEntry = (label: string) => s.page.locator(`.djs-context-pad [aria-label="${label}"]`);
  const selectedId = () =>
    s.page.locator('.djs-element.selected').first().getAttribute('data-element-id') as Promise<string>;
  const selectBlock = async (id: string) => {
    if ((await s.page.locator(`.djs-element.selected[data-element-id="${id}"]`).count()) > 0) return;
    await s.page.locator(`[data-element-id="${id}"] .djs-hit`).first().click({ force: true });
  };
  const choose = (scope: Locator, label: string, option: string) =>
    scope.getByLabel(label, { exact: true }).selectOption({ label: option });
  const closePopup = async (text: string) => {
    await expectVisible(popupOf(s.page).getByText(text));
    await popupOf(s.page).getByRole('button', { name: 'OK' }).click();
    await expectHidden(popupOf(s.page));
  };
  const tabUrl = (tab: string, element = '') =>
    `${s.botUrl(tab)}${element ? `/${encodeURIComponent(element)}` : ''}`;

  /** Types examples into the Create Intent modal's utterance box, each ended by Enter. */
  const typeExamples = async (examples: string[]) => {
    const typed = dialog().getByRole('combobox', { name: 'New utterance' });
    for (const text of examples) {
      await typed.fill(text);
      await typed.press('Enter');
    }
  };

  test('the order number entity: a regex with an example it matches', async () => {
    await s.page.goto(s.botUrl('entities'));
    // The tab selects its first entity (a prebuilt one) by itself; the modal opens after that.
    await s.page.waitForURL(tabUrl('entities', 'Age'));
    await s.page.getByRole('button', { name: 'Add Entity' }).click();
    await s.page.waitForURL(s.botUrl('create-entity'));
    await dialog().getByRole('tab', { name: 'Regex' }).click();
    await dialog().getByLabel('Name', { exact: true }).fill('OrderNumber');
    await dialog().getByLabel('New regex').fill('\\d{5}');
    await dialog().getByLabel('New regex').press('Enter');
    await dialog().getByLabel('New example').fill('12345');
    await dialog().getByLabel('New example').press('Enter');
    // The example is checked against the regexes in the browser before it is listed.
    await expectVisible(dialog().getByRole('button', { name: 'Remove "12345"' }));
    await dialog().getByRole('button', { name: 'Create', exact: true }).click();
    await s.page.waitForURL(tabUrl('entities', 'OrderNumber'), { timeout: 30_000 });
    await expectVisible(pane().getByRole('heading', { name: 'OrderNumber' }));
  });

  test('the intents: order status with examples, and opening hours as an FAQ', async () => {
    await s.page.goto(s.botUrl('intents'));
    await s.page.waitForURL(tabUrl('intents', 'None'));
    await s.page.getByRole('button', { name: 'Add Intent' }).click();
    await s.page.waitForURL(s.botUrl('create-intent'));
    await dialog().getByLabel('Name').fill('OrderStatus');
    await typeExamples([
      'where is my order',
      'where is order 12345',
      'what is the status of my order',
      'order status please',
      'has my order shipped',
      'track order 55555',
    ]);
    await dialog().getByRole('button', { name: 'Create', exact: true }).click();
    await s.page.waitForURL(tabUrl('intents', 'OrderStatus'));
    await expectVisible(pane().getByRole('heading', { name: 'OrderStatus' }));

    await s.page.getByRole('button', { name: 'Add Intent' }).click();
    await s.page.waitForURL(s.botUrl('create-intent'));
    await dialog().getByRole('switch', { name: 'FAQ Intent' }).click();
    await dialog().getByLabel('Name').fill('OpeningHours');
    await typeExamples([
      'when are you open',
      'opening hours',
      'are you open today',
      'what time do you close',
    ]);
    await dialog().getByLabel('FAQ Answer').fill(HOURS);
    await dialog().getByRole('button', { name: 'Create', exact: true }).click();
    await s.page.waitForURL(tabUrl('intents', 'OpeningHours'));
    await expectVisible(pane().getByRole('region', { name: 'FAQ Answer' }).getByText(HOURS));
  });

  test("the lookup: a REST function whose output is picked from a test call's answer", async () => {
    await s.page.goto(s.botUrl('functions'));
    await s.page.getByRole('button', { name: 'Add Function' }).click();
    await s.page.waitForURL(s.botUrl('create-function'));
    const modal = s.page.getByRole('dialog', { name: 'Create Function' });
    await modal.getByRole('tab', { name: 'REST' }).click();
    await modal.getByLabel('Name', { exact: true }).fill('Order lookup');
    await modal.getByLabel('URL').fill(`${orders.url}/orders/{{orderId}}`);
    await modal.getByRole('button', { name: 'Add input' }).click();
    await modal.getByLabel('Input 1 name').fill('orderId');
    await modal.getByLabel('Input 1 default value').fill('98765');
    await modal.getByRole('button', { name: 'Test call' }).click();
    const answer = modal.getByRole('region', { name: 'Test call answer' });
    await answer.getByRole('button', { name: 'Pick data.order.status' }).click();
    await modal.getByLabel('Output 1 variable').fill('OrderStatus');
    expect(await modal.getByLabel('Output 1 property path').inputValue()).toBe('data.order.status');
    await modal.getByRole('button', { name: 'Create' }).click();
    await s.page.waitForURL(tabUrl('functions', 'Order lookup'));
  });

  test('the flow, drawn in the Dialog Manager: question, validation, lookup, condition; saved and activated to test', async () => {
    await s.page.goto(s.botUrl('intents'));
    await s.page.getByRole('button', { name: 'Dialog Manager', exact: true }).click();
    await expect
      .poll(() => editor().getByLabel('Intent', { exact: true }).locator('option').allInnerTexts())
      .toContain('OrderStatus');
    await editor().getByLabel('Intent', { exact: true }).selectOption('OrderStatus');
    await expect
      .poll(() => editor().getByLabel('Version', { exact: true }).locator('option').allInnerTexts())
      .toEqual(['Not saved yet']);

    await s.page.locator('.djs-palette [aria-label="Add Start"]').click();
    const box = (await canvas().boundingBox())!;
    await s.page.mouse.click(box.x + 220, box.y + 200);

    // The question, its answer kept in OrderNumber: the entity of the same name fills it.
    await padEntry('Append Dialog').click();
    const question = await selectedId();
    await choose(details(), 'Block', 'Ask Question');
    await details().getByLabel('Question', { exact: true }).fill(QUESTION);
    const outputs = details().getByRole('region', { name: 'Output variables' });
    await outputs.getByRole('button', { name: 'Rename Answer' }).click();
    await outputs.getByLabel('New name of Answer').fill('OrderNumber');
    await outputs.getByLabel('New name of Answer').press('Enter');
    await expectVisible(outputs.getByText('OrderNumber', { exact: true }));
    await selectBlock(question);

    // The validation: the answer must be an order number (the entity), else the question is asked again.
    await padEntry('Append Action').click();
    await choose(details(), 'Block', 'Validation');
    await choose(details(), 'Variable', 'OrderNumber');
    await choose(details(), 'Operation', 'Is an entity');
    await details().getByLabel('Entity', { exact: true }).fill('OrderNumber');
    await details().getByLabel('On fail', { exact: true }).selectOption('repeat-previous-block');
    await details().getByLabel('Message', { exact: true }).fill(NOT_AN_ORDER);

    // The lookup, given the order number.
    await padEntry('Append Function').click();
    await choose(details(), 'Function type', 'REST');
    await choose(details(), 'Function', 'Order lookup');
    await details().getByLabel('orderId', { exact: true }).fill('[OrderNumber]');

    // A condition on its answer: shipped orders get good news, any other status is named.
    await padEntry('Append Condition').click();
    const condition = await selectedId();
    await choose(details(), 'Variable', 'OrderStatus');
    await choose(details(), 'Operation', 'Equals');
    await padEntry('Append Dialog').click();
    await details()
      .getByLabel('Message', { exact: true })
      .fill('Good news: order [OrderNumber] has shipped.');
    await padEntry('Append End').click();
    await canvas().getByText('Not Defined').first().click({ force: true });
    await choose(details(), 'Compare with', 'A value');
    await details().getByLabel('Value', { exact: true }).fill('shipped');
    await expectVisible(canvas().getByText('Match', { exact: true }));

    await selectBlock(condition);
    await padEntry('Append Dialog').click();
    await details().getByLabel('Message', { exact: true }).fill('Order [OrderNumber] is [OrderStatus].');
    await padEntry('Append End').click();
    await canvas().getByText('Not Defined').first().click({ force: true });
    await details().getByLabel('Default connector (taken when no other is)').check();
    await expectVisible(canvas().getByText('DEFAULT', { exact: true }));
    await screenshot(s.page, 'designer-first-bot-flow');

    await editor().getByRole('button', { name: /^Save/ }).click();
    await closePopup('Flow saved!');
    expect(await canvas().locator('.parley-error-box').count()).toBe(0);
    await editor().getByRole('button', { name: 'Activate ▾' }).click();
    await editor().getByRole('menuitem', { name: 'Activate this intent flow to test' }).click();
    await closePopup('Flow OrderStatus activated!');
    await editor().getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => editor().count()).toBe(0);
  });

  test('published from the banner', async () => {
    await s.page.goto(s.botUrl('intents'));
    const banner = s.page.getByRole('status').filter({ hasText: BOT_MESSAGES.unpublished });
    await banner.getByRole('button', { name: 'Publish' }).click();
    await s.page.waitForURL((url) => url.searchParams.has('syncId'));
    await s.page.waitForURL((url) => !url.searchParams.has('syncId'), { timeout: 60_000 });
    await expectHidden(banner);
  });

  const chat = () => s.page.getByRole('complementary', { name: 'Test chat' });
  const conversation = () => chat().getByRole('log', { name: 'Conversation' });
  const bubbles = async () =>
    (await conversation().locator('.test-chat__bubble').allInnerTexts()).map((t) => t.replace(/\s+/g, ' '));
  /** Sends a message and waits until the bot's answer (`replies` bubbles) is in. */
  const say = async (text: string, replies: string[]) => {
    const before = await bubbles();
    await chat().getByLabel('Message').fill(text);
    await chat().getByRole('button', { name: 'Send' }).click();
    await expect.poll(bubbles, { timeout: 15_000 }).toEqual([...before, text, ...replies]);
  };
  const openTestChat = async () => {
    await s.page.goto(s.botUrl('intents'));
    await s.page.getByRole('button', { name: 'Test chat' }).click();
    await expectVisible(chat().getByText('Say something to the bot.'));
  };

  test('in the test chat, another question inside the validation loop gets its own answer, then the loop takes the number', async () => {
    await openTestChat();
    await say('where is my order', [QUESTION]);
    await say('soon I hope', [NOT_AN_ORDER, QUESTION]);
    // The FAQ is answered, not refused as an order number; the question is asked again.
    await say('when are you open', [HOURS, QUESTION]);
    await screenshot(s.page, 'designer-first-bot-change-of-subject');
    await say('12345', ['Order 12345 is packed.']);
    expect(orders.asked).toEqual(['98765', '12345']);
    await chat().getByRole('button', { name: 'Close' }).first().click();
  });

  test('the order number in the first message is used: the question is not asked', async () => {
    await openTestChat();
    await say('where is order 98765', ['Good news: order 98765 has shipped.']);
    await screenshot(s.page, 'designer-first-bot-number-first');
    // Without a number, the question is asked: the last one is not taken for granted.
    await say('where is my order', [QUESTION]);
    expect(orders.asked.at(-1)).toBe('98765');
    await chat().getByRole('button', { name: 'Restart' }).click();
    await expect.poll(bubbles).toEqual([]);
    // An order the shop does not know (404): the call fails, and the user reads no [placeholder].
    await say('where is order 55555', [DEFAULT_SYSTEM_MESSAGES.unexpectedErrorMessage]);
    expect(orders.asked.at(-1)).toBe('55555');
  });

  test('no page errors', () => {
    expect(s.browser.pageErrors).toEqual([]);
  });
});
