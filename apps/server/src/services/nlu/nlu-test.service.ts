import {
  conflict,
  NLU_PERFORMANCE_MESSAGES as M,
  type NluDatasetRowView,
  type NluTestResults,
  type NluTestStatus,
  notFound,
  type RecognizerResult,
  readBotSettings,
} from '@parley/contracts';
import { type Bot, isoIn, nowIso, type TenantScope } from '@parley/db';
import { type NluTrainingData, NONE } from '@parley/nlu';
import type { ConfidenceThresholds } from '@parley/runtime';
import type { BotRef } from '../../auth/bot-ref';
import type { Principal } from '../../auth/principal';
import type { AppContext } from '../../context';
import { botTrainingData } from './engine/training-data';
import { tableCsv } from './nlu-dataset-csv';
import { hasExamples, nluPerformanceBot } from './nlu-test-access';
import { recognizersToMeasure, recordPerformance } from './nlu-test-measuring';
import { scoreRecognizer } from './nlu-test-scoring';

/** A run still 'running' after this long lost its process (a restart): it is marked failed. */
export const STALE_RUN_MS = 60 * 60 * 1000;
export const INTERRUPTED = 'The run was interrupted (the server restarted).';
/** Finished runs kept per bot and kind. */
const KEEP_RUNS = 10;

/**
 * Expected intents spelled as the bot spells them (names ignore case; 'none' is None, the
 * out-of-scope label, whether the bot has a None intent or not); unknown intents stay as written
 * and can only be counted wrong (docs/decisions.md 'NLU performance').
 */
export function alignIntents(rows: readonly NluDatasetRowView[], data: NluTrainingData): NluDatasetRowView[] {
  const names = new Map([
    ...data.intents.map((i): [string, string] => [i.name.toLowerCase(), i.name]),
    [NONE.toLowerCase(), NONE],
  ]);
  return rows.map((r) => ({ utterance: r.utterance, intent: names.get(r.intent.toLowerCase()) ?? r.intent }));
}

/** Trains each recognizer on the bot's content and scores it on the rows under the bot's thresholds. */
export async function measureOnRows(
  ctx: AppContext,
  recognizers: readonly string[],
  data: NluTrainingData,
  rows: readonly NluDatasetRowView[],
  thresholds: ConfidenceThresholds,
): Promise<RecognizerResult[]> {
  const results: RecognizerResult[] = [];
  for (const id of recognizers) {
    const engine = ctx.nluProviders.get(id);
    if (!engine) continue;
    const predictions = await engine.measure(
      data,
      rows.map((r) => r.utterance),
    );
    results.push(scoreRecognizer(id, rows, predictions, thresholds));
  }
  return results;
}

const accuracies = (results: readonly RecognizerResult[]) =>
  Object.fromEntries(results.map((r) => [r.recognizer, r.accuracy]));

async function runTest(
  ctx: AppContext,
  scope: TenantScope,
  bot: Bot,
  runId: string,
  rows: NluDatasetRowView[],
) {
  const runs = scope.nluTestRuns(bot.id);
  try {
    const startedAt = nowIso();
    const data = await botTrainingData(scope, bot);
    const recognizers = await recognizersToMeasure(ctx, bot);
    const measured = await measureOnRows(
      ctx,
      recognizers,
      data,
      alignIntents(rows, data),
      readBotSettings(bot.settings),
    );
    const results: NluTestResults = {
      startedAt,
      finishedAt: nowIso(),
      datasetRows: rows.length,
      recognizers: measured,
    };
    await runs.finish(runId, results);
    await recordPerformance(scope, bot.id, bot.botName, accuracies(measured));
    await runs.prune('test', KEEP_RUNS);
  } catch (error) {
    await runs.fail(runId, error instanceof Error ? error.message.slice(0, 500) : String(error));
    throw error;
  }
}

/** GET /api/bots/{bot}/nlu-test: whether a test runs, and the latest run's times. */
export async function nluTestStatus(
  ctx: AppContext,
  principal: Principal,
  botRef: BotRef,
): Promise<NluTestStatus> {
  const bot = await nluPerformanceBot(ctx, principal, botRef);
  const runs = principal.scope.nluTestRuns(bot.id);
  await runs.failStale(isoIn(-STALE_RUN_MS), INTERRUPTED);
  const [latest, dataset, hasResults] = await Promise.all([
    runs.latest('test'),
    principal.scope.nluDatasets(bot.id).get(),
    runs.hasFinished('test'),
  ]);
  return {
    isRunning: latest?.status === 'running',
    startedAt: latest?.startedAt ?? null,
    finishedAt: latest?.finishedAt ?? null,
    startedBy: latest?.startedBy ?? null,
    status: latest?.status ?? 'none',
    error: latest?.error ?? null,
    hasResults,
    dataset: dataset
      ? {
          fileName: dataset.fileName,
          rowCount: dataset.rowCount,
          uploadedAt: dataset.uploadedAt,
          uploadedBy: dataset.uploadedBy,
        }
      : null,
  };
}

