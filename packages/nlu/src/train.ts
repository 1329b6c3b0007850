import { placeholdersIn } from '@parley/contracts';
import { Gazetteer } from './entities/gazetteer';
import { isRecognisedPrebuilt, type RecognisedPrebuilt } from './entities/prebuilt';
import { averageTaggers, cueOf, type TaggedSentence, trainTagger } from './entities/tagger';
import {
  bioLabels,
  type LabelledText,
  valuePool,
  valueVariants,
  variantsPerSentence,
} from './entities/value-variants';
import { withSwappedValues } from './intents/augment';
import { type ClassifierExample, trainIntentClassifier } from './intents/classifier';
import { syntheticOutOfScope } from './intents/out-of-scope';
import { MODEL_VERSION, type NluModel } from './model';
import { nluLanguageOf } from './text/languages';
import { Analyser, type Token } from './text/tokenize';
import { type NluEntity, type NluIntent, type NluMarkedEntity, type NluTrainingData, NONE } from './types';

export class NluTrainingError extends Error {}

/** Entities the tagger learns: simple ones, and marked ones no list, regex or recognizer finds. */
function isLearned(name: string, byName: Map<string, NluEntity>): boolean {
  const entity = byName.get(name.toLowerCase());
  if (!entity) return true;
  if (entity.type === 'entities') return true;
  return entity.type === 'prebuilts' && !isRecognisedPrebuilt(entity.name);
}

const labelOf = (entity: string, role: string | undefined) => (role ? `${entity}:${role}` : entity);

/** A value to stand in for a placeholder when a pattern becomes a training sentence. */
function sampleValues(entity: NluEntity | undefined, name: string): string[] {
  if (!entity) return [name];
  if (entity.type === 'closedlists') return (entity.sublists ?? []).slice(0, 3).map((s) => s.canonicalForm);
  if (entity.type === 'entities' && (entity.examples ?? []).length > 0) return entity.examples ?? [];
  const prebuilt = { Number: '3', Date: 'tomorrow', Email: 'a@b.com', Url: 'example.com' } as Record<
    string,
    string
  >;
  return [prebuilt[entity.name] ?? (entity.examples ?? [])[0] ?? name];
}

/** A pattern filled with sample values, with the spans of the values. */
function fillPattern(pattern: string, byName: Map<string, NluEntity>, variant: number) {
  let text = '';
  let at = 0;
  const spans: NluMarkedEntity[] = [];
  for (const p of placeholdersIn(pattern)) {
    text += pattern.slice(at, p.index);
    const entity = byName.get(p.entity.toLowerCase());
    const values = sampleValues(entity, p.entity);
    const value = values[variant % values.length] as string;
    const mark: NluMarkedEntity = {
      entity: entity?.name ?? p.entity,
      start: text.length,
      end: text.length + value.length,
    };
    if (p.role) mark.role = p.role;
    spans.push(mark);
    text += value;
    at = p.index + p.length;
  }
  return { text: text + pattern.slice(at), entities: spans };
}

