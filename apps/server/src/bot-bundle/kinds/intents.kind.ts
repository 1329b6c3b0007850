import { type BundleIntent, intentsSectionSchema, isNoneIntent, NONE_INTENT } from '@parley/contracts';
import { type BotContent, ensureNoneIntent } from '../../services/content/bot-content.service';
import { placeholderEntities } from '../../services/content/entity-views';
import { classifyExample, inListOrder, toIntentView } from '../../services/content/intent-views';
import { createIntentIn } from '../../services/content/intents.service';
import { botContentIn } from '../../services/content/variable-changes';
import { importingItem } from '../bundle-errors';
import { defineBundleKind } from '../bundle-kind';

/** None exists in every bot; what the bundle holds of it (its examples, its description) is added to it. */
async function fillNoneIntent(content: BotContent, none: BundleIntent): Promise<void> {
  const intent = await content.intents.get(NONE_INTENT);
  if (!intent) return;
  const entities = placeholderEntities(await content.entities.list());
  const examples = [...none.utterances, ...none.patterns].map((text) => classifyExample(text, entities));
  await content.intents.addExamples(intent.id, examples);
  if (none.description !== '') await content.intents.update(intent.id, { description: none.description });
}

/**
 * Intents with their utterances and patterns, None included. They are imported after the
 * entities, so patterns find the entities they name.
 */
export const intentsKind = defineBundleKind({
  section: 'intents',
  schema: intentsSectionSchema,
  export: async ({ bot, scope }) =>
    inListOrder((await scope.intents(bot.id).list()).map(toIntentView)).map((intent) => ({
      name: intent.name,
      description: intent.description,
      type: intent.type,
      answer: intent.answer,
      isRedirect: intent.isRedirect,
      template: intent.template,
      utterances: intent.utterances.map((u) => u.text),
      patterns: intent.patterns.map((p) => p.text),
    })),
  import: async (botScope, intents) => {
    const content = botContentIn(botScope.scope, botScope.bot);
    await ensureNoneIntent(content);
    // The entities were imported before; intents add none, so they are read once for all.
    const entities = placeholderEntities(await content.entities.list());
    for (const intent of intents) {
      await importingItem(botScope, 'intents', intent.name, async () => {
        if (isNoneIntent(intent.name)) await fillNoneIntent(content, intent);
        else await createIntentIn(content, intent, entities);
      });
    }
  },
  summary: (intents) => {
    // None is in every bot: the dialog counts the author's intents.
    const own = intents.filter((i) => !isNoneIntent(i.name));
    return {
      intents: own.map((i) => ({ name: i.name, type: i.type, isRedirect: i.isRedirect })),
      counts: { intents: own.length },
    };
  },
});
