import { copyFileSync, mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SNIPPET_MESSAGES, type SnippetBaseUrl, type SnippetView } from '@parley/contracts';
import { buildFlowXml } from '@parley/flows';
import type { Page, WebSocketRoute } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import { embedCodeOf } from '../src/features/chat-bubble/snippet-form';
import { popupOf } from './support/accounts';
import { botPageSuite } from './support/bot-page-suite';
import { launchBrowser } from './support/browser';
import { expectVisible } from './support/expect-page';
import { publishBot } from './support/pizza-bot-setup';
import { screenshot } from './support/screenshots';

const SHOTS = '/tmp/shots';
/** A 1 x 1 PNG, as a visitor's picture. */
const PNG_1PX =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const BOT = 'Support';

/** A screenshot in the suite's folder, copied to /tmp/shots for a person to look at. */
async function shot(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  const file = await screenshot(page, `chat-widget-${name}`, options);
  mkdirSync(SHOTS, { recursive: true });
  copyFileSync(file, `${SHOTS}/chat-widget-${name}.png`);
}

/** A customer's plain web site on its own port: two pages, each with the embed code pasted in. */
function customerSite(embedCode: (path: string) => string): Promise<Server> {
  const page = (path: string, title: string, link: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<style>body { font-family: Georgia, serif; margin: 40px; background: #fbf8f1; } h1 { color: #5b3a1a; }</style>
</head><body><h1>${title}</h1><p>Welcome to our shop. <a href="${link}">Another page</a></p>
${embedCode(path)}
</body></html>`;
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (path === '/pizza.svg') {
      // The customer's own picture, as a flow's image links to it.
      response.writeHead(200, { 'content-type': 'image/svg+xml' });
      response.end(
        '<svg xmlns="http://www.w3.org/2000/svg" width="240" height="120"><rect width="240" height="120" fill="#f59e0b"/><circle cx="120" cy="60" r="40" fill="#b91c1c"/></svg>',
      );
      return;
    }
    const isPage = ['/', '/other.html', '/rich.html', '/gone.html'].includes(path);
    response.writeHead(isPage ? 200 : 404, { 'content-type': 'text/html' });
    response.end(
      path === '/other.html'
        ? page(path, 'Our other page', '/')
        : page(path, 'The Example Shop', '/other.html'),
    );
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/**
 * The chat bubble as a customer uses it (issue 13): a snippet made on the Chat Bubble settings,
 * its embed code pasted into a plain page served from another origin, a conversation with a
 * template bot there that survives a reload and another page of the site, and a page of an
 * origin the snippet does not allow that gets no chat.
 */
describe('the chat bubble on a customer page', () => {
  let site: Server;
  let embedCode = '';
  let richEmbedCode = '';
  let goneEmbedCode = '';
  let siteUrl = '';
  let visitorSnippet: Promise<void> | undefined;

  /**
   * The snippet the visitors' tests use, made once through the API (the settings test makes its
   * own through the page), and its embed code on the customer's pages.
   */
  function withVisitorSnippet(): Promise<void> {
    visitorSnippet ??= (async () => {
      const snippet = (await s.tina('POST', `/api/bots/${BOT}/snippets`, {
        name: 'Customer site',
        allowedOrigins: [siteUrl],
        settings: {
          title: 'Ask the shop',
          isMainColor: true,
          mainColor: '#0f766e',
          hasPopupMessages: true,
          popupMessages: [{ message: 'Questions? We are here.', delay: 1 }],
          showNotificationMessage: true,
          hasUploadButton: true,
        },
      })) as SnippetView;
      const base = (await s.tina('GET', `/api/bots/${BOT}/snippets/base-url`)) as SnippetBaseUrl;
      embedCode = embedCodeOf(snippet, base);
    })();
    return visitorSnippet;
  }

  const s = botPageSuite(
    'Sandbox',
    async (tina) => {
      // The help desk template: its flows come activated to test and to production; its model is published here.
      await tina('POST', '/api/bot', {
        name: BOT,
        region: 'eu-west',
        createType: 'template',
        template: 'customer-support-faq.enc',
      });
      // The Chat Bubble channel on, as the Configuration tab does.
      await tina('POST', `/api/bots/${BOT}/configuration`, {
        channels: [{ name: 'chatBubble', visible: true }],
      });
      await publishBot(tina, BOT);
      const embedCodes: Record<string, () => string> = {
        '/rich.html': () => richEmbedCode,
        '/gone.html': () => goneEmbedCode,
      };
      site = await customerSite((path) => embedCodes[path]?.() ?? embedCode);
      siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    },
    { timeoutMs: 120_000 },
  );
  afterAll(async () => {
    await new Promise((resolve) => site?.close(resolve));
  });

  const widget = (p: Page) => p.locator('[data-parley-chat]');
  const chatLog = (p: Page) => widget(p).getByRole('log', { name: 'Conversation' });

  async function say(p: Page, text: string, answer: string) {
    await widget(p).getByLabel('Type your message').fill(text);
    await widget(p).getByRole('button', { name: 'Send', exact: true }).click();
    await expectVisible(chatLog(p).getByText(answer, { exact: false }).last());
  }

  test('a snippet made on the Chat Bubble settings: origins checked, popup messages shown when on, embed code given', async () => {
    await s.page.goto(`${s.app.baseUrl}/bots/${BOT}/settings/bubble`);
    await expectVisible(s.page.getByRole('heading', { name: 'Chat bubbles' }));
    // The creation form toggles open and closed.
    const add = s.page.getByRole('button', { name: 'Add chat bubble' });
    await add.click();
    const form = s.page.getByRole('form', { name: 'New chat bubble' });
    await expectVisible(form);
    await s.page.getByRole('button', { name: 'Close', exact: true }).click();
    expect(await form.count()).toBe(0);
    await add.click();
    await form.getByLabel('Name').fill('Shop site');
    await form.getByRole('button', { name: 'Create' }).click();

    const card = s.page.getByRole('region', { name: 'Shop site' });
    await expectVisible(card);
    await card.getByLabel('Title').fill('Ask the shop');
    // Popup messages appear only when they are on.
    expect(await card.getByRole('group', { name: 'Popup messages' }).count()).toBe(0);
    await card.getByRole('switch', { name: 'Popup messages' }).click();
    await card.getByRole('button', { name: 'Add popup message' }).click();
    await card.getByLabel('Message 1', { exact: true }).fill('Questions? We are here.');
    await card.getByLabel('Delay (seconds)').fill('1');
    await card.getByRole('switch', { name: 'Main colour', exact: true }).click();
    await card.getByLabel('Main colour value', { exact: true }).fill('#0f766e');
    await card.getByRole('switch', { name: 'Notification message' }).click();

    // An origin with a path is refused with the spec's message before anything is sent.
    await card.getByRole('button', { name: 'Add origin' }).click();
    await card.getByLabel('Origin 1', { exact: true }).fill(`${siteUrl}/shop`);
    await expectVisible(card.getByText(SNIPPET_MESSAGES.originOnly));
    expect(await card.getByRole('button', { name: 'Save', exact: true }).isDisabled()).toBe(true);
    await card.getByLabel('Origin 1', { exact: true }).fill(siteUrl);
    await card.getByRole('button', { name: 'Save', exact: true }).click();
    await expectVisible(popupOf(s.page).getByText(SNIPPET_MESSAGES.saved));
    await popupOf(s.page).getByRole('button', { name: 'OK' }).click();

    // Icons: a wrong type is refused with the spec's message; a PNG is shown once uploaded.
    await card.getByLabel('Bubble icon file').setInputFiles({
      name: 'logo.gif',
      mimeType: 'image/gif',
      buffer: Buffer.from('GIF89a'),
    });
    await expectVisible(popupOf(s.page).getByText(SNIPPET_MESSAGES.iconType));
    await popupOf(s.page).getByRole('button', { name: 'OK' }).click();
    await card.getByLabel('Avatar file').setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: Buffer.from(PNG_1PX, 'base64'),
    });
    await expectVisible(card.getByRole('img', { name: 'Avatar' }));

    const shown = await card.getByLabel('Embed code').inputValue();
    const made = ((await s.tina('GET', `/api/bots/${BOT}/snippets`)) as SnippetView[]).find(
      (s) => s.name === 'Shop site',
    );
    expect(made).toMatchObject({
      allowedOrigins: [siteUrl],
      settings: { title: 'Ask the shop', mainColor: '#0f766e' },
    });
    expect(made?.settings.popupMessages).toEqual([{ message: 'Questions? We are here.', delay: 1 }]);
    expect(shown).toContain(`<script src="${s.app.baseUrl}/assets/chat-widget.js"></script>`);
    expect(shown).toContain(`ParleyChat.mount({ token: "${made?.token}", code: "${made?.code}"`);
    await shot(s.page, '1-settings', { fullPage: true });
  });

  test('a visitor on the customer site talks to the bot; the conversation survives a reload and another page', async () => {
    await withVisitorSnippet();
    const visitorBrowser = await launchBrowser();
    try {
      const visitor = await visitorBrowser.newPage();
      await visitor.goto(siteUrl);
      const launcher = widget(visitor).getByRole('button', { name: /^Chat: Ask the shop/ });
      await expectVisible(launcher);
      // The popup message comes after its delay while the chat is closed.
      await expectVisible(widget(visitor).getByText('Questions? We are here.'));
      await shot(visitor, '2-popup');

      // Keyboard: the launcher opens the chat with focus in the message box; Escape closes it again.
      await launcher.focus();
      await visitor.keyboard.press('Enter');
      const input = widget(visitor).getByLabel('Type your message');
      await expect
        .poll(() => input.evaluate((el) => el === (el.getRootNode() as ShadowRoot).activeElement))
        .toBe(true);
      await visitor.keyboard.press('Escape');
      await expect.poll(() => launcher.getAttribute('aria-expanded')).toBe('false');
      await launcher.click();

      const started = Date.now();
      await say(visitor, 'when are you open', 'Monday to Friday from 9:00 to 17:00');
      const firstAnswerMs = Date.now() - started;
      await say(visitor, 'what is the status of my ticket', 'What is your ticket number?');
      // The Upload button sends a picture, shown in the conversation.
      await widget(visitor)
        .locator('input[type=file]')
        .setInputFiles({
          name: 'receipt.png',
          mimeType: 'image/png',
          buffer: Buffer.from(PNG_1PX, 'base64'),
        });
      await expectVisible(chatLog(visitor).getByRole('img', { name: 'receipt.png' }));
      await shot(visitor, '3-conversation');
      expect(firstAnswerMs).toBeLessThan(10_000);

      // A reload keeps the chat open and the conversation where it was.
      await visitor.reload();
      await expectVisible(chatLog(visitor).getByText('What is your ticket number?'));
      await expectVisible(chatLog(visitor).getByText('when are you open'));
      // So does another page of the same site: the conversation goes on where it was.
      await visitor.goto(`${siteUrl}/other.html`);
      await expectVisible(chatLog(visitor).getByText('Monday to Friday from 9:00 to 17:00'));
      await say(visitor, 'when are you open', 'Monday to Friday from 9:00 to 17:00');
      await shot(visitor, '4-after-reload');

      // A second tab of the site joins the same conversation; what is said there shows in both.
      const second = await visitorBrowser.newPage();
      await second.goto(siteUrl);
      await widget(second)
        .getByRole('button', { name: /^Chat: Ask the shop/ })
        .click();
      await expectVisible(chatLog(second).getByText('when are you open').first());
      await say(second, 'what are your opening hours', 'Monday to Friday from 9:00 to 17:00');
      await expectVisible(chatLog(visitor).getByText('what are your opening hours'));
      expect(await chatLog(second).getByText('what are your opening hours').count()).toBe(1);

      // The page keeps the visitor and the conversation; the conversation is logged on the Chat
      // Bubble channel, on the production flows, under the visitor's anonymous key.
      const kept = JSON.parse(
        (await visitor.evaluate(() => {
          const key = Object.keys(localStorage).find((k) => k.startsWith('parley-chat:'));
          return key ? localStorage.getItem(key) : null;
        })) ?? '{}',
      ) as { visitorKey?: string; conversationId?: string };
      expect(kept.visitorKey).toMatch(/^v1\./);
      const conversation = await s.app.server.ctx.repos.db
        .selectFrom('conversations')
        .innerJoin('bots', 'bots.id', 'conversations.bot_id')
        .select(['conversations.channel', 'conversations.is_test', 'conversations.user_key', 'bots.bot_name'])
        .where('conversations.id', '=', kept.conversationId ?? '')
        .executeTakeFirst();
      expect(conversation).toMatchObject({ channel: 'chatBubble', bot_name: BOT });
      expect(conversation?.user_key).toMatch(/^web-/);
      expect(Boolean(conversation?.is_test)).toBe(false);
      expect(visitorBrowser.pageErrors).toEqual([]);
    } finally {
      await visitorBrowser.close();
    }
  });

  test('a page of an origin the snippet does not allow gets no chat', async () => {
    await withVisitorSnippet();
    const visitorBrowser = await launchBrowser();
    try {
      const visitor = await visitorBrowser.newPage();
      const warnings: string[] = [];
      visitor.on('console', (message) => {
        if (message.type() === 'warning') warnings.push(message.text());
      });
      // The same site under another host name is another origin.
      const refused = visitor.waitForResponse((r) => r.url().includes('/api/widget/'));
      await visitor.goto(siteUrl.replace('127.0.0.1', 'localhost'));
      expect((await refused).status()).toBe(403);
      await expect.poll(() => warnings.join('\n')).toContain(SNIPPET_MESSAGES.originRefused);
      expect(await widget(visitor).count()).toBe(0);
      await shot(visitor, '5-refused-origin');
    } finally {
      await visitorBrowser.close();
    }
  });

  test('the widget draws what flows send: an image, a hero card, a rating and an adaptive card, and answers them', async () => {
    // A bot of the test's own: one intent whose production flow sends each kind of content.
    const bot = 'Rich Bot';
    const path = (rest: string) => `/api/${encodeURIComponent(bot)}${rest}`;
    await s.tina('POST', '/api/bot', { name: bot, region: 'eu-west', language: 'en' });
    await s.tina('POST', path('/intents'), {
      name: 'Demo',
      utterances: ['show me everything', 'show the demo', 'start the demo please', 'i want the demo'],
    });
    await s.tina('POST', `/api/bots/${encodeURIComponent(bot)}/functions`, {
      type: 'adaptiveCard',
      name: 'Feedback card',
      json: {
        type: 'AdaptiveCard',
        version: '1.5',
        body: [
          { type: 'TextBlock', text: 'Tell us more', weight: 'Bolder', size: 'Medium' },
          { type: 'Input.Text', id: 'comment', label: 'Your comment' },
        ],
        actions: [
          { type: 'Action.Submit', title: 'Send feedback' },
          { type: 'Action.OpenUrl', title: 'Our site', url: 'https://example.com/' },
          { type: 'Action.OpenUrl', title: 'Bad link', url: 'javascript:alert(1)' },
        ],
      },
    });
    const xml = await buildFlowXml(
      [
        { block: 'sendGif', fields: { gif: `${siteUrl}/pizza.svg` } },
        {
          block: 'showOptions',
          fields: {
            suggestion: 'Pick a size',
            choices: ['Small', 'Large'],
            image: `${siteUrl}/pizza.svg`,
          },
          outputs: ['Size'],
        },
        { block: 'showRating', fields: { suggestion: 'How do you like it?' }, outputs: ['Rating'] },
        { function: 'Feedback card' },
        { block: 'message', fields: { message: 'Thanks: [Size], [Rating], [comment].' } },
        { end: 'endFlow' },
      ],
      { languages: ['en'] },
    );
    await s.tina('PUT', `${path('/intents/Demo')}/published-version`, { xml });
    await publishBot(s.tina, bot);
    await s.tina('POST', `/api/bots/${encodeURIComponent(bot)}/configuration`, {
      channels: [{ name: 'chatBubble', visible: true }],
    });
    const snippet = (await s.tina('POST', `/api/bots/${encodeURIComponent(bot)}/snippets`, {
      name: 'Rich',
      settings: { title: 'Rich demo', position: 'bottom-left', defaultChatScreen: 'big' },
    })) as SnippetView;
    const base = (await s.tina(
      'GET',
      `/api/bots/${encodeURIComponent(bot)}/snippets/base-url`,
    )) as SnippetBaseUrl;
    richEmbedCode = embedCodeOf(snippet, base);

    const visitorBrowser = await launchBrowser();
    try {
      const visitor = await visitorBrowser.newPage();
      await visitor.goto(`${siteUrl}/rich.html`);
      await widget(visitor)
        .getByRole('button', { name: /^Chat: Rich demo/ })
        .click();
      await say(visitor, 'show me everything', 'Pick a size');
      const log = chatLog(visitor);
      await expectVisible(log.getByRole('img', { name: 'Image from the bot' }));
      // The options with an image: a hero card; its buttons answer with their text.
      await expectVisible(log.locator('.hero img'));
      await log.getByRole('button', { name: 'Large', exact: true }).click();
      await expectVisible(log.getByText('How do you like it?'));
      expect(await log.getByRole('button', { name: 'Small', exact: true }).isDisabled()).toBe(true);
      await log
        .getByRole('group', { name: 'Rating' })
        .getByRole('button', { name: 'Satisfied', exact: true })
        .click();
      await expectVisible(log.getByText('Tell us more'));
      // Only http(s) links are drawn; the javascript: one is left out.
      expect(await log.getByRole('link', { name: 'Our site' }).getAttribute('href')).toBe(
        'https://example.com/',
      );
      expect(await log.getByRole('link', { name: 'Bad link' }).count()).toBe(0);
      await log.getByLabel('Your comment').fill('Lovely <b>pizza</b>');
      await log.getByRole('button', { name: 'Send feedback' }).click();
      // The rating keeps its score (Satisfied: 4). The bot's text is text: the markup a visitor
      // typed comes back as characters, not elements.
      await expectVisible(log.getByText('Thanks: Large, 4, Lovely <b>pizza</b>.'));
      expect(await log.getByRole('button', { name: 'Send feedback' }).isDisabled()).toBe(true);
      expect(await log.locator('b').count()).toBe(0);
      await shot(visitor, '6-rich-content');
      expect(visitorBrowser.pageErrors).toEqual([]);
    } finally {
      await visitorBrowser.close();
    }
  });

  test('the chat reconnects by itself when its connection drops, and goes on', async () => {
    await withVisitorSnippet();
    const visitorBrowser = await launchBrowser();
    try {
      const visitor = await visitorBrowser.newPage();
      // Every socket of the widget passes through here, so the test can cut one as a network would.
      const sockets: WebSocketRoute[] = [];
      await visitor.routeWebSocket(/\/ws\?/, (ws) => {
        ws.connectToServer();
        sockets.push(ws);
      });
      await visitor.goto(siteUrl);
      await widget(visitor)
        .getByRole('button', { name: /^Chat: Ask the shop/ })
        .click();
      await say(visitor, 'when are you open', 'Monday to Friday from 9:00 to 17:00');
      expect(sockets).toHaveLength(1);
      await sockets[0]?.close({ code: 1006, reason: 'network lost' });
      await expect.poll(() => sockets.length, { timeout: 10_000 }).toBe(2);
      // The new socket follows the same conversation: the next answer comes on it.
      await widget(visitor).getByLabel('Type your message').fill('what is the status of my ticket');
      await widget(visitor).getByRole('button', { name: 'Send', exact: true }).click();
      await expectVisible(chatLog(visitor).getByText('What is your ticket number?'));
      expect(await chatLog(visitor).getByText('Monday to Friday from 9:00 to 17:00').count()).toBe(1);
      expect(visitorBrowser.pageErrors).toEqual([]);
    } finally {
      await visitorBrowser.close();
    }
  });

  test('a chat whose site is taken off the allowed origins stops at the next message and says why', async () => {
    const snippet = (await s.tina('POST', `/api/bots/${BOT}/snippets`, {
      name: 'Soon gone',
      allowedOrigins: [siteUrl],
      settings: { title: 'Leaving soon' },
    })) as SnippetView;
    const base = (await s.tina('GET', `/api/bots/${BOT}/snippets/base-url`)) as SnippetBaseUrl;
    goneEmbedCode = embedCodeOf(snippet, base);
    const visitorBrowser = await launchBrowser();
    try {
      const visitor = await visitorBrowser.newPage();
      await visitor.goto(`${siteUrl}/gone.html`);
      await widget(visitor)
        .getByRole('button', { name: /^Chat: Leaving soon/ })
        .click();
      await say(visitor, 'when are you open', 'Monday to Friday from 9:00 to 17:00');
      await s.tina('PUT', `/api/bots/${BOT}/snippets/${encodeURIComponent('Soon gone')}`, {
        allowedOrigins: ['https://elsewhere.example.com'],
      });
      await widget(visitor).getByLabel('Type your message').fill('hello again');
      await widget(visitor).getByRole('button', { name: 'Send', exact: true }).click();
      await expectVisible(
        widget(visitor).getByRole('status').filter({ hasText: SNIPPET_MESSAGES.originRefused }),
      );
      expect(await widget(visitor).getByLabel('Type your message').isDisabled()).toBe(true);
      await shot(visitor, '7-origin-removed');
    } finally {
      await visitorBrowser.close();
    }
  });
});
