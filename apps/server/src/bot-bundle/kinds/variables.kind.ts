import { variablesSectionSchema } from '@parley/contracts';
import { importingItem } from '../bundle-errors';
import { defineBundleKind } from '../bundle-kind';
import { createVariableOrObject, variableChangeIn } from './variable-import';

/** Variables with their values: the bot's own, and the account's global ones it sees, marked `isGlobal`. */
export const variablesKind = defineBundleKind({
  section: 'variables',
  schema: variablesSectionSchema,
  export: async ({ bot, scope }) =>
    (await scope.variables(bot.id).list())
      .filter((v) => v.kind === 'variable')
      .map((v) => ({ name: v.name, value: v.value, isGlobal: v.isGlobal })),
  import: async (botScope, variables) => {
    const change = variableChangeIn(botScope);
    for (const variable of variables) {
      await importingItem(botScope, 'variables', variable.name, () =>
        createVariableOrObject(botScope, change, {
          kind: 'variable',
          name: variable.name,
          value: variable.value,
          isGlobal: variable.isGlobal,
          properties: [],
        }),
      );
    }
  },
  summary: (variables) => ({
    flowVariables: Object.fromEntries(variables.map((v) => [v.name, v.value])),
    counts: { variables: variables.length },
  }),
});