/**
 * POST /api/bots/{bot}/nlu-test: starts a test in the background and answers at once. A test
 * already running for the bot (in any process) is 409 'Already running'.
 */
export async function startNluTest(
  ctx: AppContext,
  principal: Principal,
  botRef: BotRef,
): Promise<NluTestStatus> {
  const bot = await nluPerformanceBot(ctx, principal, botRef);
  const scope = principal.scope;
  const dataset = await scope.nluDatasets(bot.id).get();
  if (!dataset) throw conflict(M.noDataset);
  const measurable = (await recognizersToMeasure(ctx, bot)).filter((id) => ctx.nluProviders.get(id));
  if (measurable.length === 0) throw conflict(M.noRecognizer);
  if (!hasExamples(await botTrainingData(scope, bot))) throw conflict(M.noIntents);
  const runs = scope.nluTestRuns(bot.id);
  await runs.failStale(isoIn(-STALE_RUN_MS), INTERRUPTED);
  const run = await runs.start('test', principal.user.id);
  if (!run) throw conflict(M.alreadyRunning);
  await ctx.jobs.enqueue('nlu.test', { tenantId: bot.tenantId, botId: bot.id, runId: run.id });
  return nluTestStatus(ctx, principal, botRef);
}

/** GET /api/bots/{bot}/nlu-results: the latest finished test's results. */
export async function nluTestResults(
  ctx: AppContext,
  principal: Principal,
  botRef: BotRef,
): Promise<NluTestResults> {
  const bot = await nluPerformanceBot(ctx, principal, botRef);
  const run = await principal.scope.nluTestRuns(bot.id).latestFinished('test');
  if (!run?.results) throw notFound(M.noResults);
  return run.results as NluTestResults;
}

const RESULT_COLUMNS = [
  'recognizer',
  'type',
  'intent',
  'utterance',
  'expected',
  'predicted',
  'confidence',
  'support',
  'precision',
  'recall',
  'f1',
  'accuracy',
] as const;

const num = (n: number) => String(Math.round(n * 10_000) / 10_000);

/**
 * The results as one CSV in long form: per recognizer an 'accuracy' row, an 'intent' row per
 * expected intent, a 'confusion' row per non-zero cell and a 'misclassified' row per miss.
 */
export function resultsCsv(results: NluTestResults): string {
  const rows: string[][] = [];
  const row = (values: Partial<Record<(typeof RESULT_COLUMNS)[number], string>>) =>
    rows.push(RESULT_COLUMNS.map((c) => values[c] ?? ''));
  for (const r of results.recognizers) {
    row({ recognizer: r.recognizer, type: 'accuracy', support: String(r.total), accuracy: num(r.accuracy) });
    for (const i of r.intents)
      row({
        recognizer: r.recognizer,
        type: 'intent',
        intent: i.intent,
        support: String(i.support),
        precision: num(i.precision),
        recall: num(i.recall),
        f1: num(i.f1),
      });
    for (const [i, line] of r.confusion.entries())
      for (const [j, count] of line.entries())
        if (count > 0)
          row({
            recognizer: r.recognizer,
            type: 'confusion',
            expected: r.labels[i] ?? '',
            predicted: r.labels[j] ?? '',
            support: String(count),
          });
    for (const m of r.misclassified)
      row({
        recognizer: r.recognizer,
        type: 'misclassified',
        utterance: m.utterance,
        expected: m.expected,
        predicted: m.predicted,
        confidence: num(m.confidence),
      });
  }
  return tableCsv(RESULT_COLUMNS, rows);
}

/** The 'nlu.test' job: measures a started run on the bot's dataset as it is now. */
export async function runNluTestJob(
  ctx: AppContext,
  job: { tenantId: string; botId: string; runId: string },
): Promise<void> {
  const scope = ctx.repos.forTenant(job.tenantId);
  const bot = await scope.bots.getById(job.botId);
  if (!bot) return;
  const dataset = await scope.nluDatasets(bot.id).get();
  if (!dataset) {
    await scope.nluTestRuns(bot.id).fail(job.runId, M.noDataset);
    return;
  }
  await runTest(ctx, scope, bot, job.runId, dataset.rows);
}
