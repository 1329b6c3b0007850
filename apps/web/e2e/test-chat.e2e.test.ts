import { readFileSync } from 'node:fs';
import { buildFlowXml } from '@parley/flows';
import { describe, expect, test } from 'vitest';
import type { ApiCall } from './support/bot-content';
import { botPageSuite } from './support/bot-page-suite';
import { expectHidden, expectVisible } from './support/expect-page';
import { preparePizzaBot } from './support/pizza-bot-setup';
import { screenshot } from './support/screenshots';

const BOT = 'Pizza Bot';

/** The pizza bot, published, and a sub flow with a saved version that was never published: what Test Sub Flow runs. */
async function prepareTestChatBot(tina: ApiCall, bot: string): Promise<void> {
  await preparePizzaBot(tina, bot);
  const functions = `/api/bots/${encodeURIComponent(bot)}/functions`;
  await tina('POST', functions, {
    type: 'flow',
    name: 'Ask address',
    inputs: [{ name: 'city', defaultValue: 'Naples' }],
  });
  const subFlow = await buildFlowXml(
    [
      { block: 'askQuestion', fields: { question: 'Which street in [city]?' }, outputs: ['street'] },
      { block: 'message', fields: { message: 'We deliver to [street], [city].' } },
      { end: 'endFlow' },
    ],
    { languages: ['en'] },
  );
  await tina('POST', `${functions}/Ask%20address/flow`, { xml: encodeURIComponent(subFlow) });
}

