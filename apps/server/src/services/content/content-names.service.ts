import { ENTITY_MESSAGES, INTENT_MESSAGES, isNoneIntent, prebuiltEntityNamed } from '@parley/contracts';
import type { BotContent } from './bot-content.service';

/**
 * Refuses a name for a new or renamed entity, or answers undefined. Spec 02 section 5: "An
 * extra bot-level name validator exists, and its last error is shown." Functions, variables
 * and objects add their validators here as their issues land.
 */
export type BotNameValidator = (content: BotContent, name: string) => Promise<string | undefined>;

export const BOT_LEVEL_NAME_VALIDATORS: BotNameValidator[] = [];

async function lastBotLevelError(content: BotContent, name: string): Promise<string | undefined> {
  let last: string | undefined;
  for (const validate of BOT_LEVEL_NAME_VALIDATORS) last = (await validate(content, name)) ?? last;
  return last;
}

/**
 * Intent names are unique among intents (None included) and may not be an entity's name,
 * prebuilt ones included; all ignoring case.
 */
export async function intentNameProblem(
  content: BotContent,
  name: string,
  exceptIntentId?: string,
): Promise<string | undefined> {
  const existing = await content.intents.idOf(name);
  if (existing !== undefined && existing !== exceptIntentId) return INTENT_MESSAGES.nameTaken;
  if (isNoneIntent(name) && existing === undefined) return INTENT_MESSAGES.nameTaken;
  if (prebuiltEntityNamed(name) || (await content.entities.get(name))) return INTENT_MESSAGES.entityNameClash;
  return undefined;
}

/** Entity names are unique among entities (prebuilt ones included) and may not be an intent's name. */
export async function entityNameProblem(
  content: BotContent,
  name: string,
  options: { exceptEntityId?: string; isImport?: boolean } = {},
): Promise<string | undefined> {
  const taken = options.isImport ? ENTITY_MESSAGES.nameTakenOnImport : ENTITY_MESSAGES.nameTaken;
  if (prebuiltEntityNamed(name)) return taken;
  const existing = await content.entities.get(name);
  if (existing && existing.id !== options.exceptEntityId) return taken;
  if ((await content.intents.idOf(name)) !== undefined) return ENTITY_MESSAGES.intentNameClash;
  return lastBotLevelError(content, name);
}
