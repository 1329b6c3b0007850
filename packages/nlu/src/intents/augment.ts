import { seededRandom } from '../text/hash';
import { type NluMarkedEntity, type NluTrainingData, NONE } from '../types';

/**
 * Utterances with their marked entity values swapped for other values of the same entity
 * (from the bot's examples and marked values): the classifier then learns the wording around
 * a value ('delete my ... account'), not the value itself, and a value it never saw does not
 * pull the input towards the intent whose examples happened to hold a similar one.
 */
/** Variants of each marked utterance; fewer when the bot has many (training time). */
const VARIANTS = 2;
const MAX_EXTRA = 2000;

export interface MarkedText {
  text: string;
  intent: string;
  spans: readonly NluMarkedEntity[];
}

export function swappedValues(
  utterances: readonly MarkedText[],
  valuesOf: ReadonlyMap<string, readonly string[]>,
  variants: number,
  seed = 29,
): Array<{ text: string; intent: string }> {
  const random = seededRandom(seed);
  const out: Array<{ text: string; intent: string }> = [];
  for (const u of utterances) {
    const spans = [...u.spans]
      .filter((s) => (valuesOf.get(s.entity)?.length ?? 0) > 1)
      .sort((a, b) => a.start - b.start);
    if (spans.length === 0) continue;
    for (let v = 0; v < variants; v++) {
      let text = '';
      let at = 0;
      for (const span of spans) {
        if (span.start < at) continue;
        const values = valuesOf.get(span.entity) as readonly string[];
        text += u.text.slice(at, span.start) + (values[Math.floor(random() * values.length)] as string);
        at = span.end;
      }
      text += u.text.slice(at);
      if (text !== u.text) out.push({ text, intent: u.intent });
    }
  }
  return out;
}

/** The swapped variants of a bot's marked utterances, within the budget of extra examples. */
export function withSwappedValues(data: NluTrainingData): Array<{ text: string; intent: string }> {
  const values = new Map<string, Set<string>>();
  const add = (entity: string, value: string) => {
    const set = values.get(entity) ?? new Set<string>();
    set.add(value);
    values.set(entity, set);
  };
  const texts: MarkedText[] = [];
  for (const intent of data.intents) {
    const name = intent.name.toLowerCase() === NONE.toLowerCase() ? NONE : intent.name;
    for (const utterance of intent.utterances) {
      const spans = typeof utterance === 'string' ? [] : (utterance.entities ?? []);
      if (typeof utterance === 'string' || spans.length === 0) continue;
      texts.push({ text: utterance.text, intent: name, spans });
      for (const span of spans) add(span.entity, utterance.text.slice(span.start, span.end));
    }
  }
  for (const entity of data.entities) for (const example of entity.examples ?? []) add(entity.name, example);
  const variants = Math.min(VARIANTS, Math.floor(MAX_EXTRA / Math.max(1, texts.length)));
  if (variants === 0) return [];
  // Sorted: the same data gives the same variants whatever order values were met in.
  const valuesOf = new Map([...values].map(([k, v]) => [k, [...v].sort()]));
  return swappedValues(texts, valuesOf, variants);
}
