import { Permission } from '../permissions';
import { languageName } from './languages';

/**
 * The Features tab without zod (the browser loads this; the request schemas are in
 * bot-features.ts): GDPR, Handover, Multi-Language and Custom Widgets settings, their defaults,
 * limits and messages, and how the runtime reads them from the stored bot settings (spec 04
 * sections 2.3, 3.7, 3.8, 3.9, 4 'Consent toggles', 5 'Features', 6, 7.2, 8; docs/decisions.md
 * 'Features tab: ...').
 */

/** Saving each sub-tab (spec 04 section 6); Multi-Language is a general setting. */
export const FEATURES_PERMISSIONS = {
  gdpr: Permission.ManageGdprSettings,
  handover: Permission.ManageHandoverSettings,
  customWidgets: Permission.ManageDashboardWidgets,
  multiLanguage: Permission.ManageGeneralSettings,
  consentCsv: Permission.ExportLogs,
} as const;

/** Longest text a feature message may have (consent, handover). */
export const FEATURE_MESSAGE_MAX_LENGTH = 1000;
export const CONSENT_URL_MAX_LENGTH = 2000;
export const MASKING_PATTERNS_MAX = 50;
export const MASKING_PATTERN_NAME_MAX_LENGTH = 50;
export const MASKING_PATTERN_MAX_LENGTH = 500;
/** Negative sentiment and unrecognised intent limits: whole numbers (spec 04 section 5: minimum 1). */
export const HANDOVER_LIMIT_RANGE = { min: 1, max: 100, placeholder: 3 } as const;
export const CUSTOM_WIDGETS_MAX = 20;
export const WIDGET_TEXT_MAX_LENGTH = 100;
export const WIDGET_FORMULA_MAX_LENGTH = 1000;
/** Entries of each dashboard column. */
export const DASHBOARD_COLUMN_MAX = 50;
export const SUPPORTED_LANGUAGES_MAX = 20;

export const FEATURES_MESSAGES = {
  /** Spec 04 section 5, word for word (then the pattern). */
  invalidRegex: (pattern: string) => `Invalid regex: ${pattern.slice(0, MASKING_PATTERN_MAX_LENGTH)}`,
  /** Spec 04 section 5, word for word. */
  emptyWidgets: 'Cannot save widgets with empty data',
  flag: (field: string) => `${field} must be true or false.`,
  messageMissing: (label: string) => `Please enter the ${label}.`,
  messageTooLong: (label: string) =>
    `The ${label} has at most ${FEATURE_MESSAGE_MAX_LENGTH.toLocaleString('en')} characters.`,
  consentUrl: 'The consent URL must be a full http:// or https:// address.',
  consentUrlTooLong: `The consent URL has at most ${CONSENT_URL_MAX_LENGTH.toLocaleString('en')} characters.`,
  maskingPatternsList: 'maskingPatterns must be a list of patterns, each with a name and a pattern.',
  tooManyMaskingPatterns: `A bot has at most ${MASKING_PATTERNS_MAX} masking patterns.`,
  maskingPatternNameMissing: 'Every masking pattern needs a name.',
  maskingPatternNameTooLong: `A masking pattern's name has at most ${MASKING_PATTERN_NAME_MAX_LENGTH} characters.`,
  maskingPatternNameTaken: (name: string) => `There is already a masking pattern named ${name.slice(0, 50)}.`,
  maskingPatternMissing: 'Every masking pattern needs a pattern.',
  maskingPatternTooLong: `A masking pattern has at most ${MASKING_PATTERN_MAX_LENGTH} characters.`,
  time: (label: string) => `The ${label} must be a time of day written HH:MM (00:00 to 23:59).`,
  timeZone: 'The time zone must be one of the IANA time zones, such as Europe/Berlin or UTC.',
  handoverLimit: (label: string) =>
    `The ${label} must be a whole number from ${HANDOVER_LIMIT_RANGE.min} to ${HANDOVER_LIMIT_RANGE.max}, or empty.`,
  widgetsList: 'The custom widgets must be a list of widgets, each with a text and a formula.',
  tooManyWidgets: `A dashboard has at most ${CUSTOM_WIDGETS_MAX} custom widgets.`,
  widgetTextTooLong: `A widget's text has at most ${WIDGET_TEXT_MAX_LENGTH} characters.`,
  widgetFormulaTooLong: `A widget's formula has at most ${WIDGET_FORMULA_MAX_LENGTH.toLocaleString('en')} characters.`,
  dashboardColumn: `Each dashboard column is a list of at most ${DASHBOARD_COLUMN_MAX} widget names.`,
  supportedLanguagesList: 'supportedLanguages must be a list of language codes.',
  tooManyLanguages: `A bot has at most ${SUPPORTED_LANGUAGES_MAX} languages.`,
  defaultLanguageKept: (code: string) =>
    `The default language ${languageName(code)} cannot be removed from the supported languages.`,
  languageNotOffered: (code: string) =>
    `${code.slice(0, 20)} is not a language this bot's intent recognizer understands.`,
  readOnly: (permission: string) =>
    `You can read these settings. Changing them needs the permission ${permission}.`,
} as const;

