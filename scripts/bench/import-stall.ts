import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { hashPassword } from '../../apps/server/src/auth/passwords';
import { bundleKey, encodeBundle } from '../../apps/server/src/bot-bundle/bundle-codec';
import { BENCH_USER, benchToken, seedBenchDatabase } from './bench-seed';
import { probeHealthWhile } from './healthz-probe';
import { round } from './load';
import { processCpuMicros } from './process-cpu';
import { startServerProcess } from './server-process';

const PORT = 3923;
/** Members who stage and import at once: four, each on their own (the per-user limit is one at a time). */
const MEMBERS = 4;
const INTENTS = 10_000;
const SHEET = { intents: 4_900, utterancesPerIntent: 10 };
const SHEET_BOT = 'Sheet Bot';
const GOAL_MS = 250;

const WORDS = [
  'order',
  'status',
  'invoice',
  'delivery',
  'account',
  'refund',
  'change',
  'address',
  'book',
  'cancel',
  'parcel',
  'ticket',
  'payment',
  'card',
  'store',
  'opening',
  'hours',
  'return',
  'voucher',
  'price',
  'stock',
  'size',
  'colour',
  'warranty',
  'repair',
  'contract',
  'plan',
];
const word = (n: number) => WORDS[n % WORDS.length] as string;

/**
 * A valid bot file at the documented maximum of intents: 10,000 intents of three utterances
 * each (about 170 KB sealed, as in the attack).
 */
function maximumBotFile(): Buffer {
  const intents = Array.from({ length: INTENTS }, (_, i) => ({
    name: `topic_${i}`,
    description: '',
    type: 'normal',
    answer: '',
    isRedirect: false,
    template: null,
    utterances: [
      `${word(i)} ${word(i * 7 + 3)} ${i}`,
      `about ${word(i * 3 + 1)} number ${i}`,
      `my ${word(i * 11 + 5)} ${word(i * 13 + 2)} question ${i}`,
    ],
    patterns: [],
  }));
  const content = {
    format: 'parley-bot',
    exportedAt: new Date().toISOString(),
    bot: { botName: 'Huge Bot', displayName: 'Huge Bot', region: 'eu-west' },
    sections: {
      settings: {
        language: 'en',
        supportedLanguages: ['en'],
        intentRecognizerProvider: 'parley',
        entityExtractorProvider: 'parley',
        sentimentAnalysisProvider: null,
        nluAutomate: false,
        disableTestInteractions: false,
        confidence: 0.7,
        lowConfidence: 0.3,
      },
      intents,
    },
  };
  return encodeBundle(content, bundleKey(undefined));
}

