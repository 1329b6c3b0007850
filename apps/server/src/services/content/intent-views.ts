import {
  entitiesUsedIn,
  type IntentExample,
  type IntentSummary,
  type IntentView,
  isNoneIntent,
  isPatternExample,
  normalisePlaceholders,
  type PlaceholderEntity,
} from '@parley/contracts';
import type { ExampleKind, IntentRecord, IntentSummaryRecord } from '@parley/db';

/** What the list and the one-intent answer share: the intent's own fields. */
const intentFields = (record: Omit<IntentRecord, 'examples'>) => ({
  name: record.name,
  description: record.description,
  isRedirect: record.isRedirect,
  type: record.type,
  answer: record.type === 'faq' ? record.answer : '',
  template: record.template,
});

export function toIntentView(record: IntentRecord): IntentView {
  const utterances: IntentExample[] = [];
  const patterns: IntentExample[] = [];
  for (const example of record.examples) {
    (example.kind === 'pattern' ? patterns : utterances).push({
      text: example.text,
      ids: { internal: example.id },
    });
  }
  return {
    ...intentFields(record),
    utterances,
    patterns,
    entities: entitiesUsedIn(patterns.map((p) => p.text)),
  };
}

export function toIntentSummary(record: IntentSummaryRecord): IntentSummary {
  return {
    ...intentFields(record),
    utteranceCount: record.utteranceCount,
    patternCount: record.patterns.length,
    entities: entitiesUsedIn(record.patterns),
  };
}

/** The list order: by name, ignoring case, with None always last. */
export function inListOrder<T extends { name: string }>(intents: readonly T[]): T[] {
  const byName = [...intents].sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()));
  return [...byName.filter((i) => !isNoneIntent(i.name)), ...byName.filter((i) => isNoneIntent(i.name))];
}

/** An example as stored: a pattern when it names a known entity, placeholders spelled like their entities. */
export function classifyExample(
  text: string,
  entities: readonly PlaceholderEntity[],
): { kind: ExampleKind; text: string } {
  return isPatternExample(text, entities)
    ? { kind: 'pattern', text: normalisePlaceholders(text, entities) }
    : { kind: 'utterance', text };
}

/** None and redirect intents may be left without examples; every other intent keeps at least one. */
export const needsExamples = (intent: IntentRecord) => !intent.isRedirect && !isNoneIntent(intent.name);
