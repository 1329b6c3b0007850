import { MESSAGES } from '../messages';
import { hasControlCharacters } from '../validators';
import type { BotAvatar } from './bot-settings-model';
import type { BotSettings } from './bots';
import { DEFAULT_RECOGNIZER } from './engines';
import { DEFAULT_LANGUAGE } from './languages';
import type { BotSyncStatusView } from './synchronization-model';

/**
 * Bots without zod (the browser loads this, not the request schemas of bots.ts): messages,
 * name rules, default settings and the answers' shapes (spec 01 sections 2, 3, 5, 7, 8; spec 02
 * section 3).
 */

export const BOT_MESSAGES = {
  invalidBotName: MESSAGES.invalidBotName,
  botNameTooLong: 'A bot name has at most 50 characters.',
  invalidDelay: 'The in-between response delay must be between 0 and 10 seconds.',
  invalidIdleTimeout: 'The idle timeout must be between 0.5 and 10 seconds.',
  idleTextTooLong: 'The idle text has at most 500 characters.',
  nameTaken: 'This name is already taken!',
  selectRegion: 'Please select a bot region',
  selectTemplate: 'Please select a bot template',
  selectLanguage: 'Please select a language',
  invalidLanguage: 'Invalid language',
  invalidRecognizer: 'Please select a valid intent and entity recognizer.',
  retiredRecognizer: (label: string) => `${label} is retired and cannot be chosen.`,
  unconfigurableRecognizer: (label: string) => `${label} cannot be set up in Parley and cannot be chosen.`,
  unavailableRecognizer: (label: string) =>
    `Parley cannot publish to ${label} yet. Choose Parley NLU, or None.`,
  automateNeedsRecognizer: 'Automate needs an intent recognizer.',
  creationFailed: (name: string) => `There was a problem creating bot ${name}.`,
  creating: 'Creating...',
  botLimitReached: "Error! You have reached your plan's max bots. Upgrade your plan to add more bots.",
  botLimitAdditionalCost:
    'Warning! You are adding more bots outside your current plan. This will add additional cost.',
  noPlan: MESSAGES.admin.noPlan,
  noPermission: 'You do not have permission',
  legacyEngine: (engine: string, date: string) =>
    `${engine} will be deprecated on ${date}. Please retrain your bots that still use it on a newer engine and re-publish them.`,
  unpublished: 'Would you like to publish them?',
  snippetMigration: 'Please, replace your old chat snippets with the new ones!',
  deleting: (name: string) => `Deleting ${name}`,
} as const;

const M = BOT_MESSAGES;

export const BOT_NAME_MAX_LENGTH = 50;

/**
 * Names the API uses as fixed words after /api/bots/ (templates, id-name, ids, limit, import,
 * functions): a bot with such a name could not be reached at /api/bots/{bot}. And 'bots', whose
 * /api/bots/intents and /api/bots/entities would be /api/bots/{bot} instead of the bot's
 * /api/{bot}/intents and /api/{bot}/entities.
 */
export const RESERVED_BOT_NAMES = [
  'templates',
  'id-name',
  'ids',
  'limit',
  'import',
  'functions',
  'bots',
] as const;

export function isReservedBotName(name: string): boolean {
  const normalised = name.trim().toLowerCase().replace(/\s/g, '-');
  return (RESERVED_BOT_NAMES as readonly string[]).includes(normalised);
}

/** Letters, digits, dash, underscore and spaces (no tabs, line breaks or other blanks), 1-50 once trimmed. */
export function botNameProblem(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.trim() === '') return M.invalidBotName;
  if (value.trim().length > BOT_NAME_MAX_LENGTH) return M.botNameTooLong;
  if (hasControlCharacters(value) || !/^[-a-zA-Z0-9_ ]+$/.test(value)) return M.invalidBotName;
  return undefined;
}

// --- settings ----------------------------------------------------------------------------

/** Confidence thresholds are fractions; the settings screen shows them as percents (spec 04 section 9). */
export const CONFIDENCE_RANGE = { min: 0.6, max: 1 } as const;
export const LOW_CONFIDENCE_RANGE = { min: 0.2, max: 0.55 } as const;
/** Percent steps of both thresholds on the General tab; the factor between fraction and percent. */
export const CONFIDENCE_STEP_PERCENT = 5;
export const CONFIDENCE_FACTOR = 100;

/** The in-between response delay: stored in milliseconds, shown in seconds, 0-10 s in steps of 0.1 (spec 04 sections 5, 9). */
export const RESPONSE_DELAY_RANGE_MS = { min: 0, max: 10_000, stepMs: 100 } as const;
export const DELAY_FACTOR_MS = 1000;

