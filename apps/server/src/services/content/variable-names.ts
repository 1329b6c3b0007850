import { VARIABLE_MESSAGES as M, prebuiltEntityNamed } from '@parley/contracts';
import type { BotContent } from './bot-content.service';
import { BOT_LEVEL_NAME_VALIDATORS, type BotNameValidator } from './content-names.service';
import { botContentIn, type VariableChange } from './variable-changes';

/**
 * Variables and objects share one namespace (spec 02 section 5), and their names may not be
 * an entity's or a function's, ignoring case. Each kind registers its names in the bot-level
 * validators of content-names.service; this one says whether a variable or object of the bot
 * (or a global one) has the name.
 */
export const variablesAndObjectsNameValidator: BotNameValidator = async (content, name) =>
  (await content.scope.variables(content.bot.id).get(name)) ? M.nameUsedElsewhere : undefined;

BOT_LEVEL_NAME_VALIDATORS.push(variablesAndObjectsNameValidator);

/** Whether an entity of the bot (prebuilt ones too) or another registered kind (functions) has the name. */
async function isUsedByOtherKinds(content: BotContent, name: string): Promise<boolean> {
  if (prebuiltEntityNamed(name) || (await content.entities.get(name))) return true;
  for (const validate of BOT_LEVEL_NAME_VALIDATORS) {
    if (validate === variablesAndObjectsNameValidator) continue;
    if (await validate(content, name)) return true;
  }
  return false;
}

/**
 * A name becoming global must be free in every bot of the tenant: no other bot may own a
 * variable, object, entity or function of that name.
 */
export async function globalNameProblem(change: VariableChange, name: string): Promise<string | undefined> {
  const { scope, bot: thisBot } = change.content;
  const bots = await scope.bots.list();
  const nameOf = (botId: string) => bots.find((bot) => bot.id === botId)?.botName ?? botId;
  const owner = await change.variables.otherBotOwning(name);
  if (owner) return M.nameTakenInBot(name, nameOf(owner));
  for (const bot of bots) {
    if (bot.id !== thisBot.id && (await isUsedByOtherKinds(botContentIn(scope, bot), name)))
      return M.nameUsedInBot(bot.botName);
  }
  return undefined;
}

/** A name for a new variable or object of this bot, or of the tenant when it is global. */
export async function newNameProblem(
  change: VariableChange,
  name: string,
  isGlobal: boolean,
): Promise<string | undefined> {
  if (await change.variables.get(name)) return M.nameTaken(name);
  if (await isUsedByOtherKinds(change.content, name)) return M.nameUsedElsewhere;
  return isGlobal ? globalNameProblem(change, name) : undefined;
}
