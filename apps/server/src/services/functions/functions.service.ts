import {
  type FunctionDefinition,
  type FunctionView,
  FUNCTION_MESSAGES as M,
  notFound,
  type RenameFunctionBody,
  type UpdateFunctionDescriptionBody,
  validationError,
} from '@parley/contracts';
import type { FunctionRecord } from '@parley/db';
import type { BotRef } from '../../auth/bot-ref';
import type { Principal } from '../../auth/principal';
import type { AppContext } from '../../context';
import { type BotFunctions, changeBotFunctions, readBotFunctions } from './function-content';
import { mayManage, requireMakeGlobal, requireManage } from './function-permissions';
import { functionNameProblem } from './function-rules';
import { restoreSecrets } from './function-secrets';
import { isUsedByOtherBots } from './function-usages.service';
import { definitionOf, toFunctionView, toNewFunction, toSignatureView } from './function-views';

/** GET /api/bots/{bot}/functions: the bot's functions and sub flows with the tenant's global ones, oldest first. */
export async function listFunctions(principal: Principal, botRef: BotRef): Promise<FunctionView[]> {
  const fns = await readBotFunctions(principal, botRef);
  // Reading a definition takes the right to manage its type; others see what a flow needs to call it.
  return (await fns.functions.list()).map((fn) =>
    mayManage(fns, fn.type as FunctionDefinition['type']) ? toFunctionView(fn) : toSignatureView(fn),
  );
}

/** A function the bot sees (its own or a global one), or 404. */
export async function requireFunction(fns: BotFunctions, name: string): Promise<FunctionRecord> {
  const fn = await fns.functions.get(name);
  if (!fn) throw notFound(M.notFound(name));
  return fn;
}

/** Creates a function by every rule of spec 02 section 5 (create and import alike). */
export async function createFunctionIn(
  fns: BotFunctions,
  definition: FunctionDefinition,
): Promise<FunctionView> {
  requireManage(fns, definition.type);
  if (definition.isGlobal) requireMakeGlobal(fns);
  // A new function has no stored secret: the mask cannot stand for one.
  restoreSecrets(definition, undefined);
  const problem = await functionNameProblem(fns, definition.name, { isGlobal: definition.isGlobal });
  if (problem) throw validationError('name', problem);
  return toFunctionView(await fns.functions.create(toNewFunction(definition)));
}

/** POST /api/bots/{bot}/functions. */
export function createFunction(
  ctx: AppContext,
  principal: Principal,
  botRef: BotRef,
  definition: FunctionDefinition,
): Promise<FunctionView> {
  return changeBotFunctions(ctx, principal, botRef, (fns) => createFunctionIn(fns, definition));
}

const sameInputs = (a: FunctionDefinition['inputs'], b: FunctionDefinition['inputs']) =>
  a.length === b.length &&
  a.every((input, i) => input.name === b[i]?.name && input.defaultValue === b[i]?.defaultValue);

/**
 * PUT /api/bots/{bot}/functions/{name}: the editor's whole function replaces the stored one.
 * The type stays; a changed name is a rename; a changed isGlobal is the Global toggle. The
 * inputs of a function that is and stays global are read-only (spec 02 section 2.4).
 */
export function updateFunction(
  ctx: AppContext,
  principal: Principal,
  botRef: BotRef,
  name: string,
  definition: FunctionDefinition,
): Promise<FunctionView> {
  return changeBotFunctions(ctx, principal, botRef, async (fns) => {
    const fn = await requireFunction(fns, name);
    requireManage(fns, fn.type as FunctionDefinition['type']);
    if (definition.type !== fn.type) throw validationError('type', M.typeCannotChange);
    const stored = definitionOf(fn);
    definition = restoreSecrets(definition, stored);
    const isToggled = definition.isGlobal !== fn.isGlobal;
    const isRenamed = definition.name !== fn.name;
    if (isToggled || (isRenamed && fn.isGlobal)) requireMakeGlobal(fns);
    if (fn.isGlobal && definition.isGlobal && !sameInputs(stored.inputs, definition.inputs))
      throw validationError('inputs', M.globalInputsReadOnly);
    if (fn.isGlobal && !definition.isGlobal && (await isUsedByOtherBots(fns, fn.name)))
      throw validationError('isGlobal', M.usedByOtherBots);
    if (isRenamed || (isToggled && definition.isGlobal)) {
      const problem = await functionNameProblem(fns, definition.name, {
        exceptId: fn.id,
        isGlobal: definition.isGlobal,
      });
      if (problem) throw validationError('name', problem);
    }
    const { name: newName, description, group, fields, isGlobal } = toNewFunction(definition);
    await fns.functions.update(fn.id, { name: newName, description, group, fields, isGlobal });
    return toFunctionView({
      ...fn,
      name: newName,
      description,
      group,
      fields,
      isGlobal,
      botId: isGlobal ? null : fns.bot.id,
    });
  });
}

/** DELETE /api/bots/{bot}/functions/{name}. A global function goes for every bot, so it needs MakeGlobal too. */
export async function deleteFunction(
  ctx: AppContext,
  principal: Principal,
  botRef: BotRef,
  name: string,
): Promise<void> {
  await changeBotFunctions(ctx, principal, botRef, async (fns) => {
    const fn = await requireFunction(fns, name);
    requireManage(fns, fn.type as FunctionDefinition['type']);
    if (fn.isGlobal) requireMakeGlobal(fns);
    await fns.functions.delete(fn.id);
  });
}

/** PUT /api/bots/{bot}/functions/name: renaming a global function renames it in every bot (MakeGlobal). */
export function renameFunction(
  ctx: AppContext,
  principal: Principal,
  botRef: BotRef,
  body: RenameFunctionBody,
): Promise<FunctionView> {
  return changeBotFunctions(ctx, principal, botRef, async (fns) => {
    const fn = await requireFunction(fns, body.name);
    requireManage(fns, fn.type as FunctionDefinition['type']);
    if (fn.isGlobal) requireMakeGlobal(fns);
    const problem = await functionNameProblem(fns, body.newName, { exceptId: fn.id, isGlobal: fn.isGlobal });
    if (problem) throw validationError('newName', problem);
    await fns.functions.update(fn.id, { name: body.newName });
    return toFunctionView({ ...fn, name: body.newName });
  });
}

/** POST /api/bots/{bot}/functions/update-description. */
export function updateFunctionDescription(
  ctx: AppContext,
  principal: Principal,
  botRef: BotRef,
  body: UpdateFunctionDescriptionBody,
): Promise<FunctionView> {
  return changeBotFunctions(ctx, principal, botRef, async (fns) => {
    const fn = await requireFunction(fns, body.name);
    requireManage(fns, fn.type as FunctionDefinition['type']);
    await fns.functions.update(fn.id, { description: body.description });
    return toFunctionView({ ...fn, description: body.description });
  });
}
