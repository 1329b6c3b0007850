import { z } from 'zod';
import { hasControlCharacters } from '../validators';
import { DEFAULT_LANGUAGE } from './languages';
import {
  DEFAULT_EMBEDDING_MODEL,
  LLM_LIMITS as L,
  LLM_ANSWER_MODES,
  LLM_DOCUMENT_STATUSES,
  LLM_DOCUMENT_TYPES,
  LLM_EXPORT_FORMAT,
  LLM_EXPORT_VERSION,
  LLM_NAME_PATTERN,
  LLM_OUTPUT_TYPES,
  LLM_PROVIDER_IDS,
  LLM_REGIONS,
  LLM_TRAINING_STATES,
  LLM_MESSAGES as M,
  RAG_FILTER_OPERATORS,
} from './llm-model';

export * from './llm-model';

/**
 * One LLM of the tenant as GET /api/llm lists it (spec 03 section 2.6, spec 04 section 7.3): what
 * an LLM block picks from. `model` null is shown as 'Default model'; `isComplete` is trained.
 */
export const llmSummarySchema = z.object({
  llmId: z.string(),
  llmDisplayName: z.string(),
  description: z.string(),
  llmProvider: z.string(),
  model: z.string().nullable(),
  isComplete: z.boolean(),
  /** The card's language (spec 2.4: the part before the first dash, upper-cased). */
  language: z.string(),
});
export type LlmSummary = z.infer<typeof llmSummarySchema>;

/** GET /api/llm answers the tenant's LLMs, by display name. */
export const llmListSchema = z.array(llmSummarySchema);

// ---- Parts of an LLM ----------------------------------------------------------------------------

const plainText = (max: number) =>
  z
    .string()
    .max(max, `A text has at most ${max} characters.`)
    .refine((v) => !v.includes('\u0000'), 'A text cannot hold NUL characters.');

/** A string list input (spec 04 section 5): blank entries are dropped, the others trimmed. */
const stringList = z
  .array(z.string().max(L.listEntryMaxLength, `An entry has at most ${L.listEntryMaxLength} characters.`))
  .max(L.listMaxEntries, `A list has at most ${L.listMaxEntries} entries.`)
  .transform((entries) =>
    entries.map((e) => e.trim()).filter((e) => e.length > 0 && !hasControlCharacters(e)),
  );

export const llmNameSchema = z
  .string(M.nameInvalid)
  .trim()
  .min(1, M.nameInvalid)
  .max(L.nameMaxLength, `An LLM name has at most ${L.nameMaxLength} characters.`)
  .regex(LLM_NAME_PATTERN, M.nameInvalid);

/** A model name; 'default' (or null) is the provider's default model, kept as null. */
const modelSchema = z
  .string()
  .trim()
  .max(200, 'A model name has at most 200 characters.')
  .refine((v) => !hasControlCharacters(v), 'A model name cannot hold control characters.')
  .nullable()
  .transform((v) => (v === null || v === '' || v === 'default' ? null : v));

const embeddingModelSchema = z
  .string()
  .trim()
  .max(200, 'A model name has at most 200 characters.')
  .refine((v) => !hasControlCharacters(v), 'A model name cannot hold control characters.')
  .transform((v) => (v === '' ? DEFAULT_EMBEDDING_MODEL : v));

/** RAG filter (spec 04 sections 3.11, 5): applied to passages' metadata before any ranking. */
export const ragFilterSchema = z.strictObject({
  metadataField: z.string(M.ragFilterIncomplete).trim().min(1, M.ragFilterIncomplete).max(200),
  /** For 'in', the accepted values separated by commas. */
  query: z.string(M.ragFilterIncomplete).trim().min(1, M.ragFilterIncomplete).max(L.listEntryMaxLength),
  operator: z.enum(RAG_FILTER_OPERATORS),
});
export type RagFilter = z.infer<typeof ragFilterSchema>;