// --- GDPR (spec 04 section 3.7) --------------------------------------------------------------

export interface MaskingPattern {
  name: string;
  pattern: string;
}

export interface GdprSettings {
  /** Ask the user for consent before the bot's first message. */
  askForConsent: boolean;
  /** A user who rejects consent may turn the bot off for themselves; it then says `disableMessage`. */
  canDisable: boolean;
  consentMessage: string;
  consentAgreeMessage: string;
  consentRejectMessage: string;
  /** The privacy policy the consent message links to; '' for none. */
  consentUrl: string;
  disableMessage: string;
  /** Users may ask for their messages and conversation state to be deleted. */
  removeUserData: boolean;
  removeUserDataMessage: string;
  /** Mask what the masking patterns find before anything is logged or stored. */
  maskPersonalData: boolean;
  /** Mask it as well before a text is sent to an outside AI service (NLU, LLM providers). */
  maskAIData: boolean;
  maskingPatterns: MaskingPattern[];
}

/**
 * Patterns a new bot starts with (RE2 syntax): common personal data, used once masking is on.
 * They run in order, so the specific ones (IBAN, card) come before the phone number's loose digits.
 */
export const DEFAULT_MASKING_PATTERNS: readonly MaskingPattern[] = [
  { name: 'Email address', pattern: '[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\\.[A-Za-z]{2,}' },
  { name: 'IBAN', pattern: '\\b[A-Z]{2}\\d{2}(?: ?[A-Z0-9]){11,30}\\b' },
  { name: 'Card number', pattern: '\\b(?:\\d[ -]?){12,18}\\d\\b' },
  { name: 'Phone number', pattern: '\\+?\\d[\\d ()/-]{7,}\\d' },
];

export const DEFAULT_GDPR_SETTINGS: GdprSettings = {
  askForConsent: false,
  canDisable: false,
  consentMessage:
    'Before we start: I keep a record of this conversation to answer you and to improve my answers. Do you agree?',
  consentAgreeMessage: 'Thank you! How can I help you today?',
  consentRejectMessage:
    "Understood. I won't keep a record of what you write. You can change your mind at any time.",
  consentUrl: '',
  disableMessage:
    "I'm switched off for you because you did not agree to the privacy terms. Agree to them to talk to me again.",
  removeUserData: false,
  removeUserDataMessage: 'Done: your messages and everything I remembered about you have been deleted.',
  maskPersonalData: false,
  maskAIData: false,
  maskingPatterns: DEFAULT_MASKING_PATTERNS.map((p) => ({ ...p })),
};

/** The message fields of the GDPR settings and how messages name them. */
export const GDPR_MESSAGE_LABELS = {
  consentMessage: 'consent message',
  consentAgreeMessage: 'message after agreeing',
  consentRejectMessage: 'message after rejecting',
  disableMessage: 'disabled message',
  removeUserDataMessage: 'message after removing the data',
} as const satisfies Partial<Record<keyof GdprSettings, string>>;
export type GdprMessageField = keyof typeof GDPR_MESSAGE_LABELS;

/**
 * Which GDPR messages are in use, so must be written (spec 04 section 4 'Consent toggles'):
 * the consent messages while consent is asked, the disabled message only with canDisable too,
 * the removal message while users may remove their data.
 */
export function requiredGdprMessages(
  settings: Pick<GdprSettings, 'askForConsent' | 'canDisable' | 'removeUserData'>,
) {
  const fields: GdprMessageField[] = [];
  if (settings.askForConsent) fields.push('consentMessage', 'consentAgreeMessage', 'consentRejectMessage');
  if (settings.askForConsent && settings.canDisable) fields.push('disableMessage');
  if (settings.removeUserData) fields.push('removeUserDataMessage');
  return fields;
}

