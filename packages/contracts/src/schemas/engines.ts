import { LANGUAGE_NAMES } from './languages';

/**
 * The language-understanding engines, declared once (spec 01 section 9, spec 04 section 3.3).
 * The create dialog, the bot card, the settings screens and the server's validation all read
 * this list. `id` is what bot settings store (`intentRecognizerProvider`,
 * `entityExtractorProvider`); labels may change, ids never.
 *
 * Language lists are the codes each vendor publishes for its NLU, abbreviated to the widely
 * used ones (Wit and CLU list over a hundred).
 */
export type EngineRole = 'intentRecognizer' | 'entityExtractor';

/** Names of the small marks the web app draws for an engine (no vendor logos). */
export type EngineIconName =
  | 'parley'
  | 'microsoft'
  | 'ibm'
  | 'google'
  | 'amazon'
  | 'wit'
  | 'nuance'
  | 'stanford';

export interface EngineDefinition {
  id: string;
  label: string;
  icon: EngineIconName;
  roles: readonly EngineRole[];
  /** False: Parley cannot set the engine up, so it is shown but cannot be chosen. */
  isConfigurable: boolean;
  /**
   * Parley publishes to the engine in this version. Configurable engines without a provider
   * yet are not offered to new bots (publishing would only fail); their issue turns this on.
   */
  hasProvider: boolean;
  /** A retired engine is hidden from every choice; bots that still use it get a banner. */
  isRetired: boolean;
  /** Embedded in Parley: works with no account anywhere. */
  isEmbedded: boolean;
  languages: readonly string[];
}

const NLU: readonly EngineRole[] = ['intentRecognizer', 'entityExtractor'];
/** Language codes written as one space-separated line each, to keep the table readable. */
const codes = (list: string): readonly string[] => list.split(' ');

export const ENGINES = [
  {
    id: 'parley',
    label: 'Parley NLU',
    icon: 'parley',
    roles: NLU,
    isConfigurable: true,
    hasProvider: true,
    isRetired: false,
    isEmbedded: true,
    languages: codes('en de fr es it nl pt'),
  },
  {
    id: 'clu',
    label: 'Microsoft CLU',
    icon: 'microsoft',
    roles: NLU,
    isConfigurable: true,
    hasProvider: false,
    isRetired: false,
    isEmbedded: false,
    languages: codes(
      'en-us en-gb de-de fr-fr fr-ca es-es es-mx it-it nl-nl pt-br pt-pt da-dk sv-se nb-no fi-fi pl-pl cs-cz tr-tr ru-ru ar he-il hi-in ja-jp ko-kr zh-hans zh-hant',
    ),
  },
  {
    id: 'watson',
    label: 'IBM Watson Assistant',
    icon: 'ibm',
    roles: NLU,
    isConfigurable: true,
    hasProvider: false,
    isRetired: false,
    isEmbedded: false,
    languages: codes('en ar cs de es fr it ja ko nl pt-br zh-cn zh-tw'),
  },
  {
    id: 'dialogflow',
    label: 'Google Dialogflow',
    icon: 'google',
    roles: NLU,
    isConfigurable: true,
    hasProvider: false,
    isRetired: false,
    isEmbedded: false,
    languages: codes(
      'en en-au en-ca en-gb en-in en-us da de es es-419 es-es fi fr fr-ca fr-fr hi id it ja ko nl no pl pt pt-br ru sv th tr uk zh-cn zh-hk zh-tw',
    ),
  },
  {
    id: 'lex',
    label: 'Amazon Lex',
    icon: 'amazon',
    roles: NLU,
    isConfigurable: true,
    hasProvider: false,
    isRetired: false,
    isEmbedded: false,
    languages: codes(
      'en-us en-gb en-au en-in en-za es-us es-es es-419 fr-fr fr-ca de-de de-at it-it ja-jp ko-kr pt-br pt-pt zh-cn ca-es',
    ),
  },
  {
    id: 'wit',
    label: 'Wit.ai',
    icon: 'wit',
    roles: NLU,
    isConfigurable: true,
    hasProvider: false,
    isRetired: false,
    isEmbedded: false,
    languages: codes(
      'en ar bn cs da de el es fi fr he hi hu id it ja ko ms nb nl pl pt ro ru sv th tr uk vi zh',
    ),
  },
  {
    id: 'nuance',
    label: 'Nuance NLU',
    icon: 'nuance',
    roles: NLU,
    // Spec 01 section 5: the speech company's NLU is not configurable.
    isConfigurable: false,
    hasProvider: false,
    isRetired: false,
    isEmbedded: false,
    languages: codes('en-us en-gb en-au fr-fr fr-ca de-de es-es es-us it-it pt-br nl-nl ja-jp ko-kr zh-cn'),
  },
  {
    id: 'luis',
    label: 'Microsoft LUIS',
    icon: 'microsoft',
    roles: NLU,
    isConfigurable: true,
    hasProvider: false,
    isRetired: true,
    isEmbedded: false,
    languages: codes(
      'ar-ar zh-cn nl-nl en-us fr-ca fr-fr de-de gu-in hi-in it-it ja-jp ko-kr mr-in pt-br es-es es-mx ta-in te-in tr-tr',
    ),
  },
  {
    id: 'stanford',
    label: 'Stanford CoreNLP',
    icon: 'stanford',
    roles: ['entityExtractor'],
    isConfigurable: true,
    hasProvider: false,
    isRetired: false,
    isEmbedded: false,
    languages: codes('en ar de es fr hu it zh'),
  },
] as const satisfies readonly EngineDefinition[];

