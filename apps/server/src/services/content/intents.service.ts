import {
  type ChangeIntentNameBody,
  type CreateIntentBody,
  type IntentSummary,
  type IntentView,
  isNoneIntent,
  INTENT_MESSAGES as M,
  notFound,
  type PatchIntentBody,
  type UpdateIntentDescriptionBody,
  validationError,
} from '@parley/contracts';
import type { IntentRecord } from '@parley/db';
import type { BotRef } from '../../auth/bot-ref';
import type { Principal } from '../../auth/principal';
import type { AppContext } from '../../context';
import { flowTemplateNamed, saveTemplateFlow } from '../flows/template-flows';
import { type BotContent, changeBotContent, readBotContent } from './bot-content.service';
import { intentNameProblem } from './content-names.service';
import { placeholderEntities } from './entity-views';
import { classifyExample, inListOrder, toIntentSummary, toIntentView } from './intent-views';

/** GET /api/{bot}/intents: every intent with its examples (two queries), None last. */
export async function listIntents(principal: Principal, botRef: BotRef): Promise<IntentView[]> {
  const content = await readBotContent(principal, botRef);
  return inListOrder((await content.intents.list()).map(toIntentView));
}

/** GET /api/{bot}/intents?view=summary: every intent without its examples, None last. */
export async function listIntentSummaries(principal: Principal, botRef: BotRef): Promise<IntentSummary[]> {
  const content = await readBotContent(principal, botRef);
  return inListOrder((await content.intents.summaries()).map(toIntentSummary));
}

/** GET /api/{bot}/intents/{intent}: one intent with its examples. */
export async function readIntent(principal: Principal, botRef: BotRef, name: string): Promise<IntentView> {
  return toIntentView(await requireIntent(await readBotContent(principal, botRef), name));
}

export async function requireIntent(content: BotContent, name: string): Promise<IntentRecord> {
  const intent = await content.intents.get(name);
  if (!intent) throw notFound(`There is no intent named ${name.slice(0, 60)}.`);
  return intent;
}

/** Creates an intent by the rules of spec 02 section 5 (the payload's own rules were checked at the edge). */
export async function createIntentIn(
  content: BotContent,
  body: CreateIntentBody,
  /** The bot's entities as patterns name them, when the caller read them once for many intents. */
  knownEntities?: ReturnType<typeof placeholderEntities>,
): Promise<IntentRecord> {
  const problem = await intentNameProblem(content, body.name);
  if (problem) throw validationError('name', problem);
  const entities = knownEntities ?? placeholderEntities(await content.entities.list());
  return content.intents.create({
    name: body.name,
    description: body.description,
    type: body.type,
    answer: body.type === 'faq' ? body.answer : '',
    isRedirect: body.isRedirect,
    template: body.template,
    examples: [...body.utterances, ...body.patterns].map((text) => classifyExample(text, entities)),
  });
}

/**
 * POST /api/{bot}/intents: normal, FAQ or redirect. A normal intent created with a template flow
 * (GET /api/templates) gets that flow as its version 1; the template's id is kept on the intent.
 */
export async function createIntent(
  ctx: AppContext,
  principal: Principal,
  botRef: BotRef,
  body: CreateIntentBody,
): Promise<IntentView> {
  const template = body.template && body.type === 'normal' ? flowTemplateNamed(body.template) : null;
  return changeBotContent(ctx, principal, botRef, 'intents', async (content) => {
    const intent = await createIntentIn(content, body);
    if (template) await saveTemplateFlow(principal, content, intent, template.id);
    return toIntentView(intent);
  });
}

/** PUT /api/{bot}/intents/change-name; None keeps its name. */
export async function renameIntent(
  ctx: AppContext,
  principal: Principal,
  botRef: BotRef,
  body: ChangeIntentNameBody,
): Promise<IntentView> {
  return changeBotContent(ctx, principal, botRef, 'intents', async (content) => {
    const intent = await requireIntent(content, body.name);
    if (isNoneIntent(intent.name)) throw validationError('name', M.cannotRenameNone);
    const problem = await intentNameProblem(content, body.newName, intent.id);
    if (problem) throw validationError('newName', problem);
    await content.intents.update(intent.id, { name: body.newName });
    return toIntentView({ ...intent, name: body.newName });
  });
}

/** POST /api/{bot}/intents/update-description. */
export async function updateIntentDescription(
  ctx: AppContext,
  principal: Principal,
  botRef: BotRef,
  body: UpdateIntentDescriptionBody,
): Promise<IntentView> {
  return changeBotContent(ctx, principal, botRef, 'intents', async (content) => {
    const intent = await requireIntent(content, body.intentName);
    await content.intents.update(intent.id, { description: body.description });
    return toIntentView({ ...intent, description: body.description });
  });
}

/**
 * PATCH /api/{bot}/intents/{intent}: a new FAQ answer, or the one-way change from FAQ to
 * normal (the answer goes with it).
 */
export async function patchIntent(
  ctx: AppContext,
  principal: Principal,
  botRef: BotRef,
  intentName: string,
  body: PatchIntentBody,
): Promise<IntentView> {
  return changeBotContent(ctx, principal, botRef, 'intents', async (content) => {
    const intent = await requireIntent(content, intentName);
    if (body.type === 'normal') {
      if (intent.type !== 'faq') throw validationError('type', M.onlyFaqToNormal);
      await content.intents.update(intent.id, { type: 'normal', answer: '' });
      return toIntentView({ ...intent, type: 'normal', answer: '' });
    }
    if (intent.type !== 'faq') throw validationError('answer', M.answerOnlyForFaq);
    const answer = body.answer ?? intent.answer;
    await content.intents.update(intent.id, { answer });
    return toIntentView({ ...intent, answer });
  });
}

/** DELETE /api/{bot}/intents/{intent}; never None. */
export async function deleteIntent(
  ctx: AppContext,
  principal: Principal,
  botRef: BotRef,
  intentName: string,
): Promise<void> {
  await changeBotContent(ctx, principal, botRef, 'intents', async (content) => {
    const intent = await requireIntent(content, intentName);
    if (isNoneIntent(intent.name)) throw validationError('intent', M.cannotDeleteNone);
    await content.intents.delete(intent.id);
  });
}