/** One document of an LLM (spec 04 sections 2.5 Data, 3.11) with where its training stands. */
export const llmDocumentSchema = z.object({
  documentId: z.string(),
  /** The file name, or the URL for a Url document. */
  name: z.string(),
  displayName: z.string(),
  type: z.enum(LLM_DOCUMENT_TYPES),
  /** The URL of a Url document; where a File document's bytes are downloaded from. */
  link: z.string(),
  /** Pages crawled for a Url document (default 5); null for a File. */
  limit: z.number().int().nullable(),
  /** Bytes of an uploaded file; null for a Url. */
  size: z.number().int().nullable(),
  status: z.enum(LLM_DOCUMENT_STATUSES),
  /** Why the document failed (or needs OCR), fit to show; null otherwise. */
  error: z.string().nullable(),
  /** Passages indexed from it at its last training. */
  passages: z.number().int(),
  dateAdded: z.string(),
});
export type LlmDocument = z.infer<typeof llmDocumentSchema>;

/** The LLM's last training (spec 04 section 4: info, then success or failure). */
export const llmTrainingSchema = z.object({
  state: z.enum(LLM_TRAINING_STATES),
  /** Documents done (trained, failed or needing OCR) out of those the training took. */
  processedDocuments: z.number().int(),
  totalDocuments: z.number().int(),
  /** 0 to 100. */
  progress: z.number(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** The spec's message for the state ('LLM trained successfully', 'Failed to train LLM') with the reason. */
  message: z.string().nullable(),
});
export type LlmTraining = z.infer<typeof llmTrainingSchema>;

/** One LLM as GET /api/llm/{llmId} answers it (spec 04 section 3.11). */
export const llmSchema = llmSummarySchema.extend({
  llmProvider: z.enum(LLM_PROVIDER_IDS),
  embeddingModel: z.string(),
  region: z.enum(LLM_REGIONS),
  temperature: z.number(),
  dateCreated: z.string(),
  persona: z.string(),
  /** The Prompt tab's general instructions. */
  generalInstructions: z.string(),
  /** The advanced retriever query: added to the user's message when passages are looked up. */
  additionalLLMQuery: z.string(),
  formatInstructions: z.string(),
  historyInstructions: z.string(),
  output: z.enum(LLM_OUTPUT_TYPES),
  /** With output 'json', the JSON Schema answers are validated against ('' for any JSON). */
  outputSchema: z.string(),
  outputCheckConditions: z.array(z.string()),
  guardrailsMessage: z.string(),
  datasetName: z.string(),
  datasetId: z.string(),
  documents: z.array(llmDocumentSchema),
  amountOfDocs: z.number().int(),
  /** Documents trained (status 'trained') at the last training. */
  trainedDocs: z.number().int(),
  ragFilters: z.array(ragFilterSchema),
  metadataFields: z.array(z.string()),
  training: llmTrainingSchema,
});
export type Llm = z.infer<typeof llmSchema>;

// ---- Bodies -------------------------------------------------------------------------------------

/** What a save may change (the Settings, Prompt, Instructions, RAG, Guardrails and Evaluate tabs). */
const llmEditableFields = {
  llmDisplayName: llmNameSchema,
  description: plainText(L.descriptionMaxLength),
  llmProvider: z.enum(LLM_PROVIDER_IDS),
  model: modelSchema,
  language: z
    .string()
    .trim()
    .min(1)
    .max(20)
    .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/, 'Please choose a language.'),
  embeddingModel: embeddingModelSchema,
  region: z.enum(LLM_REGIONS),
  temperature: z
    .number('The temperature must be a number from 0 to 1.')
    .min(L.temperatureMin, 'The temperature must be a number from 0 to 1.')
    .max(L.temperatureMax, 'The temperature must be a number from 0 to 1.'),
  persona: plainText(L.textMaxLength),
  generalInstructions: plainText(L.textMaxLength),
  additionalLLMQuery: plainText(L.textMaxLength),
  formatInstructions: plainText(L.textMaxLength),
  historyInstructions: plainText(L.textMaxLength),
  output: z.enum(LLM_OUTPUT_TYPES),
  outputSchema: plainText(L.textMaxLength),
  outputCheckConditions: stringList,
  guardrailsMessage: plainText(L.textMaxLength),
  datasetName: plainText(200),
  datasetId: plainText(200),
  amountOfDocs: z
    .number(
      `The amount of documents must be a whole number from ${L.amountOfDocsMin} to ${L.amountOfDocsMax}.`,
    )
    .int(`The amount of documents must be a whole number from ${L.amountOfDocsMin} to ${L.amountOfDocsMax}.`)
    .min(
      L.amountOfDocsMin,
      `The amount of documents must be a whole number from ${L.amountOfDocsMin} to ${L.amountOfDocsMax}.`,
    )
    .max(
      L.amountOfDocsMax,
      `The amount of documents must be a whole number from ${L.amountOfDocsMin} to ${L.amountOfDocsMax}.`,
    ),
  ragFilters: z
    .array(ragFilterSchema)
    .max(L.ragFiltersMax, `An LLM has at most ${L.ragFiltersMax} RAG filters.`),
  metadataFields: stringList,
};