describe('the test chat', () => {
  const s = botPageSuite(BOT, (tina) => prepareTestChatBot(tina, BOT));

  const chat = () => s.page.getByRole('complementary', { name: 'Test chat' });
  const conversation = () => chat().getByRole('log', { name: 'Conversation' });
  const send = async (text: string) => {
    await chat().getByLabel('Message').fill(text);
    await chat().getByRole('button', { name: 'Send' }).click();
  };
  /** A bot's page (its intents), with a new test chat open and empty. */
  const openTestChat = async (intentsUrl = s.botUrl('intents')) => {
    await s.page.goto(intentsUrl);
    await s.page.getByRole('button', { name: 'Test chat' }).click();
    await expectVisible(chat());
    await expectVisible(chat().getByText('Say something to the bot.'));
  };
  /** The order through to its answer: a Large Margherita. */
  const orderLargeMargherita = async () => {
    await send('I would like to order a pizza');
    await expectVisible(conversation().getByText('Which pizza would you like?'));
    await send('Margherita');
    const sizes = conversation().getByRole('group', { name: 'Which size?' });
    await expectVisible(sizes);
    await sizes.getByRole('button', { name: 'Large' }).click();
    await expectVisible(conversation().getByText('One Large Margherita is on its way.'));
  };
  const bubbleCount = () => conversation().locator('.test-chat__bubble').count();

  test('a whole order: the question, the size buttons and the answer with both variables', async () => {
    await openTestChat();
    await send('I would like to order a pizza');
    await expectVisible(conversation().getByText('Which pizza would you like?'));
    await send('Margherita');
    const sizes = conversation().getByRole('group', { name: 'Which size?' });
    await expectVisible(sizes);
    await screenshot(s.page, 'test-chat-options');
    await sizes.getByRole('button', { name: 'Large' }).click();
    await expectVisible(conversation().getByText('One Large Margherita is on its way.'));
    // Every message in order: the user's and the bot's.
    await expect
      .poll(async () =>
        (await conversation().locator('.test-chat__bubble').allInnerTexts()).map((t) =>
          t.replace(/\s+/g, ' '),
        ),
      )
      .toEqual([
        'I would like to order a pizza',
        'Which pizza would you like?',
        'Margherita',
        'Which size? Small Large',
        'Large',
        'One Large Margherita is on its way.',
      ]);
  });

  test('Show details: the triggered intent, the conversation state and every recognition', async () => {
    await openTestChat();
    await orderLargeMargherita();
    await chat().getByRole('button', { name: 'Show details' }).click();
    const state = chat().getByRole('region', { name: 'Conversation state' });
    await expectVisible(state.getByRole('cell', { name: 'Margherita' }));
    await expectVisible(state.getByRole('cell', { name: 'Large' }));
    const recognitions = chat().getByRole('region', { name: 'Intent recognitions' });
    await expectVisible(recognitions.getByRole('cell', { name: 'OrderPizza' }));
    await expect.poll(() => recognitions.getByRole('row').count()).toBe(2);
    await send('are you open today');
    // Opening has no flow active on test: the details say so.
    await expectVisible(chat().getByRole('alert').getByText('Intent Opening has no active flow.'));
    await expectVisible(
      chat()
        .getByRole('region', { name: 'Triggered intent' })
        .getByText(/^Opening \(\d+\.\d%\)$/),
    );
    await screenshot(s.page, 'test-chat-details');
    await chat().getByRole('button', { name: 'Hide details' }).click();
    await expectHidden(chat().getByRole('region', { name: 'Conversation state' }));
  });

  test('Restart starts a new conversation; the close button closes the chat', async () => {
    await openTestChat();
    await orderLargeMargherita();
    await chat().getByRole('button', { name: 'Restart' }).click();
    await expectVisible(chat().getByText('Say something to the bot.'));
    await expect.poll(bubbleCount).toBe(0);
    // The new conversation starts afresh: the first answer is the flow's first question again.
    await send('pizza please');
    await expectVisible(conversation().getByText('Which pizza would you like?'));
    await chat().getByRole('button', { name: 'Close test chat' }).click();
    await expectHidden(chat());
    expect(s.browser.pageErrors).toEqual([]);
  });

  test("Test Sub Flow opens the test chat on the sub flow's saved version, which starts at once", async () => {
    await s.page.goto(s.botUrl('subs/Ask address'));
    await s.page.getByRole('button', { name: 'Test Sub Flow' }).click();
    await expectVisible(chat().getByRole('heading', { name: 'Test sub flow: Ask address' }));
    await expectVisible(conversation().getByText('Which street in Naples?'));
    // A sub-flow test is no link to share.
    await expect.poll(() => chat().getByRole('button', { name: 'Share testchat' }).count()).toBe(0);
    await send('Via Toledo');
    await expectVisible(conversation().getByText('We deliver to Via Toledo, Naples.'));
    await screenshot(s.page, 'test-sub-flow');
    await chat().getByRole('button', { name: 'Close test chat' }).click();
    await expectHidden(chat());
  });

  test('the conversation log lists the test chats; one opens with its messages and times; the history downloads', async () => {
    // A bot of its own, so that its log holds only the chats this test has.
    const bot = 'Pizza Log Bot';
    const botUrl = (path: string) => `${s.app.baseUrl}/bots/${encodeURIComponent(bot)}/${path}`;
    await s.tina('POST', '/api/bot', { name: bot, region: 'eu-west', language: 'en' });
    await prepareTestChatBot(s.tina, bot);
    // Three test chats: the order, the one after Restart, and the sub-flow test.
    await openTestChat(botUrl('intents'));
    await orderLargeMargherita();
    await chat().getByRole('button', { name: 'Restart' }).click();
    await expect.poll(bubbleCount).toBe(0);
    await send('pizza please');
    await expectVisible(conversation().getByText('Which pizza would you like?'));
    await chat().getByRole('button', { name: 'Close test chat' }).click();
    await expectHidden(chat());
    await s.page.goto(botUrl('subs/Ask address'));
    await s.page.getByRole('button', { name: 'Test Sub Flow' }).click();
    await send('Via Toledo');
    await expectVisible(conversation().getByText('We deliver to Via Toledo, Naples.'));
    await chat().getByRole('button', { name: 'Close test chat' }).click();
    await expectHidden(chat());

    await s.page.goto(botUrl('intents'));
    await s.page.getByRole('link', { name: 'Conversation log' }).click();
    await s.page.waitForURL(botUrl('conversation/log'));
    const sidebar = s.page.getByRole('navigation', { name: 'Conversations' });
    await expect.poll(() => sidebar.getByRole('link').count()).toBe(3);
    await sidebar.getByRole('link').last().click();
    await s.page.waitForURL(/\/conversation\/log\/[0-9a-f-]{36}$/);
    const messages = s.page.getByRole('region', { name: 'Messages' });
    await expectVisible(messages.getByText('One Large Margherita is on its way.'));
    await expectVisible(
      messages.getByText(/^Text sent \d\d:\d\d:\d\d\.\d{3} · \d+ ms after the message$/).first(),
    );
    await screenshot(s.page, 'conversation-log');
    await s.page.getByLabel('Time').selectOption('2');
    await expect.poll(() => sidebar.getByRole('link').count()).toBe(3);

    const [download] = await Promise.all([
      s.page.waitForEvent('download'),
      s.page.getByRole('button', { name: 'Download history' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`bot-${bot}-history.csv`);
    const csv = readFileSync(await download.path(), 'utf8');
    expect(csv).toContain('One Large Margherita is on its way.');
    expect(csv.split('\r\n')[0]).toBe(
      'conversationId,timestamp,user,type,message,messageFirstReceived,messageTextSent,messageSpeechSent',
    );
    expect(s.browser.pageErrors).toEqual([]);
  });
});
