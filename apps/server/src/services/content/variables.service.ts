import {
  VARIABLE_MESSAGES as M,
  notFound,
  type PutVariablesBody,
  type VariablesAndObjects,
  type VariableUsage,
  validationError,
} from '@parley/contracts';
import type { BotRef } from '../../auth/bot-ref';
import type { Principal } from '../../auth/principal';
import type { AppContext } from '../../context';
import { loadBot } from '../bots/bot-access.service';
import { changeObjects, changeVariables } from './variable-changes';
import { globalNameProblem, newNameProblem } from './variable-names';
import { currentView, toVariablesAndObjects } from './variable-views';

/** GET /api/{bot}/variables/all: the bot's variables and objects with the tenant's global ones. */
export async function readVariablesAndObjects(
  principal: Principal,
  botRef: BotRef,
): Promise<VariablesAndObjects> {
  const bot = await loadBot(principal, botRef);
  return toVariablesAndObjects(await principal.scope.variables(bot.id).list());
}

/**
 * PUT /api/{bot}/variables: each variable of that exact name gets its value; each new name is
 * added. `isGlobal: true` makes one global; a global one stays global.
 */
export async function putVariables(
  ctx: AppContext,
  principal: Principal,
  botRef: BotRef,
  body: PutVariablesBody,
): Promise<VariablesAndObjects> {
  return changeVariables(ctx, principal, botRef, async (change) => {
    for (const [index, variable] of body.variables.entries()) {
      const field = `variables.${index}`;
      const existing = await change.variables.get(variable.key);
      if (!existing) {
        if (variable.isGlobal) change.requireMakeGlobal();
        const problem = await newNameProblem(change, variable.key, variable.isGlobal ?? false);
        if (problem) throw validationError(`${field}.key`, problem);
        await change.variables.create({
          kind: 'variable',
          name: variable.key,
          value: variable.value,
          isGlobal: variable.isGlobal ?? false,
          properties: [],
        });
        continue;
      }
      // 'City' is not 'city', and an object is not a variable: the name is taken.
      if (existing.kind !== 'variable' || existing.name !== variable.key)
        throw validationError(`${field}.key`, M.nameTaken(variable.key));
      if (existing.isGlobal || variable.isGlobal) change.requireMakeGlobal();
      if (existing.isGlobal && variable.isGlobal === false)
        throw validationError(`${field}.isGlobal`, M.stillGlobal);
      if (!existing.isGlobal && variable.isGlobal) {
        const problem = await globalNameProblem(change, variable.key);
        if (problem) throw validationError(`${field}.key`, problem);
        await change.variables.makeGlobal(existing.id);
      }
      await change.variables.setValue(existing.id, variable.value);
    }
    return currentView(change);
  });
}

/**
 * DELETE /api/{bot}/variables/{name}/{isGlobal} and /objects/{name}/{isGlobal}: the variable
 * or object of that name which is global or not as the path says; anything else is 404.
 */
export async function deleteVariableOrObject(
  ctx: AppContext,
  principal: Principal,
  botRef: BotRef,
  target: { kind: 'variable' | 'object'; name: string; isGlobal: boolean },
): Promise<void> {
  const changeTarget = target.kind === 'object' ? changeObjects : changeVariables;
  await changeTarget(ctx, principal, botRef, async (change) => {
    const existing = await change.variables.get(target.name);
    if (!existing || existing.kind !== target.kind || existing.isGlobal !== target.isGlobal)
      throw notFound(
        `There is no ${target.isGlobal ? 'global ' : ''}${target.kind} named ${target.name.slice(0, 100)}.`,
      );
    if (existing.isGlobal) change.requireMakeGlobal();
    await change.variables.delete(existing.id);
  });
}

/** GET /api/{bot}/statistics/variables: uses per variable; none until conversations are stored. */
export async function variableUsage(principal: Principal, botRef: BotRef): Promise<VariableUsage> {
  const bot = await loadBot(principal, botRef);
  const records = await principal.scope.variables(bot.id).list();
  return Object.fromEntries(records.filter((r) => r.kind === 'variable').map((r) => [r.name, 0]));
}