/**
 * POST /api/llm/create: a name and a provider; the rest takes its default (model: the provider's
 * default; embeddingModel 'default'; region EU; temperature 0.7).
 */
export const llmCreateBodySchema = z
  .strictObject({
    ...llmEditableFields,
    /** Consent to an LLM beyond the plan's free ones, where the plan charges for them (spec 04 section 8). */
    acceptAdditionalCost: z.boolean(),
  })
  .partial()
  .required({ llmDisplayName: true, llmProvider: true });
export type LlmCreateBody = z.input<typeof llmCreateBodySchema>;

/**
 * POST /api/llm/{id}/update: any editable field; the others keep their values. Changing the
 * provider without a model resets the model to default (spec 04 section 4). `documents`, when
 * given, is the list to keep (by documentId): a document left out is deleted with its file and
 * passages (the Data tab's delete icon saves this way, silently).
 */
export const llmUpdateBodySchema = z
  .strictObject({
    ...llmEditableFields,
    documents: z.array(z.looseObject({ documentId: z.string().max(100) })).max(L.documentsPerLlm),
  })
  .partial();
export type LlmUpdateBody = z.input<typeof llmUpdateBodySchema>;

/** POST /api/llm/{id}/document: a Url document (a File comes through /upload). */
export const llmAddDocumentBodySchema = z.strictObject({
  type: z.literal('Url', M.urlInvalid),
  link: z
    .string(M.urlInvalid)
    .trim()
    .max(L.urlMaxLength, M.urlInvalid)
    .refine((v) => {
      try {
        const url = new URL(v);
        return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
      } catch {
        return false;
      }
    }, M.urlInvalid),
  limit: z
    .number(M.pageLimitInvalid)
    .int(M.pageLimitInvalid)
    .min(L.urlPageLimitMin, M.pageLimitInvalid)
    .max(L.urlPageLimitMax, `The page limit is at most ${L.urlPageLimitMax}.`)
    .default(L.urlPageLimitDefault),
  displayName: z.string().trim().max(200).optional(),
});
export type LlmAddDocumentBody = z.input<typeof llmAddDocumentBodySchema>;

/** Why POST /api/llm/create refused a new LLM over the plan's cap (403 custom_error with `llmLimit`). */
export const LLM_LIMIT_REFUSALS = ['no-plan', 'reached', 'additional-cost'] as const;
export type LlmLimitRefusal = (typeof LLM_LIMIT_REFUSALS)[number];

/** POST /api/llm/{id}/train answers where the training stands (running). */
export const llmTrainAnswerSchema = z.object({ message: z.string(), training: llmTrainingSchema });
export type LlmTrainAnswer = z.infer<typeof llmTrainAnswerSchema>;

/** POST /api/llm/{id}/test: a message, and optionally the exchange so far (oldest first). */
export const llmTestBodySchema = z.strictObject({
  message: z
    .string(M.testMessageMissing)
    .trim()
    .min(1, M.testMessageMissing)
    .max(L.testMessageMaxLength, `A message has at most ${L.testMessageMaxLength} characters.`),
  history: z
    .array(
      z.strictObject({
        role: z.enum(['user', 'assistant']),
        content: z.string().max(L.testMessageMaxLength * 4),
      }),
    )
    .max(L.testHistoryMaxTurns)
    .optional(),
});
export type LlmTestBody = z.input<typeof llmTestBodySchema>;

/** Where a passage of an answer comes from (issue 23: sources as data). */
export const llmAnswerSourceSchema = z.object({
  documentName: z.string(),
  page: z.number().int().optional(),
  slide: z.number().int().optional(),
  url: z.string().optional(),
  passage: z.string(),
});
export type LlmAnswerSource = z.infer<typeof llmAnswerSourceSchema>;

