import type { NluLanguage } from '../text/languages';
import type { RecognisedEntity } from '../types';
import { recognizerInputs } from './prebuilt-triggers';
import { loadRecognizerPackage } from './recognizers-text';

/**
 * The prebuilt entities the embedded engine recognises (contracts' PREBUILT_ENTITIES with
 * 'parley' in supportedBy), through Microsoft's recognizers-text: it finds and resolves
 * numbers, units, dates and sequences in each of the engine's languages. Location and
 * PersonalName have no recognizer there; the engine learns them like simple entities when
 * they are marked in utterances.
 */
export const RECOGNISED_PREBUILTS = [
  'Age',
  'Currency',
  'Date',
  'Dimension',
  'Email',
  'Number',
  'Ordinal',
  'Percentage',
  'PhoneNumber',
  'Temperature',
  'Url',
] as const;
export type RecognisedPrebuilt = (typeof RECOGNISED_PREBUILTS)[number];

const CULTURES: Record<NluLanguage, string> = {
  en: 'en-us',
  de: 'de-de',
  fr: 'fr-fr',
  es: 'es-es',
  it: 'it-it',
  nl: 'nl-nl',
  pt: 'pt-br',
};

interface RecognizerModel {
  parse(
    query: string,
    reference?: Date,
  ): Array<{
    start: number;
    end: number;
    text: string;
    typeName: string;
    resolution?: Record<string, unknown>;
  }>;
}

/** Models are built once a culture: building them is what takes the time. */
const models = new Map<string, RecognizerModel | null>();

/** The number-with-unit recognizers: a part of the text without one of their units is skipped. */
const UNIT_MODELS: ReadonlySet<RecognisedPrebuilt> = new Set(['Age', 'Currency', 'Dimension', 'Temperature']);
const unitCues = new Map<string, RegExp | undefined>();

/**
 * Every unit the model's extractors know ('dollars', '$', 'km', 'years old'), as one regex of
 * whole terms: read from the model itself, so the pre-check misses no unit the model finds.
 */
