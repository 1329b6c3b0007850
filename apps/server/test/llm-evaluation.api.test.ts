import {
  LLM_EVALUATION_MESSAGES as EM,
  type Llm,
  type LlmEvaluationRun,
  type LlmEvaluationRunDetail,
  type LlmEvaluations,
  type LlmMetrics,
} from '@parley/contracts';
import { extractiveAnswer, type OpenAiProtocolServer, startOpenAiProtocolServer } from '@parley/llm/testing';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Call, expectStatus } from './support/admin-world';
import { multipartBody, refusal } from './support/bot-content';
import { testDatabases } from './support/databases';
import {
  buildLlmWorld,
  createLlm,
  HANDBOOK_TOPICS,
  handbookText,
  type LlmWorld,
  llmPath,
  readLlm,
  uploadLlmFile,
} from './support/llms';
import { pollUntil } from './support/poll-until';
import { uniqueKey } from './support/tenant-world';
import { startTestServer, type TestServer } from './support/test-server';

const fact = (i: number) => (HANDBOOK_TOPICS[i] as { fact: string }).fact;

/** Four questions: three the handbook answers, one whose expected source does not exist. */
const DATASET_CSV = [
  'question,expected_answer,expected_sources,check',
  'How many days of paid leave does an employee get?,27 days of paid leave,handbook.txt,contains',
  'Where is the free parking for staff?,garage under building C,handbook.txt,judged',
  'When does the canteen serve a vegetarian lunch?,every Thursday at noon,handbook.txt|menu.pdf,',
  'Who signs the contracts?,the director,contracts.pdf,contains',
].join('\n');

/**
 * The Evaluate tab's calls and the statistics (spec 04 sections 2.5, 3.11, 4, 7.3, 9; issue 23):
 * a dataset uploaded, evaluated as a job with retrieval scores (hit@k, MRR, nDCG@10) and answer
 * checks, runs kept side by side; the timings of each test answer by month and day; permissions
 * 50 and 51 and tenant isolation.
 */
