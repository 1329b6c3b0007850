import {
  type FunctionUsages,
  type GlobalFunctionUsages,
  isUsedAnywhere,
  FUNCTION_MESSAGES as M,
  notFound,
  Permission,
  permissionDenied,
} from '@parley/contracts';
import type { BotRef } from '../../auth/bot-ref';
import type { Principal } from '../../auth/principal';
import { visibleBots } from '../bots/bot-access.service';
import type { BotFunctions } from './function-content';
import { readBotFunctions } from './function-content';
import { functionUsagesIn } from './function-usage-sources';
import { requireFunction } from './functions.service';

/** GET /api/bots/{bot}/functions/function-usages/{name}: function name → intent → version → count; `{}` when unused. */
export async function functionUsages(
  principal: Principal,
  botRef: BotRef,
  name: string,
): Promise<FunctionUsages> {
  const fns = await readBotFunctions(principal, botRef);
  const fn = await requireFunction(fns, name);
  return functionUsagesIn(fns.scope, fns.bot, fn.name);
}

/**
 * GET /api/bots/functions/function-usages/global/{name}: a global function's usage in each bot
 * the caller sees (bot name → usages), bots without a use left out. It is for those who manage
 * functions or sub flows on some bot.
 */
export async function globalFunctionUsages(
  principal: Principal,
  name: string,
): Promise<GlobalFunctionUsages> {
  const bots = await visibleBots(principal);
  if (!principal.isTenantAdmin) {
    const held = await principal.scope.botRoles.forUser(principal.user.id);
    const roles = await principal.scope.roles.list();
    const managing = new Set([Permission.ManageFunctions, Permission.ManageSubflows] as number[]);
    const mayManage = held.some((h) =>
      roles.find((r) => r.roleId === h.roleId)?.permissions.some((p) => managing.has(p)),
    );
    if (!mayManage) throw permissionDenied(Permission.ManageFunctions);
  }
  const fn = await principal.scope.tenantFunctions.global(name);
  if (!fn) throw notFound(M.notFound(name));
  const answer: GlobalFunctionUsages = {};
  for (const bot of bots) {
    const usages = await functionUsagesIn(principal.scope, bot, fn.name);
    if (isUsedAnywhere(usages))
      Object.defineProperty(answer, bot.botName, { value: usages, enumerable: true });
  }
  return answer;
}

/** Whether bots other than this one use the (global) function: then it must stay global. */
export async function isUsedByOtherBots(fns: BotFunctions, name: string): Promise<boolean> {
  for (const bot of await fns.scope.bots.list()) {
    if (bot.id === fns.bot.id) continue;
    if (isUsedAnywhere(await functionUsagesIn(fns.scope, bot, name))) return true;
  }
  return false;
}
