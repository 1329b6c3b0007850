import { readFileSync } from 'node:fs';
import { buildFlowXml } from '@parley/flows';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { ApiCall } from './support/bot-content';
import { botPageSuite } from './support/bot-page-suite';
import { expectHidden, expectVisible } from './support/expect-page';
import { publishBot } from './support/pizza-bot-setup';
import { screenshot } from './support/screenshots';

const BOT = 'Parcel Bot';
/** How long the Slow function keeps the bot busy before it answers. */
const SLOW_MS = 150;

/** A bot whose order answer takes a while (a code function), and a Feedback intent that asks for a rating. */
async function prepareBot(tina: ApiCall): Promise<void> {
  const bot = encodeURIComponent(BOT);
  await tina('POST', `/api/${bot}/intents`, {
    name: 'Order',
    utterances: ['where is my order', 'track my order', 'has my order shipped', 'order status please'],
  });
  await tina('POST', `/api/${bot}/intents`, {
    name: 'Feedback',
    utterances: ['i want to give feedback', 'rate the service', 'leave a review', 'can i rate you'],
  });
  await tina('POST', `/api/bots/${bot}/functions`, {
    type: 'code',
    name: 'Slow',
    code: `const end = Date.now() + ${SLOW_MS}; while (Date.now() < end) {} return { ok: true };`,
  });
  const order = await buildFlowXml(
    [
      { function: 'Slow' },
      { block: 'message', fields: { message: 'Your order ships today.' } },
      { end: 'endFlow' },
    ],
    { languages: ['en'] },
  );
  await tina('PUT', `/api/${bot}/intents/Order/test-version`, { xml: order });
  const feedback = await buildFlowXml(
    [
      { block: 'showRating', fields: { suggestion: 'How did we do?' }, outputs: ['Rating'] },
      { block: 'message', fields: { message: 'Thank you!' } },
      { end: 'endFlow' },
    ],
    { languages: ['en'] },
  );
  await tina('PUT', `/api/${bot}/intents/Feedback/test-version`, { xml: feedback });
  await publishBot(tina, BOT);
}

const pad = (n: number) => String(n).padStart(2, '0');
/** Today as the product writes dates: day-month-year with dashes. */
const today = () => {
  const now = new Date();
  return `${pad(now.getDate())}-${pad(now.getMonth() + 1)}-${now.getFullYear()}`;
};

/**
 * The conversation log as a designer reads it (issue 22): how long each answer took, dates in
 * day-month-year, no conversation for a test chat opened without a word, recent messages polled
 * every two minutes; and the analytics tab's ratings and utterances download.
 */
