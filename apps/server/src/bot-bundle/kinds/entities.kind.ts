import { entitiesSectionSchema } from '@parley/contracts';
import { ensureNoneIntent } from '../../services/content/bot-content.service';
import { createEntityIn } from '../../services/content/entities.service';
import { toEntityFileEntry } from '../../services/content/entity-views';
import { botContentIn } from '../../services/content/variable-changes';
import { importingItem } from '../bundle-errors';
import { defineBundleKind } from '../bundle-kind';

/** Custom entities with their roles (prebuilt ones are part of every bot and not carried). */
export const entitiesKind = defineBundleKind({
  section: 'entities',
  schema: entitiesSectionSchema,
  export: async ({ bot, scope }) => (await scope.entities(bot.id).list()).map(toEntityFileEntry),
  import: async (botScope, entities) => {
    const content = botContentIn(botScope.scope, botScope.bot);
    // Entity names are checked against the intents, None included.
    await ensureNoneIntent(content);
    for (const entity of entities) {
      await importingItem(botScope, 'entities', entity.name, () =>
        createEntityIn(content, entity, { isImport: true, rules: 'update' }),
      );
    }
  },
  summary: (entities) => ({
    entities: Object.fromEntries(entities.map((e) => [e.name, { name: e.name, type: e.type }])),
    counts: { entities: entities.length },
  }),
});
