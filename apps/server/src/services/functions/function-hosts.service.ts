import type { FlowTargetName, UnreachableFunctionHost } from '@parley/contracts';
import type { Bot, FunctionRecord, TenantScope } from '@parley/db';
import { checkFunctionHost } from '@parley/functions';
import type { BotRef } from '../../auth/bot-ref';
import type { Principal } from '../../auth/principal';
import type { AppContext } from '../../context';
import { loadBot } from '../bots/bot-access.service';
import { definitionOf } from './function-views';

/** The targets whose active flows a conversation runs: the test chats', and every channel's. */
const LIVE_TARGETS: readonly FlowTargetName[] = ['test', 'production'];

/** Hosts checked at once: a bot with many functions must not open as many sockets together. */
const CHECKS_AT_ONCE = 8;

/**
 * GET /api/bots/{bot}/unreachable-function-hosts: the REST and SQL functions that a flow active on
 * test or in production calls and whose host a call cannot reach now, under the operator's
 * network rules. The test chat shows them when it opens, before a conversation reaches the call
 * and breaks there. Functions no active flow calls are left out: they break no chat.
 */
export async function unreachableFunctionHosts(
  ctx: AppContext,
  principal: Principal,
  botRef: BotRef,
): Promise<UnreachableFunctionHost[]> {
  const bot = await loadBot(principal, botRef);
  const scope = principal.scope;
  const functions = await scope.functions(bot.id).list();
  const networked = functions.filter((fn) => fn.type === 'rest' || fn.type === 'sql');
  if (networked.length === 0) return [];

  const owners = await ownerNames(scope, bot, functions);
  const called: Array<{ fn: FunctionRecord; calledBy: string[] }> = [];
  for (const fn of networked) {
    const calledBy = await liveCallers(scope, bot, fn.name, owners);
    if (calledBy.length > 0) called.push({ fn, calledBy });
  }

  const { allowPrivateNetworks, allowedHosts } = ctx.config.functions;
  const found = await inBatches(called, CHECKS_AT_ONCE, async ({ fn, calledBy }) => {
    const problem = await checkFunctionHost(definitionOf(fn), {
      network: { allowPrivateNetworks, allowedHosts },
    });
    return (
      problem && { functionName: fn.name, functionType: fn.type as 'rest' | 'sql', ...problem, calledBy }
    );
  });
  return found.filter((problem) => problem !== undefined);
}

interface Owner {
  kind: 'intent' | 'function';
  name: string;
}

/** The bot's flow owners by id: its intents and its sub flows. */
async function ownerNames(scope: TenantScope, bot: Bot, functions: FunctionRecord[]) {
  const owners = new Map<string, Owner>();
  for (const intent of await scope.intents(bot.id).names())
    owners.set(intent.id, { kind: 'intent', name: intent.name });
  for (const fn of functions) if (fn.type === 'flow') owners.set(fn.id, { kind: 'function', name: fn.name });
  return owners;
}

/** The names of the owners whose flow version active on test or in production calls the function. */
async function liveCallers(
  scope: TenantScope,
  bot: Bot,
  functionName: string,
  owners: ReadonlyMap<string, Owner>,
): Promise<string[]> {
  const calls = await scope.flows.callsOf(bot.id, functionName);
  const names: string[] = [];
  for (const ownerId of new Set(calls.map((call) => call.owner))) {
    const owner = owners.get(ownerId);
    if (!owner) continue;
    // Newest first: the first activation of each target is the active one.
    const activations = await scope.flows.activations({ kind: owner.kind, id: ownerId });
    const active = LIVE_TARGETS.map((target) => activations.find((a) => a.target === target)?.version);
    const isLive = calls.some((call) => call.owner === ownerId && active.includes(call.version));
    if (isLive) names.push(owner.name);
  }
  return names.sort((a, b) => a.localeCompare(b));
}

async function inBatches<T, R>(
  items: readonly T[],
  size: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += size) {
    results.push(...(await Promise.all(items.slice(start, start + size).map(work))));
  }
  return results;
}
