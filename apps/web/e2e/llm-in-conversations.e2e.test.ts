import { BOT_MESSAGES } from '@parley/contracts';
import { extractiveAnswer, type OpenAiProtocolServer, startOpenAiProtocolServer } from '@parley/llm/testing';
import type { Locator } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import { as } from '../../server/test/support/admin-world';
import { trainedHandbookLlm } from '../../server/test/support/llms';
import { popupOf } from './support/accounts';
import { TINA } from './support/bot-content';
import { botPageSuite } from './support/bot-page-suite';
import { expectHidden, expectVisible } from './support/expect-page';
import { screenshot } from './support/screenshots';

const BOT = 'Staff Bot';
const LLM = 'Handbook assistant';
const OPENING = 'What would you like to know about the handbook?';

/**
 * Issue 23's 'use the LLM block in a flow and talk to it in the test chat; chit-chat below
 * threshold', in Chromium: the block drawn in the Dialog Manager, published, the test chat's
 * answer with its sources, and the General tab's chit-chat answering what no intent covers.
 */
describe('an LLM in a flow and as chit-chat, in the test chat', () => {
  let provider: OpenAiProtocolServer | undefined;
  const s = botPageSuite(
    BOT,
    async (tina) => {
      await tina('POST', `/api/${encodeURIComponent(BOT)}/intents`, {
        name: 'AskHandbook',
        utterances: ['ask the handbook', 'i have a question about the handbook', 'question for the handbook'],
      });
      await tina('POST', `/api/${encodeURIComponent(BOT)}/intents`, {
        name: 'OrderLaptop',
        utterances: ['order a laptop', 'i want to order a new laptop', 'buy a laptop'],
      });
      const { token } = await s.app.server.login(TINA.email, TINA.password);
      await trainedHandbookLlm(s.app.server, as(s.app.server, token), token, LLM);
    },
    {
      env: async () => {
        provider = await startOpenAiProtocolServer({
          apiKey: 'sk-e2e',
          answer: (request) => {
            const question = request.messages.at(-1)?.content.split('\n').at(-1) ?? '';
            if (question === 'ask the handbook') return OPENING;
            // The passage sentence nearest the question.
            const passages = request.system.split('Passages:').slice(1).join('');
            return extractiveAnswer({ ...request, system: passages, messages: request.messages.slice(-1) });
          },
        });
        return { OPENAI_BASE_URL: provider.url, OPENAI_API_KEY: 'sk-e2e' };
      },
    },
  );
  afterAll(async () => provider?.close());

  const editor = () => s.page.getByRole('dialog', { name: 'Dialog Manager' });
  const details = () => editor().getByRole('complementary', { name: 'Details' });
  const canvas = () => editor().getByTestId('flow-canvas');
  const padEntry = (label: string) => s.page.locator(`.djs-context-pad [aria-label="${label}"]`);
  const choose = (scope: Locator, label: string, option: string | RegExp) =>
    scope.getByLabel(label, { exact: true }).selectOption({ label: option as string });
  const closePopup = async (text: string) => {
    await expectVisible(popupOf(s.page).getByText(text));
    await popupOf(s.page).getByRole('button', { name: 'OK' }).last().click();
    await expectHidden(popupOf(s.page));
  };

  test('the LLM block is drawn in the Dialog Manager, activated to test and the bot published', async () => {
    await s.page.goto(s.botUrl('intents'));
    await s.page.getByRole('button', { name: 'Dialog Manager', exact: true }).click();
    await expect
      .poll(() => editor().getByLabel('Intent', { exact: true }).locator('option').allInnerTexts())
      .toContain('AskHandbook');
    await editor().getByLabel('Intent', { exact: true }).selectOption('AskHandbook');
    await s.page.locator('.djs-palette [aria-label="Add Start"]').click();
    const box = (await canvas().boundingBox()) as { x: number; y: number };
    await s.page.mouse.click(box.x + 220, box.y + 200);

    await padEntry('Append LLM').click();
    await choose(details(), 'LLM', `${LLM} (gpt-4o-mini)`);
    await details().getByLabel('Exit on a recognised intent').check();
    await padEntry('Append Dialog').click();
    await details().getByLabel('Message', { exact: true }).fill('Back in the flow.');
    await padEntry('Append End').click();
    await screenshot(s.page, 'llm-block-flow');

    await editor().getByRole('button', { name: /^Save/ }).click();
    await closePopup('Flow saved!');
    await editor().getByRole('button', { name: 'Activate ▾' }).click();
    await editor().getByRole('menuitem', { name: 'Activate this intent flow to test' }).click();
    await closePopup('Flow AskHandbook activated!');
    await editor().getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => editor().count()).toBe(0);

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
    (await conversation().locator('.test-chat__bubble').allInnerTexts()).map((t) =>
      t.replace(/\s+/g, ' ').trim(),
    );
  const say = async (text: string) => {
    const before = (await bubbles()).length;
    await chat().getByLabel('Message').fill(text);
    await chat().getByRole('button', { name: 'Send' }).click();
    await expect.poll(async () => (await bubbles()).length, { timeout: 20_000 }).toBeGreaterThan(before + 1);
    return (await bubbles()).slice(before + 1);
  };
  const openTestChat = async () => {
    await s.page.goto(s.botUrl('intents'));
    await s.page.getByRole('button', { name: 'Test chat' }).click();
    await expectVisible(chat().getByText('Say something to the bot.'));
  };

  test('in the test chat the LLM answers from the handbook with its sources, and an intent leaves the block', async () => {
    await openTestChat();
    expect(await say('ask the handbook')).toEqual([OPENING]);
    const [answer] = await say('how many days of paid leave does an employee get');
    expect(answer).toContain('27 days of paid leave');
    expect(answer).toMatch(/Sources \(\d+\)/);
    await conversation()
      .getByText(/Sources \(\d+\)/)
      .last()
      .click();
    await expectVisible(conversation().getByText('handbook.txt').last());
    await screenshot(s.page, 'llm-block-test-chat');
    // A clear intent leaves the block: its flow has none drawn, so the bot says so its way.
    const left = await say('order a laptop');
    expect(left.join(' ')).not.toContain('27 days');
    await chat().getByRole('button', { name: 'Close' }).first().click();
  });

  test('chit-chat, set on the General tab, answers below the low threshold', async () => {
    await s.page.goto(s.botUrl('settings/general'));
    await s.page.getByRole('switch', { name: 'Chit-chat' }).click();
    await s.page.getByLabel('Chit-chat LLM').selectOption({ label: `${LLM} (gpt-4o-mini)` });
    await s.page.getByLabel('Below-threshold count').fill('1');
    await s.page.getByRole('button', { name: 'Save settings' }).click();
    await expect
      .poll(async () => (await s.tina('GET', `/api/bots/${encodeURIComponent(BOT)}`)) as object)
      .toMatchObject({
        settings: { chitChatEnabled: true, belowThresholdLimit: 1 },
      });
    await openTestChat();
    const [small] = await say('is the canteen vegetarian on thursday');
    expect(small).toContain('vegetarian lunch every Thursday');
    const [second] = await say('zebra quantum marmalade');
    expect(second).not.toContain('vegetarian');
    await screenshot(s.page, 'llm-chit-chat');
  });

  test('no page errors', () => {
    expect(s.browser.pageErrors).toEqual([]);
  });
});
