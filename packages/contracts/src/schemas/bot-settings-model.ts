import { Permission } from '../permissions';
import { hasControlCharacters } from '../validators';
import {
  BELOW_THRESHOLD_LIMIT_RANGE,
  BOT_NAME_MAX_LENGTH,
  CONFIDENCE_FACTOR,
  CONFIDENCE_RANGE,
  CONFIDENCE_STEP_PERCENT,
  DELAY_FACTOR_MS,
  IDLE_TIMEOUT_RANGE_S,
  LOW_CONFIDENCE_RANGE,
  RESPONSE_DELAY_RANGE_MS,
} from './bot-model';
import { SYSTEM_MESSAGE_MAX_LENGTH, type SystemMessageKey } from './system-messages';

/**
 * The General Settings and System Messages tabs without zod (the browser loads this): their
 * messages, the avatar's limits, the conversions between what is stored (milliseconds,
 * fractions) and what is shown (seconds, percents), and the labels of the five system
 * messages (spec 04 sections 2.3, 3.1, 5, 8, 9; docs/decisions.md 'Bot settings: General and
 * System Messages').
 */

/** Saving either tab: Manage general settings (spec 04 section 6). */
export const GENERAL_SETTINGS_PERMISSION = Permission.ManageGeneralSettings;

const percentRange = (range: { min: number; max: number }) =>
  `${Math.round(range.min * CONFIDENCE_FACTOR)} and ${Math.round(range.max * CONFIDENCE_FACTOR)}`;

export const GENERAL_SETTINGS_MESSAGES = {
  displayNameMissing: 'Please enter a display name.',
  displayNameTooLong: `A display name has at most ${BOT_NAME_MAX_LENGTH} characters.`,
  displayNameInvalid: 'A display name cannot hold line breaks or other control characters.',
  delayStep: 'The in-between response delay goes in steps of 0.1 seconds.',
  idleTimeoutStep: 'The idle timeout goes in steps of 0.1 seconds.',
  confidence: `The high confidence threshold must be between ${percentRange(CONFIDENCE_RANGE)} percent, in steps of ${CONFIDENCE_STEP_PERCENT}.`,
  lowConfidence: `The low confidence threshold must be between ${percentRange(LOW_CONFIDENCE_RANGE)} percent, in steps of ${CONFIDENCE_STEP_PERCENT}.`,
  flag: (field: string) => `${field} must be true or false.`,
  belowThresholdLimit: `The below-threshold count must be a whole number from ${BELOW_THRESHOLD_LIMIT_RANGE.min} to ${BELOW_THRESHOLD_LIMIT_RANGE.max}.`,
  chitChatModelMissing: 'Choose the LLM that answers chit-chat, or turn chit-chat off.',
  chitChatModelUnknown: 'The chosen chit-chat LLM does not exist (any more) in this organisation.',
  readOnly: 'You can read these settings. Changing them needs the permission Manage general settings.',
  /** Spec 04 sections 5 and 8, word for word. */
  avatarTooBig: 'Avatar file is too big',
  avatarMissing: 'Please choose an image for the avatar (form field avatar).',
  avatarType: 'Avatar type is incorrect. Accepted types are png, jpeg, webp and gif.',
  avatarUnreadable: (type: string) => `The avatar is not a valid ${type} image.`,
  avatarTooManyPixels: 'The avatar image is too large: at most 5000 by 5000 pixels.',
  avatarBusy: 'Too many images are being processed. Please try again in a moment.',
  noAvatar: 'This bot has no avatar.',
  systemMessagesMissing: 'systemMessages must map each language to its messages.',
  notBotLanguage: (language: string) => `${language} is not a language of this bot.`,
  unknownSystemMessage: (key: string) => `There is no system message named ${key}.`,
  systemMessageTooLong: `A system message has at most ${SYSTEM_MESSAGE_MAX_LENGTH} characters.`,
} as const;

// --- avatar ------------------------------------------------------------------------------

/** The multipart field of PUT /api/bots/{bot}/avatar. */
export const AVATAR_FIELD = 'avatar';
/** Largest avatar file accepted (2 MiB); a bigger one is 'Avatar file is too big'. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
/** Stored avatars fit in this square (kept in proportion, never enlarged). */
export const AVATAR_MAX_SIDE_PX = 256;
/** Decoding stops at this many pixels: a small file may unpack into a huge picture. */
export const AVATAR_MAX_INPUT_PIXELS = 5000 * 5000;

/** Accepted avatar files by their extension; SVG is refused (it may carry scripts and links). */
export const AVATAR_TYPES = [
  { format: 'png', label: 'PNG', extensions: ['.png'] },
  { format: 'jpeg', label: 'JPEG', extensions: ['.jpg', '.jpeg'] },
  { format: 'webp', label: 'WebP', extensions: ['.webp'] },
  { format: 'gif', label: 'GIF', extensions: ['.gif'] },
] as const;
export type AvatarFormat = (typeof AVATAR_TYPES)[number]['format'];

/** What the browser's file chooser offers. */
export const AVATAR_ACCEPT = AVATAR_TYPES.flatMap((t) => t.extensions).join(',');

/** The accepted type a file name claims, by its extension; undefined for anything else. */
export function avatarTypeOf(fileName: string) {
  const lower = fileName.toLowerCase();
  return AVATAR_TYPES.find((t) => t.extensions.some((ext) => lower.endsWith(ext)));
}

/**
 * The bot's avatar as stored in its settings (`settings.botAvatar`): the blob is
 * `tenants/{tenant}/bots/{bot}/avatar/{id}.webp`, a new upload gets a new id (so a cached
 * image never outlives its replacement). Served by GET /api/bots/{bot}/avatar.
 */
