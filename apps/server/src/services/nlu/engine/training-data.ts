import type { EntityType } from '@parley/contracts';
import { readBotSettings } from '@parley/contracts';
import type { Bot, EntityRecord, IntentRecord, TenantScope } from '@parley/db';
import type { NluEntity, NluTrainingData } from '@parley/nlu';

/**
 * A bot's intents and entities as the NLU engines train from them. Examples that are
 * patterns (placeholders naming the bot's entities) go to `patterns`; the engine matches
 * them before its classifier and also learns from them with sample values filled in.
 * Prebuilt entities are not stored per bot: a pattern or an utterance naming one is enough
 * for the engine to recognise it.
 */
function trainingDataOf(
  language: string,
  intents: readonly IntentRecord[],
  entities: readonly EntityRecord[],
): NluTrainingData {
  return {
    language,
    intents: intents.map((intent) => ({
      name: intent.name,
      utterances: intent.examples.filter((e) => e.kind === 'utterance').map((e) => e.text),
      patterns: intent.examples.filter((e) => e.kind === 'pattern').map((e) => e.text),
    })),
    entities: entities.map(toNluEntity),
  };
}

/**
 * What the bot's recognizers train on now: its intents that have examples (an intent without
 * any teaches nothing) and its entities. Publishing, its retry check, the provider calls and
 * NLU Performance all read it here, so they agree on what 'the bot's content' is.
 */
export async function botTrainingData(scope: TenantScope, bot: Bot): Promise<NluTrainingData> {
  const [intents, entities] = await Promise.all([
    scope.intents(bot.id).list(),
    scope.entities(bot.id).list(),
  ]);
  return trainingDataOf(
    readBotSettings(bot.settings).language,
    intents.filter((i) => i.examples.length > 0),
    entities,
  );
}

function toNluEntity(entity: EntityRecord): NluEntity {
  const { sublists, resolveWithCanonical, examples, regexes } = entity.content;
  return {
    name: entity.name,
    type: entity.type as EntityType,
    roles: entity.roles.map((name) => ({ name })),
    ...(sublists && { sublists }),
    ...(resolveWithCanonical !== undefined && { resolveWithCanonical }),
    ...(examples && { examples }),
    ...(regexes && { regexes }),
  };
}
