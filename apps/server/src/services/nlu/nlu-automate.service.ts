import {
  conflict,
  ENGINES,
  isSelectableRecognizer,
  NLU_PERFORMANCE_MESSAGES as M,
  type NluAutomateDecision,
  type NluAutomateStatus,
  type NluDatasetRowView,
  readBotSettings,
} from '@parley/contracts';
import { type Bot, isoIn, nowIso } from '@parley/db';
import type { NluTrainingData } from '@parley/nlu';
import type { ConfidenceThresholds } from '@parley/runtime';
import type { BotRef } from '../../auth/bot-ref';
import type { Principal } from '../../auth/principal';
import type { AppContext } from '../../context';
import { botRefOf } from './engine/bot-ref';
import { botTrainingData } from './engine/training-data';
import { alignIntents, INTERRUPTED, measureOnRows, STALE_RUN_MS } from './nlu-test.service';
import { nluPerformanceBot } from './nlu-test-access';
import { isConfiguredFor } from './nlu-test-engines';
import { recordPerformance } from './nlu-test-measuring';
import { scoreRecognizer } from './nlu-test-scoring';

/** Folds of the cross-validation on the bot's own utterances when it has no dataset. */
export const AUTOMATE_FOLDS = 5;
const AUTOMATE_ACTOR = 'nluAutomate';

/** Recognizers automate may choose for the bot: choosable, knowing its language, measurable, configured. */
async function candidatesFor(ctx: AppContext, bot: Bot): Promise<string[]> {
  const { language } = botRefOf(bot);
  const out: string[] = [];
  for (const engine of ENGINES) {
    if (!isSelectableRecognizer(engine) || !engine.languages.includes(language)) continue;
    if (!(await isConfiguredFor(ctx, bot, engine.id))) continue;
    out.push(engine.id);
  }
  return out;
}

/**
 * Splits each intent's utterances round-robin into `k` folds: fold f tests on the utterances
 * whose position modulo k is f and trains on the rest (patterns always train). Intents with
 * fewer than two utterances only train: a lone utterance held out teaches nothing.
 */
export function crossValidationFolds(data: NluTrainingData, k: number) {
  return Array.from({ length: k }, (_, fold) => {
    const rows: NluDatasetRowView[] = [];
    const intents = data.intents.map((intent) => {
      const testable = intent.utterances.length >= 2;
      const train = intent.utterances.filter((u, i) => {
        const held = testable && i % k === fold;
        if (held) rows.push({ utterance: typeof u === 'string' ? u : u.text, intent: intent.name });
        return !held;
      });
      return { ...intent, utterances: train };
    });
    return { train: { ...data, intents }, rows };
  }).filter((f) => f.rows.length > 0);
}

async function crossValidate(
  ctx: AppContext,
  recognizer: string,
  data: NluTrainingData,
  thresholds: ConfidenceThresholds,
) {
  const engine = ctx.nluProviders.get(recognizer);
  const folds = crossValidationFolds(data, AUTOMATE_FOLDS);
  const rows: NluDatasetRowView[] = [];
  const predictions: Array<{ topIntent: string; confidence: number }> = [];
  for (const fold of folds) {
    const answers =
      (await engine?.measure(
        fold.train,
        fold.rows.map((r) => r.utterance),
      )) ?? [];
    rows.push(...fold.rows);
    predictions.push(...answers);
  }
  return { result: scoreRecognizer(recognizer, rows, predictions, thresholds), folds: folds.length };
}

/** Best accuracy wins; a tie keeps the current recognizer, else the catalogue's order decides. */
function choose(scores: NluAutomateDecision['scores'], current: string | null): string | undefined {
  const best = Math.max(...scores.map((s) => s.accuracy));
  const top = scores.filter((s) => s.accuracy === best).map((s) => s.recognizer);
  return current && top.includes(current) ? current : top[0];
}

async function decide(ctx: AppContext, bot: Bot): Promise<NluAutomateDecision> {
  const scope = ctx.repos.forTenant(bot.tenantId);
  const settings = readBotSettings(bot.settings);
  const previous = settings.intentRecognizerProvider;
  const candidates = await candidatesFor(ctx, bot);
  const data = await botTrainingData(scope, bot);
  const dataset = await scope.nluDatasets(bot.id).get();
  const base = { decidedAt: nowIso(), previous, changed: false };
  let method: NluAutomateDecision['method'] = 'dataset';
  let folds = 0;
  let scores: NluAutomateDecision['scores'] = [];
  if (dataset) {
    const results = await measureOnRows(ctx, candidates, data, alignIntents(dataset.rows, data), settings);
    scores = results.map(({ recognizer, accuracy, correct, total }) => ({
      recognizer,
      accuracy,
      correct,
      total,
    }));
  } else {
    method = 'cross-validation';
    for (const recognizer of candidates) {
      const cv = await crossValidate(ctx, recognizer, data, settings);
      folds = cv.folds;
      if (cv.folds > 0) {
        const { accuracy, correct, total } = cv.result;
        scores.push({ recognizer, accuracy, correct, total });
      }
    }
  }
  const chosen = scores.length > 0 ? choose(scores, previous) : undefined;
  if (!chosen)
    return {
      ...base,
      method,
      folds,
      scores,
      chosen: previous ?? '',
      note:
        candidates.length === 0
          ? 'No recognizer that can be measured understands the bot language.'
          : 'The bot has too few utterances to measure (at least two per intent).',
    };
  const changed = chosen !== previous;
  if (changed) {
    const fresh = (await scope.bots.get(bot.botName)) ?? bot;
    // The new recognizer has no published model of this content yet: the bot asks for a publish.
    await scope.bots.update(bot.id, {
      settings: { ...fresh.settings, intentRecognizerProvider: chosen, entityExtractorProvider: chosen },
      isPublished: false,
    });
  }
  await recordPerformance(
    scope,
    bot.id,
    bot.botName,
    Object.fromEntries(scores.map((s) => [s.recognizer, s.accuracy])),
  );
  return { ...base, method, folds, scores, chosen, changed, note: null };
}

