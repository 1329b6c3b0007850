import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, test } from 'vitest';
import { botPageSuite } from './support/bot-page-suite';
import { launchBrowser } from './support/browser';
import { expectHidden, expectVisible } from './support/expect-page';
import { screenshot } from './support/screenshots';

/**
 * A new user's first minutes (issue 10, 'Done means'): a bot from each starter template,
 * published, talked to in the test chat through its happy path and an unhappy one, with the
 * details open; then the test chat shared and talked to by a visitor, and both conversations
 * found in the log. The templates' example APIs are replaced by a local one, as a designer
 * replaces them by their own.
 */

/** The shop, booking and help desk APIs the templates' REST functions call. */
function exampleApi(): Promise<Server> {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const reply = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (url.pathname === '/api/slots') return reply(200, { slots: [{ start: '2026-12-01T09:30:00Z' }] });
    if (url.pathname === '/api/appointments' && request.method === 'POST')
      return reply(201, { reference: 'BK-7Q2Z4F' });
    if (url.pathname === '/api/orders/ORD-20250314') {
      return reply(200, {
        status: 'shipped',
        estimatedDelivery: '2026-12-02T12:00:00Z',
        shipment: { carrier: 'DHL', trackingUrl: 'https://tracking.example.com/1Z999' },
      });
    }
    if (url.pathname === '/api/tickets/TCK-123456') {
      return reply(200, {
        status: 'in progress',
        updatedAt: '2026-11-20T10:00:00Z',
        assignee: { name: 'Sam' },
      });
    }
    return reply(404, { error: 'not found' });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

interface TemplateWalk {
  template: string;
  bot: string;
  /** The user's lines and a text of the answer each must bring (a click when the line starts with '>'). */
  happy: Array<[string, string | RegExp]>;
  unhappy: Array<[string, string | RegExp]>;
}

const WALKS: TemplateWalk[] = [
  {
    template: 'appointment-booking.enc',
    bot: 'Bookings',
    happy: [
      ['hello', 'I am the booking assistant'],
      ['I want to book an appointment', 'What is the appointment for'],
      ['what are your opening hours', 'All branches are open Monday to Friday'],
      ['a consultation', 'Which branch suits you best'],
      ['Downtown', 'On which day would you like to come?'],
      ['next Tuesday', /The first free consultation at Downtown is on Tuesday/],
      ['>Book it', 'Under which name shall I book it?'],
      ['Ada Lovelace', 'And your e-mail address, for the confirmation?'],
      ['ada@example.com', 'Your appointment is booked'],
    ],
    unhappy: [['blah blah xyz', "Sorry, I didn't understand that. Could you rephrase it?"]],
  },
  {
    template: 'order-status.enc',
    bot: 'Orders',
    happy: [
      ['hi', 'welcome to Example Shop'],
      ['where is my order', 'What is your order number?'],
      ['ORD-20250314', 'shipped'],
    ],
    unhappy: [
      ['where is my order ORD-99999999', 'I could not find order ORD-99999999'],
      ['>Talk to a person', 'I am connecting you with a colleague from Example Shop'],
    ],
  },
  {
    template: 'customer-support-faq.enc',
    bot: 'Support',
    happy: [
      ['when are you open', 'Monday to Friday from 9:00 to 17:00'],
      ['what is the status of my ticket', 'What is your ticket number?'],
      ['TCK-123456', 'Ticket TCK-123456 is in progress. Sam is looking after it'],
    ],
    unhappy: [['qwerty zzz', "Sorry, I didn't understand that. Could you rephrase it?"]],
  },
];

describe('talking to a bot from each starter template', () => {
  let api: Server;

  const s = botPageSuite(
    'Sandbox',
    async () => {
      api = await exampleApi();
    },
    // The local example API is on this machine: the operator allows private networks for it.
    { env: () => ({ FUNCTIONS_ALLOW_PRIVATE_NETWORKS: 'true' }) },
  );
  afterAll(async () => {
    await new Promise((resolve) => api?.close(resolve));
  });

  const chat = () => s.page.getByRole('complementary', { name: 'Test chat' });
  const conversation = () => chat().getByRole('log', { name: 'Conversation' });

  /** Says a line (or clicks a button, for '>Label') and waits for the answer that must come. */
  async function talk(line: string, expected: string | RegExp) {
    const before = await conversation().locator('.test-chat__bubble').count();
    if (line.startsWith('>')) {
      await conversation()
        .getByRole('button', { name: line.slice(1) })
        .last()
        .click();
    } else {
      await chat().getByLabel('Message').fill(line);
      await chat().getByRole('button', { name: 'Send' }).click();
    }
    await expect
      .poll(async () =>
        (await conversation().locator('.test-chat__bubble').allInnerTexts()).slice(before).join('\n'),
      )
      .toMatch(
        typeof expected === 'string' ? new RegExp(expected.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) : expected,
      );
  }

  /** The template's example API addresses replaced by the local API's. */
  async function pointFunctionsAtLocalApi(bot: string) {
    const base = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
    // The list holds each function as the editor edits it (its secrets masked; these have none).
    const functions = (await s.tina('GET', `/api/bots/${encodeURIComponent(bot)}/functions`)) as Array<
      Record<string, unknown> & { name: string; type: string; url?: string }
    >;
    for (const { botId: _botId, isPrebuilt: _isPrebuilt, ...fn } of functions.filter(
      (f) => f.type === 'rest',
    )) {
      await s.tina('PUT', `/api/bots/${encodeURIComponent(bot)}/functions/${encodeURIComponent(fn.name)}`, {
        ...fn,
        url: String(fn.url).replace(/^https:\/\/[^/]+/, base),
      });
    }
  }

  test.each(WALKS)(
    '$template: created, published, then its happy and unhappy paths in the test chat',
    async (walk) => {
      await s.page.goto(`${s.app.baseUrl}/bots`);
      await s.page.getByRole('button', { name: 'Create a bot' }).click();
      const dialog = s.page.getByRole('dialog');
      await dialog.getByRole('button', { name: /Use starter Template/ }).click();
      await dialog.getByLabel('Name of your bot').fill(walk.bot);
      await dialog.getByLabel('Bot Template').selectOption(walk.template);
      await screenshot(s.page, `walk-${walk.bot}-1-create`);
      await dialog.getByRole('button', { name: 'Create bot' }).click();
      await s.page.waitForURL(`${s.app.baseUrl}/bots/${walk.bot}/analytics`);
      await pointFunctionsAtLocalApi(walk.bot);

      // Its flows come activated to test; its NLU model is published from the banner.
      const banner = s.page.getByRole('status').filter({ hasText: 'Would you like to publish them?' });
      await banner.getByRole('button', { name: 'Publish' }).click();
      // The publish is in the address while it runs; it leaves it when all publishing ended.
      await s.page.waitForURL((url) => url.searchParams.has('syncId'));
      await s.page.waitForURL((url) => !url.searchParams.has('syncId'), { timeout: 60_000 });
      await expectHidden(banner);
      await screenshot(s.page, `walk-${walk.bot}-2-published`);

      await s.page.getByRole('button', { name: 'Test chat' }).click();
      await expectVisible(chat().getByText('Say something to the bot.'));
      for (const [line, expected] of walk.happy) await talk(line, expected);
      await screenshot(s.page, `walk-${walk.bot}-3-happy-path`);
      for (const [line, expected] of walk.unhappy) await talk(line, expected);
      await chat().getByRole('button', { name: 'Show details' }).click();
      await expectVisible(chat().getByRole('region', { name: 'Conversation state' }));
      await expectVisible(chat().getByRole('region', { name: 'Intent recognitions' }));
      await screenshot(s.page, `walk-${walk.bot}-4-details`);
      await chat().getByRole('button', { name: 'Close test chat' }).click();
      expect(s.browser.pageErrors).toEqual([]);
    },
  );

  test('the support bot shared: a visitor talks to it, and both conversations are in the log with the history', async () => {
    await s.page.goto(`${s.app.baseUrl}/bots/Support/intents`);
    await s.page.getByRole('button', { name: 'Test chat' }).click();
    await chat().getByRole('button', { name: 'Share testchat' }).click();
    await s.page
      .getByRole('menu', { name: 'Share testchat' })
      .getByRole('menuitem', { name: 'Show password' })
      .click();
    const passwordDialog = s.page.getByRole('dialog', { name: 'Test chat password' });
    const password = await passwordDialog.getByLabel('Password', { exact: true }).inputValue();
    const link = await passwordDialog.getByLabel('Link', { exact: true }).inputValue();
    await screenshot(s.page, 'walk-Support-5-share');
    await passwordDialog.getByRole('button', { name: 'Done' }).click();
    await chat().getByRole('button', { name: 'Close test chat' }).click();

    const visitorBrowser = await launchBrowser();
    try {
      const visitor = await visitorBrowser.newPage();
      await visitor.goto(link);
      const modal = visitor.getByRole('dialog', { name: 'Test your bot' });
      await modal.getByLabel('Password', { exact: true }).fill(password);
      await modal.getByRole('button', { name: 'Start chat' }).click();
      await expectHidden(modal);
      const publicChat = visitor.getByRole('region', { name: 'Test your bot' });
      await publicChat.getByLabel('Message').fill('I forgot my password');
      await publicChat.getByRole('button', { name: 'Send' }).click();
      await expectVisible(publicChat.getByText(/choose 'Forgot password'/));
      await screenshot(visitor, 'walk-Support-6-public-chat');
    } finally {
      await visitorBrowser.close();
    }

    await s.page.getByRole('link', { name: 'Conversation log' }).click();
    const sidebar = s.page.getByRole('navigation', { name: 'Conversations' });
    // The walk's test chat, the one opened to share, and the visitor's.
    await expect.poll(() => sidebar.getByRole('link').count()).toBe(3);
    await expectVisible(sidebar.getByText('Public test chat'));
    await sidebar.getByRole('link').last().click();
    await expectVisible(
      s.page.getByRole('region', { name: 'Messages' }).getByText(/Ticket TCK-123456 is in progress/),
    );
    await screenshot(s.page, 'walk-Support-7-log');
    const [download] = await Promise.all([
      s.page.waitForEvent('download'),
      s.page.getByRole('button', { name: 'Download history' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('bot-Support-history.csv');
    const csv = readFileSync(await download.path(), 'utf8');
    expect(csv).toContain('I forgot my password');
    expect(csv).toContain('TCK-123456');
  });
});
