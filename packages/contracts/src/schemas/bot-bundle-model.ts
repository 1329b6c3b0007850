import { fileTooBigMessage } from '../validators';
import { BOT_MESSAGES, type BotDetails } from './bot-model';

/**
 * Whole-bot export and import without zod (the browser loads this, not the schemas of
 * bot-bundle.ts): messages, limits and the answers' shapes (spec 01 sections 2 'Import-a-bot
 * dialog', 3 'Imported bot data', 4, 5 'Import', 7 and 9). The file format itself is described
 * in docs/bot-bundle-format.md.
 */

/** The shortest passphrase that may seal functions' credentials in an export. */
export const BOT_BUNDLE_PASSPHRASE_MIN_LENGTH = 8;
export const BOT_BUNDLE_PASSPHRASE_MAX_LENGTH = 200;

export const BOT_BUNDLE_MESSAGES = {
  importTitle: 'Import a bot',
  loadBotData: 'Load bot data',
  importBot: 'Import bot',
  importing: 'Importing...',
  exportBot: 'Export Bot',
  nameIncorrect: 'The name of your bot is incorrect.',
  nameTaken: BOT_MESSAGES.nameTaken,
  invalidLanguage: BOT_MESSAGES.invalidLanguage,
  // Not in the spec: the file refusals it asks for without giving their words (docs/decisions.md, Bots).
  fileMissing: 'Please choose a bot file (.enc) exported from Parley.',
  notABotFile: 'This is not a Parley bot file.',
  truncated: 'The file is incomplete: it was cut short while it was copied or downloaded.',
  damaged: 'The file is damaged or was changed',
  otherKey:
    'This bot file was encrypted with another key (a Parley installation with its own bundle secret), so it cannot be read here.',
  newerVersion: (version: number) =>
    `This bot file was made by a newer version of Parley (file format ${version}) and cannot be read here. Please update Parley first.`,
  tooLarge: (megabytes: number) =>
    `The bot in this file is too large: it unpacks to more than ${megabytes} MB.`,
  tooComplex:
    'The bot in this file cannot be read: its data is nested too deeply or holds far more values than a bot can have.',
  busy: 'Too many bot files are being read right now. Please try again in a minute.',
  // Not in the spec: one bot file at a time per person (docs/decisions.md, 'Bot files are written in slices').
  oneAtATime:
    'Parley is still reading another bot file of yours. Please wait until it is done, then try again.',
  fileTooBig: (bytes: number) => fileTooBigMessage(bytes),
  invalidContent: (where: string, problem: string) =>
    `The bot in this file is not valid (${where}): ${problem}`,
  notInPlan: 'Your plan does not include exporting and importing bots. Upgrade your plan to use them.',
  // Not in the spec: functions' credentials travel only sealed with a passphrase (docs/bot-bundle-format.md).
  passphraseTooShort: `The passphrase must be at least ${BOT_BUNDLE_PASSPHRASE_MIN_LENGTH} characters long.`,
  passphraseTooLong: `The passphrase can be at most ${BOT_BUNDLE_PASSPHRASE_MAX_LENGTH} characters long.`,
  wrongPassphrase: "This passphrase does not open the functions' credentials of this bot file.",
  credentialsLeftOut: (functions: readonly string[]) =>
    `The credentials of these functions were not exported: ${functions.join(', ')}. Enter them again in each function.`,
  importFailed: 'The bot could not be imported',
} as const;

/** The multipart form field of the import that carries the passphrase (before the file). */
export const BOT_BUNDLE_PASSPHRASE_FIELD = 'passphrase';

/**
 * Functions' credentials in a bundle: none (no function has any), left out (the export had no
 * passphrase) or sealed (with the exporter's passphrase), with the functions that have them.
 */
export interface BundleCredentials {
  state: 'none' | 'left-out' | 'sealed';
  functions: string[];
}

/** The multipart form field of both import calls (spec 01 section 7: form file bot-file). */
export const BOT_BUNDLE_FILE_FIELD = 'bot-file';
/** Import file type (spec 01 section 9). */
export const BOT_BUNDLE_EXTENSION = '.enc';
/** Largest upload accepted (what arrives over the wire). */
export const BOT_BUNDLE_MAX_BYTES = 10 * 1024 * 1024;
/** Largest content a bundle may unpack to: a small file that inflates beyond this is refused (zip bomb). */
export const BOT_BUNDLE_MAX_EXPANDED_BYTES = 64 * 1024 * 1024;

/** How much of each kind a bundle holds (the Import-a-bot dialog's read-only counts). */
export interface BotBundleCounts {
  /** The author's intents; None, which every bot has, is not counted. */
  intents: number;
  /** Custom entities (prebuilt ones are part of every bot and not exported). */
  entities: number;
  /** Functions other than sub flows. */
  functions: number;
  /** Sub flows (functions of type flow). */
  subs: number;
  variables: number;
  objects: number;
  flows: number;
  channels: number;
  connectedChannels: number;
}

/** One channel of a bundle: its type and whether it was connected where it was exported (no secrets travel). */
export interface ImportedChannel {
  type: string;
  name: string;
  connected: boolean;
  /** 'system' for a connector. */
  kind: 'channel' | 'system';
}

/**
 * POST /api/bots/import/staging (spec 01 section 3 'Imported bot data'): what the file holds,
 * checked by every rule of an import, for the dialog's editable form and its counts.
 */
export interface ImportedBotData {
  botName: string;
  region: string;
  settings: {
    language: string;
    intentRecognizerProvider: string | null;
    nluAutomate: boolean;
  };
  intents: Array<{ name: string; type: 'normal' | 'faq'; isRedirect: boolean }>;
  entities: Record<string, { name: string; type: string }>;
  /** Type flow means a sub flow (spec). */
  functions: Array<{ name: string; type: string; isGlobal: boolean }>;
  /** Variable name to value. */
  flowVariables: Record<string, string>;
  /** Object name to its property keys and global flag. */
  flowObjects: Record<string, { keys: string[]; isGlobal: boolean }>;
  channels: ImportedChannel[];
  counts: BotBundleCounts;
  /** The file format version and when the bot was exported (absent for starter templates). */
  formatVersion: number;
  exportedAt: string | null;
  /** Whether functions' credentials came along, and for which functions. */
  credentials: BundleCredentials;
}

/** POST /api/bots/import: the new bot and the address of its page (the spec: the response holds url). */
export interface ImportBotResponse {
  bot: BotDetails;
  url: string;
  /** Functions imported without their credentials (left out, or sealed and no passphrase given). */
  functionsNeedingCredentials: string[];
}
