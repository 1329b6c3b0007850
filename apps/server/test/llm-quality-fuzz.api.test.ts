import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { routeCatalogue } from '../src/http/route-catalogue';
import { multipartBody } from './support/bot-content';
import { testDatabases } from './support/databases';
import {
  createFuzzLog,
  fuzzSender,
  HOSTILE_PARAMS,
  HOSTILE_RAW_BODIES,
  HOSTILE_VALUES,
  hostileBodies,
  sendBrokenMultiparts,
} from './support/fuzz';
import { buildLlmWorld, createLlm, type LlmWorld, llmPath } from './support/llms';
import { fillPath } from './support/route-walk';
import { startTestServer, type TestServer } from './support/test-server';

/** The Evaluate and Statistics routes, including any added later. */
const QUALITY_AREA = /^\/api\/llm\/(:llmId\/(evaluat|metrics)|metrics\/)/;

/** Dataset files that bite: broken CSV and JSON, deep nesting, huge cells, wrong kinds. */
const DATASET_FILES: Array<[string, string]> = [
  ['set.csv', 'question,expected_answer\n"unterminated'],
  ['set.csv', '\u0000\u0001\u0002'],
  ['set.csv', `question,expected_answer\n${'x'.repeat(5000)},a`],
  ['set.csv', 'question;expected_answer\nQ;A'],
  ['set.json', '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]'],
  ['set.json', `${'['.repeat(20000)}${']'.repeat(20000)}`],
  ['set.json', '{"questions":[{"question":{"__proto__":{"x":1}},"expectedAnswer":"a"}]}'],
  ['set.json', '[{"question":"Q","expectedAnswer":"A","expectedSources":[1,2]}]'],
  ['set.json', '[{"question":"Q","expectedAnswer":"A","check":"exact"}]'],
  ['set.json', 'null'],
  ['set.exe', 'MZ'],
  ['', 'question\nQ'],
  ['../../etc/passwd.csv', 'question,expected_answer\nQ,A'],
];

describe.each(testDatabases())('hostile input to the LLM evaluation and statistics API on %s', (kind) => {
  let server: TestServer;
  let w: LlmWorld;

  beforeAll(async () => {
    server = await startTestServer(kind);
    w = await buildLlmWorld(server);
  });
  afterAll(() => server?.close());

  test('no route of the area ever answers 5xx, and every refusal carries a catalogue code', async () => {
    const llm = await createLlm(w.admin, { llmDisplayName: 'Fuzzed evaluation', llmProvider: 'openai' });
    const routes = routeCatalogue(server.app).filter((r) => r.method !== 'HEAD' && QUALITY_AREA.test(r.url));
    expect(routes.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining([
        'POST /api/llm/:llmId/evaluation-dataset',
        'POST /api/llm/:llmId/evaluate',
        'GET /api/llm/:llmId/evaluations',
        'GET /api/llm/:llmId/evaluations/:runId',
        'GET /api/llm/metrics/:period',
        'GET /api/llm/:llmId/metrics',
      ]),
    );
    const log = createFuzzLog();
    const send = fuzzSender(server, w.world.tenantAdmin.token, log);
    for (const route of routes) {
      for (const p of HOSTILE_PARAMS)
        await send(
          route.method,
          fillPath(route.url, { llmId: p, runId: p, period: p }).replace(/%25/g, '%'),
          {},
        );
      const url = fillPath(route.url, { llmId: llm.llmId, runId: 'no-such-run', period: 'month' });
      if (route.method === 'GET') {
        for (const value of HOSTILE_VALUES.filter((v) => typeof v === 'string' || typeof v === 'number'))
          for (const name of ['month', 'year', 'day'])
            await send('GET', `${url}?${name}=${encodeURIComponent(String(value))}`);
        for (const query of [
          'month=0',
          'month=13&year=2026',
          'year=2024',
          'month=4&year=2025',
          'day=31&month=2&year=2026',
          'month=1.5',
        ])
          await send('GET', `${url}?${query}`);
      }
      if (route.url.endsWith('/evaluate')) {
        for (const body of hostileBodies({ datasetId: 'x' }, HOSTILE_VALUES)) await send('POST', url, body);
        for (const raw of HOSTILE_RAW_BODIES)
          await send('POST', url, raw, { 'content-type': 'application/json' });
      }
      if (route.url.endsWith('/evaluation-dataset')) {
        for (const [fileName, content] of DATASET_FILES) {
          const { payload, contentType } = multipartBody('file', fileName, content);
          await send('POST', url, payload, { 'content-type': contentType });
        }
        await sendBrokenMultiparts(server, { url, token: w.world.tenantAdmin.token, field: 'file' }, log);
      }
    }
    expect(log.failures).toEqual([]);
    expect(log.sent).toBeGreaterThan(150);
    // None of it became a dataset of the LLM but the one valid file, its name without the path.
    const evaluations = (await w.admin('GET', `${llmPath(llm.llmId)}/evaluations`)).json();
    expect(evaluations.datasets).toEqual([expect.objectContaining({ fileName: 'passwd.csv', questions: 1 })]);
  });
});
