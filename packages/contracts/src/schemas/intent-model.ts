/**
 * Intents without zod (the browser loads this, not the request schemas of intents.ts):
 * messages, rules, limits, answer shapes and file constants (spec 02 sections 2.2, 3, 4,
 * 5 'Intents', 7 'Intents', 8 and 9).
 */

export const INTENT_MESSAGES = {
  /** Spec 02 section 8: Auto generate failed (no provider answered usable utterances). */
  generateFailed: 'Could not generate utterances, please try again later.',
  generateNoProvider:
    'Could not generate utterances: no LLM provider is configured. An account administrator adds one under Account Administration, LLM providers.',
  invalidName:
    'Please provide a valid intent name. Intent name can contain only the following characters: "A-Z a-z 0-9 _"',
  nameTaken: 'Intent name already exists!',
  entityNameClash: 'Entity with that name alredy exist',
  atLeastOneUtterance: 'Please provide at least one utterance',
  faqAnswerRequired: 'Please provide a FAQ answer',
  faqAnswerEmpty: 'FAQ Intent answer could not be empty',
  identicalExamples: (first: string, second: string) => `Examples "${first}" and "${second}" are identical`,
  utteranceExists: 'Utterance already exists',
  notEnoughExamples: "Intent doesn't have enough examples",
  notEnoughExamplesError: "Error: Intent doesn't have enough examples",
  utteranceTooShort: 'Your utterance must contain more than 1 character',
  lastExample: 'You cannot delete the last example',
  creationError: 'Error with the creating of the intent',
  descriptionSaveFailed: 'Failed to save intent description!',
  renameFailed: 'Failed to save intent name!',
  exampleChangeFailed: 'Could not change example!',
  exampleChangeHint: 'Try creating a new example instead.',
  cannotExportNone: 'Cannot export the None intent!',
  cannotDeleteNone: 'You cannot delete the None intent!',
  changeTypeConfirm: 'Are you sure you wan to change the intent type?',
  changeToNormal: 'Change to normal intent',
  faqNoFlow: "FAQ intents don't have a flow",
  startBuilding: 'Start building!',
  examplePlaceholder: 'Type a new utterance or pattern',
  invalidFileExtension: 'Invalid file extension',
  publishing: 'You cannot add/update/delete intents when publishing!',
  recommendedUtterances: 'We recommend adding at least 3 utterances.',
  // Not in the spec: rules it states without a message (docs/decisions.md, Intents).
  cannotRenameNone: 'The None intent cannot be renamed.',
  onlyFaqToNormal: 'Only an FAQ intent can change to a normal intent.',
  answerOnlyForFaq: 'Only FAQ intents have an answer.',
  exampleNotFound: 'This example does not exist.',
  exampleTooLong: (max: number) => `An example can be at most ${max} characters long.`,
  tooManyExamples: (max: number) => `An intent can have at most ${max} examples.`,
  tooLong: (field: string, max: number) => `The ${field} can be at most ${max} characters long.`,
  controlCharacters: (field: string) => `The ${field} cannot contain control characters.`,
  notAnIntentFile: 'This is not an intent file exported from Parley.',
  newerFileFormat: 'This file was exported by a newer Parley and cannot be read here.',
  fileMissing: (field: string) => `Please choose a file (form field ${field}).`,
} as const;

/** The special intent every bot has; it is listed last and cannot be renamed, deleted or exported. */
export const NONE_INTENT = 'None';

export const INTENT_NAME_MIN_LENGTH = 2;
export const INTENT_NAME_MAX_LENGTH = 50;
/** An intent needs this many examples (utterances plus patterns) unless it is a redirect. */
export const INTENT_MIN_EXAMPLES = 2;
/** The create form's hint. */
export const INTENT_RECOMMENDED_UTTERANCES = 3;

/** How many utterances Auto generate proposes at most (the designer picks which to add). */
export const GENERATED_UTTERANCES_MAX = 10;

export const INTENT_LIMITS = {
  description: 1000,
  answer: 10_000,
  example: 500,
  examplesPerIntent: 10_000,
  template: 200,
} as const;

export function isValidIntentName(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_]{2,50}$/.test(value);
}

export const isNoneIntent = (name: string) => name.toLowerCase() === NONE_INTENT.toLowerCase();

/**
 * The Welcome intent: the intent named Welcome (any case), listed first in the flow editor as
 * 'Welcome Intent' (spec 03 section 2.2); its flow answers the greetings people open with.
 */
export const WELCOME_INTENT = 'Welcome';
export const WELCOME_INTENT_LABEL = 'Welcome Intent';
export const isWelcomeIntentName = (name: string) => name.toLowerCase() === WELCOME_INTENT.toLowerCase();

/** The greetings a Welcome intent made in the flow editor starts with, by language (English otherwise). */
const WELCOME_EXAMPLES: Record<string, readonly string[]> = {
  en: ['hello', 'hi there', 'good morning'],
  de: ['hallo', 'guten Tag', 'guten Morgen'],
  fr: ['bonjour', 'salut', 'bonsoir'],
  es: ['hola', 'buenos días', 'buenas tardes'],
  it: ['ciao', 'buongiorno', 'salve'],
  nl: ['hallo', 'goedemorgen', 'goedendag'],
  pt: ['olá', 'bom dia', 'boa tarde'],
};

