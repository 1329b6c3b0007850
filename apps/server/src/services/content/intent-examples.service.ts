import {
  type AddExampleBody,
  INTENT_LIMITS,
  INTENT_MIN_EXAMPLES,
  type IntentView,
  type IsPatternBody,
  type IsPatternResponse,
  isPatternExample,
  INTENT_MESSAGES as M,
  notFound,
  type UpdateExampleBody,
  validationError,
} from '@parley/contracts';
import type { ExampleKind } from '@parley/db';
import type { BotRef } from '../../auth/bot-ref';
import type { Principal } from '../../auth/principal';
import type { AppContext } from '../../context';
import { changeBotContent } from './bot-content.service';
import { placeholderEntities } from './entity-views';
import { classifyExample, needsExamples, toIntentView } from './intent-views';
import { requireIntent } from './intents.service';

const sameText = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** POST /api/examples/is-pattern: does the example name one of the given entities (spec 02 section 3)? */
export function isPattern(body: IsPatternBody): IsPatternResponse {
  return { isPattern: isPatternExample(body.example, body.entities) };
}

/** POST /api/{bot}/intents/{intent}/examples: an utterance or a pattern, decided by the bot's entities. */
export async function addExample(
  ctx: AppContext,
  principal: Principal,
  botRef: BotRef,
  intentName: string,
  body: AddExampleBody,
): Promise<IntentView> {
  return changeBotContent(ctx, principal, botRef, 'intents', async (content) => {
    const intent = await requireIntent(content, intentName);
    const example = classifyExample(body.text, placeholderEntities(await content.entities.list()));
    if (intent.examples.some((e) => sameText(e.text, example.text)))
      throw validationError('text', M.utteranceExists);
    if (intent.examples.length >= INTENT_LIMITS.examplesPerIntent)
      throw validationError('text', M.tooManyExamples(INTENT_LIMITS.examplesPerIntent));
    const [added] = await content.intents.addExamples(intent.id, [example]);
    return toIntentView({ ...intent, examples: [...intent.examples, ...(added ? [added] : [])] });
  });
}

/** PUT /api/{bot}/intents/{intent}/examples: an example (by ids.internal) gets a new text, and is classified again. */
export async function updateExample(
  ctx: AppContext,
  principal: Principal,
  botRef: BotRef,
  intentName: string,
  body: UpdateExampleBody,
): Promise<IntentView> {
  return changeBotContent(ctx, principal, botRef, 'intents', async (content) => {
    const intent = await requireIntent(content, intentName);
    const id = body.example.ids.internal;
    if (!intent.examples.some((e) => e.id === id)) throw notFound(M.exampleNotFound);
    const example = classifyExample(body.example.text, placeholderEntities(await content.entities.list()));
    if (intent.examples.some((e) => e.id !== id && sameText(e.text, example.text)))
      throw validationError('example.text', M.utteranceExists);
    await content.intents.updateExample(id, example);
    return toIntentView({
      ...intent,
      examples: intent.examples.map((e) => (e.id === id ? { id, ...example } : e)),
    });
  });
}

/**
 * DELETE /api/{bot}/intents/{intent}/utterances/{id} and /patterns/{id}. An intent keeps the
 * two examples it was created with at least (spec 02), the last one of an older intent too.
 */
export async function deleteExample(
  ctx: AppContext,
  principal: Principal,
  botRef: BotRef,
  intentName: string,
  kind: ExampleKind,
  exampleId: string,
): Promise<IntentView> {
  return changeBotContent(ctx, principal, botRef, 'intents', async (content) => {
    const intent = await requireIntent(content, intentName);
    if (!intent.examples.some((e) => e.id === exampleId && e.kind === kind))
      throw notFound(M.exampleNotFound);
    if (needsExamples(intent) && intent.examples.length <= INTENT_MIN_EXAMPLES)
      throw validationError('id', intent.examples.length === 1 ? M.lastExample : M.notEnoughExamples);
    await content.intents.deleteExample(intent.id, exampleId);
    return toIntentView({ ...intent, examples: intent.examples.filter((e) => e.id !== exampleId) });
  });
}