/**
 * NLU automate for one bot (spec 04 section 3.1 'nluAutomate'): when its nluAutomate is on,
 * tests the recognizers that fit its language (on its dataset, else by cross-validation of its
 * own utterances), switches intentRecognizerProvider and entityExtractorProvider to the best
 * and stores the decision with the scores. Publishing calls it after each publish, the
 * scheduler periodically. Never throws: a failure is stored on the run and logged. Answers
 * undefined when automate is off or already running for the bot.
 */
export async function runNluAutomate(ctx: AppContext, bot: Bot): Promise<NluAutomateDecision | undefined> {
  if (!readBotSettings(bot.settings).nluAutomate) return undefined;
  const runs = ctx.repos.forTenant(bot.tenantId).nluTestRuns(bot.id);
  try {
    await runs.failStale(isoIn(-STALE_RUN_MS), INTERRUPTED);
    const run = await runs.start('automate', AUTOMATE_ACTOR);
    if (!run) return undefined;
    try {
      const decision = await decide(ctx, bot);
      await runs.finish(run.id, decision);
      await runs.prune('automate', 10);
      return decision;
    } catch (error) {
      await runs.fail(run.id, error instanceof Error ? error.message.slice(0, 500) : String(error));
      throw error;
    }
  } catch (error) {
    ctx.log.error({ err: error, botId: bot.id }, 'NLU automate failed');
    return undefined;
  }
}

/** GET /api/bots/{bot}/nlu-automate: the latest decision with its scores. */
export async function nluAutomateStatus(
  ctx: AppContext,
  principal: Principal,
  botRef: BotRef,
): Promise<NluAutomateStatus> {
  const bot = await nluPerformanceBot(ctx, principal, botRef);
  const runs = principal.scope.nluTestRuns(bot.id);
  const [latest, finished] = await Promise.all([runs.latest('automate'), runs.latestFinished('automate')]);
  return {
    nluAutomate: readBotSettings(bot.settings).nluAutomate,
    isRunning: latest?.status === 'running',
    decision: (finished?.results as NluAutomateDecision | undefined) ?? null,
    intervalHours: ctx.config.nluAutomateIntervalHours,
  };
}

/** POST /api/bots/{bot}/nlu-automate: runs automate now and answers its decision. */
export async function runNluAutomateNow(
  ctx: AppContext,
  principal: Principal,
  botRef: BotRef,
): Promise<NluAutomateStatus> {
  const bot = await nluPerformanceBot(ctx, principal, botRef);
  if (!readBotSettings(bot.settings).nluAutomate) throw conflict(M.automateOff);
  const latest = await principal.scope.nluTestRuns(bot.id).latest('automate');
  if (latest?.status === 'running' && latest.startedAt > isoIn(-STALE_RUN_MS))
    throw conflict(M.alreadyRunning);
  await runNluAutomate(ctx, bot);
  return nluAutomateStatus(ctx, principal, botRef);
}

/**
 * Runs automate for every bot that has it on and whose last run is older than the interval.
 * Each process checks hourly; the database lets only one run per bot at a time.
 */
export async function runDueNluAutomate(ctx: AppContext): Promise<number> {
  const intervalMs = ctx.config.nluAutomateIntervalHours * 3600_000;
  let ran = 0;
  for (const tenant of await ctx.repos.tenants.list()) {
    const scope = ctx.repos.forTenant(tenant.id);
    for (const bot of await scope.bots.list()) {
      if (!readBotSettings(bot.settings).nluAutomate) continue;
      const last = await scope.nluTestRuns(bot.id).latest('automate');
      if (last && last.startedAt > isoIn(-intervalMs)) continue;
      if (await runNluAutomate(ctx, bot)) ran++;
    }
  }
  return ran;
}

/** The 'nlu.automate' job: automate for one bot (it stores its own failures). */
export async function runNluAutomateJob(
  ctx: AppContext,
  job: { tenantId: string; botId: string },
): Promise<void> {
  const bot = await ctx.repos.forTenant(job.tenantId).bots.getById(job.botId);
  if (bot) await runNluAutomate(ctx, bot);
}

/** How often the due-check runs: hourly, or as often as the interval if shorter; 0 hours: never. */
export function nluAutomateCheckEveryMs(ctx: AppContext): number | undefined {
  if (ctx.config.nluAutomateIntervalHours <= 0) return undefined;
  return Math.min(3600_000, ctx.config.nluAutomateIntervalHours * 3600_000);
}
