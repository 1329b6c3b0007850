import { copyFileSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import {
  DEFAULT_HANDOVER_SETTINGS,
  DEFAULT_SYSTEM_MESSAGES,
  Permission,
  type SnippetBaseUrl,
  type SnippetView,
} from '@parley/contracts';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import { embedCodeOf } from '../src/features/chat-bubble/snippet-form';
import { createPlainUser, logInThroughUi } from './support/accounts';
import { botPageSuite } from './support/bot-page-suite';
import { type Browser, launchBrowser } from './support/browser';
import { expectHidden, expectVisible } from './support/expect-page';
import { screenshot } from './support/screenshots';

const BOT = 'Helpdesk Bot';
const AGENT = { email: 'ann.agent@example.com', password: 'Agent-Password-1!', name: 'Ann Agent' };
const SETTINGS = {
  ...DEFAULT_HANDOVER_SETTINGS,
  isActive: true,
  openingTime: '00:00',
  closingTime: '00:00',
  timeZone: 'UTC',
  unrecognizedIntentLimit: 2,
};
const BELOW_THRESHOLD = DEFAULT_SYSTEM_MESSAGES.messageBelowThreshold;

/** Saves the screenshot to /tmp/shots too, where a person looks at this pictures. */
async function shot(page: Page, name: string): Promise<void> {
  const file = await screenshot(page, name);
  mkdirSync('/tmp/shots', { recursive: true });
  copyFileSync(file, path.join('/tmp/shots', path.basename(file)));
}

/**
 * Human handover in Chromium (issue 13): Tina talks to the bot in the test chat until it hands
 * her to a person; Ann, an agent with only 'Answer handed-over conversations' on the bot, signed
 * in in a second browser, takes the conversation in the agent inbox and they chat live; Ann
 * hands it back and the bot answers Tina again.
 */
describe('the agent inbox', () => {
  const s = botPageSuite(BOT, async (tina) => {
    await tina('PUT', `/api/bots/${encodeURIComponent(BOT)}/handover/settings`, SETTINGS);
  });
  let agentBrowser: Browser | undefined;
  afterAll(async () => {
    await agentBrowser?.close();
  });

  const chat = () => s.page.getByRole('complementary', { name: 'Test chat' });
  const conversation = () => chat().getByRole('log', { name: 'Conversation' });
  const say = async (text: string) => {
    await chat().getByLabel('Message').fill(text);
    await chat().getByRole('button', { name: 'Send' }).click();
  };

  test('a user handed over is taken by an agent in a second browser; they chat live; the bot answers again after hand-back', async () => {
    const server = s.app.server;
    await createPlainUser(server, { ...AGENT, tenantId: s.tenantId });
    const scope = server.ctx.repos.forTenant(s.tenantId);
    const role = await scope.roles.create('Agent');
    await scope.roles.addPermission(role.roleId, Permission.AnswerHandovers);
    const bot = await scope.bots.get(BOT);
    if (!bot) throw new Error('no bot');
    await scope.botRoles.set(AGENT.email, bot.id, role.roleId);

    // Tina, in the test chat, is not understood twice: the bot hands her over.
    await s.page.goto(s.botUrl('intents'));
    await s.page.getByRole('button', { name: 'Test chat' }).click();
    await expectVisible(chat().getByText('Say something to the bot.'));
    await say('blorb');
    await expectVisible(conversation().getByText(BELOW_THRESHOLD).first());
    await say('I need to talk to someone');
    await expectVisible(conversation().getByText(SETTINGS.queueEnterMessage));

    // Ann, in her own browser, finds her inbox in the navigation and the conversation waiting.
    agentBrowser = await launchBrowser();
    const agent = await agentBrowser.newPage();
    await logInThroughUi(agent, s.app.baseUrl, AGENT.email, AGENT.password);
    await agent.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Agent inbox' }).click();
    await expectVisible(agent.getByRole('heading', { name: 'Agent inbox', level: 1 }));
    const waiting = agent.getByRole('region', { name: /^Waiting/ });
    const item = waiting.getByRole('link', { name: new RegExp(TINA_EMAIL) });
    await expectVisible(item);
    await expectVisible(item.getByText('I need to talk to someone'));

    // A message Tina sends while she waits arrives in the inbox without a reload.
    await item.click();
    const messages = agent.getByRole('list', { name: 'Messages' });
    await expectVisible(messages.getByText('I need to talk to someone'));
    await say('Is anybody there?');
    await expectVisible(messages.getByText('Is anybody there?'));
    await shot(agent, 'agent-inbox-waiting');

    await agent.getByRole('button', { name: 'Take' }).click();
    await expectVisible(agent.getByRole('status').getByText('You are chatting with this user'));
    await expectVisible(conversation().getByText(SETTINGS.chatStartMessage));

    // Keyboard only: taking puts the focus in the labelled composer, and Enter sends.
    const composer = agent.getByLabel('Message to the user');
    await expect.poll(() => composer.evaluate((field) => field === document.activeElement)).toBe(true);
    await agent.keyboard.type('Hello Tina, I am Ann. How can I help?');
    await agent.keyboard.press('Enter');
    await expectVisible(conversation().getByText('Hello Tina, I am Ann. How can I help?'));
    await expect.poll(() => composer.inputValue()).toBe('');

    await say('My pizza never arrived.');
    await expectVisible(messages.getByText('My pizza never arrived.'));
    await shot(agent, 'agent-inbox-chat');
    await shot(s.page, 'agent-inbox-user-test-chat');

    await agent.getByRole('button', { name: 'Hand back to the bot' }).click();
    await expectVisible(agent.getByRole('status').getByText('Handed back to the bot'));
    await expectVisible(conversation().getByText(SETTINGS.chatEndMessage));
    await expectHidden(waiting.getByRole('link', { name: new RegExp(TINA_EMAIL) }));
    await expect.poll(() => agent.getByLabel('Message to the user').isDisabled()).toBe(true);

    // The bot answers again.
    const before = await conversation().getByText(BELOW_THRESHOLD).count();
    await say('thanks');
    await expect.poll(() => conversation().getByText(BELOW_THRESHOLD).count()).toBe(before + 1);
    expect(s.browser.pageErrors).toEqual([]);
    expect(agentBrowser.pageErrors).toEqual([]);
  });

  test("a visitor of the chat bubble on a customer's site is answered by an agent in the inbox", async () => {
    // The customer's page, on an origin of its own, with the snippet's embed code pasted in.
    let embedCode = '';
    const site = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>The Example Shop</title></head><body><h1>The Example Shop</h1>${embedCode}</body></html>`,
      );
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    const siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    const visitorBrowser = await launchBrowser();
    try {
      await s.tina('POST', `/api/bots/${encodeURIComponent(BOT)}/configuration`, {
        channels: [{ name: 'chatBubble', visible: true }],
      });
      const snippet = (await s.tina('POST', `/api/bots/${encodeURIComponent(BOT)}/snippets`, {
        name: 'Shop',
        allowedOrigins: [siteUrl],
        settings: { title: 'Ask the shop' },
      })) as SnippetView;
      const base = (await s.tina(
        'GET',
        `/api/bots/${encodeURIComponent(BOT)}/snippets/base-url`,
      )) as SnippetBaseUrl;
      embedCode = embedCodeOf(snippet, base);

      const visitor = await visitorBrowser.newPage();
      await visitor.goto(siteUrl);
      const widget = visitor.locator('[data-parley-chat]');
      const log = widget.getByRole('log', { name: 'Conversation' });
      const visitorSays = async (text: string) => {
        await widget.getByLabel('Type your message').fill(text);
        await widget.getByRole('button', { name: 'Send', exact: true }).click();
        await expectVisible(log.getByText(text).last());
      };
      await widget.getByRole('button', { name: /^Chat: Ask the shop/ }).click();
      await visitorSays('wobble');
      await visitorSays('I want a human');
      await expectVisible(log.getByText(SETTINGS.queueEnterMessage));

      // Tina answers as the agent (an account administrator answers every bot's conversations).
      await s.page.goto(`${s.app.baseUrl}/inbox`);
      const item = s.page
        .getByRole('region', { name: /^Waiting/ })
        .getByRole('link', { name: /I want a human/ });
      await item.click();
      await expectVisible(s.page.getByText('Helpdesk Bot · Chat Bubble ·', { exact: false }));
      await s.page.getByRole('button', { name: 'Take' }).click();
      await expectVisible(log.getByText(SETTINGS.chatStartMessage));
      await s.page.getByLabel('Message to the user').fill('Hi, Tina from the shop here.');
      await s.page.getByRole('button', { name: 'Send' }).click();
      await expectVisible(log.getByText('Hi, Tina from the shop here.'));
      await visitorSays('Where is my parcel?');
      await expectVisible(s.page.getByRole('list', { name: 'Messages' }).getByText('Where is my parcel?'));
      await shot(visitor, 'agent-inbox-chat-bubble-visitor');
      await s.page.getByRole('button', { name: 'Hand back to the bot' }).click();
      await expectVisible(log.getByText(SETTINGS.chatEndMessage));
      expect(visitorBrowser.pageErrors).toEqual([]);
    } finally {
      await visitorBrowser.close();
      await new Promise((resolve) => site.close(resolve));
    }
  });

  test('people who answer for no bot see no inbox in the navigation, and the address leads back to the bots', async () => {
    const browser = await launchBrowser();
    try {
      await createPlainUser(s.app.server, {
        email: 'nobody.agent@example.com',
        password: AGENT.password,
        name: 'Nobody',
        tenantId: s.tenantId,
      });
      const page = await browser.newPage();
      await logInThroughUi(page, s.app.baseUrl, 'nobody.agent@example.com', AGENT.password);
      const nav = page.getByRole('navigation', { name: 'Main' });
      await expectVisible(nav.getByRole('link', { name: 'Bots' }));
      expect(await nav.getByRole('link', { name: 'Agent inbox' }).count()).toBe(0);
      await page.goto(`${s.app.baseUrl}/inbox`);
      await page.getByRole('heading', { name: 'Bot Overview' }).waitFor();
      expect(browser.pageErrors).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});

const TINA_EMAIL = 'tina@example\\.com';
