import { type EngineIconName, engineById } from '@parley/contracts';

/**
 * The engine label of the Details panel (spec 03 section 2.5): blocks that lean on one of the
 * bot's language services name the provider its settings choose.
 */

/** Which setting names the provider each such block uses (spec 03 section 3.6). */
export const PROVIDER_SETTING_OF_BLOCK = {
  triggerRecognizer: 'intentRecognizerProvider',
  multipleEntityCheck: 'entityExtractorProvider',
  languageDetection: 'languageDetectionProvider',
  languageTranslation: 'languageTranslationProvider',
} as const;
export type ProviderBlock = keyof typeof PROVIDER_SETTING_OF_BLOCK;

/** Vendor names by the engine catalogue's marks: the spec's names, and Parley's own engine. */
const VENDOR_NAMES: Record<EngineIconName, string> = {
  parley: 'Parley NLU (embedded)',
  microsoft: 'Microsoft',
  ibm: 'IBM',
  google: 'Google',
  amazon: 'Amazon',
  wit: 'Wit',
  nuance: 'Nuance',
  stanford: 'Stanford',
};

/**
 * Settings the engine catalogue does not list (detection and translation providers are not
 * chosen in Parley yet; imported bots may carry them) are named by the vendor word they hold.
 */
const VENDOR_WORDS: ReadonlyArray<[RegExp, EngineIconName]> = [
  [/microsoft|azure|luis|\bclu\b|bing/i, 'microsoft'],
  [/ibm|watson/i, 'ibm'],
  [/google|dialogflow/i, 'google'],
  [/amazon|aws|\blex\b|comprehend/i, 'amazon'],
  [/\bwit/i, 'wit'],
  [/stanford/i, 'stanford'],
  [/nuance/i, 'nuance'],
  [/parley/i, 'parley'],
];

export function isProviderBlock(fc: string): fc is ProviderBlock {
  return Object.hasOwn(PROVIDER_SETTING_OF_BLOCK, fc);
}

/** The provider's name as the label shows it; null when the setting names none. */
export function providerName(value: unknown): string | null {
  if (typeof value !== 'string' || value.trim() === '' || value === 'none') return null;
  const engine = engineById(value);
  if (engine) return VENDOR_NAMES[engine.icon];
  const vendor = VENDOR_WORDS.find(([words]) => words.test(value));
  return vendor ? VENDOR_NAMES[vendor[1]] : value.trim();
}

/** The label for a block of this kind with these bot settings; null for other kinds. */
export function engineLabel(fc: string, settings: Readonly<Record<string, unknown>>): string | null {
  if (!isProviderBlock(fc)) return null;
  const name = providerName(settings[PROVIDER_SETTING_OF_BLOCK[fc]]);
  return name ? `Engine: ${name}` : "Engine: none is set up in the bot's settings";
}
