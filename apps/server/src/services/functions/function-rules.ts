import { isReservedFunctionName, FUNCTION_MESSAGES as M } from '@parley/contracts';
import { botContentIn } from '../content/variable-changes';
import type { BotFunctions } from './function-content';
import { isNameUsedByOtherKinds } from './function-names';

/**
 * Why a function may not have this name, or undefined (spec 02 section 5 'Functions'): names are
 * unique among the bot's functions and the tenant's global ones, ignoring case, and not used by
 * an entity, variable or object. A global function's name must be free in every bot of the
 * tenant, since every bot lists it.
 */
export async function functionNameProblem(
  fns: BotFunctions,
  name: string,
  options: { exceptId?: string; isGlobal: boolean },
): Promise<string | undefined> {
  if (isReservedFunctionName(name)) return M.reservedName(name);
  const existing = await fns.functions.get(name);
  if (existing && existing.id !== options.exceptId) return M.nameTaken;
  if (!options.isGlobal) {
    return (await isNameUsedByOtherKinds(botContentIn(fns.scope, fns.bot), name))
      ? M.nameUsedElsewhere
      : undefined;
  }
  const sameName = await fns.scope.tenantFunctions.named(name);
  if (sameName.some((fn) => fn.id !== options.exceptId)) return M.nameTaken;
  for (const bot of await fns.scope.bots.list()) {
    if (await isNameUsedByOtherKinds(botContentIn(fns.scope, bot), name)) return M.nameUsedElsewhere;
  }
  return undefined;
}
