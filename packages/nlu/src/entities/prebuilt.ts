import { DateTimeRecognizer } from '@microsoft/recognizers-text-date-time';
import { NumberRecognizer } from '@microsoft/recognizers-text-number';
import { NumberWithUnitRecognizer } from '@microsoft/recognizers-text-number-with-unit';
import { SequenceRecognizer } from '@microsoft/recognizers-text-sequence';
import type { NluLanguage } from '../text/languages';
import type { RecognisedEntity } from '../types';

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

function buildModel(entity: RecognisedPrebuilt, culture: string): RecognizerModel {
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

/** Builds and runs each recognizer once, so a bot's first message is not the slow one. */
export function warmPrebuilts(
  language: NluLanguage,
  entities: readonly RecognisedPrebuilt[] = RECOGNISED_PREBUILTS,
) {
  for (const entity of entities)
    modelFor(entity, CULTURES[language])?.parse('warm up 3 things tomorrow at 5pm');
}

/** Unit entities need a number: without a digit or a number word found, they are not run. */
const NEEDS_NUMBER = new Set<RecognisedPrebuilt>([
  'Age',
  'Currency',
  'Dimension',
  'Temperature',
  'Percentage',
]);

export function findPrebuilts(
  text: string,
  language: NluLanguage,
  entities: readonly RecognisedPrebuilt[],
  reference?: Date,
): RecognisedEntity[] {
  const culture = CULTURES[language];
  const found: RecognisedEntity[] = [];
  let hasNumber: boolean | undefined;
  for (const entity of entities) {
    if (NEEDS_NUMBER.has(entity)) {
      hasNumber ??= /\d/.test(text) || (modelFor('Number', culture)?.parse(text).length ?? 0) > 0;
      if (!hasNumber) continue;
    }
    const model = modelFor(entity, culture);
    if (!model) continue;
    for (const result of model.parse(text, reference)) {
      // recognizers-text ends are inclusive.
      const start = result.start;
      const end = result.end + 1;
      found.push({
        entity,
        start,
        end,
        text: text.slice(start, end),
        value: result.resolution ?? result.text,
      });
    }
  }
  return found.sort((a, b) => a.start - b.start || a.end - b.end);
}