/** The Welcome intent's first examples in a bot language ('de-DE': German). */
export const welcomeExamplesFor = (language: string): readonly string[] =>
  WELCOME_EXAMPLES[language.split('-')[0]?.toLowerCase() ?? 'en'] ??
  (WELCOME_EXAMPLES.en as readonly string[]);

/** Names are compared trimmed and ignoring case: `Greeting` and `greeting` are one name. */
export const nameKey = (name: string) => name.trim().toLowerCase();

export const INTENT_TYPES = ['normal', 'faq'] as const;
export type IntentType = (typeof INTENT_TYPES)[number];

/** The first pair of examples that are one ignoring case, if any. */
export function identicalExamples(texts: readonly string[]): [string, string] | undefined {
  const seen = new Map<string, string>();
  for (const text of texts) {
    const first = seen.get(text.toLowerCase());
    if (first !== undefined) return [first, text];
    seen.set(text.toLowerCase(), text);
  }
  return undefined;
}

// --- responses ---------------------------------------------------------------------------

export interface IntentExample {
  text: string;
  ids: { internal: string };
}

/** An intent as GET /api/{bot}/intents lists it (spec 02 section 3 'Intent'). */
export interface IntentView {
  name: string;
  description: string;
  isRedirect: boolean;
  type: IntentType;
  /** The FAQ answer; empty for normal intents. */
  answer: string;
  /** The template flow chosen at creation (its id), or null. */
  template: string | null;
  utterances: IntentExample[];
  patterns: IntentExample[];
  /** Entities named by the intent's patterns. */
  entities: string[];
}

/**
 * An intent as the list names it (GET /api/{bot}/intents?view=summary): everything but the
 * examples, which a bot with hundreds of intents would send by the megabyte; the selected
 * intent's examples come with GET /api/{bot}/intents/{intent}.
 */
export interface IntentSummary extends Omit<IntentView, 'utterances' | 'patterns'> {
  utteranceCount: number;
  patternCount: number;
}

export interface IsPatternResponse {
  isPattern: boolean;
}

// --- files -------------------------------------------------------------------------------

/**
 * An exported intent: plain JSON (docs/intent-and-entity-files.md), saved under the spec's
 * `{bot}-{intent}.enc` name. The entities its patterns use travel with it.
 */
export const INTENT_FILE_FORMAT = 'parley-intent';
/** 2: the file may carry the intent's flow ('Intent + Flow'). */
export const INTENT_FILE_VERSION = 2;

export const intentFileName = (botName: string, intentName: string) => `${botName}-${intentName}.enc`;

/** Upload limits (spec 01 section 5: 'File is too big. Accepted size is {n}KB'). */
/** An intent with its examples, entities and flow (a flow alone may be 2 MiB). */
export const INTENT_FILE_MAX_BYTES = 5 * 1024 * 1024;
export const INTENT_BATCH_FILE_MAX_BYTES = 5 * 1024 * 1024;

/** Multipart form fields of the spec's calls. */
export const INTENT_FILE_FIELD = 'intent-file';
export const FAQ_FILE_FIELD = 'faq-file';
export const INTENT_BATCH_FILE_FIELD = 'intents-file';

/** POST /api/intents/import/staging: what the file holds, for the editable name step. */
export interface IntentImportStaging {
  name: string;
  description: string;
  type: IntentType;
  isRedirect: boolean;
  utterances: number;
  patterns: number;
  entities: string[];
}

/** POST /api/{bot}/intents/{name}/import. */
export interface IntentImportResult {
  intent: IntentView;
  /** Names of the entities the import added to the bot (those it already had are kept as they are). */
  entities: string[];
}

// --- batch import from a workbook ---------------------------------------------------------

/**
 * Columns of the batch import workbook (first sheet, first row names them, any order, case
 * ignored). One row is one utterance; rows with the same intent name make one intent.
 */
export const INTENT_BATCH_COLUMNS = {
  intentName: 'Intent name',
  utterance: 'Utterance',
  description: 'Description',
  answer: 'Answer',
} as const;

export const INTENT_BATCH_TEMPLATE_FILE = 'intents-batch-import-template.xlsx';
/** Rows after the header a workbook may hold. */
export const INTENT_BATCH_MAX_ROWS = 50_000;

export const INTENT_BATCH_MESSAGES = {
  notAWorkbook: 'This file is not an .xlsx workbook.',
  busy: 'Too many files are being read right now. Please try again in a minute.',
  // Not in the spec: one intent sheet at a time per person, as bot files (docs/decisions.md).
  oneAtATime:
    'Parley is still reading another intent file of yours. Please wait until it is done, then try again.',
  missingColumns: `The first row of the first sheet must name the columns "${INTENT_BATCH_COLUMNS.intentName}" and "${INTENT_BATCH_COLUMNS.utterance}" ("${INTENT_BATCH_COLUMNS.description}" and "${INTENT_BATCH_COLUMNS.answer}" are optional).`,
  missingAnswerColumn: `A FAQ file needs an "${INTENT_BATCH_COLUMNS.answer}" column.`,
  noRows: 'The workbook has no rows to import.',
  tooManyRows: (max: number) => `A workbook can hold at most ${max} rows.`,
  tooLarge: 'This workbook expands to more data than an import can take.',
  row: (row: number, message: string) => `Row ${row}: ${message}`,
  differentAnswers: (intent: string) => `The rows of intent ${intent} give different answers.`,
} as const;

/** POST /api/{bot}/intents/batch-import and /import-faq. */
export interface IntentBatchImportResult {
  created: string[];
  updated: string[];
  examplesAdded: number;
}
