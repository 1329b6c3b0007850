import {
  AppError,
  INTENT_BATCH_MESSAGES as B,
  conflict,
  exampleTextField,
  INTENT_LIMITS,
  INTENT_MIN_EXAMPLES,
  type IntentBatchImportResult,
  isValidIntentName,
  INTENT_MESSAGES as M,
  nameKey,
  validationError,
} from '@parley/contracts';
import { type IntentRecord, isUniqueViolation, type NewIntent } from '@parley/db';
import type { BotRef } from '../../auth/bot-ref';
import type { Principal } from '../../auth/principal';
import type { AppContext } from '../../context';
import type { UploadedFile } from '../../http/multipart';
import { runInputTask } from '../../untrusted-input/run-input-task';
import { shareEventLoop } from '../../workers/share-event-loop';
import { assertNotPublishing } from '../publishing/synchronization-block';
import { type BotContent, ensureNoneIntent, readBotContent } from './bot-content.service';
import { intentNameProblem } from './content-names.service';
import { placeholderEntities } from './entity-views';
import { classifyExample } from './intent-views';
import type { IntentWorkbookRow } from './intent-workbook';
import { botContentIn } from './variable-changes';

/** How long reading one workbook may take in its worker. */
const WORKBOOK_TIMEOUT_MS = 60_000;

/** The longest a person's claim on reading a workbook lasts: a process that ended lets go of it then. */
const WORKBOOK_CLAIM_SECONDS = 10 * 60;

/**
 * Runs `read` while the person holds their one workbook at a time, as with bot files: a workbook
 * costs a worker and seconds of writing. The claim is shared by every process (the shared rate
 * limiter); 429 while another workbook of theirs is read.
 */
async function oneWorkbookAtATime<T>(
  ctx: AppContext,
  principal: Principal,
  read: () => Promise<T>,
): Promise<T> {
  const key = `intent-workbook:${principal.user.id}`;
  if ((await ctx.shared.rateLimiter.hit(key, WORKBOOK_CLAIM_SECONDS)) > 1) {
    await ctx.shared.rateLimiter.release(key);
    throw new AppError('rate_limit_error', B.oneAtATime, { retryAfterSeconds: 10 });
  }
  try {
    return await read();
  } finally {
    // Whole, not one less: the next claim starts a window of its own.
    await ctx.shared.rateLimiter.reset(key);
  }
}

/** The rows of one intent of the workbook, in file order. */
interface RowGroup {
  name: string;
  rows: IntentWorkbookRow[];
}

function groupByIntent(rows: readonly IntentWorkbookRow[], field: string): RowGroup[] {
  const groups = new Map<string, RowGroup>();
  for (const row of rows) {
    if (!isValidIntentName(row.intentName)) throw validationError(field, B.row(row.row, M.invalidName));
    const group = groups.get(nameKey(row.intentName));
    if (group) group.rows.push(row);
    else groups.set(nameKey(row.intentName), { name: row.intentName, rows: [row] });
  }
  return [...groups.values()];
}

/** The group's utterances, checked like typed ones; repeats (ignoring case) are kept once. */
function utterancesOf(group: RowGroup, field: string): string[] {
  const seen = new Set<string>();
  const texts: string[] = [];
  for (const row of group.rows) {
    const parsed = exampleTextField.safeParse(row.utterance);
    if (!parsed.success)
      throw validationError(field, B.row(row.row, parsed.error.issues[0]?.message ?? M.utteranceTooShort));
    if (seen.has(parsed.data.toLowerCase())) continue;
    seen.add(parsed.data.toLowerCase());
    texts.push(parsed.data);
  }
  return texts;
}

/** The one answer the rows of an intent give (rows may leave it out after the first). */
function answerOf(group: RowGroup, field: string): string {
  const answers = [...new Set(group.rows.map((r) => r.answer).filter((a) => a !== ''))];
  if (answers.length > 1) throw validationError(field, B.differentAnswers(group.name));
  const answer = answers[0] ?? '';
  if (answer.length > INTENT_LIMITS.answer)
    throw validationError(field, B.row(group.rows[0]?.row ?? 2, M.tooLong('answer', INTENT_LIMITS.answer)));
  return answer;
}

/** What one group of rows does: examples added to an intent the bot has, or a new intent. */
type PlannedChange =
  | { kind: 'add'; name: string; intentId: string; examples: NewIntent['examples'] }
  | { kind: 'create'; intent: NewIntent };

/**
 * Every row checked before anything is written, by the rules of adding examples and creating
 * intents by hand: the first problem names its row, and then nothing has changed. Reads only,
 * sharing the event loop between groups.
 */
