/**
 * Every language code an engine of the catalogue (engines.ts) lists, with its English name.
 * Codes are stored lower-case, as the engines publish them: a bare language ('en') where the
 * engine does not tell regions apart, a locale ('en-us') where it does.
 */
export const LANGUAGE_NAMES: Readonly<Record<string, string>> = {
  ar: 'Arabic',
  'ar-ar': 'Arabic',
  bn: 'Bengali',
  'ca-es': 'Catalan (Spain)',
  cs: 'Czech',
  'cs-cz': 'Czech (Czechia)',
  da: 'Danish',
  'da-dk': 'Danish (Denmark)',
  de: 'German',
  'de-at': 'German (Austria)',
  'de-de': 'German (Germany)',
  el: 'Greek',
  en: 'English',
  'en-au': 'English (Australia)',
  'en-ca': 'English (Canada)',
  'en-gb': 'English (United Kingdom)',
  'en-in': 'English (India)',
  'en-us': 'English (United States)',
  'en-za': 'English (South Africa)',
  es: 'Spanish',
  'es-419': 'Spanish (Latin America)',
  'es-es': 'Spanish (Spain)',
  'es-mx': 'Spanish (Mexico)',
  'es-us': 'Spanish (United States)',
  fi: 'Finnish',
  'fi-fi': 'Finnish (Finland)',
  fr: 'French',
  'fr-ca': 'French (Canada)',
  'fr-fr': 'French (France)',
  'gu-in': 'Gujarati (India)',
  he: 'Hebrew',
  'he-il': 'Hebrew (Israel)',
  hi: 'Hindi',
  'hi-in': 'Hindi (India)',
  hu: 'Hungarian',
  id: 'Indonesian',
  it: 'Italian',
  'it-it': 'Italian (Italy)',
  ja: 'Japanese',
  'ja-jp': 'Japanese (Japan)',
  ko: 'Korean',
  'ko-kr': 'Korean (Korea)',
  'mr-in': 'Marathi (India)',
  ms: 'Malay',
  nb: 'Norwegian Bokmål',
  'nb-no': 'Norwegian Bokmål (Norway)',
  nl: 'Dutch',
  'nl-nl': 'Dutch (Netherlands)',
  no: 'Norwegian',
  pl: 'Polish',
  'pl-pl': 'Polish (Poland)',
  pt: 'Portuguese',
  'pt-br': 'Portuguese (Brazil)',
  'pt-pt': 'Portuguese (Portugal)',
  ro: 'Romanian',
  ru: 'Russian',
  'ru-ru': 'Russian (Russia)',
  sv: 'Swedish',
  'sv-se': 'Swedish (Sweden)',
  'ta-in': 'Tamil (India)',
  'te-in': 'Telugu (India)',
  th: 'Thai',
  tr: 'Turkish',
  'tr-tr': 'Turkish (Turkey)',
  uk: 'Ukrainian',
  vi: 'Vietnamese',
  zh: 'Chinese',
  'zh-cn': 'Chinese (Simplified, China)',
  'zh-hans': 'Chinese (Simplified)',
  'zh-hant': 'Chinese (Traditional)',
  'zh-hk': 'Chinese (Hong Kong)',
  'zh-tw': 'Chinese (Traditional, Taiwan)',
};

/** Default language of a new bot (spec 01 section 9: 'Default language English'). */
export const DEFAULT_LANGUAGE = 'en';

/** 'English (United States)' for 'en-us'; an unknown code is shown as it is. */
export function languageName(code: string): string {
  return LANGUAGE_NAMES[code.toLowerCase()] ?? code;
}

/** The short label of cards and headers: the part before the first dash, upper-cased ('en-us' is 'EN'). */
export function languageCodeLabel(code: string): string {
  return (code.split('-')[0] ?? '').toUpperCase();
}
