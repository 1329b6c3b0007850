import { engineById } from '@parley/contracts';
import type { NluProvider, NluProviderRegistry } from '@parley/nlu';

/**
 * The providers Parley can publish to and measure with, by engine id; one registry per
 * running app (the embedded provider keeps its models in the app's database). An engine of
 * the catalogue without a provider here cannot be configured yet (its issue adds one).
 */
export function createNluProviderRegistry(list: readonly NluProvider[]): NluProviderRegistry {
  for (const provider of list)
    if (!engineById(provider.id)) throw new Error(`${provider.id} is not an engine of the catalogue`);
  const byId = new Map(list.map((p) => [p.id, p]));
  return { get: (id) => byId.get(id), all: () => list };
}
