import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import type { GeneratedApiKey } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { pollUntil } from '../../server/test/support/poll-until';
import { botPageSuite } from './support/bot-page-suite';
import { expectVisible } from './support/expect-page';
import { REPO_ROOT } from './support/paths';
import { publishedTemplateBot } from './support/pizza-bot-setup';
import { screenshot } from './support/screenshots';

const BOT = 'Support Desk';

/** Microsoft's Web Chat, the full bundle, as a customer's page loads it. */
const WEBCHAT_BUNDLE = path.join(REPO_ROOT, 'node_modules/botframework-webchat/dist/webchat.js');

/** A small valid PNG (2×2, orange): the user's picture. */
function receiptPng(): Buffer {
  const crc32 = (data: Buffer) => {
    let crc = ~0;
    for (const byte of data) {
      crc ^= byte;
      for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
    }
    return ~crc >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const sized = Buffer.alloc(4);
    sized.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([sized, body, crc]);
  };
  const row = Buffer.from([0, 240, 120, 30, 240, 120, 30]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', Buffer.from([0, 0, 0, 2, 0, 0, 0, 2, 8, 2, 0, 0, 0])),
    chunk('IDAT', deflateSync(Buffer.concat([row, row]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

interface Activity {
  id: string;
  type: string;
  text?: string;
  from: { id: string; name?: string; role?: string };
  attachments?: Array<{ contentType: string; contentUrl: string; name: string }>;
}

/**
 * Issue 22's 'Done means': Microsoft's Web Chat 4.18 (the full bundle, botframework-webchat) on a
 * customer's page of another origin talks to a template bot through Parley's Direct Line, and its
 * attachment button sends a picture with the typed text: the bot answers, and the picture is the
 * user's message among the conversation's activities, served from its contentUrl.
 */
describe("Microsoft's Web Chat on Parley's Direct Line", () => {
  const s = botPageSuite('Web Chat Home Bot', async (tina) => {
    await publishedTemplateBot(tina, BOT, 'customer-support-faq.enc');
    await tina('POST', `/api/bots/${encodeURIComponent(BOT)}/configuration`, {
      channels: [{ name: 'api', visible: true, enabled: true }],
    });
  });
  let site: Server;
  let siteUrl = '';
  let secret = '';
  /** The token the customer's server got for the page: one conversation. */
  let conversation = { conversationId: '', token: '' };

  beforeAll(async () => {
    const generated = (await s.tina('POST', `/api/external/${encodeURIComponent(BOT)}/api-key/generate`, {
      expiresOnDate: false,
    })) as GeneratedApiKey;
    secret = generated.apiKey;
    const bundle = readFileSync(WEBCHAT_BUNDLE);
    site = createServer(async (request, response) => {
      if (request.url === '/webchat.js') {
        response.writeHead(200, { 'content-type': 'text/javascript' });
        response.end(bundle);
        return;
      }
      if (request.url !== '/') {
        response.writeHead(404).end();
        return;
      }
      // The customer's server asks Parley for a token with the secret; the page never sees the secret.
      const token = await fetch(`${s.app.baseUrl}/v3/directline/tokens/generate`, {
        method: 'POST',
        headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
        body: JSON.stringify({ user: { id: 'dl_shopper-7' } }),
      });
      conversation = (await token.json()) as typeof conversation;
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>The Example Shop</title>
<script src="/webchat.js"></script></head>
<body style="margin: 0; font-family: Georgia, serif"><h1 style="margin: 12px">The Example Shop</h1>
<div id="webchat" role="main" style="height: 560px; width: 480px; border: 1px solid #ccc"></div>
<script>
  window.WebChat.renderWebChat({
    directLine: window.WebChat.createDirectLine({
      token: ${JSON.stringify(conversation.token)},
      domain: ${JSON.stringify(`${s.app.baseUrl}/v3/directline`)},
    }),
    userID: 'dl_shopper-7',
    username: 'Sam Shopper',
    locale: 'en-US',
  }, document.getElementById('webchat'));
</script></body></html>`);
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => site?.close(resolve));
  });

  const activities = async () => {
    const response = await fetch(
      `${s.app.baseUrl}/v3/directline/conversations/${conversation.conversationId}/activities`,
      { headers: { authorization: `Bearer ${secret}` } },
    );
    return ((await response.json()) as { activities: Activity[] }).activities;
  };

  test('a conversation, then a picture sent with the typed text through the attachment button', async () => {
    const page = s.page;
    await page.goto(siteUrl);
    const input = page.getByRole('textbox', { name: 'Message input box' });
    await expectVisible(input);

    await input.fill('hello');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expectVisible(page.getByText(/I am the support assistant/).first());
    await screenshot(page, 'webchat-1-greeting');

    // The attachment button: a picture, and the text typed beside it; both go with Send.
    const picture = receiptPng();
    await page.locator('input[type="file"]').setInputFiles({
      name: 'receipt.png',
      mimeType: 'image/png',
      buffer: picture,
    });
    await input.fill('Here is my receipt');
    await page.getByRole('button', { name: 'Send', exact: true }).click();

    // Parley holds the message with its file and the text, the file served from its contentUrl.
    const sent = await pollUntil(
      'the message with the picture among the activities',
      async () => (await activities()).find((a) => a.attachments?.length),
      (found) => found !== undefined,
      { timeoutMs: 20_000, intervalMs: 200 },
    );
    expect(sent).toMatchObject({
      type: 'message',
      text: 'Here is my receipt',
      from: { id: 'dl_shopper-7', name: 'Sam Shopper', role: 'user' },
      attachments: [{ contentType: 'image/png', name: 'receipt.png' }],
    });
    const contentUrl = sent?.attachments?.[0]?.contentUrl ?? '';
    const served = await fetch(contentUrl);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(picture)).toBe(true);
    // Web Chat replaced its own copy by Parley's echo: the file's link is Parley's address, not the page's blob.
    await expect
      .poll(() => page.getByRole('link', { name: /receipt\.png/ }).getAttribute('href'), { timeout: 10_000 })
      .toBe(contentUrl);
    await expectVisible(page.getByText('Here is my receipt'));

    // The bot answered it: a message of the bot after the user's.
    await pollUntil(
      "the bot's answer to the picture",
      activities,
      (all) => all.slice(all.findIndex((a) => a.id === sent?.id) + 1).some((a) => a.from.role === 'bot'),
      { timeoutMs: 20_000, intervalMs: 200 },
    );
    // Web Chat took the echo as its own message: nothing is left unsent.
    await expect.poll(async () => page.getByText(/Send failed|Sending/).count(), { timeout: 10_000 }).toBe(0);
    await screenshot(page, 'webchat-2-picture-with-text');
  });
});