describe('the conversation log', () => {
  const s = botPageSuite(BOT, prepareBot);

  const chatOf = (page: Page) => page.getByRole('complementary', { name: 'Test chat' });
  /** Opens the test chat on the bot's page and says each text, waiting for the answer given. */
  async function talk(page: Page, exchanges: Array<[string, string]>): Promise<void> {
    await page.goto(s.botUrl('intents'));
    await page.getByRole('button', { name: 'Test chat' }).click();
    const chat = chatOf(page);
    await expectVisible(chat.getByText('Say something to the bot.'));
    for (const [said, answer] of exchanges) {
      await chat.getByLabel('Message').fill(said);
      await chat.getByRole('button', { name: 'Send' }).click();
      await expectVisible(chat.getByRole('log', { name: 'Conversation' }).getByText(answer).last());
    }
  }
  const sidebarOf = (page: Page) => page.getByRole('navigation', { name: 'Conversations' });

  test('each answer says how long it took, dates are day-month-year, and a chat opened without a word is not listed', async () => {
    await talk(s.page, [['where is my order', 'Your order ships today.']]);
    // Restart opens a new conversation; nothing is said in it.
    await chatOf(s.page).getByRole('button', { name: 'Restart' }).click();
    await expectVisible(chatOf(s.page).getByText('Say something to the bot.'));
    await chatOf(s.page).getByRole('button', { name: 'Close test chat' }).click();
    await expectHidden(chatOf(s.page));

    await s.page.getByRole('link', { name: 'Conversation log' }).click();
    await s.page.waitForURL(s.botUrl('conversation/log'));
    const sidebar = sidebarOf(s.page);
    await expect.poll(() => sidebar.getByRole('link').count()).toBe(1);
    const meta = await sidebar.locator('.conversation-log__meta').first().textContent();
    expect(meta).toMatch(new RegExp(`^Test chat · ${today()} \\d\\d:\\d\\d$`));

    await sidebar.getByRole('link').first().click();
    const messages = s.page.getByRole('region', { name: 'Messages' });
    await expectVisible(messages.getByText('Your order ships today.'));
    await expectVisible(messages.getByText(today(), { exact: true }));
    await expectVisible(messages.getByText(/^Received \d\d:\d\d:\d\d\.\d{3}$/));
    const sent = await messages
      .getByText(/^Text sent \d\d:\d\d:\d\d\.\d{3} · \d+ ms after the message$/)
      .textContent();
    const took = Number(/· (\d+) ms after/.exec(sent ?? '')?.[1]);
    expect(took).toBeGreaterThanOrEqual(SLOW_MS - 10);
    expect(took).toBeLessThan(10_000);
    await screenshot(s.page, 'conversation-log-times');
  });

  test('recent messages are polled every two minutes: a new conversation comes in without a reload', async () => {
    const logPage = await s.browser.newPage();
    try {
      await logPage.clock.install();
      await logPage.goto(s.botUrl('conversation/log'));
      const sidebar = sidebarOf(logPage);
      await expect.poll(() => sidebar.getByRole('link').count()).toBeGreaterThan(0);
      const before = await sidebar.getByRole('link').count();

      await talk(s.page, [['track my order', 'Your order ships today.']]);
      await chatOf(s.page).getByRole('button', { name: 'Close test chat' }).click();

      // Not before the two minutes are up.
      await logPage.clock.runFor(60_000);
      expect(await sidebar.getByRole('link').count()).toBe(before);
      const polled = logPage.waitForRequest((request) =>
        request.url().includes('/conversation/log/latest?since='),
      );
      await logPage.clock.runFor(61_000);
      await polled;
      await expect.poll(() => sidebar.getByRole('link').count()).toBe(before + 1);
    } finally {
      await logPage.close();
    }
  });

  test("the analytics tab: this month's ratings with their labels, and the utterances download", async () => {
    await talk(s.page, [
      ['i want to give feedback', 'How did we do?'],
      ['Satisfied', 'Thank you!'],
    ]);
    await chatOf(s.page).getByRole('button', { name: 'Close test chat' }).click();
    await s.page.goto(s.botUrl('analytics'));
    const ratings = s.page.getByRole('region', { name: 'User Ratings' });
    await expectVisible(ratings.getByText('Satisfied', { exact: true }));
    await expectVisible(ratings.getByText('4.0 of 5.0 from 1 ratings'));
    await expectVisible(ratings.getByText(new RegExp(`· ${today()} \\d\\d:\\d\\d`)));
    await screenshot(s.page, 'analytics-user-ratings');
    await ratings.getByRole('link', { name: 'View Conversation' }).click();
    await s.page.waitForURL(/\/conversation\/log\/[0-9a-f-]{36}$/);
    await expectVisible(s.page.getByRole('region', { name: 'Messages' }).getByText('Thank you!'));

    await s.page.goto(s.botUrl('analytics'));
    const [download] = await Promise.all([
      s.page.waitForEvent('download'),
      s.page.getByRole('button', { name: 'Download utterances' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('utterances.csv');
    const csv = readFileSync(await download.path(), 'utf8').split('\r\n');
    expect(csv[0]).toBe('timestamp,conversationId,channel,utterance,intent,score');
    expect(csv.some((line) => line.includes(',test-chat,i want to give feedback,Feedback,'))).toBe(true);
    expect(s.browser.pageErrors).toEqual([]);
  });
});