export type EngineId = (typeof ENGINES)[number]['id'];

/** The create payload's 'no recognizer' choice; bot settings store it as null. */
export const NO_RECOGNIZER = 'none';
/** Every new bot starts on the embedded engine unless told otherwise. */
export const DEFAULT_RECOGNIZER: EngineId = 'parley';
/** The retired engine whose bots get the overview banner, and its end date (spec 01 section 2). */
export const LEGACY_ENGINE: EngineId = 'luis';
export const LEGACY_ENGINE_END_DATE = 'October 1, 2025';

/** The catalogue as plain definitions, for the look-ups below. */
const ALL_ENGINES: readonly EngineDefinition[] = ENGINES;
const byId = new Map<string, EngineDefinition>(ALL_ENGINES.map((e) => [e.id, e]));

export function engineById(id: string | null | undefined): EngineDefinition | undefined {
  return id ? byId.get(id) : undefined;
}

export function isEngineId(value: unknown): value is EngineId {
  return typeof value === 'string' && byId.has(value);
}

/** May a new bot take this engine as its intent recognizer? Retired, unconfigurable and not yet built ones not. */
export function isSelectableRecognizer(engine: EngineDefinition): boolean {
  return (
    engine.roles.includes('intentRecognizer') &&
    !engine.isRetired &&
    engine.isConfigurable &&
    engine.hasProvider
  );
}

/**
 * The recognizer choices of the create dialog, in catalogue order: the retired engine and
 * engines Parley cannot publish to yet are hidden, an unconfigurable one is listed but cannot
 * be picked (spec 01 section 5).
 */
export function recognizerChoices(): EngineDefinition[] {
  return ALL_ENGINES.filter(
    (e) => e.roles.includes('intentRecognizer') && !e.isRetired && (e.hasProvider || !e.isConfigurable),
  );
}

const ALL_LANGUAGES = Object.keys(LANGUAGE_NAMES);

/**
 * The languages the create dialog offers: the chosen recognizer's list; every known language
 * without a recognizer; with Automate on (recognizer left to Parley) every language some
 * choosable recognizer understands.
 */
export function languageChoices(recognizer: string | undefined, nluAutomate: boolean): readonly string[] {
  if (recognizer === NO_RECOGNIZER) return ALL_LANGUAGES;
  if (recognizer !== undefined) return engineById(recognizer)?.languages ?? [];
  if (!nluAutomate) return engineById(DEFAULT_RECOGNIZER)?.languages ?? [];
  const union = new Set(ALL_ENGINES.filter(isSelectableRecognizer).flatMap((e) => e.languages));
  return ALL_LANGUAGES.filter((code) => union.has(code));
}

/**
 * The intent recognizer a new bot starts with: the one chosen, none, or (Automate on and none
 * chosen) the first choosable engine that understands the language; Automate then keeps
 * testing the others. `undefined`: no engine fits the language.
 */
export function initialRecognizer(
  recognizer: string | undefined,
  nluAutomate: boolean,
  language: string,
): EngineId | null | undefined {
  if (recognizer === NO_RECOGNIZER) return null;
  const candidates =
    recognizer !== undefined
      ? ALL_ENGINES.filter((e) => e.id === recognizer)
      : nluAutomate
        ? ALL_ENGINES.filter(isSelectableRecognizer)
        : ALL_ENGINES.filter((e) => e.id === DEFAULT_RECOGNIZER);
  return candidates.find((e) => e.languages.includes(language))?.id as EngineId | undefined;
}
