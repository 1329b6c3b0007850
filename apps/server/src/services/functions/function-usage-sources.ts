import { type FunctionUsages, flowVersionName } from '@parley/contracts';
import type { Bot, TenantScope } from '@parley/db';

/** Intent → flow version → count, for one function in one bot. */
export type FunctionUsageCounts = FunctionUsages[string];

/**
 * Content that can use a function (flows call functions and sub flows by name). Each source
 * counts the uses in one bot.
 */
export interface FunctionUsageSource {
  usesOf(scope: TenantScope, bot: Bot, functionName: string): Promise<FunctionUsageCounts>;
}

/** Intents' flows and sub flows: per owner name, per version name ('v3'), the blocks calling it. */
const flowUsages: FunctionUsageSource = {
  async usesOf(scope, bot, functionName) {
    const calls = await scope.flows.callsOf(bot.id, functionName);
    if (calls.length === 0) return {};
    const [intents, functions] = await Promise.all([
      scope.intents(bot.id).names(),
      scope.functions(bot.id).list(),
    ]);
    const nameOf = new Map([...intents, ...functions].map((owner) => [owner.id, owner.name]));
    // Maps, so an intent named like '__proto__' stays an ordinary entry.
    const counts = new Map<string, Array<[string, number]>>();
    for (const call of calls) {
      const name = nameOf.get(call.owner);
      if (name === undefined) continue;
      counts.set(name, [...(counts.get(name) ?? []), [flowVersionName(call.version), call.count]]);
    }
    return Object.fromEntries([...counts].map(([name, versions]) => [name, Object.fromEntries(versions)]));
  },
};

export const FUNCTION_USAGE_SOURCES: readonly FunctionUsageSource[] = [flowUsages];

/** Where a function is used in one bot: `{ [name]: counts }`, or `{}` when it is used nowhere. */
export async function functionUsagesIn(
  scope: TenantScope,
  bot: Bot,
  functionName: string,
): Promise<FunctionUsages> {
  // Maps, so an intent named like '__proto__' stays an ordinary entry.
  const merged = new Map<string, Map<string, number>>();
  for (const source of FUNCTION_USAGE_SOURCES) {
    for (const [intent, versions] of Object.entries(await source.usesOf(scope, bot, functionName))) {
      const into = merged.get(intent) ?? new Map<string, number>();
      merged.set(intent, into);
      for (const [version, count] of Object.entries(versions))
        into.set(version, (into.get(version) ?? 0) + count);
    }
  }
  if (merged.size === 0) return {};
  const counts = Object.fromEntries(
    [...merged].map(([intent, versions]) => [intent, Object.fromEntries(versions)]),
  );
  return Object.fromEntries([[functionName, counts]]);
}
