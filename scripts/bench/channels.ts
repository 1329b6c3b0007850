import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FlowStep } from '@parley/flows';
import { loadConfig } from '../../apps/server/src/config';
import type { AppContext } from '../../apps/server/src/context';
import { storePlatformKeys } from '../../apps/server/src/services/channels/messaging/channel-keys.service';
import { telegramPlatform } from '../../apps/server/src/services/channels/telegram/telegram-platform';
import { telegramWebhookSecret } from '../../apps/server/src/services/channels/telegram/telegram-webhook-secret';
import { seedBenchDatabase, seedFlowBot } from './bench-seed';
import { latencySummary, round } from './load';
import { startServerProcess } from './server-process';

const PORT = 3923;
const BOT = 'Channel Bot';
const USERS = 50;
const TOKEN = '123456:bench-telegram-token';

const FLOW_FIRST_ANSWER = 'Let me look that up.';

/** A support answer of three messages, recognised by the embedded NLU: what a messaging bot typically does. */
const FLOW: FlowStep[] = [
  { block: 'message', fields: { message: FLOW_FIRST_ANSWER } },
  { block: 'setVariable', fields: { 'variable-value': '42' }, outputs: ['OrderNumber'] },
  { block: 'message', fields: { message: 'Order [OrderNumber] is on its way.' } },
  { block: 'message', fields: { message: 'Anything else?' } },
  { end: 'endFlow' },
];

const INTENTS = {
  OrderStatus: ['where is my order', 'order status please', 'has my order shipped', 'track my order'],
  Greeting: ['hello', 'hi there', 'good morning', 'hey how are you'],
};

/** A published bot whose flow is active on production, with Telegram added, enabled and connected. */
async function seed(dataDir: string): Promise<string> {
  let webhookId = '';
  await seedBenchDatabase(dataDir, async (ctx, scope) => {
    const bot = await seedFlowBot(ctx, scope, {
      botName: BOT,
      intents: INTENTS,
      flowIntent: 'OrderStatus',
      flow: FLOW,
      target: 'production',
    });
    await scope.botConnections(bot.id).add('channel', 'telegram', true);
    const keys = await storePlatformKeys(ctx, scope, bot, telegramPlatform, {
      accessToken: TOKEN,
      isValidated: true,
    });
    webhookId = keys.webhookId;
  });
  return webhookId;
}

/** Telegram's Bot API as far as the bot's answers need it: each sendMessage noted with its arrival time. */
async function startTelegramStandIn(onMessage: (chatId: number, at: number, text: string) => void) {
  let sent = 0;
  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const at = performance.now();
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as {
        chat_id?: number;
        text?: string;
      };
      if (request.url?.endsWith('/sendMessage') && typeof body.chat_id === 'number')
        onMessage(body.chat_id, at, body.text ?? '');
      sent += 1;
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({ ok: true, result: { message_id: sent, date: 0, chat: { id: body.chat_id } } }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

/**
 * `npm run bench -- channels`: inbound webhook throughput of one channel (Telegram) against one
 * server process. 50 users each send a message, wait for the bot's first answer to reach the
 * platform's API (the stand-in's sendMessage), and send the next. Measured: messages per second,
 * and the time from the webhook's arrival to the first outbound call.
 */
export async function benchChannels(options: { seconds: number }) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'parley-bench-channels-'));
  const webhookId = await seed(dataDir);
  const secret = telegramWebhookSecret(
    { config: loadConfig({ DATA_DIR: dataDir }) } as AppContext,
    webhookId,
  );
  const waiting = new Map<number, (at: number) => void>();
  // Every first answer must be the flow's own: an error message would be fast and wrong.
  let notTheFlow = 0;
  const telegram = await startTelegramStandIn((chatId, at, text) => {
    const answered = waiting.get(chatId);
    if (!answered) return;
    waiting.delete(chatId);
    if (text !== FLOW_FIRST_ANSWER) notTheFlow += 1;
    answered(at);
  });
  const server = await startServerProcess({
    port: PORT,
    dataDir,
    env: { LOG_LEVEL: 'error', TELEGRAM_API_URL: telegram.url },
  });
  const webhook = `${server.url}/webhooks/telegram/${webhookId}`;
  let updateId = 0;
  const say = async (chatId: number) => {
    updateId += 1;
    const firstAnswer = new Promise<number>((resolve) => waiting.set(chatId, resolve));
    const sentAt = performance.now();
    const response = await fetch(webhook, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': secret },
      body: JSON.stringify({
        update_id: updateId,
        message: {
          message_id: updateId,
          date: Math.floor(Date.now() / 1000),
          chat: { id: chatId, type: 'private' },
          from: { id: chatId, is_bot: false, first_name: 'User', language_code: 'en' },
          text: 'where is my order',
        },
      }),
    });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`the webhook answered ${response.status}`);
    return { toFirstOutbound: (await firstAnswer) - sentAt, webhookAnswered: performance.now() - sentAt };
  };
  const run = async (seconds: number) => {
    const toOutbound: number[] = [];
    const answered: number[] = [];
    let errors = 0;
    const started = performance.now();
    const deadline = started + seconds * 1000;
    await Promise.all(
      Array.from({ length: USERS }, async (_, i) => {
        while (performance.now() < deadline) {
          try {
            const timing = await say(1_000_000 + i);
            toOutbound.push(timing.toFirstOutbound);
            answered.push(timing.webhookAnswered);
          } catch {
            errors += 1;
          }
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    return {
      messages: toOutbound.length,
      errors,
      seconds: round(elapsed),
      messagesPerSecond: round(toOutbound.length / elapsed),
      webhookToFirstOutboundCallMs: latencySummary(toOutbound),
      webhookAnsweredMs: latencySummary(answered),
    };
  };
  try {
    // A warm-up: each user's first message starts their conversation and compiles what later ones reuse.
    await run(2);
    const measured = await run(options.seconds);
    return {
      setup: {
        channel: 'telegram',
        users: USERS,
        flow: '3 messages after the embedded NLU, production flows',
        serverProcesses: 1,
        platform: 'a local stand-in of the Telegram Bot API',
      },
      ...measured,
      firstAnswersNotFromTheFlow: notTheFlow,
      goal: 'inbound webhook throughput and p99 from webhook arrival to the outbound call, against one server process',
    };
  } finally {
    await server.stop();
    telegram.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
