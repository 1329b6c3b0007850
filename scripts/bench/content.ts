import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { flowTemplateXml } from '@parley/flows';
import { BENCH_USER, benchToken, seedBenchDatabase } from './bench-seed';
import { round, runLoad } from './load';
import { startServerProcess } from './server-process';

const PORT = 3918;
const BOTS = 1000;
const INTENTS = 500;
const UTTERANCES = 50;
const BIG_BOT = 'Big Bot';
/** Saved versions of each intent's flow (the second is active on the test channel). */
const FLOW_VERSIONS = 3;

const words = [
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
];
const utterance = (i: number, j: number) =>
  `please ${words[j % words.length]} my ${words[(i + j) % words.length]} number ${i}-${j} today`;

/**
 * Fills a fresh embedded database directly: 1,000 bots, one of them with 500 intents x 50
 * utterances, each intent with a 'collect feedback' flow saved three times (each version differs).
 */
async function seed(dataDir: string): Promise<void> {
  await seedBenchDatabase(dataDir, async (ctx, scope, tenantId) => {
    const settings = {
      language: 'en-us',
      intentRecognizerProvider: 'parley',
      entityExtractorProvider: 'parley',
    };
    await ctx.repos.db.transaction().execute(async (trx) => {
      const { createRepositories } = await import('@parley/db');
      const bots = createRepositories(trx).forTenant(tenantId).bots;
      for (let i = 0; i < BOTS - 1; i++)
        await bots.create({ botName: `Bot ${i}`, region: 'eu-west', settings });
    });
    const big = await scope.bots.create({ botName: BIG_BOT, region: 'eu-west', settings });
    const intents = scope.intents(big.id);
    for (let i = 0; i < INTENTS; i++) {
      const intent = await intents.create({
        name: `intent_${i}`,
        description: `Intent number ${i}`,
        type: 'normal',
        answer: '',
        isRedirect: false,
        template: null,
        examples: Array.from({ length: UTTERANCES }, (_, j) => ({
          kind: 'utterance' as const,
          text: utterance(i, j),
        })),
      });
      const owner = { kind: 'intent', id: intent.id } as const;
      // Every version differs, so nothing is read only once.
      for (let v = 0; v < FLOW_VERSIONS; v++) {
        const xml = await flowTemplateXml('collect-feedback', {
          intentName: `intent_${i}_v${v}`,
          languages: ['en'],
        });
        await scope.flows.save(owner, {
          xml,
          status: 'unpublished',
          functionCalls: {},
          savedBy: BENCH_USER.email,
        });
      }
      await scope.flows.activate(owner, 'test', 2, BENCH_USER.email);
    }
  });
}

/** Seconds a call takes, and its answer; a failing answer stops the benchmark. */
async function timed(send: () => Promise<Response>): Promise<{ seconds: number; response: Response }> {
  const started = performance.now();
  const response = await send();
  if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
  return { seconds: round((performance.now() - started) / 1000), response };
}

/**
 * How long other requests wait while `work` runs: every 50 ms a page of the web app (answered
 * without the database: shows whether the event loop turns) and /healthz (one query: shows how
 * long the database is held). Slowest answers in ms.
 */
