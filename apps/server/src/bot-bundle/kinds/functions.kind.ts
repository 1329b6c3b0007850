import {
  ALL_PERMISSION_IDS,
  type FunctionDefinition,
  functionsSectionSchema,
  isSubFlowType,
} from '@parley/contracts';
import type { BotFunctions } from '../../services/functions/function-content';
import { functionNameProblem } from '../../services/functions/function-rules';
import { definitionOf } from '../../services/functions/function-views';
import { createFunctionIn } from '../../services/functions/functions.service';
import { importingItem } from '../bundle-errors';
import { type BotScope, defineBundleKind } from '../bundle-kind';

/**
 * A global function of the bundle: the account's own global function of that name stays (other
 * bots use it); else it becomes global when the importer may make things global and the name
 * is free in every bot, otherwise it becomes this bot's own function.
 */
async function importGlobalFunction(
  { scope, canMakeGlobal, madeGlobal }: BotScope,
  fns: BotFunctions,
  definition: FunctionDefinition,
): Promise<void> {
  if (await scope.tenantFunctions.global(definition.name)) return;
  const staysGlobal =
    canMakeGlobal && (await functionNameProblem(fns, definition.name, { isGlobal: true })) === undefined;
  await createFunctionIn(fns, { ...definition, isGlobal: staysGlobal });
  if (staysGlobal) madeGlobal?.push({ kind: 'function', name: definition.name });
}

/**
 * Functions and sub flows the bot lists: its own, and the account's global ones marked
 * `isGlobal` (flows may call them, and another installation has none of them).
 */
export const functionsKind = defineBundleKind({
  section: 'functions',
  schema: functionsSectionSchema,
  export: async ({ bot, scope }) => (await scope.functions(bot.id).list()).map(definitionOf),
  import: async (botScope, definitions) => {
    const { bot, scope } = botScope;
    // The importer creates this bot: the content permissions are theirs on it.
    const fns: BotFunctions = {
      bot,
      scope,
      functions: scope.functions(bot.id),
      permissions: ALL_PERMISSION_IDS,
    };
    for (const definition of definitions) {
      await importingItem(botScope, 'functions', definition.name, async () => {
        if (definition.isGlobal) await importGlobalFunction(botScope, fns, definition);
        else await createFunctionIn(fns, definition);
      });
    }
  },
  summary: (definitions) => ({
    functions: definitions.map((d) => ({ name: d.name, type: d.type, isGlobal: d.isGlobal })),
    counts: {
      functions: definitions.filter((d) => !isSubFlowType(d.type)).length,
      subs: definitions.filter((d) => isSubFlowType(d.type)).length,
    },
  }),
});
