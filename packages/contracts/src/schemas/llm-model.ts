/**
 * The LLM area (spec 04 sections 2.4, 2.5, 3.11, 4, 5, 8, 9): its constants, limits and texts,
 * declared once. Plain values and types only; the zod schemas are in llms.ts.
 */

/** The providers an LLM can talk to (issue 23). Stored ids; labels come with the providers package. */
export const LLM_PROVIDER_IDS = [
  'openai',
  'azure-openai',
  'anthropic',
  'google',
  'bedrock',
  'openai-compatible',
] as const;
export type LlmProviderName = (typeof LLM_PROVIDER_IDS)[number];

/** Spec 04 section 9: output types, document types, RAG filter operators and regions. */
export const LLM_OUTPUT_TYPES = ['text', 'json'] as const;
export type LlmOutputType = (typeof LLM_OUTPUT_TYPES)[number];

export const LLM_DOCUMENT_TYPES = ['File', 'Url'] as const;
export type LlmDocumentType = (typeof LLM_DOCUMENT_TYPES)[number];

export const RAG_FILTER_OPERATORS = ['eq', 'in'] as const;
export type RagFilterOperator = (typeof RAG_FILTER_OPERATORS)[number];

export const LLM_REGIONS = ['EU', 'UAE'] as const;
export type LlmRegion = (typeof LLM_REGIONS)[number];

/** `embeddingModel` when no embedding model is chosen: retrieval is full text only (spec 3.11). */
export const DEFAULT_EMBEDDING_MODEL = 'default';

/**
 * File extensions an upload accepts: the spec's list (section 5) and Markdown, which the issue
 * adds. Lower case, without the dot.
 */
export const LLM_FILE_EXTENSIONS = ['txt', 'md', 'pdf', 'json', 'docx', 'doc', 'csv', 'pptx'] as const;
export type LlmFileExtension = (typeof LLM_FILE_EXTENSIONS)[number];

export const LLM_LIMITS = {
  /** Spec 04 section 9: 50 MB per uploaded file. */
  uploadMaxBytes: 52_428_800,
  urlPageLimitDefault: 5,
  urlPageLimitMin: 1,
  /** Not in the spec: a crawl is bounded so one document cannot fetch a whole site. */
  urlPageLimitMax: 100,
  urlMaxLength: 2000,
  temperatureMin: 0,
  temperatureMax: 1,
  temperatureDefault: 0.7,
  /** Not in the spec: how many passages an answer is built from. */
  amountOfDocsDefault: 5,
  amountOfDocsMin: 1,
  amountOfDocsMax: 50,
  nameMaxLength: 100,
  descriptionMaxLength: 1000,
  /** Persona, instructions, the retriever query and the guardrails message. */
  textMaxLength: 20_000,
  /** One entry of a string list (output check conditions, metadata fields). */
  listEntryMaxLength: 1000,
  listMaxEntries: 100,
  ragFiltersMax: 50,
  documentsPerLlm: 500,
  testMessageMaxLength: 4000,
  /** An export holds its documents' files up to this much together (an import is one upload of at most 100 MB). */
  exportFilesMaxBytes: 70 * 1024 * 1024,
  importMaxBytes: 100 * 1024 * 1024,
  testHistoryMaxTurns: 20,
} as const;

