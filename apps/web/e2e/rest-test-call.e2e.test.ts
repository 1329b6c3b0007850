import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildFlowXml } from '@parley/flows';
import { afterAll, describe, expect, test } from 'vitest';
import { botPageSuite } from './support/bot-page-suite';
import { expectVisible } from './support/expect-page';
import { screenshot } from './support/screenshots';

const BOT = 'Order Bot';

/** The order API the designer calls: order 42 is shipped, any other order is not found (404). */
async function startOrderApi(): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((request, response) => {
    const id = (request.url ?? '').split('/').pop();
    response.setHeader('content-type', 'application/json');
    if (id !== '42') {
      response.statusCode = 404;
      response.end(JSON.stringify({ error: `no order ${id}` }));
      return;
    }
    response.end(JSON.stringify({ order: { id, status: 'shipped', items: [{ sku: 'A1' }] } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Issue 22: the REST output path starts at {status, headers, data}. The sub-editor shows that
 * shape, makes a test call through the server and lets the designer pick a value of the answer
 * as an output's path instead of guessing it.
 */
describe('the REST test call in the function editor', () => {
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

  const tabUrl = (tab: string, element = '') =>
    `${s.app.baseUrl}/bots/${encodeURIComponent(BOT)}/${tab}${element ? `/${encodeURIComponent(element)}` : ''}`;

  test('the designer tests the call, sees the answer, picks a field of the body as the output path and saves', async () => {
    await s.page.goto(tabUrl('functions'));
    await s.page.getByRole('button', { name: 'Add Function' }).click();
    const modal = s.page.getByRole('dialog', { name: 'Create Function' });
    await modal.getByRole('tab', { name: 'REST' }).click();
    await modal.getByLabel('Name', { exact: true }).fill('Order status');

    // Before any call the editor says where paths start.
    const shape = modal.getByRole('definition').filter({ hasText: 'the HTTP status' });
    await expectVisible(shape);
    await expectVisible(
      modal.getByText('the body: a JSON body by its fields (data.order.status)', { exact: false }),
    );
    expect(await modal.getByRole('button', { name: 'Test call' }).isDisabled()).toBe(true);

    await modal.getByLabel('URL').fill(`${orders.url}/orders/{{orderId}}`);
    await modal.getByRole('button', { name: 'Add input' }).click();
    await modal.getByLabel('Input 1 name').fill('orderId');
    await modal.getByLabel('Input 1 default value').fill('42');
    await modal.getByRole('button', { name: 'Test call' }).click();

    const answer = modal.getByRole('region', { name: 'Test call answer' });
    await expectVisible(answer.getByText(/^Answered 200 in \d+ ms$/));
    // The answer's shape: status, headers (folded), data with the body's fields.
    await expectVisible(answer.getByRole('button', { name: 'Pick status' }));
    await expectVisible(answer.getByRole('button', { name: 'Pick headers' }));
    await expectVisible(answer.getByRole('button', { name: 'Pick data.order.items[0].sku' }));
    const orderStatus = answer.getByRole('button', { name: 'Pick data.order.status' });
    expect(await orderStatus.textContent()).toMatch(/status\s*"shipped"/);
    await screenshot(s.page, 'rest-test-call-answer');

    await orderStatus.click();
    expect(await modal.getByLabel('Output 1 variable').inputValue()).toBe('status');
    expect(await modal.getByLabel('Output 1 property path').inputValue()).toBe('data.order.status');
    await expectVisible(modal.getByText('New output status reads data.order.status.'));

    // A value can also go into an output already there: the designer renames it, then re-picks.
    await modal.getByLabel('Output 1 variable').fill('OrderStatus');
    await modal.getByLabel('Put a picked value into').selectOption({ label: 'Output 1: OrderStatus' });
    await answer.getByRole('button', { name: 'Pick data.order.id' }).click();
    expect(await modal.getByLabel('Output 1 property path').inputValue()).toBe('data.order.id');
    await answer.getByRole('button', { name: 'Pick data.order.status' }).click();
    expect(await modal.getByLabel('Output 1 property path').inputValue()).toBe('data.order.status');
    expect(await modal.getByLabel('Output 2 variable').count()).toBe(0);

    await modal.getByRole('button', { name: 'Create' }).click();
    await s.page.waitForURL(tabUrl('functions', 'Order status'));
    const pane = s.page.getByRole('article');
    expect(await pane.getByLabel('Output 1 property path').inputValue()).toBe('data.order.status');

    // The saved function reads the body's field, not the HTTP status.
    await pane.getByRole('button', { name: 'Run Function' }).click();
    const output = s.page.getByRole('dialog', { name: 'Output' });
    await expectVisible(
      output.getByRole('row', { name: /OrderStatus/ }).getByText('shipped', { exact: true }),
    );
    await screenshot(s.page, 'rest-test-call-saved-output');
  });

  test('an answer that is not 2xx is shown with what it means in a conversation', async () => {
    await s.tina('POST', `/api/bots/${encodeURIComponent(BOT)}/functions`, {
      type: 'rest',
      name: 'Missing order',
      url: `${orders.url}/orders/{{orderId}}`,
      inputs: [{ name: 'orderId', defaultValue: '7' }],
    });
    await s.page.goto(tabUrl('functions', 'Missing order'));
    const pane = s.page.getByRole('article');
    await pane.getByRole('button', { name: 'Test call' }).click();
    const answer = pane.getByRole('region', { name: 'Test call answer' });
    await expectVisible(answer.getByText(/^Answered 404 in \d+ ms$/));
    await expectVisible(
      answer.getByText(
        'The API answered 404 Not Found. In a conversation this call fails: the block leaves by its Call failed path, or the bot says its unexpected-error message.',
      ),
    );
    await answer.getByRole('button', { name: 'Pick data.error' }).click();
    expect(await pane.getByLabel('Output 1 variable').inputValue()).toBe('error');
    expect(await pane.getByLabel('Output 1 property path').inputValue()).toBe('data.error');
    await screenshot(s.page, 'rest-test-call-404');
  });

  test("in the Dialog Manager a Function block's second arrow leaves by Call failed, and the block says what that does", async () => {
    const intents = `/api/${encodeURIComponent(BOT)}/intents`;
    await s.tina('POST', `/api/bots/${encodeURIComponent(BOT)}/functions`, {
      type: 'rest',
      name: 'Parcel status',
      url: `${orders.url}/orders/{{orderId}}`,
      inputs: [{ name: 'orderId', defaultValue: '42' }],
    });
    await s.tina('POST', intents, { name: 'Track', utterances: ['track my parcel', 'where is my parcel'] });
    const xml = await buildFlowXml(
      [
        {
          function: 'Parcel status',
          type: 'rest',
          id: 'Call',
          failed: [{ block: 'message', fields: { message: 'Sorry, tracking is away.' } }],
        },
        { block: 'message', fields: { message: 'On its way.' } },
      ],
      { languages: ['en'] },
    );
    await s.tina('PUT', `${intents}/Track/test-version`, { xml });

    await s.page.goto(s.botUrl('intents'));
    await s.page.getByRole('button', { name: 'Dialog Manager', exact: true }).click();
    const editor = s.page.getByRole('dialog', { name: 'Dialog Manager' });
    const details = editor.getByRole('complementary', { name: 'Details' });
    const canvas = editor.getByTestId('flow-canvas');
    await expect
      .poll(() => editor.getByLabel('Intent', { exact: true }).locator('option').allInnerTexts())
      .toContain('Track');
    await editor.getByLabel('Intent', { exact: true }).selectOption('Track');

    // The arrow is labelled by its exit, and its details say which exit it takes.
    await canvas.getByText('Call failed', { exact: true }).click({ force: true });
    const leavesBy = details.getByLabel('Leaves by', { exact: true });
    expect(await leavesBy.inputValue()).toBe('failed');
    expect(await leavesBy.locator('option').allInnerTexts()).toEqual(['Next', 'Call failed']);

    await s.page.locator('[data-element-id="Call"] .djs-hit').first().click({ force: true });
    await expectVisible(
      details.getByText(
        'When the call fails (no answer in time, or an answer that is not 2xx), the flow goes on by the arrow that leaves by "Call failed".',
      ),
    );
    await screenshot(s.page, 'rest-call-failed-path');

    // Set back to Next, the arrow no longer catches failures, and the block says so.
    await canvas.getByText('Call failed', { exact: true }).click({ force: true });
    await details.getByLabel('Leaves by', { exact: true }).selectOption({ label: 'Next' });
    await s.page.locator('[data-element-id="Call"] .djs-hit').first().click({ force: true });
    await expectVisible(
      details.getByText(/the bot says its unexpected-error message\. To answer it yourself/),
    );
  });
});
