import type { FunctionUsages } from '@parley/contracts';
import type { Bot, TenantScope } from '@parley/db';

/** Intent → flow version → count, for one function in one bot. */
export type FunctionUsageCounts = FunctionUsages[string];

/**
 * Content that can use a function (flows call functions and sub flows by name). Each source
 * counts the uses in one bot; the flow issue adds the flows' source to FUNCTION_USAGE_SOURCES.
 * Until a source exists nothing can use a function, so the real usage is empty.
 */
export interface FunctionUsageSource {
  usesOf(scope: TenantScope, bot: Bot, functionName: string): Promise<FunctionUsageCounts>;
}

export const FUNCTION_USAGE_SOURCES: readonly FunctionUsageSource[] = [];

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
