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
  // Wider shapes (written for the warm-up, not taken from a test set): each compiles code paths
  // and regexes a user's first message of that shape would otherwise pay for (5-40 ms each).
  'the 3rd of july at half past six in the evening',
  'next friday morning until sunday night',
  'on 2024-12-31 at 23:59, 10.06.2025 or tue 6/10',
  'three weeks ago, yesterday or the day after tomorrow',
  'christmas eve, new year and thanksgiving',
  'every monday at 9 am for 45 minutes',
  'by the end of the month, within 2 weeks, over the weekend',
  'at 7, around noon, before 6pm tomorrow, after 5',
  'one hundred and twenty five, 1,250.75, 1.5k, a dozen, minus 3',
  'it costs $1,299.99, €40, 20 euros, 15 usd, 3 bucks and 50 cents',
  '10 km, 5 kg, 2 miles, 20 degrees celsius, 75%, 30 years old',
  'the first, 2nd, third and last one',
  'call +1 (212) 555-0100 or 020 7946 0018, mail a.b@example.com, see https://example.com/a?b=1',
  // V8 compiles a regex apart for strings with a character beyond Latin-1 (’, €, Ō), natively
  // on its second run: without these two, the first two such messages paid 10-120 ms.
  'I’ll pay 20 € on friday at 5 pm, it’s 3 km away',
  'it’s been 2 hours since the 3rd, call 555-0100 or mail ō@example.com',
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
    // Then the way a message goes: the cue regexes (the date one is large) and the recognizer on
    // the cue windows with a reference time. Without it the first date message after a load
    // paid 20-90 ms of CPU (V8 compiles a regex natively on its second run; the two texts with a
    // character beyond Latin-1 make that second run for such strings).
    for (const text of WARM_UP) findIn(text, language, entity, model, WARM_REFERENCE, false);
    warmed.add(key);
  }
}
const WARM_REFERENCE = new Date(Date.UTC(2000, 0, 1));

type Found = Array<{ start: number; end: number; value: unknown }>;

/** Recent results: users repeat themselves ('tomorrow', 'yes', '2'), the recognizers are slow. */
const CACHE_LIMIT = 500;
const cache = new Map<string, Found>();

/** Dates resolve against the reference time: a result is reused within the same minute only. */
function recognise(
  model: RecognizerModel,
  key: string,
  text: string,
  reference: Date | undefined,
  cached = true,
): Found {
  const minute = Math.floor((reference ?? new Date()).getTime() / 60_000);
  const cacheKey = `${key}|${minute}|${text}`;
  const hit = cached ? cache.get(cacheKey) : undefined;
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
  if (!cached) return found;
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
  const found: RecognisedEntity[] = [];
  for (const entity of entities) {
    const model = modelFor(entity, CULTURES[language]);
    if (model) found.push(...findIn(text, language, entity, model, reference, true));
  }
  return found.sort((a, b) => a.start - b.start || a.end - b.end);
}

/**
 * One recognizer, only on the parts of the text that could hold its entity.
 */
function findIn(
  text: string,
  language: NluLanguage,
  entity: RecognisedPrebuilt,
  model: RecognizerModel,
  reference: Date | undefined,
  cached: boolean,
): RecognisedEntity[] {
  const culture = CULTURES[language];
  const units = UNIT_MODELS.has(entity) ? unitsOf(entity, culture, model) : undefined;
  const found: RecognisedEntity[] = [];
  for (const [from, to] of recognizerInputs(entity, text, language, units)) {
    for (const result of recognise(model, `${entity}|${culture}`, text.slice(from, to), reference, cached)) {
      found.push({
        entity,
        start: from + result.start,
        end: from + result.end,
        text: text.slice(from + result.start, from + result.end),
        value: result.value,
      });
    }
  }
  return found;
}