async function planBatch(
  content: BotContent,
  groups: readonly RowGroup[],
  options: { field: string; isFaq: boolean },
): Promise<PlannedChange[]> {
  const { field } = options;
  const entities = placeholderEntities(await content.entities.list());
  const existing = new Map<string, IntentRecord>(
    (await content.intents.list()).map((i) => [nameKey(i.name), i]),
  );
  const planned: PlannedChange[] = [];
  for (const group of groups) {
    await shareEventLoop();
    const firstRow = group.rows[0]?.row ?? 2;
    const examples = utterancesOf(group, field).map((text) => classifyExample(text, entities));
    const intent = existing.get(nameKey(group.name));
    if (intent) {
      const known = new Set(intent.examples.map((e) => e.text.toLowerCase()));
      const fresh = examples.filter((e) => !known.has(e.text.toLowerCase()));
      if (intent.examples.length + fresh.length > INTENT_LIMITS.examplesPerIntent)
        throw validationError(field, B.row(firstRow, M.tooManyExamples(INTENT_LIMITS.examplesPerIntent)));
      if (fresh.length > 0)
        planned.push({ kind: 'add', name: intent.name, intentId: intent.id, examples: fresh });
      continue;
    }
    const problem = await intentNameProblem(content, group.name);
    if (problem) throw validationError(field, B.row(firstRow, problem));
    if (examples.length < INTENT_MIN_EXAMPLES)
      throw validationError(field, B.row(firstRow, M.notEnoughExamples));
    if (examples.length > INTENT_LIMITS.examplesPerIntent)
      throw validationError(field, B.row(firstRow, M.tooManyExamples(INTENT_LIMITS.examplesPerIntent)));
    const answer = answerOf(group, field);
    if (options.isFaq && answer === '') throw validationError(field, B.row(firstRow, M.faqAnswerRequired));
    const description = group.rows.map((r) => r.description).find((d) => d !== '') ?? '';
    if (description.length > INTENT_LIMITS.description)
      throw validationError(field, B.row(firstRow, M.tooLong('description', INTENT_LIMITS.description)));
    planned.push({
      kind: 'create',
      intent: {
        name: group.name,
        description,
        type: answer === '' ? 'normal' : 'faq',
        answer,
        isRedirect: false,
        template: null,
        examples,
      },
    });
  }
  return planned;
}

/**
 * Writes the planned changes in short transactions (a 49,000-row sheet would hold the database
 * for seconds): the intents appear as they are written. A write that fails (a change made at the
 * same time) undoes what the import wrote, so the bot is as it was.
 */
async function writeBatch(
  ctx: AppContext,
  principal: Principal,
  bot: BotContent['bot'],
  planned: readonly PlannedChange[],
): Promise<IntentBatchImportResult> {
  const result: IntentBatchImportResult = { created: [], updated: [], examplesAdded: 0 };
  const createdIds: string[] = [];
  const addedExamples: Array<{ intentId: string; exampleId: string }> = [];
  try {
    await ctx.repos.transactionInSlices(async (repos, breakSlice) => {
      const content = botContentIn(repos.forTenant(principal.tenantId), bot);
      await ensureNoneIntent(content);
      await content.scope.bots.markUnpublished(bot.id);
      for (const change of planned) {
        await breakSlice();
        if (change.kind === 'add') {
          const added = await content.intents.addExamples(change.intentId, change.examples);
          for (const example of added)
            addedExamples.push({ intentId: change.intentId, exampleId: example.id });
          result.updated.push(change.name);
          result.examplesAdded += change.examples.length;
        } else {
          createdIds.push((await content.intents.create(change.intent)).id);
          result.created.push(change.intent.name);
          result.examplesAdded += change.intent.examples.length;
        }
      }
    });
  } catch (error) {
    await ctx.repos.transactionInSlices(async (repos, breakSlice) => {
      const intents = repos.forTenant(principal.tenantId).intents(bot.id);
      for (const id of createdIds) {
        await intents.delete(id);
        await breakSlice();
      }
      for (const { intentId, exampleId } of addedExamples) {
        await intents.deleteExample(intentId, exampleId);
        await breakSlice();
      }
    });
    if (isUniqueViolation(error)) throw conflict('This bot was changed at the same time. Please try again.');
    throw error;
  }
  return result;
}

/**
 * POST /api/{bot}/intents/batch-import (and /import-faq with `isFaq`): reads the workbook
 * (docs/intent-and-entity-files.md) in a worker, checks every row, then creates the intents it
 * names and adds new utterances to those the bot has, in short transactions. Any problem names
 * its row and nothing changes. One workbook of a person is read at a time (429 meanwhile).
 */
export async function batchImportIntents(
  ctx: AppContext,
  principal: Principal,
  botRef: BotRef,
  file: UploadedFile,
  options: { field: string; isFaq: boolean },
): Promise<IntentBatchImportResult> {
  if (!file.fileName.toLowerCase().endsWith('.xlsx'))
    throw validationError(options.field, M.invalidFileExtension);
  return oneWorkbookAtATime(ctx, principal, () => importWorkbook(ctx, principal, botRef, file, options));
}

async function importWorkbook(
  ctx: AppContext,
  principal: Principal,
  botRef: BotRef,
  file: UploadedFile,
  options: { field: string; isFaq: boolean },
): Promise<IntentBatchImportResult> {
  let rows: IntentWorkbookRow[];
  try {
    // In a worker: a big workbook takes seconds to load, and stalls no other request there.
    rows = await runInputTask(
      'readIntentWorkbook',
      { file: file.data, needsAnswer: options.isFaq },
      {
        timeoutMs: WORKBOOK_TIMEOUT_MS,
        tooComplex: () => validationError(options.field, B.tooLarge),
        busy: () => new AppError('custom_error', B.busy, {}, 503),
      },
    );
  } catch (error) {
    if (error instanceof AppError && error.code === 'validation_error')
      throw validationError(options.field, error.message);
    throw error;
  }
  const groups = groupByIntent(rows, options.field);
  const content = await readBotContent(principal, botRef);
  await assertNotPublishing(ctx, content.bot, 'intents');
  const planned = await planBatch(content, groups, options);
  return writeBatch(ctx, principal, content.bot, planned);
}
