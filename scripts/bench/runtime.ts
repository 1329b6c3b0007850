import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FlowStep } from '@parley/flows';
import pg from 'pg';
import WebSocket from 'ws';
import { benchToken, seedBenchDatabase, seedFlowBot } from './bench-seed';
import { probeHealthWhile } from './healthz-probe';
import { heapGrowth } from './heap-snapshot-diff';
import { latencySummary, round } from './load';
import { processCpuMicros } from './process-cpu';
import { type ServerProbe, type StartedServer, startServerProcess } from './server-process';

const PORT = 3921;
const ECHO_PORT = 3922;
const BOT = 'Runtime Bot';
const CONVERSATIONS = 1000;
const DIRECT_LINE = { conversations: 40, turns: 1000 };
const OPEN_LOOP = { turnsPerSecond: 200, conversations: 200 };
const HEAP = { warmUp: 1000, closed: 10_000, keys: 12 };

/** Ten blocks that do not wait: every user message goes through the NLU, then the whole flow. */
const ORDER_FLOW: FlowStep[] = [
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

/** The greeting of the acceptance check: NLU and a short flow. */
const GREETING_FLOW: FlowStep[] = [
  { block: 'message', fields: { message: 'Hello! I can tell you where your order is.' } },
  { block: 'message', fields: { message: 'What can I do for you?' } },
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

type DatabaseKind = 'sqlite' | 'postgres';

/** Where PostgreSQL and Redis are for the second run: the bench's own variables, else the tests'. */
function postgresAndRedis(): { adminUrl: string; redisUrl: string } | undefined {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const redisUrl = process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL;
  return adminUrl && redisUrl ? { adminUrl, redisUrl } : undefined;
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

/**
 * Open loop: message n is due at start + n / rate on conversation n mod the sockets, whether or
 * not earlier answers came; its latency runs from when it was due, so a stall shows in full.
 */
async function openLoop(
  sockets: WebSocket[],
  turnsPerSecond: number,
  seconds: number,
  message: (i: number) => string,
  isAnswer: (data: string) => boolean,
): Promise<RoundTrips & { late: number }> {
  const total = Math.round(turnsPerSecond * seconds);
  const latencies: number[] = [];
  const started = performance.now();
  const dueOf = (n: number) => started + (n * 1000) / turnsPerSecond;
  // Each socket's messages in the order they were due; answers come back in that order.
  const pending = sockets.map(() => [] as number[]);
  let late = 0;
  const answered = new Promise<void>((done) => {
    sockets.forEach((socket, i) => {
      socket.on('message', (data: WebSocket.RawData) => {
        if (!isAnswer(data.toString())) return;
        const due = pending[i]?.shift();
        if (due === undefined) return;
        latencies.push(performance.now() - due);
        if (latencies.length === total) done();
      });
    });
  });
  for (let n = 0; n < total; n++) {
    const wait = dueOf(n) - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    else if (wait < -5) late++;
    const i = n % sockets.length;
    pending[i]?.push(dueOf(n));
    sockets[i]?.send(message(i));
  }
  await Promise.race([answered, new Promise((resolve) => setTimeout(resolve, 30_000))]);
  for (const socket of sockets) socket.removeAllListeners('message');
  const elapsed = (performance.now() - started) / 1000;
  return {
    turns: latencies.length,
    seconds: round(elapsed),
    turnsPerSecond: round(latencies.length / elapsed),
    latencyMs: latencySummary(latencies),
    late,
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

/** PostgreSQL's backends serving the bench database: their CPU is the database's share of a turn. */
async function postgresBackends(adminUrl: string, database: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [database],
    );
    return rows.map((row) => row.pid);
  } finally {
    await client.end();
  }
}

/** CPU of a set of processes now, by pid (a process gone since counts as nothing). */
function cpuOfPids(pids: number[]): Map<number, number> {
  return new Map(pids.map((pid) => [pid, processCpuMicros(pid) ?? 0]));
}

/** What one measured stretch cost: the server's CPU and statements, the database's CPU, per turn. */
interface Costs {
  serverCpuMsPerTurn: number;
  statementsPerTurn: number;
  transactionControlPerTurn: number;
  postgresCpuMsPerTurn?: number;
  serverPlusPostgresCpuMsPerTurn?: number;
}

/** Measures `work` (which reports how many turns it took) with the probe before and after. */
async function measured<T extends { turns: number }>(
  server: StartedServer,
  database: { adminUrl: string; name: string } | undefined,
  work: () => Promise<T>,
): Promise<T & { cost: Costs }> {
  const pidsBefore = database ? await postgresBackends(database.adminUrl, database.name) : [];
  const pgBefore = cpuOfPids(pidsBefore);
  const before = await server.probe();
  const result = await work();
  const after = await server.probe();
  let postgresMicros: number | undefined;
  if (database) {
    const pidsAfter = await postgresBackends(database.adminUrl, database.name);
    postgresMicros = 0;
    for (const [pid, micros] of cpuOfPids(pidsAfter)) postgresMicros += micros - (pgBefore.get(pid) ?? 0);
  }
  const per = (value: number) => round(value / Math.max(1, result.turns), 3);
  const serverMs = (after.cpuMicros - before.cpuMicros) / 1000;
  return {
    ...result,
    cost: {
      serverCpuMsPerTurn: per(serverMs),
      statementsPerTurn: per(after.statements - before.statements),
      transactionControlPerTurn: per(after.transactionControl - before.transactionControl),
      ...(postgresMicros === undefined
        ? {}
        : {
            postgresCpuMsPerTurn: per(postgresMicros / 1000),
            serverPlusPostgresCpuMsPerTurn: per(serverMs + postgresMicros / 1000),
          }),
    },
  };
}

/** A client of the bot's Direct Line endpoint with an API key. */
function directLine(serverUrl: string, secret: string) {
  const base = `${serverUrl}/v3/directline`;
  const call = async (method: string, url: string, body?: unknown, bearer = secret) => {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
    return response.json() as Promise<Record<string, unknown>>;
  };
  return {
    async start(userId: string) {
      const started = await call('POST', '/conversations', { user: { id: userId } });
      return { id: started.conversationId as string, token: started.token as string };
    },
    say: (conversation: { id: string; token: string }, text: string, userId: string) =>
      call(
        'POST',
        `/conversations/${encodeURIComponent(conversation.id)}/activities`,
        { type: 'message', from: { id: userId }, text },
        conversation.token,
      ),
  };
}

/** Direct Line conversations of one key, started (their starts are not what a turn costs). */
async function directLineConversations(serverUrl: string, secret: string) {
  const client = directLine(serverUrl, secret);
  const conversations = await Promise.all(
    Array.from({ length: DIRECT_LINE.conversations }, (_, i) => client.start(`bench-user-${i}`)),
  );
  return { client, conversations };
}

/** The acceptance check: greeting turns over Direct Line conversations, each waiting for its answer. */
async function directLineGreetings({
  client,
  conversations,
}: Awaited<ReturnType<typeof directLineConversations>>): Promise<RoundTrips & { errors: number }> {
  const perConversation = DIRECT_LINE.turns / DIRECT_LINE.conversations;
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  await Promise.all(
    conversations.map(async (conversation, i) => {
      for (let n = 0; n < perConversation; n++) {
        const sentAt = performance.now();
        try {
          await client.say(conversation, 'hello', `bench-user-${i}`);
          latencies.push(performance.now() - sentAt);
        } catch {
          errors++;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  return {
    turns: latencies.length,
    errors,
    seconds: round(elapsed),
    turnsPerSecond: round(latencies.length / elapsed),
    latencyMs: latencySummary(latencies),
  };
}

/**
 * Conversations that start, take one greeting turn and are never heard of again, `count` of them
 * over Direct Line, 20 at a time, spread over several keys (each key allows 3,000 calls a minute).
 */
async function closedConversations(serverUrl: string, secrets: string[], from: number, count: number) {
  const clients = secrets.map((secret) => directLine(serverUrl, secret));
  await inBatches(count, 20, async (n) => {
    const i = from + n;
    const client = clients[i % clients.length] as ReturnType<typeof directLine>;
    const conversation = await client.start(`closed-${i}`);
    await client.say(conversation, 'hello', `closed-${i}`);
  });
  return { turns: count };
}

/** The server's heap after GC before and after `HEAP.closed` conversations that talk once and are left. */
async function heapAcrossClosed(
  server: StartedServer,
  database: { adminUrl: string; name: string } | undefined,
  keys: string[],
) {
  // Heap after GC across conversations that start, talk once and are left.
  const heapDir = mkdtempSync(path.join(tmpdir(), 'parley-bench-heap-'));
  await closedConversations(server.url, keys, 0, HEAP.warmUp);
  const heapBefore = await server.probe({ gc: true });
  const snapshotBefore = await server.heapSnapshot(path.join(heapDir, 'before.heapsnapshot'));
  const closing = await measured(server, database, () =>
    closedConversations(server.url, keys, HEAP.warmUp, HEAP.closed),
  );
  const heapAfter = await server.probe({ gc: true });
  const snapshotAfter = await server.heapSnapshot(path.join(heapDir, 'after.heapsnapshot'));
  const growth = heapGrowth(readFileSync(snapshotBefore, 'utf8'), readFileSync(snapshotAfter, 'utf8'));
  rmSync(heapDir, { recursive: true, force: true });

  return {
    closedConversations: HEAP.closed,
    afterWarmUpMb: mb(heapBefore),
    afterClosedMb: mb(heapAfter),
    growthMb: round((heapAfter.heapUsed - heapBefore.heapUsed) / 2 ** 20, 2),
    bytesPerClosedConversation: round((heapAfter.heapUsed - heapBefore.heapUsed) / HEAP.closed, 1),
    cpuMsPerClosedConversation: closing.cost.serverCpuMsPerTurn,
    largestGrowth: growth,
  };
}

/** One database: the test chat's closed and open loops, Direct Line's greetings, heap across closed conversations. */
async function runOn(
  kind: DatabaseKind,
  options: { seconds: number },
  services?: { adminUrl: string; redisUrl: string },
) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'parley-bench-runtime-'));
  const databaseName = `parley_bench_${process.pid}_${Date.now()}`;
  const env: Record<string, string> = {};
  if (kind === 'postgres' && services) {
    const admin = new pg.Client({ connectionString: services.adminUrl });
    await admin.connect();
    await admin.query(`create database ${databaseName}`);
    await admin.end();
    const url = new URL(services.adminUrl);
    url.pathname = `/${databaseName}`;
    env.DATABASE_URL = url.toString();
    env.REDIS_URL = services.redisUrl;
  }
  const database =
    kind === 'postgres' && services ? { adminUrl: services.adminUrl, name: databaseName } : undefined;
  await seedBenchDatabase(
    dataDir,
    async (ctx, scope) => {
      await seedFlowBot(ctx, scope, {
        botName: BOT,
        intents: INTENTS,
        flowIntent: 'OrderStatus',
        flow: ORDER_FLOW,
        moreFlows: { Greeting: GREETING_FLOW },
        target: 'both',
      });
    },
    env,
  );
  const server = await startServerProcess({
    port: PORT,
    dataDir,
    env: { LOG_LEVEL: 'error', ...env },
    probe: true,
  });
  try {
    const token = await benchToken(server.url);
    const api = async (method: string, url: string, body?: unknown) => {
      const response = await fetch(`${server.url}${url}`, {
        method,
        headers: { authtoken: token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
      return response.json() as Promise<Record<string, unknown>>;
    };
    const botPath = encodeURIComponent(BOT);
    await api('POST', `/api/bots/${botPath}/configuration`, {
      channels: [{ name: 'api', visible: true, enabled: true }],
    });
    const keys: string[] = [];
    for (let i = 0; i < HEAP.keys + 1; i++) {
      const generated = await api('POST', `/api/external/${botPath}/api-key/generate`, {
        expiresOnDate: false,
      });
      keys.push(generated.apiKey as string);
    }
    const [directLineKey, ...heapKeys] = keys as [string, ...string[]];

    phase(`${kind}: test chat: opening 1,000 conversations`);
    // The test chat over websockets: 1,000 conversations, each sending as soon as it is answered.
    const address = `${server.url.replace(/^http/, 'ws')}/ws?app=parley&token=${encodeURIComponent(Buffer.from(token).toString('base64'))}`;
    const topics = await inBatches(CONVERSATIONS, 50, async () => {
      const started = (await api('POST', `/api/bots/${botPath}/test-chat`)) as {
        botId: string;
        conversationId: string;
      };
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
    const say = (text: string) => (i: number) =>
      JSON.stringify({ type: 'conversation:say', topic: topics[i], activity: { type: 'text', text } });
    const isTurn = (data: string) => data.startsWith('{"type":"conversation:turn"');
    phase(`${kind}: test chat: warm-up`);
    // A warm-up round: the first turn of each conversation loads and compiles what later ones reuse.
    await roundTrips(sockets, 2, say('where is my order'), isTurn);
    // /healthz meanwhile (issue 22): how long any other request waits behind 1,000 talking chats.
    const { result: testChat, healthz: healthzDuringTestChat } = await probeHealthWhile(server.url, () =>
      measured(server, database, () =>
        roundTrips(sockets, options.seconds, say('where is my order'), isTurn),
      ),
    );
    const testChatGreetings = await measured(server, database, () =>
      roundTrips(sockets, options.seconds, say('hello'), isTurn),
    );
    phase(`${kind}: open loop`);
    // Open loop on a quiet server: messages due at a fixed rate, whatever the answers do.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const openLoopRun = await measured(server, database, () =>
      openLoop(
        sockets.slice(0, OPEN_LOOP.conversations),
        OPEN_LOOP.turnsPerSecond,
        options.seconds,
        say('hello'),
        isTurn,
      ),
    );
    for (const socket of sockets) socket.close();

    phase(`${kind}: Direct Line greetings`);
    // The acceptance check: 1,000 greeting turns over 40 Direct Line conversations.
    await directLineGreetings(await directLineConversations(server.url, directLineKey)); // warm-up
    const talking = await directLineConversations(server.url, directLineKey);
    // BENCH_PROFILE_DIR: a CPU profile of the server during the acceptance check, for where its time goes.
    const profileDir = process.env.BENCH_PROFILE_DIR;
    const profile = profileDir ? await server.startProfile() : undefined;
    const directLineRun = await measured(server, database, () => directLineGreetings(talking));
    await profile?.stop(path.join(profileDir ?? '', `direct-line-${kind}.cpuprofile`));

    phase(`${kind}: heap: closed conversations`);
    // Heap after GC across conversations that start, talk once and are left (BENCH_SKIP_HEAP=1 skips it).
    const heap = process.env.BENCH_SKIP_HEAP
      ? { skipped: 'BENCH_SKIP_HEAP' }
      : await heapAcrossClosed(server, database, heapKeys);

    return {
      testChat: {
        ...testChat,
        conversations: CONVERSATIONS,
        flowBlocks: 10,
        healthzMs: healthzDuringTestChat,
      },
      testChatGreetings,
      openLoop: { ...openLoopRun, conversations: OPEN_LOOP.conversations, target: OPEN_LOOP.turnsPerSecond },
      directLine: { ...directLineRun, conversations: DIRECT_LINE.conversations },
      heap,
    };
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    if (database) {
      const admin = new pg.Client({ connectionString: database.adminUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${databaseName} with (force)`);
      await admin.end();
    }
  }
}

/** Where the run is, on stderr: a long run shows its progress. */
const phase = (name: string) =>
  process.stderr.write(`[runtime ${new Date().toISOString().slice(11, 19)}] ${name}\n`);

const mb = (probe: ServerProbe) => round(probe.heapUsed / 2 ** 20, 1);

/** The echo's CPU per message: the reference a turn's CPU is set beside, measured in the same run. */
async function echoReference(seconds: number) {
  const echo = await startEcho();
  try {
    const sockets = await inBatches(CONVERSATIONS, 100, () => open(`ws://127.0.0.1:${ECHO_PORT}`));
    const pid = echo.pid as number;
    const before = processCpuMicros(pid) ?? 0;
    const bare = await roundTrips(
      sockets,
      seconds,
      (i) => `ping ${i}`,
      () => true,
    );
    const cpuMsPerMessage = round(((processCpuMicros(pid) ?? 0) - before) / 1000 / bare.turns, 4);
    for (const socket of sockets) socket.close();
    return { ...bare, cpuMsPerMessage };
  } finally {
    echo.kill();
  }
}

/**
 * `npm run bench -- runtime`: the turn path's cost. On SQLite, and on PostgreSQL + Redis when
 * BENCH_DATABASE_URL / BENCH_REDIS_URL (or the tests' TEST_DATABASE_URL / TEST_REDIS_URL) are
 * set: test-chat turns over websockets (a 10-block flow, and the greeting; closed loop, 1,000
 * conversations), an open loop at 200 turns/s, 1,000 greeting turns over 40 Direct Line
 * conversations, and the heap after GC across 10,000 closed conversations. Each reports server
 * CPU and SQL statements per turn (the server counts them through `server-probe.mjs`), beside a
 * bare websocket echo's CPU per message in the same run.
 */
export async function benchRuntime(options: { seconds: number }) {
  const echo = await echoReference(options.seconds);
  const sqlite = await runOn('sqlite', options);
  const services = postgresAndRedis();
  const postgres = services
    ? await runOn('postgres', options, services)
    : { skipped: 'set BENCH_DATABASE_URL and BENCH_REDIS_URL (or TEST_*) for the PostgreSQL + Redis run' };
  const ratio = (cpuMs: number) => round(cpuMs / echo.cpuMsPerMessage, 1);
  return {
    websocketEcho: echo,
    sqlite,
    postgres,
    cpuPerTurnInEchoMessages: {
      sqliteDirectLine: ratio(sqlite.directLine.cost.serverCpuMsPerTurn),
      sqliteTestChat: ratio(sqlite.testChat.cost.serverCpuMsPerTurn),
      ...('directLine' in postgres
        ? {
            postgresDirectLine: ratio(postgres.directLine.cost.serverCpuMsPerTurn),
            postgresTestChat: ratio(postgres.testChat.cost.serverCpuMsPerTurn),
          }
        : {}),
    },
    goals: {
      sqliteServerCpuMsPerTurn: '<= 0.6',
      postgresServerPlusDatabaseCpuMsPerTurn: '<= 3',
      statementsPerTurn: '<= 3 (transaction control apart)',
      openLoopP99Ms: '< 20 at 200 turns/s',
      heap: 'flat after GC across 10,000 closed conversations',
      healthzDuringTestChat: 'max < 250 ms while 1,000 test chats talk (issue 22)',
    },
    loadAverageAfter: readFileSync('/proc/loadavg', 'utf8').trim(),
  };
}
