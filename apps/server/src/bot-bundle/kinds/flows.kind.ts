import { flowsSectionSchema } from '@parley/contracts';
import { defineBundleKind } from '../bundle-kind';

/**
 * Flows with their versions. Bots have no flows until the flow editor lands; the flow issue
 * gives this declaration the flow's schema, its export and its import (after the functions,
 * which flows call, and the intents, which own them).
 */
export const flowsKind = defineBundleKind({
  section: 'flows',
  schema: flowsSectionSchema,
  export: async () => [],
  import: async () => undefined,
  summary: (flows) => ({ counts: { flows: flows.length } }),
});