export function train(data: NluTrainingData): NluModel {
  const language = nluLanguageOf(data.language);
  if (!language)
    throw new NluTrainingError(`The embedded engine does not understand the language ${data.language}.`);
  const analyser = new Analyser(language);
  const byName = new Map(data.entities.map((e) => [e.name.toLowerCase(), e]));
  // The full gazetteer serves prediction. Training sentences read one built from the other half
  // of the marked values: otherwise every training value is 'known' and the tagger learns to
  // trust the gazetteer more than the context, and misses every value it has not seen.
  const gazetteer = new Gazetteer();
  const halves = [new Gazetteer(), new Gazetteer()] as const;
  for (const entity of data.entities) {
    if (entity.type !== 'entities') continue;
    for (const example of entity.examples ?? []) {
      const tokens = analyser.tokenize(example);
      for (const g of [gazetteer, ...halves]) g.add(tokens, entity.name);
    }
  }

  const examples: ClassifierExample[] = [];
  const marked: Array<{
    text: string;
    tokens: Token[];
    spans: NluMarkedEntity[];
    isMarked: boolean;
    intent: string;
  }> = [];
  for (const intent of data.intents as NluIntent[]) {
    const name = intent.name.toLowerCase() === NONE.toLowerCase() ? NONE : intent.name;
    for (const utterance of intent.utterances) {
      const text = typeof utterance === 'string' ? utterance : utterance.text;
      const tokens = analyser.tokenize(text);
      if (tokens.length === 0) continue;
      const spans = typeof utterance === 'string' ? [] : (utterance.entities ?? []);
      const isValue = tokens.map((t) => spans.some((s) => t.start >= s.start && t.end <= s.end));
      examples.push({ tokens, intent: name, isValue });
      marked.push({
        text,
        tokens,
        spans,
        isMarked: typeof utterance !== 'string' && spans.length > 0,
        intent: name,
      });
      for (const span of spans) {
        if (!isLearned(span.entity, byName)) continue;
        const valueTokens = analyser.tokenize(text.slice(span.start, span.end));
        gazetteer.add(valueTokens, span.entity);
        halves[(marked.length - 1) % 2]?.add(valueTokens, span.entity);
      }
    }
    (intent.patterns ?? []).forEach((pattern) => {
      const variants = Math.max(
        1,
        ...placeholdersIn(pattern).map(
          (p) => sampleValues(byName.get(p.entity.toLowerCase()), p.entity).length,
        ),
      );
      for (let v = 0; v < Math.min(variants, 5); v++) {
        const filled = fillPattern(pattern, byName, v);
        const tokens = analyser.tokenize(filled.text);
        const isValue = tokens.map((t) => filled.entities.some((s) => t.start >= s.start && t.end <= s.end));
        if (v === 0) examples.push({ tokens, intent: name, isValue });
        marked.push({ text: filled.text, tokens, spans: filled.entities, isMarked: true, intent: name });
      }
    });
  }
  if (examples.length === 0)
    throw new NluTrainingError('There is nothing to train: no intent has an example.');

  const written = examples.length;
  for (const extra of withSwappedValues(data)) {
    examples.push({ tokens: analyser.tokenize(extra.text), intent: extra.intent, augmented: true });
  }

  // Small talk and noise for None, unless the bot's own examples say otherwise.
  const ownWords = examples
    .filter((e) => e.intent !== NONE)
    .map((e) => new Set(e.tokens.filter((t) => t.isWord).map((t) => t.stem)));
  for (const text of syntheticOutOfScope(language, written)) {
    const tokens = analyser.tokenize(text);
    const words = new Set(tokens.filter((t) => t.isWord).map((t) => t.stem));
    const isClose = ownWords.some((own) => {
      let shared = 0;
      for (const w of words) if (own.has(w)) shared++;
      return shared / (own.size + words.size - shared) >= 0.5;
    });
    if (!isClose) examples.push({ tokens, intent: NONE });
  }

  const sentences: TaggedSentence[] = [];
  const labelled: LabelledText[] = [];
  for (const { text, tokens, spans, isMarked, intent } of marked) {
    const learned = spans.filter((s) => isLearned(s.entity, byName));
    let labelSpans = learned.map((s) => ({ label: labelOf(s.entity, s.role), start: s.start, end: s.end }));
    if (isMarked && labelSpans.length > 0) labelled.push({ text, intent, spans: labelSpans });
    if (!isMarked) {
      // Unmarked utterances: values of simple entities found in them are taken as marked.
      const marks = gazetteer.marks(tokens);
      labelSpans = [];
      for (let i = 0; i < tokens.length; i++) {
        const begin = (marks[i] ?? []).find((m) => m.startsWith('B:'));
        if (!begin) continue;
        let j = i + 1;
        while (j < tokens.length && (marks[j] ?? []).includes(`I:${begin.slice(2)}`)) j++;
        labelSpans.push({
          label: begin.slice(2),
          start: (tokens[i] as Token).start,
          end: (tokens[j - 1] as Token).end,
        });
        i = j - 1;
      }
    }
    sentences.push({
      tokens,
      labels: bioLabels(tokens, labelSpans),
      intent,
      gazetteer: halves[(sentences.length + 1) % 2],
    });
  }
  for (const entity of data.entities) {
    if (entity.type !== 'entities') continue;
    for (const example of entity.examples ?? []) {
      const tokens = analyser.tokenize(example);
      sentences.push({
        tokens,
        labels: bioLabels(tokens, [{ label: entity.name, start: 0, end: example.length }]),
      });
    }
  }
  // Marked sentences again with their values swapped (more variants the fewer there are).
  const valuesOf = valuePool(
    labelled,
    (label) => {
      const entity = byName.get((label.split(':')[0] as string).toLowerCase());
      return entity?.type === 'entities' ? (entity.examples ?? []) : [];
    },
    language,
  );
  const isCue = (word: string) => cueOf(analyser.plain(word.toLowerCase()), language) !== '';
  // A written sentence counts as much as all its variants (5 on Snips 10-shot: 0.594 -> 0.609).
  const repeat = 1 + variantsPerSentence(labelled.length);
  for (const s of sentences) s.repeat = repeat;
  // Small bots train as many taggers as variants a sentence, each on other variants and in
  // another order, and keep their mean: a perceptron on a handful of sentences depends on
  // both (Snips 10-shot entity F1 0.605 -> 0.628 with 5). Big bots train one.
  const members = Math.max(1, variantsPerSentence(labelled.length));
  const sets = Array.from({ length: members }, (_, j) => {
    const set = [...sentences];
    for (const variant of valueVariants(labelled, valuesOf, analyser, undefined, isCue, 37 + 101 * j)) {
      set.push({ ...variant, gazetteer: halves[(set.length + 1) % 2] });
    }
    return set;
  });
  const hasLabels = sentences.some((s) => s.labels.some((l) => l !== 'O'));

  const prebuilts = new Set<RecognisedPrebuilt>();
  for (const entity of data.entities)
    if (entity.type === 'prebuilts' && isRecognisedPrebuilt(entity.name)) prebuilts.add(entity.name);
  for (const intent of data.intents) {
    for (const pattern of intent.patterns ?? []) {
      for (const p of placeholdersIn(pattern)) {
        const entity = byName.get(p.entity.toLowerCase());
        const name = entity?.name ?? p.entity;
        if ((!entity || entity.type === 'prebuilts') && isRecognisedPrebuilt(name)) prebuilts.add(name);
      }
    }
  }

  return {
    format: 'parley-nlu',
    version: MODEL_VERSION,
    language,
    classifier: trainIntentClassifier(examples),
    tagger: hasLabels
      ? averageTaggers(sets.map((set, j) => trainTagger(set, gazetteer, { seed: 11 + j, cues: language })))
      : null,
    gazetteer: gazetteer.toJSON(),
    entities: data.entities.filter((e) => e.type === 'closedlists' || e.type === 'regexentities'),
    patterns: data.intents
      .filter((i) => (i.patterns ?? []).length > 0)
      .map((i) => ({ name: i.name, patterns: i.patterns ?? [] })),
    patternEntities: data.entities.map((e) => ({ name: e.name, type: e.type })),
    prebuilts: [...prebuilts].sort(),
  };
}
