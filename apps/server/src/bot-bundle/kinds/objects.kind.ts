import { objectsSectionSchema } from '@parley/contracts';
import { importingItem } from '../bundle-errors';
import { defineBundleKind } from '../bundle-kind';
import { createVariableOrObject, variableChangeIn } from './variable-import';

/** Objects with their properties in order, system properties marked: the bot's own and the global ones it sees. */
export const objectsKind = defineBundleKind({
  section: 'objects',
  schema: objectsSectionSchema,
  export: async ({ bot, scope }) =>
    (await scope.variables(bot.id).list())
      .filter((o) => o.kind === 'object')
      .map((o) => ({ name: o.name, isGlobal: o.isGlobal, properties: o.properties })),
  import: async (botScope, objects) => {
    const change = variableChangeIn(botScope);
    for (const object of objects) {
      await importingItem(botScope, 'objects', object.name, () =>
        createVariableOrObject(botScope, change, {
          kind: 'object',
          name: object.name,
          value: '',
          isGlobal: object.isGlobal,
          properties: object.properties,
        }),
      );
    }
  },
  summary: (objects) => ({
    flowObjects: Object.fromEntries(
      objects.map((o) => [o.name, { keys: o.properties.map((p) => p.key), isGlobal: o.isGlobal }]),
    ),
    counts: { objects: objects.length },
  }),
});