/**
 * Silence: after `idleTimeout` seconds without an answer the bot says `idleText` (spec 04 sections 3.1, 3.5, 9:
 * 0.5-10 s, default 1). A voice channel measures the silence; a text channel may report it as an idle event.
 */
export const IDLE_TIMEOUT_RANGE_S = { min: 0.5, max: 10, step: 0.1 } as const;
export const IDLE_TEXT_MAX_LENGTH = 500;

/**
 * Chit-chat (spec 04 sections 3.1, 5): a message below the low threshold is answered by the
 * chit-chat LLM up to `belowThresholdLimit` times in a row before the below-threshold message.
 * The count is at least 1; the top is ours (docs/decisions.md 'Chit-chat').
 */
export const BELOW_THRESHOLD_LIMIT_RANGE = { min: 1, max: 20 } as const;

export const DEFAULT_BOT_SETTINGS: BotSettings = {
  language: DEFAULT_LANGUAGE,
  supportedLanguages: [DEFAULT_LANGUAGE],
  intentRecognizerProvider: DEFAULT_RECOGNIZER,
  entityExtractorProvider: DEFAULT_RECOGNIZER,
  sentimentAnalysisProvider: null,
  nluAutomate: false,
  disableTestInteractions: false,
  confidence: 0.7,
  lowConfidence: 0.3,
  delay: 0,
  continueOldConversations: false,
  idleTimeout: 1,
  idleText: '',
  llmSplitSentences: false,
  llmAsyncGuardrails: false,
  chitChatEnabled: false,
  belowThresholdLimit: 3,
  chitChatModel: null,
};

/**
 * Settings as stored, completed with the defaults for fields written before they existed.
 * Fields this schema does not know yet (added by later parts) are kept as they are.
 */
export function readBotSettings(stored: unknown): BotSettings {
  const values = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
  return { ...DEFAULT_BOT_SETTINGS, ...values } as BotSettings;
}

// --- create ------------------------------------------------------------------------------

export const BOT_CREATE_TYPES = ['scratch', 'template'] as const;
export type BotCreateType = (typeof BOT_CREATE_TYPES)[number];

// --- responses ---------------------------------------------------------------------------

export interface BotAllTimeData {
  interactions: number;
  questionsAsked: number;
  questionsRecognized: number;
}

/** A bot as the overview lists it (spec 01 section 3 'Bot'). */
export interface BotView {
  /** `{tenantId}-{bot name lower-cased, whitespace as dashes}`. */
  id: string;
  botName: string;
  displayName: string;
  /** eu-west or us-east (short forms eu-west-1 / us-east-1 from old imports). */
  region: string;
  /** `botAvatar` is kept beside the settings schema's fields: bot files (exports) carry no images. */
  settings: BotSettings & { botAvatar?: BotAvatar };
  isPublished: boolean;
  showSnippetMigrationBanner: boolean;
  allTimeData: BotAllTimeData;
}

/** Publishing state per provider (spec 04 section 3.10); null while no publish ever ran. */
export type BotSyncStatus = BotSyncStatusView;

/** GET /api/bots/{bot} (spec 02 section 7 'Bot page'). */
export interface BotDetails extends BotView {
  tenantId: string;
  syncStatus: BotSyncStatus | null;
}

/** POST /api/bot: the new bot; `url` when the browser must continue elsewhere first. */
export interface CreateBotResponse {
  bot: BotDetails;
  url?: string;
}

/** GET /api/bots/id-name. */
export type BotIdNames = Array<{ id: string; botName: string }>;

/** GET /api/bots/limit: how the plan's bot cap stands, asked before the create dialog opens. */
export interface BotLimit {
  botCount: number;
  maxFreeBots: number;
  hasAdditionalBotsCost: boolean;
  /** True when a new bot would be beyond the free bots of the plan. */
  isAtLimit: boolean;
}

/**
 * `botLimit` of the 403 custom_error that refuses a bot over the cap: 'reached' (the plan takes
 * no more bots: offer an upgrade) or 'additional-cost' (repeat with acceptAdditionalCost).
 */
export type BotLimitRefusal = 'reached' | 'additional-cost' | 'no-plan';

/**
 * A starter template of GET /api/bots/templates. `id` is its file name ending .enc, sent as the
 * create payload's `template`; the bot gets the template's language.
 */
export interface BotTemplateSummary {
  id: string;
  name: string;
  description: string;
  language: string;
}

/** GET /api/bots/{bot}/permissions: the caller's permission ids on the bot (all for administrators). */
export interface BotPermissions {
  permissions: number[];
}

/** Downloaded file names (spec 01 section 9). */
export const botFileNames = {
  messageHistory: (botName: string) => `bot-${botName}-history.csv`,
  consent: (botName: string) => `bot-${botName}-gdpr-consent.csv`,
  export: (botName: string) => `bot-${botName}.enc`,
};