/** An absolute http(s) address; '' means none. */
export function isValidConsentUrl(value: string): boolean {
  if (value === '') return true;
  if (value.length > CONSENT_URL_MAX_LENGTH || /\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** Compiles a regex with the engine entities use (RE2 on the server, so matching stays linear). */
export interface PatternCompiler {
  compiles(pattern: string): boolean;
  whyNot?(pattern: string): string | undefined;
}

export interface FeatureProblem {
  /** The field, as `maskingPatterns.2.pattern`. */
  field: string;
  message: string;
  /** Why the regex engine refuses a pattern, where it says. */
  reason?: string;
}

/**
 * The rules of the masking patterns beyond their shape: names written and unique (case aside),
 * patterns written and compiling with `regex` (spec 04 section 5: 'Invalid regex:' plus the
 * pattern). The first problem, or undefined.
 */
export function maskingPatternsProblem(
  patterns: readonly MaskingPattern[],
  regex?: PatternCompiler,
): FeatureProblem | undefined {
  const M = FEATURES_MESSAGES;
  if (patterns.length > MASKING_PATTERNS_MAX)
    return { field: 'maskingPatterns', message: M.tooManyMaskingPatterns };
  const names = new Set<string>();
  for (const [index, { name, pattern }] of patterns.entries()) {
    const at = (key: string) => `maskingPatterns.${index}.${key}`;
    if (name.trim() === '') return { field: at('name'), message: M.maskingPatternNameMissing };
    if (name.trim().length > MASKING_PATTERN_NAME_MAX_LENGTH)
      return { field: at('name'), message: M.maskingPatternNameTooLong };
    const key = name.trim().toLowerCase();
    if (names.has(key)) return { field: at('name'), message: M.maskingPatternNameTaken(name.trim()) };
    names.add(key);
    if (pattern.trim() === '') return { field: at('pattern'), message: M.maskingPatternMissing };
    if (pattern.length > MASKING_PATTERN_MAX_LENGTH)
      return { field: at('pattern'), message: M.maskingPatternTooLong };
    if (regex && !regex.compiles(pattern)) {
      const reason = regex.whyNot?.(pattern);
      return { field: at('pattern'), message: M.invalidRegex(pattern), ...(reason ? { reason } : {}) };
    }
  }
  return undefined;
}

// --- Handover (spec 04 section 3.8) -----------------------------------------------------------

export interface HandoverSettings {
  /** Conversations may move to a person. */
  isActive: boolean;
  /** 'HH:MM' in `timeZone`; equal opening and closing times mean open around the clock. */
  openingTime: string;
  /** 'HH:MM'; earlier than the opening time: open past midnight. */
  closingTime: string;
  /** The IANA time zone the opening hours are in. */
  timeZone: string;
  queueEnterMessage: string;
  chatStartMessage: string;
  chatEndMessage: string;
  notAvailableMessage: string;
  /** Negative messages after which the conversation moves to a person; null: never for this reason. */
  negativeSentimentLimit: number | null;
  /** Unrecognised messages after which the conversation moves to a person; null: never for this reason. */
  unrecognizedIntentLimit: number | null;
}

export const DEFAULT_HANDOVER_SETTINGS: HandoverSettings = {
  isActive: false,
  openingTime: '09:00',
  closingTime: '17:00',
  timeZone: 'UTC',
  queueEnterMessage: "I'm connecting you with one of our team. Please stay with me, it won't be long.",
  chatStartMessage: "You're now chatting with a member of our team.",
  chatEndMessage: "The chat with our team has ended. I'm here again if you need anything else.",
  notAvailableMessage:
    "Our team isn't available right now. Please come back during our opening hours, or leave your question here.",
  negativeSentimentLimit: null,
  unrecognizedIntentLimit: null,
};

export const HANDOVER_MESSAGE_LABELS = {
  queueEnterMessage: 'queue message',
  chatStartMessage: 'chat start message',
  chatEndMessage: 'chat end message',
  notAvailableMessage: 'not available message',
} as const satisfies Partial<Record<keyof HandoverSettings, string>>;
export type HandoverMessageField = keyof typeof HANDOVER_MESSAGE_LABELS;

export const HANDOVER_LIMIT_LABELS = {
  negativeSentimentLimit: 'negative sentiment limit',
  unrecognizedIntentLimit: 'unrecognized intent limit',
} as const;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
/** 'HH:MM', 00:00 to 23:59. */
export const isTimeOfDay = (value: string): boolean => TIME.test(value);

/** Whether the runtime (Intl) knows the time zone. */
export function isTimeZone(value: string): boolean {
  if (value === '' || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const isHandoverLimit = (value: number | null): boolean =>
  value === null ||
  (Number.isInteger(value) && value >= HANDOVER_LIMIT_RANGE.min && value <= HANDOVER_LIMIT_RANGE.max);

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * Whether people answer at `at` (spec 04 section 3.8): between the opening and the closing time
 * in the settings' time zone, the closing minute excluded. A closing time before the opening
 * time spans midnight; equal times mean open around the clock.
 */
export function isWithinOpeningHours(
  settings: Pick<HandoverSettings, 'openingTime' | 'closingTime' | 'timeZone'>,
  at: Date,
): boolean {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: settings.timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const hour = Number(parts.find((p) => p.type === 'hour')?.value ?? 0);
  const minute = Number(parts.find((p) => p.type === 'minute')?.value ?? 0);
  const now = hour * 60 + minute;
  const open = minutesOf(settings.openingTime);
  const close = minutesOf(settings.closingTime);
  if (open === close) return true;
  return open < close ? now >= open && now < close : now >= open || now < close;
}

// --- Custom widgets and dashboard (spec 04 section 3.9) ---------------------------------------

export interface CustomWidget {
  /** What the widget is called on the dashboard. */
  text: string;
  /** How its value is computed from the statistics variables. */
  formula: string;
}

export interface DashboardDesign {
  col1: string[];
  col2: string[];
}

/** GET /api/bots/{bot}/dashboard. */
export interface Dashboard {
  design: DashboardDesign;
  customWidget: CustomWidget[];
}

export const DEFAULT_DASHBOARD: Dashboard = { design: { col1: [], col2: [] }, customWidget: [] };

/** Spec 04 section 5: a widget needs both a text and a formula, neither blank. */
export const isCompleteWidget = (widget: CustomWidget): boolean =>
  widget.text.trim() !== '' && widget.formula.trim() !== '';

/** The widgets' rules: each complete (else 'Cannot save widgets with empty data'), within the limits. */
export function widgetsProblem(widgets: readonly CustomWidget[]): FeatureProblem | undefined {
  const M = FEATURES_MESSAGES;
  if (widgets.length > CUSTOM_WIDGETS_MAX) return { field: 'customWidget', message: M.tooManyWidgets };
  for (const [index, widget] of widgets.entries()) {
    if (!isCompleteWidget(widget)) return { field: `customWidget.${index}`, message: M.emptyWidgets };
    if (widget.text.trim().length > WIDGET_TEXT_MAX_LENGTH)
      return { field: `customWidget.${index}.text`, message: M.widgetTextTooLong };
    if (widget.formula.trim().length > WIDGET_FORMULA_MAX_LENGTH)
      return { field: `customWidget.${index}.formula`, message: M.widgetFormulaTooLong };
  }
  return undefined;
}

// --- Multi-Language -------------------------------------------------------------------------

/** PUT /api/bots/{bot}/languages: the bot's languages, its default one included. */
export interface SupportedLanguagesBody {
  supportedLanguages: string[];
}

// --- reading stored settings ----------------------------------------------------------------

type Stored = Record<string, unknown>;
const recordOf = (value: unknown): Stored =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Stored) : {};

/** Each field of `defaults`, taken from `stored` where it has the same type there. */
function withDefaults<T extends object>(
  stored: unknown,
  defaults: T,
  isValid: (key: keyof T, value: unknown) => boolean,
): T {
  const values = recordOf(stored);
  const result = { ...defaults };
  for (const key of Object.keys(defaults) as Array<keyof T>) {
    const value = values[key as string];
    if (value !== undefined && isValid(key, value)) result[key] = value as T[keyof T];
  }
  return result;
}

const sameTypeAs =
  <T extends object>(defaults: T) =>
  (key: keyof T, value: unknown) =>
    typeof value === typeof defaults[key];

const isPatternList = (value: unknown): value is MaskingPattern[] =>
  Array.isArray(value) && value.every((p) => typeof p?.name === 'string' && typeof p?.pattern === 'string');

/**
 * A bot's GDPR settings from its stored settings (`settings.gdpr`), with the defaults for what
 * was never saved. The runtime reads them through this on every turn.
 */
export function gdprSettingsOf(settings: unknown): GdprSettings {
  return withDefaults(recordOf(settings).gdpr, DEFAULT_GDPR_SETTINGS, (key, value) =>
    key === 'maskingPatterns' ? isPatternList(value) : sameTypeAs(DEFAULT_GDPR_SETTINGS)(key, value),
  );
}

/** A bot's handover settings from its stored settings (`settings.handover`), defaults where unsaved. */
export function handoverSettingsOf(settings: unknown): HandoverSettings {
  return withDefaults(recordOf(settings).handover, DEFAULT_HANDOVER_SETTINGS, (key, value) => {
    if (key === 'negativeSentimentLimit' || key === 'unrecognizedIntentLimit')
      return value === null || typeof value === 'number';
    return sameTypeAs(DEFAULT_HANDOVER_SETTINGS)(key, value);
  });
}

const stringList = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

/**
 * A bot's dashboard from its stored settings (`settings.dashboard`). Blank widgets are dropped
 * on load (spec 04 section 5).
 */
export function dashboardOf(settings: unknown): Dashboard {
  const stored = recordOf(recordOf(settings).dashboard);
  const design = recordOf(stored.design);
  const widgets = Array.isArray(stored.customWidget) ? stored.customWidget : [];
  return {
    design: { col1: stringList(design.col1), col2: stringList(design.col2) },
    customWidget: widgets.flatMap((w) => {
      const widget = recordOf(w);
      const { text, formula } = widget;
      if (typeof text !== 'string' || typeof formula !== 'string') return [];
      return isCompleteWidget({ text, formula }) ? [{ text, formula }] : [];
    }),
  };
}