describe.each(testDatabases())('LLM evaluation and statistics on %s', (kind) => {
  let provider: OpenAiProtocolServer;
  let server: TestServer;
  let w: LlmWorld;
  let llm: Llm;

  beforeAll(async () => {
    provider = await startOpenAiProtocolServer({
      apiKey: 'sk-evaluation',
      // The judge is asked for JSON; answers are the passages' sentence nearest the question.
      answer: (request) => {
        const system = request.system;
        if (!system.startsWith("You grade a chatbot's answer")) return extractiveAnswer(request);
        const user = request.messages.at(-1)?.content ?? '';
        return JSON.stringify({ passed: /building C/i.test(user.split("Chatbot's answer:")[1] ?? '') });
      },
    });
    server = await startTestServer(kind, { OPENAI_BASE_URL: provider.url, OPENAI_API_KEY: 'sk-evaluation' });
    w = await buildLlmWorld(server);
    llm = await createLlm(w.admin, {
      llmDisplayName: `Evaluated ${uniqueKey()}`,
      llmProvider: 'openai',
      model: 'gpt-4o-mini',
    });
    expectStatus(
      await uploadLlmFile(server, w.world.tenantAdmin.token, llm.llmId, 'handbook.txt', handbookText()),
      200,
    );
    expectStatus(await w.admin('POST', `${llmPath(llm.llmId)}/train`), 200);
    llm = await pollUntil(
      'training',
      () => readLlm(w.admin, llm.llmId),
      (l) => l.isComplete || l.training.state === 'failed',
      {
        timeoutMs: 60_000,
      },
    );
    expect(llm.isComplete).toBe(true);
  }, 90_000);
  afterAll(async () => {
    await server?.close();
    await provider?.close();
  });

  const uploadDataset = (
    token: string,
    llmId: string,
    fileName: string,
    content: string,
    datasetName?: string,
  ) => {
    const { payload, contentType } = multipartBody(
      'file',
      fileName,
      content,
      datasetName ? { datasetName } : {},
    );
    return server.request({
      method: 'POST',
      url: `${llmPath(llmId)}/evaluation-dataset`,
      token,
      body: payload,
      headers: { 'content-type': contentType },
    });
  };

  const finished = (call: Call, llmId: string, runId: string) =>
    pollUntil(
      'the evaluation',
      async () =>
        expectStatus(
          await call('GET', `${llmPath(llmId)}/evaluations/${runId}`),
          200,
        ).json() as LlmEvaluationRunDetail,
      (run) => run.state !== 'running',
      { timeoutMs: 60_000 },
    );

  test('a dataset is uploaded, evaluated as a job, and scored for retrieval and answers', async () => {
    const dataset = expectStatus(
      await uploadDataset(
        w.managerToken,
        llm.llmId,
        'handbook-questions.csv',
        DATASET_CSV,
        'Handbook questions',
      ),
      200,
    ).json();
    expect(dataset).toMatchObject({
      datasetName: 'Handbook questions',
      fileName: 'handbook-questions.csv',
      questions: 4,
    });
    // The Evaluate tab's fields name it.
    expect(await readLlm(w.admin, llm.llmId)).toMatchObject({
      datasetName: 'Handbook questions',
      datasetId: dataset.datasetId,
    });

    const started = expectStatus(await w.manager('POST', `${llmPath(llm.llmId)}/evaluate`, {}), 200).json();
    expect(started.message).toBe('Start to evaluate LLM, this may take a while...');
    expect(started.run).toMatchObject({ state: 'running', total: 4, datasetName: 'Handbook questions' });
    // One run per LLM at a time (unless this one already ended: then a second one starts).
    const again = await w.manager('POST', `${llmPath(llm.llmId)}/evaluate`, {});
    if (again.statusCode === 200) await finished(w.manager, llm.llmId, again.json().run.runId);
    else expect([again.statusCode, again.json().message]).toEqual([409, EM.alreadyRunning]);

    const run = await finished(w.exporter, llm.llmId, started.run.runId);
    expect(run.state).toBe('succeeded');
    expect(run.done).toBe(4);
    const [leave, parking, canteen, contracts] = run.results;
    expect(leave).toMatchObject({
      hitAtK: 1,
      reciprocalRank: 1,
      ndcgAt10: 1,
      check: 'contains',
      passed: true,
    });
    expect(leave?.answer).toContain('27 days of paid leave');
    expect(leave?.retrievedSources).toEqual(['handbook.txt']);
    expect(parking).toMatchObject({ check: 'judged', passed: true });
    // Two expected sources, one retrieved: the hit counts, nDCG is the found one's share.
    expect(canteen).toMatchObject({ hitAtK: 1, reciprocalRank: 1, passed: true });
    expect(canteen?.ndcgAt10).toBeCloseTo(1 / (1 + 1 / Math.log2(3)), 5);
    expect(contracts).toMatchObject({ hitAtK: 0, reciprocalRank: 0, ndcgAt10: 0, passed: false });
    expect(run.retrieval).toEqual({
      k: llm.amountOfDocs,
      hitAtK: 0.75,
      mrr: 0.75,
      ndcgAt10: expect.closeTo((2 + 1 / (1 + 1 / Math.log2(3))) / 4, 5),
      questions: 4,
    });
    expect(run.answers).toEqual({ checked: 4, passed: 3, rate: 0.75, mode: 'provider', judgedAsContains: 0 });
    expect(fact(0)).toContain('27 days');
  });

  test('runs are kept and listed side by side, newest first', async () => {
    const json = JSON.stringify([
      { question: 'How many days of paid leave does an employee get?', expectedSources: ['handbook.txt'] },
    ]);
    const dataset = expectStatus(
      await uploadDataset(w.managerToken, llm.llmId, 'leave.json', json),
      200,
    ).json();
    expect(dataset).toMatchObject({ datasetName: 'leave', questions: 1 });
    const started = expectStatus(
      await w.manager('POST', `${llmPath(llm.llmId)}/evaluate`, { datasetId: dataset.datasetId }),
      200,
    ).json();
    await finished(w.manager, llm.llmId, started.run.runId);
    const list = expectStatus(
      await w.exporter('GET', `${llmPath(llm.llmId)}/evaluations`),
      200,
    ).json() as LlmEvaluations;
    expect(list.datasets.map((d) => d.datasetName)).toEqual(['leave', 'Handbook questions']);
    expect(list.runs.length).toBeGreaterThanOrEqual(2);
    const [newest, older] = list.runs as [LlmEvaluationRun, LlmEvaluationRun];
    expect(newest).toMatchObject({
      datasetName: 'leave',
      state: 'succeeded',
      answers: { checked: 0, rate: null },
    });
    expect(newest.retrieval).toMatchObject({ hitAtK: 1, questions: 1 });
    expect(older).toMatchObject({ datasetName: 'Handbook questions', state: 'succeeded' });
    expect(older.retrieval?.hitAtK).toBe(0.75);
  });

  test('refusals: a bad file names the question, an unknown dataset, an untrained LLM', async () => {
    const bad = await uploadDataset(
      w.managerToken,
      llm.llmId,
      'bad.csv',
      'question,expected_answer\nQ1,A\n,A',
    );
    expect(bad.statusCode).toBe(400);
    expect(refusal(bad)).toEqual(['file', 'Question 2: the question is empty.']);
    expect(refusal(await uploadDataset(w.managerToken, llm.llmId, 'bad.xlsx', 'x'))).toEqual([
      'file',
      EM.fileType,
    ]);
    const unknown = await w.manager('POST', `${llmPath(llm.llmId)}/evaluate`, { datasetId: 'nope' });
    expect(refusal(unknown)).toEqual(['datasetId', EM.datasetUnknown]);
    const fresh = await createLlm(w.admin, { llmDisplayName: `Fresh ${uniqueKey()}`, llmProvider: 'openai' });
    expect(refusal(await w.manager('POST', `${llmPath(fresh.llmId)}/evaluate`, {}))).toEqual([
      'datasetId',
      EM.noDataset,
    ]);
    const set = expectStatus(
      await uploadDataset(w.managerToken, fresh.llmId, 'set.csv', DATASET_CSV),
      200,
    ).json();
    expect(
      refusal(await w.manager('POST', `${llmPath(fresh.llmId)}/evaluate`, { datasetId: set.datasetId })),
    ).toEqual(['datasetId', EM.notTrained]);
  });

  test('permissions: evaluating needs Manage LLMs (50); Export LLMs (51) reads; neither sees nothing', async () => {
    const csv = 'question,expected_sources\nQ,handbook.txt';
    expect((await uploadDataset(w.world.plainUser.token, llm.llmId, 'set.csv', csv)).statusCode).toBe(403);
    const exporterToken = (w.exporter as unknown as { token?: string }).token;
    void exporterToken;
    expect((await w.exporter('POST', `${llmPath(llm.llmId)}/evaluate`, {})).statusCode).toBe(403);
    expect((await w.designer('POST', `${llmPath(llm.llmId)}/evaluate`, {})).statusCode).toBe(403);
    expect((await w.designer('GET', `${llmPath(llm.llmId)}/evaluations`)).statusCode).toBe(403);
    expect((await w.designer('GET', `${llmPath(llm.llmId)}/metrics`)).statusCode).toBe(403);
    expect((await w.exporter('GET', `${llmPath(llm.llmId)}/evaluations`)).statusCode).toBe(200);
    expect((await w.exporter('GET', `${llmPath(llm.llmId)}/metrics`)).statusCode).toBe(200);
  });

  test('tenant isolation: another tenant’s evaluations and statistics are not found', async () => {
    const { runs } = expectStatus(
      await w.admin('GET', `${llmPath(llm.llmId)}/evaluations`),
      200,
    ).json() as LlmEvaluations;
    const runId = (runs[0] as LlmEvaluationRun).runId;
    for (const [method, url, body] of [
      ['GET', `${llmPath(llm.llmId)}/evaluations`, undefined],
      ['GET', `${llmPath(llm.llmId)}/evaluations/${runId}`, undefined],
      ['POST', `${llmPath(llm.llmId)}/evaluate`, {}],
      ['GET', `${llmPath(llm.llmId)}/metrics`, undefined],
    ] as const) {
      const response = await w.master(method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await uploadDataset(w.world.master.token, llm.llmId, 'set.csv', DATASET_CSV)).statusCode).toBe(
      404,
    );
    // The master tenant's own statistics do not count tenant B's answers.
    const month = new Date().toISOString().slice(0, 7).split('-');
    const theirs = expectStatus(
      await w.master('GET', `/api/llm/metrics/month?year=${month[0]}&month=${Number(month[1])}`),
      200,
    ).json() as LlmMetrics;
    expect(theirs.interactions).toBe(0);
  });

  test('statistics: every timing of a test answer, by month and by day, with tokens per model', async () => {
    const before = new Date().toISOString().slice(0, 10);
    for (const message of ['How many days of paid leave does an employee get?', 'Where can staff park?'])
      expectStatus(await w.manager('POST', `${llmPath(llm.llmId)}/test`, { message }), 200);
    const [year, month, day] = before.split('-').map(Number) as [number, number, number];
    const monthly = expectStatus(
      await w.exporter('GET', `${llmPath(llm.llmId)}/metrics?month=${month}&year=${year}`),
      200,
    ).json() as LlmMetrics;
    // Evaluations answer through the same pipeline, so they count too: at least the two tests.
    expect(monthly.period).toBe('month');
    expect(monthly.interactions).toBeGreaterThanOrEqual(2);
    expect(monthly.from).toBe(`${before.slice(0, 8)}01`);
    expect(monthly.dailyMetrics[before]?.interactions).toBe(monthly.interactions);
    for (const name of [
      'responseTime',
      'totalChainTime',
      'ragChainTime',
      'ragFilterTime',
      'llmExecutionTotalTime',
      'firstSentenceTime',
    ] as const) {
      expect(monthly.averages[name], name).toBeGreaterThan(0);
      expect(monthly.maximums[name] as number, name).toBeGreaterThanOrEqual(monthly.averages[name] as number);
    }
    expect(monthly.averages.responseTime as number).toBeGreaterThanOrEqual(
      monthly.averages.llmExecutionTotalTime as number,
    );
    // Test answers are not an LLM block's.
    expect(monthly.averages.llmBlockTotalTime).toBeNull();
    expect(monthly.tokens).toEqual([
      expect.objectContaining({ model: 'gpt-4o-mini', interactions: monthly.interactions }),
    ]);
    expect(monthly.tokens[0]?.inputTokens).toBeGreaterThan(0);

    const daily = expectStatus(
      await w.exporter('GET', `${llmPath(llm.llmId)}/metrics?month=${month}&year=${year}&day=${day}`),
      200,
    ).json() as LlmMetrics;
    expect(daily).toMatchObject({
      period: 'day',
      from: before,
      to: before,
      interactions: monthly.interactions,
    });
    const tenant = expectStatus(
      await w.admin('GET', `/api/llm/metrics/month?month=${month}&year=${year}`),
      200,
    ).json() as LlmMetrics;
    expect(tenant.interactions).toBeGreaterThanOrEqual(monthly.interactions);
    const quiet = expectStatus(
      await w.admin('GET', `${llmPath(llm.llmId)}/metrics?month=5&year=2025`),
      200,
    ).json();
    expect(quiet).toMatchObject({ interactions: 0, from: '2025-05-01', dailyMetrics: {}, tokens: [] });
  });

  test('statistics refuse a period before 2025-05-01 or one that does not exist', async () => {
    const refused = async (url: string) => {
      const response = await w.admin('GET', url);
      expect(response.statusCode, url).toBe(400);
      return refusal(response);
    };
    expect(await refused(`${llmPath(llm.llmId)}/metrics?month=4&year=2025`)).toEqual([
      'month',
      'LLM statistics start on 2025-05-01.',
    ]);
    expect((await refused(`${llmPath(llm.llmId)}/metrics?month=13&year=2026`))[0]).toBe('month');
    expect((await refused(`${llmPath(llm.llmId)}/metrics?month=2&year=2026&day=30`))[0]).toBe('day');
    expect((await refused('/api/llm/metrics/week'))[0]).toBe('period');
  });
});