/** Spec 04 sections 5 and 8, exactly as written there; the rest are Parley's own (docs/decisions.md). */
export const LLM_MESSAGES = {
  nameTitle: 'Incorrect name',
  nameInvalid:
    'Please provide a valid LLM name. Names can only have the following characters: _, ., -, a-z, A-Z, 0-9 and spaces',
  nameTaken: 'An LLM with this name already exists.',
  fileTypeNotSupported: (extension: string) => `File type ${extension} is not supported`,
  fileTooBig: 'File is too big. Accepted size is 50MB',
  fileMissing: 'Please choose a file to upload.',
  urlInvalid: 'Please provide a valid URL (http or https).',
  pageLimitInvalid: 'The page limit must be a number, at least 1.',
  ragFilterIncomplete: 'A RAG filter needs a metadata field and a query.',
  trainStarted: 'Start to train LLM, this may take a while...',
  trainSucceeded: 'LLM trained successfully',
  trainFailed: 'Failed to train LLM',
  trainNothing: 'Add a document before training the LLM.',
  trainAlreadyRunning: 'This LLM is already being trained.',
  saved: 'Done saving your updates',
  evaluateStarted: 'Start to evaluate LLM, this may take a while...',
  maxLlms: "Error! You have reached your plan's max LLMs. Upgrade your plan to add more LLMs.",
  extraCostLlms:
    'Warning! You are adding more LLMs outside your current plan. This will add additional cost.',
  noSubscription: 'Warning! Your account is missing an active subscription, please contact support',
  noPermission: 'You do not have permission',
  embeddingModelNotice:
    'The embeddings model has changed: the LLM must be retrained, or it will stop working.',
  noProviderNotice:
    'No language model is configured: these are the best passages from the documents, as they are written.',
  noPassagesFound: 'Nothing in the documents matches this question.',
  providerFailed: (failure: string) =>
    `${failure} These are the best passages from the documents, as they are written.`,
  jsonAnswerInvalid: (problem: string) => `${problem} (after one repair attempt)`,
  testMessageMissing: 'Please write a message.',
  notTrained: 'This LLM is not trained yet: train it before testing.',
  importExportNotInPlan:
    'Your plan does not include exporting and importing LLMs. Upgrade your plan to use them.',
  exportTooBig: "This LLM's files are too large to export together (at most 70 MB).",
  importFileMissing: 'Please choose an LLM file (.json) to import.',
  importFileInvalid: 'This is not an LLM file exported from Parley.',
  promptTooLarge: (percent: number) =>
    `The fixed part of the prompt takes ${percent}% of the room the model has for it: little is left for the documents' passages. When the prompt does not fit, passages are left out first, then the earlier messages of the conversation.`,
  promptDoesNotFit:
    "The fixed part of the prompt does not fit the model's context window: no passage and no earlier message can be sent with it, and the provider may refuse the request. Shorten the persona or the instructions.",
} as const;

/** The file an LLM is exported to and imported from (ExportLLMs, 51). */
export const LLM_EXPORT_FORMAT = 'parley-llm';
export const LLM_EXPORT_VERSION = 1;
/** The exported file's name: the LLM's display name, then `.llm.json`. */
export const llmExportFileName = (llmDisplayName: string) => `${llmDisplayName}.llm.json`;

/** Training as a document goes through it (extract, chunk, index, embed). */
export const LLM_DOCUMENT_STATUSES = [
  'pending',
  'extracting',
  'indexing',
  'trained',
  'needs-ocr',
  'failed',
  'cancelled',
] as const;
export type LlmDocumentStatus = (typeof LLM_DOCUMENT_STATUSES)[number];

/** The LLM's last training: 'none' before the first. */
export const LLM_TRAINING_STATES = ['none', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export type LlmTrainingState = (typeof LLM_TRAINING_STATES)[number];

/** How a test answer was made: by the provider, or from the documents alone when none is configured. */
export const LLM_ANSWER_MODES = ['provider', 'retrieval-only'] as const;
export type LlmAnswerMode = (typeof LLM_ANSWER_MODES)[number];

/** The name rule of spec 04 section 5: _ . - letters, digits and spaces. */
export const LLM_NAME_PATTERN = /^[A-Za-z0-9_. -]+$/;

export function isValidLlmName(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.trim().length > 0 &&
    value.length <= LLM_LIMITS.nameMaxLength &&
    LLM_NAME_PATTERN.test(value)
  );
}

/** The extension of a file name, lower case and without the dot ('' when it has none). */
export function fileExtensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

export function isLlmFileExtension(extension: string): extension is LlmFileExtension {
  return (LLM_FILE_EXTENSIONS as readonly string[]).includes(extension);
}
