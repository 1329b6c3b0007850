import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { botPageSuite } from './support/bot-page-suite';
import { launchBrowser } from './support/browser';
import { expectHidden, expectVisible } from './support/expect-page';
import { screenshot } from './support/screenshots';

/**
 * A new user's first minutes (issue 10, 'Done means'): a bot from each starter template,
 * published, talked to in the test chat through its happy path and an unhappy one, with the
 * details open; then the test chat shared and talked to by a visitor, and both conversations
 * found in the log. The server has no internet and the operator opened nothing (issue 22): the
 * templates' functions are sample data Parley carries. A designer who points one at an API the
 * server cannot reach is warned when the test chat opens, before a chat breaks there.
 */

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
      ['TCK-104233', 'Ticket TCK-104233 is in progress. Sam Taylor is looking after it'],
    ],
    unhappy: [['qwerty zzz', "Sorry, I didn't understand that. Could you rephrase it?"]],
  },
];

describe('talking to a bot from each starter template', () => {
  const s = botPageSuite('Sandbox');

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
    // A turn that runs sample functions starts a sandbox process for each (about 0.15 s, more on a
    // busy machine): the answer is waited for as a user would, not for the poll's default second.
    await expect
      .poll(
        async () =>
          (await conversation().locator('.test-chat__bubble').allInnerTexts()).slice(before).join('\n'),
        { timeout: 10_000 },
      )
      .toMatch(
        typeof expected === 'string' ? new RegExp(expected.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) : expected,
      );
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
      // Its functions reach no host: nothing to warn of.
      await expect.poll(() => chat().getByRole('alert').count()).toBe(0);
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
    // The walk's test chat and the visitor's: the one opened only to share holds nothing, so it is not listed.
    await expect.poll(() => sidebar.getByRole('link').count()).toBe(2);
    await expectVisible(sidebar.getByText('Public test chat'));
    await sidebar.getByRole('link').last().click();
    await expectVisible(
      s.page.getByRole('region', { name: 'Messages' }).getByText(/Ticket TCK-104233 is in progress/),
    );
    await screenshot(s.page, 'walk-Support-7-log');
    const [download] = await Promise.all([
      s.page.waitForEvent('download'),
      s.page.getByRole('button', { name: 'Download history' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('bot-Support-history.csv');
    const csv = readFileSync(await download.path(), 'utf8');
    expect(csv).toContain('I forgot my password');
    expect(csv).toContain('TCK-104233');
  });

  test('the order lookup pointed at the shop’s API, which the server cannot reach: the test chat says so when it opens', async () => {
    const functionsPath = '/api/bots/Orders/functions';
    await s.tina('DELETE', `${functionsPath}/${encodeURIComponent('Order lookup')}`);
    // The sample's replacement, as its description says: a REST function of the same name, inputs and outputs.
    await s.tina('POST', functionsPath, {
      type: 'rest',
      name: 'Order lookup',
      method: 'get',
      url: 'https://shop.invalid/api/orders/{{orderNumber}}',
      inputs: [{ name: 'orderNumber', defaultValue: 'ORD-20250314' }],
      outputs: [{ variableName: 'orderStatus', propertyPath: 'data.status' }],
    });
    await s.page.goto(`${s.app.baseUrl}/bots/Orders/intents`);
    await s.page.getByRole('button', { name: 'Test chat' }).click();
    const warning = chat().getByRole('alert').filter({ hasText: 'A function cannot reach its host' });
    await expectVisible(warning);
    await expectVisible(warning.getByText('Order lookup'));
    await expectVisible(warning.getByText(/\(shop\.invalid\): The host name could not be resolved\./));
    // Every flow that looks the order up.
    await expectVisible(
      warning.getByText('Called by CancelOrder, ChangeAddress, OrderStatus, TrackShipment.'),
    );
    await screenshot(s.page, 'walk-Orders-unreachable-host');
    await warning.getByRole('button', { name: 'Dismiss' }).click();
    await expectHidden(warning);
    // Restart checks again: the host is still unreachable, so the warning is back.
    await chat().getByRole('button', { name: 'Restart' }).click();
    await expectVisible(chat().getByRole('alert').filter({ hasText: 'A function cannot reach its host' }));
    expect(s.browser.pageErrors).toEqual([]);
  });
});
