import { validationError } from '@parley/contracts';
import type { NewVariable } from '@parley/db';
import { botContentIn, type VariableChange } from '../../services/content/variable-changes';
import { newNameProblem } from '../../services/content/variable-names';
import type { BotScope } from '../bundle-kind';

/** The variables and objects of the bot being imported, for the rules of variable-names. */
export const variableChangeIn = ({ bot, scope }: BotScope): VariableChange => ({
  content: botContentIn(scope, bot),
  variables: scope.variables(bot.id),
  // The importer creates this bot; whether global items are made is canMakeGlobal's to say.
  requireMakeGlobal: () => undefined,
});

/**
 * Creates a variable or an object by the rules of PUT /variables and /objects (one namespace
 * with the entities and functions). A global one of the bundle: the account's global one of that
 * name stays as it is (other bots use it); else it becomes global when the importer may make
 * things global and the name is free in every bot, otherwise it becomes this bot's own.
 */
export async function createVariableOrObject(
  { canMakeGlobal, madeGlobal }: BotScope,
  change: VariableChange,
  item: NewVariable,
): Promise<void> {
  let isGlobal = false;
  if (item.isGlobal) {
    const existing = await change.variables.get(item.name);
    if (existing?.isGlobal && existing.kind === item.kind) return;
    isGlobal = canMakeGlobal && (await newNameProblem(change, item.name, true)) === undefined;
  }
  const problem = await newNameProblem(change, item.name, isGlobal);
  if (problem) throw validationError('name', problem);
  await change.variables.create({ ...item, isGlobal });
  if (isGlobal) madeGlobal?.push({ kind: item.kind, name: item.name });
}