function unitsOf(entity: RecognisedPrebuilt, culture: string, model: RecognizerModel): RegExp | undefined {
  const key = `${entity}|${culture}`;
  if (unitCues.has(key)) return unitCues.get(key);
  const terms = new Set<string>();
  const extractors = (model as { extractorParsersMap?: Map<unknown, unknown> }).extractorParsersMap;
  for (const extractor of extractors?.keys() ?? []) {
    const config = (extractor as { config?: Record<string, unknown> }).config ?? {};
    for (const list of [config.suffixList, config.prefixList]) {
      if (!(list instanceof Map)) continue;
      for (const value of list.values()) {
        for (const t of String(value).split('|')) if (t.trim()) terms.add(t.trim().toLowerCase());
      }
    }
  }
  const escaped = [...terms]
    .sort((a, b) => b.length - a.length)
    .map((t) => t.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'));
  const regex =
    escaped.length > 0 ? new RegExp(`(?<!\\p{L})(?:${escaped.join('|')})(?!\\p{L})`, 'iu') : undefined;
  unitCues.set(key, regex);
  return regex;
}

function modelFor(entity: RecognisedPrebuilt, culture: string): RecognizerModel | null {
  const key = `${entity}|${culture}`;
  const cached = models.get(key);
  if (cached !== undefined) return cached;
  let model: RecognizerModel | null = null;
  try {
    model = buildModel(entity, culture);
  } catch {
    // The culture lacks this recognizer: the entity is not found in that language.
    model = null;
  }
  models.set(key, model);
  return model;
}

// The recognizers (about 0.4 s to load) are read when a model first needs one, not at start,
// with the memoisations of ./recognizers-text (same results, half the time).
const recognizers = () => ({
  DateTimeRecognizer: loadRecognizerPackage<typeof import('@microsoft/recognizers-text-date-time')>(
    '@microsoft/recognizers-text-date-time',
  ).DateTimeRecognizer,
  NumberRecognizer: loadRecognizerPackage<typeof import('@microsoft/recognizers-text-number')>(
    '@microsoft/recognizers-text-number',
  ).NumberRecognizer,
  NumberWithUnitRecognizer: loadRecognizerPackage<
    typeof import('@microsoft/recognizers-text-number-with-unit')
  >('@microsoft/recognizers-text-number-with-unit').NumberWithUnitRecognizer,
  SequenceRecognizer: loadRecognizerPackage<typeof import('@microsoft/recognizers-text-sequence')>(
    '@microsoft/recognizers-text-sequence',
  ).SequenceRecognizer,
});

function buildModel(entity: RecognisedPrebuilt, culture: string): RecognizerModel {
  const { DateTimeRecognizer, NumberRecognizer, NumberWithUnitRecognizer, SequenceRecognizer } =
    recognizers();
  switch (entity) {
    case 'Number':
      return new NumberRecognizer(culture).getNumberModel() as RecognizerModel;
    case 'Ordinal':
      return new NumberRecognizer(culture).getOrdinalModel() as RecognizerModel;
    case 'Percentage':
      return new NumberRecognizer(culture).getPercentageModel() as RecognizerModel;
    case 'Age':
      return new NumberWithUnitRecognizer(culture).getAgeModel() as RecognizerModel;
    case 'Currency':
      return new NumberWithUnitRecognizer(culture).getCurrencyModel() as RecognizerModel;
    case 'Dimension':
      return new NumberWithUnitRecognizer(culture).getDimensionModel() as RecognizerModel;
    case 'Temperature':
      return new NumberWithUnitRecognizer(culture).getTemperatureModel() as RecognizerModel;
    case 'Date':
      return new DateTimeRecognizer(culture).getDateTimeModel() as RecognizerModel;
    case 'Email':
      return new SequenceRecognizer(culture).getEmailModel() as RecognizerModel;
    case 'PhoneNumber':
      return new SequenceRecognizer(culture).getPhoneNumberModel() as RecognizerModel;
    case 'Url':
      return new SequenceRecognizer(culture).getURLModel() as RecognizerModel;
  }
}

export function isRecognisedPrebuilt(name: string): name is RecognisedPrebuilt {
  return (RECOGNISED_PREBUILTS as readonly string[]).includes(name);
}

const WARM_UP = [
  'warm up 3 things tomorrow at 5pm',
  'in 2 hours and a half',
  'on 1/20/2023 for 25 dollars',
  'every day at 5:30pm',
  'from march 3rd to april 5th 2024 between 2 and 4 pm',
  'upgrade from 13.10 to 14.04 last week',
];
/** Recognizers already warmed (once a process: the compiled code stays). */
const warmed = new Set<string>();

/** Builds and runs each recognizer once, so a bot's first message is not the slow one. */
export function warmPrebuilts(
  language: NluLanguage,
  entities: readonly RecognisedPrebuilt[] = RECOGNISED_PREBUILTS,
) {
  // Several shapes: a recognizer's first time, duration, set, range or numeric date compiles
  // its own code paths (tens of milliseconds), which a user's message would otherwise pay.
  for (const entity of entities) {
    const key = `${entity}|${CULTURES[language]}`;
    const model = modelFor(entity, CULTURES[language]);
    if (!model || warmed.has(key)) continue;
    for (const text of WARM_UP) model.parse(text);
    // The unit pre-check is one regex of a thousand terms: V8 compiles it on its first runs.
    const units = UNIT_MODELS.has(entity) ? unitsOf(entity, CULTURES[language], model) : undefined;
    for (let i = 0; i < 3; i++) for (const text of WARM_UP) units?.test(text);
    warmed.add(key);
  }
}

type Found = Array<{ start: number; end: number; value: unknown }>;

/** Recent results: users repeat themselves ('tomorrow', 'yes', '2'), the recognizers are slow. */
const CACHE_LIMIT = 500;
const cache = new Map<string, Found>();

/** Dates resolve against the reference time: a result is reused within the same minute only. */
function recognise(model: RecognizerModel, key: string, text: string, reference: Date | undefined): Found {
  const minute = Math.floor((reference ?? new Date()).getTime() / 60_000);
  const cacheKey = `${key}|${minute}|${text}`;
  const hit = cache.get(cacheKey);
  if (hit) {
    // Most recently used last: the oldest goes first when the cache is full.
    cache.delete(cacheKey);
    cache.set(cacheKey, hit);
    return hit;
  }
  // recognizers-text ends are inclusive.
  const found = model
    .parse(text, reference)
    .map((r) => ({ start: r.start, end: r.end + 1, value: r.resolution ?? r.text }));
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
  cache.set(cacheKey, found);
  return found;
}

export function findPrebuilts(
  text: string,
  language: NluLanguage,
  entities: readonly RecognisedPrebuilt[],
  reference?: Date,
): RecognisedEntity[] {
  const culture = CULTURES[language];
  const found: RecognisedEntity[] = [];
  for (const entity of entities) {
    // Only the recognizers the model needs, and only on the parts of the text that could hold
    // their entity.
    const model = modelFor(entity, culture);
    if (!model) continue;
    const units = UNIT_MODELS.has(entity) ? unitsOf(entity, culture, model) : undefined;
    const inputs = recognizerInputs(entity, text, language, units);
    if (inputs.length === 0) continue;
    for (const [from, to] of inputs) {
      for (const result of recognise(model, `${entity}|${culture}`, text.slice(from, to), reference)) {
        found.push({
          entity,
          start: from + result.start,
          end: from + result.end,
          text: text.slice(from + result.start, from + result.end),
          value: result.value,
        });
      }
    }
  }
  return found.sort((a, b) => a.start - b.start || a.end - b.end);
}