export interface BotAvatar {
  id: string;
  contentType: 'image/webp';
  width: number;
  height: number;
  bytes: number;
  updatedAt: string;
}

/** The avatar of stored settings, or null (a value of any other shape counts as none). */
export function botAvatarOf(settings: unknown): BotAvatar | null {
  const value = (settings as { botAvatar?: unknown } | null | undefined)?.botAvatar;
  if (typeof value !== 'object' || value === null) return null;
  const avatar = value as Partial<BotAvatar>;
  return typeof avatar.id === 'string' && /^[a-f0-9-]{36}$/.test(avatar.id) ? (avatar as BotAvatar) : null;
}

// --- display name --------------------------------------------------------------------------

/**
 * The name the bot shows (the bot page's title, the chat): any characters but control ones,
 * 1-50 once trimmed, as long as a bot name may be (a new bot's display name is its name).
 */
export function displayNameProblem(value: unknown): string | undefined {
  const M = GENERAL_SETTINGS_MESSAGES;
  if (typeof value !== 'string' || value.trim() === '') return M.displayNameMissing;
  if (value.trim().length > BOT_NAME_MAX_LENGTH) return M.displayNameTooLong;
  if (hasControlCharacters(value)) return M.displayNameInvalid;
  return undefined;
}

// --- units ---------------------------------------------------------------------------------

/** Whether `value` is a whole number of `step`s, allowing for binary fractions (0.1 + 0.2). */
export function isOnStep(value: number, step: number): boolean {
  const steps = value / step;
  return Math.abs(steps - Math.round(steps)) < 1e-6;
}

/** Rounds to the step (0.30000000000000004 -> 0.3), so what is stored is what was meant. */
export function roundToStep(value: number, step: number): number {
  const decimals = Math.max(0, Math.ceil(-Math.log10(step)) + 1);
  return Number((Math.round(value / step) * step).toFixed(decimals));
}

/** The delay is stored in milliseconds and shown in seconds (spec 04 section 9: factor 1000). */
export const delaySecondsOf = (ms: number): number => roundToStep(ms / DELAY_FACTOR_MS, 0.1);
export const delayMsOf = (seconds: number): number => Math.round(seconds * DELAY_FACTOR_MS);

/** Thresholds are stored as fractions and shown as percents (spec 04 section 9: factor 100). */
export const percentOf = (fraction: number): number => Math.round(fraction * CONFIDENCE_FACTOR);
export const fractionOf = (percent: number): number => roundToStep(percent / CONFIDENCE_FACTOR, 0.01);

export const isValidDelayMs = (ms: number) =>
  Number.isFinite(ms) &&
  ms >= RESPONSE_DELAY_RANGE_MS.min &&
  ms <= RESPONSE_DELAY_RANGE_MS.max &&
  isOnStep(ms, RESPONSE_DELAY_RANGE_MS.stepMs);

export const isValidIdleTimeout = (seconds: number) =>
  Number.isFinite(seconds) &&
  seconds >= IDLE_TIMEOUT_RANGE_S.min - 1e-9 &&
  seconds <= IDLE_TIMEOUT_RANGE_S.max + 1e-9 &&
  isOnStep(seconds, IDLE_TIMEOUT_RANGE_S.step);

/** A threshold (fraction) inside its range (fractions) on a whole percent step of 5. */
export function isValidThreshold(fraction: number, range: { min: number; max: number }): boolean {
  if (!Number.isFinite(fraction)) return false;
  const percent = fraction * CONFIDENCE_FACTOR;
  return (
    percent >= range.min * CONFIDENCE_FACTOR - 1e-6 &&
    percent <= range.max * CONFIDENCE_FACTOR + 1e-6 &&
    isOnStep(percent, CONFIDENCE_STEP_PERCENT)
  );
}

// --- system messages ---------------------------------------------------------------------

/** How the System Messages tab names the five messages (their stored keys are the spec's). */
export const SYSTEM_MESSAGE_LABELS: Record<SystemMessageKey, { label: string; hint: string }> = {
  unexpectedErrorMessage: {
    label: 'Unexpected error',
    hint: 'Said when something goes wrong while the bot answers.',
  },
  messageEmpty: {
    label: 'Empty message',
    hint: 'Said when a message arrives with nothing in it (no text, no file, no choice).',
  },
  messageTextEmpty: {
    label: 'Empty text',
    hint: 'Said when the user sends a text that is only blanks.',
  },
  messageBetweenThreshold: {
    label: 'Not sure (between the thresholds)',
    hint: "Said when the best intent's confidence is between the low and the high threshold.",
  },
  messageBelowThreshold: {
    label: 'Not understood (below the low threshold)',
    hint: 'Said when no intent reaches the low confidence threshold.',
  },
};

/** The body of PUT /api/bots/{bot}/settings/general (stored units: ms, fractions, seconds). */
export interface GeneralSettingsBody {
  displayName: string;
  delay: number;
  continueOldConversations: boolean;
  idleTimeout: number;
  idleText: string;
  confidence: number;
  lowConfidence: number;
  llmSplitSentences?: boolean;
  llmAsyncGuardrails?: boolean;
  chitChatEnabled?: boolean;
  belowThresholdLimit?: number;
  chitChatModel?: string | null;
}

/** The body of PUT /api/bots/{bot}/settings/system-messages: languages given replace theirs. */
export interface SystemMessagesBody {
  systemMessages: Record<string, Partial<Record<SystemMessageKey, string>>>;
}
