import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { SnippetBaseUrl, SnippetView } from '@parley/contracts';
import { launchBrowser } from '../../apps/web/e2e/support/browser';
import { embedCodeOf } from '../../apps/web/src/features/chat-bubble/snippet-form';
import { benchToken, seedBenchDatabase } from './bench-seed';
import { median, round } from './load';
import { startServerProcess } from './server-process';

const root = path.resolve(import.meta.dirname, '../..');
const WIDGET_FILE = path.join(root, 'packages/widget/dist/chat-widget.js');
const PORT = 3927;
const BOT = 'Widget Bench Bot';
const TEMPLATE = 'customer-support-faq.enc';
/** Visitors, each in a fresh browser context (no kept conversation, a cold widget). */
const RUNS = 5;
const BUDGET_GZIP_BYTES = 60 * 1024;

/** The widget script as served: raw, gzip (default level, as servers send it) and gzip -9. */
export function widgetScriptSize() {
  if (!existsSync(WIDGET_FILE)) throw new Error(`${WIDGET_FILE} is missing: run npm run build first`);
  const content = readFileSync(WIDGET_FILE);
  return {
    file: 'packages/widget/dist/chat-widget.js (served at /assets/chat-widget.js)',
    bytes: content.length,
    gzipBytes: gzipSync(content).length,
    gzip9Bytes: gzipSync(content, { level: 9 }).length,
    budgetGzipBytes: BUDGET_GZIP_BYTES,
  };
}

async function call(url: string, token: string, method: string, body?: unknown) {
  const response = await fetch(url, {
    method,
    headers: { authtoken: token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  const text = await response.text();
  return text ? JSON.parse(text) : undefined;
}

/** A template bot published, and a chat bubble for any origin: what a customer pastes. */
async function prepare(serverUrl: string): Promise<string> {
  const token = await benchToken(serverUrl);
  await call(`${serverUrl}/api/bot`, token, 'POST', {
    name: BOT,
    region: 'eu-west',
    createType: 'template',
    template: TEMPLATE,
  });
  const bot = encodeURIComponent(BOT);
  const syncId = encodeURIComponent(`${BOT}|${Date.now()}`);
  await call(`${serverUrl}/api/synchronization/${bot}/sync?provider=parley&syncId=${syncId}`, token, 'POST');
  for (const started = Date.now(); ; ) {
    const progress = await call(
      `${serverUrl}/api/synchronization/${bot}/progress?provider=parley&syncId=${syncId}`,
      token,
      'GET',
    );
    if (progress.isDone) break;
    if (Date.now() - started > 120_000) throw new Error('the publish did not end in 2 minutes');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await call(`${serverUrl}/api/bots/${bot}/configuration`, token, 'POST', {
    channels: [{ name: 'chatBubble', visible: true }],
  });
  const snippet = (await call(`${serverUrl}/api/bots/${bot}/snippets`, token, 'POST', {
    name: 'Bench',
  })) as SnippetView;
  const base = (await call(`${serverUrl}/api/bots/${bot}/snippets/base-url`, token, 'GET')) as SnippetBaseUrl;
  return embedCodeOf(snippet, base);
}

function customerPage(embedCode: string): Promise<Server> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title></head>
<body><h1>Shop</h1>${embedCode}</body></html>`);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/**
 * `npm run bench -- widget`: the embeddable chat script's size, and in Chromium, a visitor on a
 * page of another origin: from navigation to the chat button shown, and from the first message
 * sent to the bot's first answer shown (a template bot's production flow over the websocket),
 * against the built server as its own process. Needs a build.
 */
export async function benchWidget() {
  const size = widgetScriptSize();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'parley-bench-widget-'));
  await seedBenchDatabase(dataDir, async () => {});
  const server = await startServerProcess({ port: PORT, dataDir, env: { LOG_LEVEL: 'error' } });
  const site = await customerPage(await prepare(server.url));
  const siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  const toButton: number[] = [];
  const toFirstAnswer: number[] = [];
  const fromNavigation: number[] = [];
  try {
    for (let run = 0; run < RUNS; run++) {
      const browser = await launchBrowser();
      try {
        const page = await browser.newPage();
        const navigated = performance.now();
        await page.goto(siteUrl);
        const widget = page.locator('[data-parley-chat]');
        const launcher = widget.getByRole('button', { name: /^Chat:/ });
        await launcher.waitFor({ state: 'visible', timeout: 30_000 });
        const shown = performance.now();
        await launcher.click();
        await widget.getByLabel('Type your message').fill('when are you open');
        const sent = performance.now();
        await widget.getByRole('button', { name: 'Send', exact: true }).click();
        await widget.locator('.msg.bot').first().waitFor({ state: 'visible', timeout: 30_000 });
        const answered = performance.now();
        toButton.push(shown - navigated);
        toFirstAnswer.push(answered - sent);
        fromNavigation.push(answered - navigated);
        if (browser.pageErrors.length > 0) throw new Error(`page errors: ${browser.pageErrors.join('; ')}`);
      } finally {
        await browser.close();
      }
    }
  } finally {
    await new Promise((resolve) => site.close(resolve));
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const stats = (values: number[]) => ({
    medianMs: round(median(values), 1),
    minMs: round(Math.min(...values), 1),
    maxMs: round(Math.max(...values), 1),
  });
  return {
    widgetScript: size,
    isWithinBudget: size.gzipBytes <= BUDGET_GZIP_BYTES,
    chromium: {
      visitors: RUNS,
      bot: `${BOT} (template ${TEMPLATE}, production flow, embedded NLU)`,
      navigationToChatButton: stats(toButton),
      sendToFirstBotMessage: stats(toFirstAnswer),
      navigationToFirstBotMessage: stats(fromNavigation),
    },
  };
}
