import { FUNCTION_MESSAGES as M, prebuiltEntityNamed } from '@parley/contracts';
import type { BotContent } from '../content/bot-content.service';
import { BOT_LEVEL_NAME_VALIDATORS, type BotNameValidator } from '../content/content-names.service';

/**
 * Functions (sub flows too) hold their names in the bot's shared name space: an entity,
 * variable or object may not take the name of one of the bot's functions or of a global one,
 * and a function may not take theirs (spec 02 section 5 'Functions'). Each kind registers its
 * names in the bot-level validators of content-names.service; this one is the functions'.
 */
export const functionNameValidator: BotNameValidator = async (content, name) =>
  (await content.scope.functions(content.bot.id).get(name)) ? M.nameTaken : undefined;

BOT_LEVEL_NAME_VALIDATORS.push(functionNameValidator);

/** Whether an entity of the bot (prebuilt ones too) or another registered kind (variables, objects) has the name. */
export async function isNameUsedByOtherKinds(content: BotContent, name: string): Promise<boolean> {
  if (prebuiltEntityNamed(name) || (await content.entities.get(name))) return true;
  for (const validate of BOT_LEVEL_NAME_VALIDATORS) {
    if (validate === functionNameValidator) continue;
    if (await validate(content, name)) return true;
  }
  return false;
}