async function probeWhile<T>(url: string, work: Promise<T>): Promise<{ result: T; slowestMs: object }> {
  let isDone = false;
  const slowest = { page: 0, healthz: 0, probes: 0 };
  const probe = async (path: string, key: 'page' | 'healthz') => {
    while (!isDone) {
      const started = performance.now();
      await (await fetch(`${url}${path}`)).arrayBuffer();
      slowest[key] = Math.max(slowest[key], Math.round(performance.now() - started));
      slowest.probes += 1;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const probes = Promise.all([probe('/login', 'page'), probe('/healthz', 'healthz')]);
  try {
    return { result: await work, slowestMs: slowest };
  } finally {
    isDone = true;
    await probes;
  }
}

/** Export Bot of the 500 x 50 bot, then its staging and import under a new name, once each. */
async function exportAndImport(url: string, token: string) {
  const headers = { authtoken: token };
  const exported = await timed(() =>
    fetch(`${url}/api/bots/${encodeURIComponent(BIG_BOT)}/export`, { headers }),
  );
  const file = new Blob([await exported.response.arrayBuffer()]);
  const form = () => {
    const body = new FormData();
    body.append('bot-file', file, 'bot-Big Bot.enc');
    return body;
  };
  // The master plan takes 1,000 bots: one goes to make room for the copy.
  await fetch(`${url}/api/bots/Bot%200`, { method: 'DELETE', headers });
  const staging = await timed(() =>
    fetch(`${url}/api/bots/import/staging`, { method: 'POST', headers, body: form() }),
  );
  const query = 'name=Big%20Bot%20Copy&region=eu-west&recognizer=parley&language=en&nluAutomate=false';
  const imported = await probeWhile(
    url,
    timed(() => fetch(`${url}/api/bots/import?${query}`, { method: 'POST', headers, body: form() })),
  );
  return {
    fileBytes: file.size,
    exportSeconds: exported.seconds,
    stagingSeconds: staging.seconds,
    importSeconds: imported.result.seconds,
    /** Other requests during the import: the page shows the event loop, /healthz the database. */
    slowestAnswersDuringImportMs: imported.slowestMs,
  };
}

export async function benchContent(options: { seconds: number }) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'parley-bench-content-'));
  const seedStarted = performance.now();
  await seed(dataDir);
  const seedSeconds = round((performance.now() - seedStarted) / 1000);
  const server = await startServerProcess({ port: PORT, dataDir });
  try {
    const token = await benchToken(server.url);
    const get = (url: string) => () => fetch(`${server.url}${url}`, { headers: { authtoken: token } });

    const overview = get('/api/bots');
    const overviewBody = (await (await overview()).json()) as unknown[];
    if (overviewBody.length !== BOTS) throw new Error(`expected ${BOTS} bots, got ${overviewBody.length}`);
    const intentsUrl = `/api/${encodeURIComponent(BIG_BOT)}/intents`;
    // What the Intents tab asks: the list without examples, then the selected intent with its own.
    const intentList = get(`${intentsUrl}?view=summary`);
    const intentBody = (await (await intentList()).json()) as Array<{ name: string }>;
    if (intentBody.length < INTENTS) throw new Error(`expected ${INTENTS} intents, got ${intentBody.length}`);
    const oneIntent = get(`${intentsUrl}/${encodeURIComponent(intentBody[0]?.name ?? '')}`);
    // Every intent with every example: the API's full list (exports, integrations).
    const fullList = get(intentsUrl);
    const fullBody = (await (await fullList()).json()) as unknown[];
    // The flow editor's load of one intent's flow (three versions), and a save of a new version.
    const firstIntent = encodeURIComponent(intentBody[0]?.name ?? '');
    const flowContent = get(`${intentsUrl}/${firstIntent}/content`);
    const flowXml = ((await (await flowContent()).json()) as { xml: string }).xml;
    const saveFlow = () =>
      fetch(`${server.url}${intentsUrl}/${encodeURIComponent(intentBody[1]?.name ?? '')}`, {
        method: 'POST',
        headers: { authtoken: token, 'content-type': 'application/json' },
        body: JSON.stringify({ xml: encodeURIComponent(flowXml), status: 'unpublished' }),
      });

    const loads = {
      botOverview1000Bots: await runLoad({ concurrency: 4, seconds: options.seconds, send: overview }),
      intentList500x50: await runLoad({ concurrency: 4, seconds: options.seconds, send: intentList }),
      intentListBytes: JSON.stringify(intentBody).length,
      oneIntentOf500x50: await runLoad({ concurrency: 4, seconds: options.seconds, send: oneIntent }),
      fullIntentList500x50: await runLoad({ concurrency: 4, seconds: options.seconds, send: fullList }),
      fullIntentListBytes: JSON.stringify(fullBody).length,
      flowContentOf3Versions: await runLoad({ concurrency: 4, seconds: options.seconds, send: flowContent }),
      flowSave: await runLoad({ concurrency: 4, seconds: options.seconds, send: saveFlow }),
      flowXmlBytes: flowXml.length,
    };
    return {
      setup: {
        bots: BOTS,
        intents: INTENTS,
        utterancesPerIntent: UTTERANCES,
        flowVersions: FLOW_VERSIONS,
        seedSeconds,
      },
      ...loads,
      bigBotExportImport: await exportAndImport(server.url, token),
    };
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
