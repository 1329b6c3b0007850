import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FlowStep } from '@parley/flows';
import WebSocket from 'ws';
import { benchToken, seedBenchDatabase, seedFlowBot } from './bench-seed';
import { latencySummary, round } from './load';
import { startServerProcess } from './server-process';

const PORT = 3921;
const ECHO_PORT = 3922;
const BOT = 'Runtime Bot';
const CONVERSATIONS = 1000;

/** Ten blocks that do not wait: every user message goes through the NLU, then the whole flow. */
const FLOW: FlowStep[] = [
  { block: 'message', fields: { message: 'Let me look that up.' } },
  { block: 'setVariable', fields: { 'variable-value': '42' }, outputs: ['OrderNumber'] },
  { block: 'message', fields: { message: 'Order [OrderNumber] found.' } },
  { block: 'simpleCalculationBlock', fields: { equation: '[OrderNumber] * 2' }, outputs: ['Math'] },
  { block: 'message', fields: { message: 'It has [Math] items.' } },
  { block: 'setVariable', fields: { 'variable-value': 'shipped' }, outputs: ['Status'] },
  { block: 'message', fields: { message: 'Status: [Status].' } },
  {
    block: 'replaceInVariable',
    fields: { 'replace-variable': 'Status', 'replace-rules': [{ find: 'shipped', replace: 'on its way' }] },
  },
  { block: 'message', fields: { message: 'It is [Status].' } },
  { block: 'message', fields: { message: 'Anything else?' } },
  { end: 'endFlow' },
];

const INTENTS = {
  OrderStatus: [
    'where is my order',
    'order status please',
    'has my order shipped',
    'track my order',
    'when will my parcel arrive',
  ],
  Greeting: ['hello', 'hi there', 'good morning', 'hey how are you', 'good evening'],
  Refund: [
    'i want my money back',
    'refund please',
    'how do i get a refund',
    'return this item',
    'cancel and refund',
  ],
};

/** A fresh embedded database with one published bot whose OrderStatus flow is active on test. */
async function seed(dataDir: string): Promise<void> {
  await seedBenchDatabase(dataDir, async (ctx, scope) => {
    await seedFlowBot(ctx, scope, {
      botName: BOT,
      intents: INTENTS,
      flowIntent: 'OrderStatus',
      flow: FLOW,
      target: 'test',
    });
  });
}

interface RoundTrips {
  turns: number;
  seconds: number;
  turnsPerSecond: number;
  latencyMs: ReturnType<typeof latencySummary>;
}

/** Each socket sends, waits for its answer, and sends again, for `seconds`. */
async function roundTrips(
  sockets: WebSocket[],
  seconds: number,
  message: (i: number) => string,
  isAnswer: (data: string) => boolean,
): Promise<RoundTrips> {
  const latencies: number[] = [];
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    sockets.map(
      (socket, i) =>
        new Promise<void>((done) => {
          let sentAt = 0;
          const send = () => {
            if (performance.now() >= deadline) {
              socket.off('message', onMessage);
              done();
              return;
            }
            sentAt = performance.now();
            socket.send(message(i));
          };
          const onMessage = (data: WebSocket.RawData) => {
            if (!isAnswer(data.toString())) return;
            latencies.push(performance.now() - sentAt);
            send();
          };
          socket.on('message', onMessage);
          send();
        }),
    ),
  );
  const elapsed = (performance.now() - started) / 1000;
  return {
    turns: latencies.length,
    seconds: round(elapsed),
    turnsPerSecond: round(latencies.length / elapsed),
    latencyMs: latencySummary(latencies),
  };
}

const open = (url: string) =>
  new Promise<WebSocket>((resolve, reject) => {
    const socket = new WebSocket(url);
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  });

/** A bare websocket echo server in its own process: the ceiling of this machine's websocket round trips. */
function startEcho(): Promise<ChildProcess> {
  const source = `const { WebSocketServer } = require('ws');
    const server = new WebSocketServer({ port: ${ECHO_PORT}, host: '127.0.0.1' });
    server.on('connection', (s) => s.on('message', (m) => s.send(m.toString())));
    server.on('listening', () => process.stdout.write('ready\\n'));`;
  const child = spawn(process.execPath, ['-e', source], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve) => child.stdout?.once('data', () => resolve(child)));
}

async function inBatches<T>(count: number, size: number, make: (i: number) => Promise<T>): Promise<T[]> {
  const made: T[] = [];
  for (let i = 0; i < count; i += size) {
    made.push(
      ...(await Promise.all(Array.from({ length: Math.min(size, count - i) }, (_, j) => make(i + j)))),
    );
  }
  return made;
}

/**
 * `npm run bench -- runtime`: 1,000 test-chat conversations over websockets against one server
 * process, each message recognised by the embedded NLU and answered by a 10-block flow, beside
 * a bare websocket echo on the same machine in the same run.
 */
export async function benchRuntime(options: { seconds: number }) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'parley-bench-runtime-'));
  await seed(dataDir);
  const server = await startServerProcess({ port: PORT, dataDir, env: { LOG_LEVEL: 'error' } });
  const echo = await startEcho();
  try {
    const token = await benchToken(server.url);
    const address = `${server.url.replace(/^http/, 'ws')}/ws?app=parley&token=${encodeURIComponent(Buffer.from(token).toString('base64'))}`;
    const topics = await inBatches(CONVERSATIONS, 50, async () => {
      const response = await fetch(`${server.url}/api/bots/${encodeURIComponent(BOT)}/test-chat`, {
        method: 'POST',
        headers: { authtoken: token },
      });
      const started = (await response.json()) as { botId: string; conversationId: string };
      return { kind: 'conversation', botId: started.botId, conversationId: started.conversationId };
    });
    const sockets = await inBatches(CONVERSATIONS, 50, async (i) => {
      const socket = await open(address);
      await new Promise<void>((subscribed) => {
        socket.on('message', function onSubscribed(data) {
          if (String(data).includes('"subscribed"')) {
            socket.off('message', onSubscribed);
            subscribed();
          }
        });
        socket.send(JSON.stringify({ type: 'subscribe', topic: topics[i] }));
      });
      return socket;
    });
    const say = (i: number) =>
      JSON.stringify({
        type: 'conversation:say',
        topic: topics[i],
        activity: { type: 'text', text: 'where is my order' },
      });
    // A warm-up round: the first turn of each conversation loads and compiles what later ones reuse.
    await roundTrips(sockets, 2, say, (data) => data.startsWith('{"type":"conversation:turn"'));
    const runtime = await roundTrips(sockets, options.seconds, say, (data) =>
      data.startsWith('{"type":"conversation:turn"'),
    );
    for (const socket of sockets) socket.close();

    const echoSockets = await inBatches(CONVERSATIONS, 100, () => open(`ws://127.0.0.1:${ECHO_PORT}`));
    const bare = await roundTrips(
      echoSockets,
      options.seconds,
      (i) => `ping ${i}`,
      () => true,
    );
    for (const socket of echoSockets) socket.close();
    return {
      setup: { conversations: CONVERSATIONS, flowBlocks: 10, nluOnEveryTurn: true },
      runtime,
      websocketEcho: bare,
      throughputOfEcho: round(runtime.turnsPerSecond / bare.turnsPerSecond, 3),
      goal: 'at least half the echo throughput, p99 under 20 ms',
    };
  } finally {
    echo.kill();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