/** POST /api/llm/{id}/test answers this. */
export const llmTestAnswerSchema = z.object({
  answer: z.string(),
  sources: z.array(llmAnswerSourceSchema),
  mode: z.enum(LLM_ANSWER_MODES),
  /** Shown beside the answer: no language model configured, nothing found, a provider's failure. */
  notice: z.string().optional(),
  /**
   * The provider failed (after its retries): the answer is then the passages themselves, and the
   * notice says what the provider did, naming it.
   */
  providerError: z.object({ provider: z.string(), kind: z.string(), message: z.string() }).optional(),
  /** A guardrail stopped the message or the answer: the answer is then the guardrails message. */
  guardrail: z.object({ target: z.enum(['input', 'output']), condition: z.string() }).optional(),
});
export type LlmTestAnswer = z.infer<typeof llmTestAnswerSchema>;

/**
 * An exported LLM (GET /api/llm/{id}/export; POST /api/llm/import): its settings, filters and
 * documents, uploaded files as base64. Import makes a new, untrained LLM of it.
 */
export const llmExportSchema = z.strictObject({
  format: z.literal(LLM_EXPORT_FORMAT, M.importFileInvalid),
  version: z.literal(LLM_EXPORT_VERSION, M.importFileInvalid),
  llm: z.strictObject(llmEditableFields).partial().required({ llmDisplayName: true, llmProvider: true }),
  documents: z
    .array(
      z.strictObject({
        name: z.string().trim().min(1).max(2000),
        displayName: z.string().trim().min(1).max(2000),
        type: z.enum(LLM_DOCUMENT_TYPES),
        link: z.string().max(L.urlMaxLength),
        limit: z.number().int().min(L.urlPageLimitMin).max(L.urlPageLimitMax).nullable(),
        /** A File document's bytes. */
        file: z.base64().optional(),
      }),
    )
    .max(L.documentsPerLlm, `An LLM has at most ${L.documentsPerLlm} documents.`),
});
export type LlmExport = z.input<typeof llmExportSchema>;

/** Defaults of a new LLM (spec 04 section 9). */
export const LLM_DEFAULTS = {
  description: '',
  model: null,
  language: DEFAULT_LANGUAGE,
  embeddingModel: DEFAULT_EMBEDDING_MODEL,
  region: 'EU',
  temperature: L.temperatureDefault,
  persona: '',
  generalInstructions: '',
  additionalLLMQuery: '',
  formatInstructions: '',
  historyInstructions: '',
  output: 'text',
  outputSchema: '',
  outputCheckConditions: [],
  guardrailsMessage: '',
  datasetName: '',
  datasetId: '',
  amountOfDocs: L.amountOfDocsDefault,
  ragFilters: [],
  metadataFields: [],
} as const satisfies Partial<Llm>;

// ---- Prompt size (issue 23: prompt tokens against the context window) --------------------------

/**
 * POST /api/llm/{id}/prompt-size: the Prompt and Instructions tabs' fields as they are being edited
 * (unsaved edits count); a field left out counts as saved.
 */
export const llmPromptSizeBodySchema = z
  .strictObject({
    persona: llmEditableFields.persona,
    generalInstructions: llmEditableFields.generalInstructions,
    formatInstructions: llmEditableFields.formatInstructions,
    historyInstructions: llmEditableFields.historyInstructions,
    output: llmEditableFields.output,
    outputSchema: llmEditableFields.outputSchema,
  })
  .partial();
export type LlmPromptSizeBody = z.input<typeof llmPromptSizeBodySchema>;

/** Above this share of the room left after the answer's, the Prompt tab warns (docs/decisions.md). */
export const PROMPT_SIZE_WARNING_SHARE = 0.5;

/**
 * What the fixed part of the prompt (persona, instructions, schema) takes of the model's context
 * window, and what is left for passages and the exchange so far.
 */
export const llmPromptSizeSchema = z.object({
  model: z.string(),
  promptTokens: z.number().int(),
  contextWindow: z.number().int(),
  /** Kept for the answer. */
  answerTokens: z.number().int(),
  /** Left for passages and the exchange so far (0 when the fixed part does not fit). */
  passageTokens: z.number().int(),
  /** The warning the Prompt tab shows, or null when there is room. */
  warning: z.string().nullable(),
});
export type LlmPromptSize = z.infer<typeof llmPromptSizeSchema>;