/** A batch-import workbook of 49,000 rows: 4,900 intents of ten utterances. */
async function bigIntentSheet(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Intents');
  sheet.addRow(['Intent name', 'Utterance', 'Description', 'Answer']);
  for (let i = 0; i < SHEET.intents; i++)
    for (let j = 0; j < SHEET.utterancesPerIntent; j++)
      sheet.addRow([`sheet_${i}`, `${word(i + j)} ${word(i * 5 + j)} ${i} ${j}`, '', '']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const memberEmail = (i: number) => `member${i}@example.com`;

/** The bench user, four members (administrators of the master tenant, so each may import) and the sheet's bot. */
async function seed(dataDir: string, env: Record<string, string>): Promise<void> {
  await seedBenchDatabase(
    dataDir,
    async (ctx, scope, tenantId) => {
      const passwordHash = await hashPassword(BENCH_USER.password);
      for (let i = 0; i < MEMBERS; i++) {
        await ctx.repos.users.create({
          id: memberEmail(i),
          name: `Member ${i}`,
          identity: 'platform',
          passwordHash,
          selectedTenantId: tenantId,
        });
        await scope.members.set(memberEmail(i), 'admin');
      }
      await scope.bots.create({
        botName: SHEET_BOT,
        region: 'eu-west',
        settings: { language: 'en', intentRecognizerProvider: 'parley', entityExtractorProvider: 'parley' },
      });
    },
    env,
  );
}

async function signIn(serverUrl: string, email: string): Promise<string> {
  const response = await fetch(`${serverUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userId: email, password: BENCH_USER.password }),
  });
  return ((await response.json()) as { token: string }).token;
}

/** A phase of work with /healthz probed meanwhile, and the server's CPU time it took. */
async function measuredPhase(serverUrl: string, pid: number, work: () => Promise<Response[]>) {
  const cpuBefore = processCpuMicros(pid) ?? 0;
  const { result, seconds, healthz } = await probeHealthWhile(serverUrl, work);
  const cpuSeconds = round(((processCpuMicros(pid) ?? 0) - cpuBefore) / 1_000_000);
  const statuses = result.map((r) => r.status);
  for (const response of result)
    if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
  return {
    seconds,
    serverCpuSeconds: cpuSeconds,
    statuses,
    healthzProbes: healthz.probes,
    healthzMs: { max: healthz.max, p99: healthz.p99, p50: healthz.p50 },
    meetsGoal: healthz.max < GOAL_MS,
  };
}

const fileForm = (field: string, file: Buffer, name: string) => {
  const body = new FormData();
  body.append(field, new Blob([new Uint8Array(file)]), name);
  return body;
};

async function runOn(kind: 'sqlite' | 'postgres', files: { bot: Buffer; sheet: Buffer }, adminUrl?: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'parley-bench-import-'));
  const databaseName = `parley_bench_import_${process.pid}_${Date.now()}`;
  const env: Record<string, string> = {};
  if (kind === 'postgres' && adminUrl) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${databaseName}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${databaseName}`;
    env.DATABASE_URL = url.toString();
  }
  await seed(dataDir, env);
  const server = await startServerProcess({ port: PORT, dataDir, env: { LOG_LEVEL: 'error', ...env } });
  const pid = server.process.pid as number;
  try {
    const tokens = await Promise.all(
      Array.from({ length: MEMBERS }, (_, i) => signIn(server.url, memberEmail(i))),
    );
    const post = (token: string, url: string, body: FormData) =>
      fetch(`${server.url}${url}`, { method: 'POST', headers: { authtoken: token }, body });

    const stagings = await measuredPhase(server.url, pid, () =>
      Promise.all(
        tokens.map((token) =>
          post(token, '/api/bots/import/staging', fileForm('bot-file', files.bot, 'bot-Huge Bot.enc')),
        ),
      ),
    );
    const imports = await measuredPhase(server.url, pid, () =>
      Promise.all(
        tokens.map((token, i) =>
          post(
            token,
            `/api/bots/import?name=Huge%20Bot%20${i}&region=eu-west&recognizer=parley&language=en&nluAutomate=false`,
            fileForm('bot-file', files.bot, 'bot-Huge Bot.enc'),
          ),
        ),
      ),
    );
    const benchUser = await benchToken(server.url);
    const sheet = await measuredPhase(server.url, pid, async () => [
      await post(
        benchUser,
        `/api/${encodeURIComponent(SHEET_BOT)}/intents/batch-import`,
        fileForm('intents-file', files.sheet, 'intents.xlsx'),
      ),
    ]);
    return {
      fourParallelStagings: stagings,
      fourParallelImports: imports,
      sheetImport49000Rows: sheet,
    };
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    if (kind === 'postgres' && adminUrl) {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${databaseName} with (force)`);
      await admin.end();
    }
  }
}

/**
 * `npm run bench -- import-stall` (issue 22): how long /healthz waits while members send the
 * largest valid files. A real server process on SQLite, and on PostgreSQL when
 * BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set: four members stage a 10,000-intent bot file
 * at once, then import it at once, then one imports a 49,000-row intent sheet; /healthz is asked
 * every 50 ms throughout. Reports its max and p99 (goal: max under 250 ms), each phase's time and
 * the server's CPU time, and the machine's load (other work on the machine shows in the figures).
 */
export async function benchImportStall() {
  const loadAverageBefore = readFileSync('/proc/loadavg', 'utf8').trim();
  const files = { bot: maximumBotFile(), sheet: await bigIntentSheet() };
  const sqlite = await runOn('sqlite', files);
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const postgres = adminUrl
    ? await runOn('postgres', files, adminUrl)
    : { skipped: 'set BENCH_DATABASE_URL (or TEST_DATABASE_URL) for the PostgreSQL run' };
  return {
    files: {
      botFileBytes: files.bot.length,
      intents: INTENTS,
      sheetBytes: files.sheet.length,
      sheetRows: SHEET.intents * SHEET.utterancesPerIntent,
    },
    sqlite,
    postgres,
    goal: `/healthz max < ${GOAL_MS} ms in every phase`,
    loadAverageBefore,
    loadAverageAfter: readFileSync('/proc/loadavg', 'utf8').trim(),
  };
}
