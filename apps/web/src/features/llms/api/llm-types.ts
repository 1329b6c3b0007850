/**
 * PROVISIONAL mirror of the LLM contracts the llm-api helper is landing in @parley/contracts
 * (schemas/llms.ts, llm-model.ts); once they are on main this file goes and imports point there.
 */
export const LLM_PROVIDER_IDS = ['openai', 'azure-openai', 'anthropic', 'google', 'bedrock', 'openai-compatible'] as const;
export type LlmProviderName = (typeof LLM_PROVIDER_IDS)[number];
export const LLM_OUTPUT_TYPES = ['text', 'json'] as const;
export const LLM_REGIONS = ['EU', 'UAE'] as const;
export const RAG_FILTER_OPERATORS = ['eq', 'in'] as const;
export type RagFilterOperator = (typeof RAG_FILTER_OPERATORS)[number];
export const DEFAULT_EMBEDDING_MODEL = 'default';
export const LLM_FILE_EXTENSIONS = ['txt', 'md', 'pdf', 'json', 'docx', 'doc', 'csv', 'pptx'] as const;

export const LLM_LIMITS = {
  uploadMaxBytes: 52_428_800,
  urlPageLimitDefault: 5,
  urlPageLimitMin: 1,
  urlPageLimitMax: 100,
  temperatureMin: 0,
  temperatureMax: 1,
  temperatureDefault: 0.7,
  amountOfDocsDefault: 5,
  amountOfDocsMin: 1,
  amountOfDocsMax: 50,
  nameMaxLength: 100,
} as const;

export const LLM_MESSAGES = {
  nameTitle: 'Incorrect name',
  nameInvalid:
    'Please provide a valid LLM name. Names can only have the following characters: _, ., -, a-z, A-Z, 0-9 and spaces',
  fileTypeNotSupported: (extension: string) => `File type ${extension} is not supported`,
  fileTooBig: 'File is too big. Accepted size is 50MB',
  trainStarted: 'Start to train LLM, this may take a while...',
  trainSucceeded: 'LLM trained successfully',
  trainFailed: 'Failed to train LLM',
  saved: 'Done saving your updates',
  evaluateStarted: 'Start to evaluate LLM, this may take a while...',
  maxLlms: "Error! You have reached your plan's max LLMs. Upgrade your plan to add more LLMs.",
  extraCostLlms: 'Warning! You are adding more LLMs outside your current plan. This will add additional cost.',
  noSubscription: 'Warning! Your account is missing an active subscription, please contact support',
  noPermission: 'You do not have permission',
  embeddingModelNotice: 'The embeddings model has changed: the LLM must be retrained, or it will stop working.',
} as const;

export const LLM_NAME_PATTERN = /^[A-Za-z0-9_. -]+$/;
export const isValidLlmName = (value: string) =>
  value.trim().length > 0 && value.length <= LLM_LIMITS.nameMaxLength && LLM_NAME_PATTERN.test(value);
export function fileExtensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}
export const isLlmFileExtension = (extension: string) =>
  (LLM_FILE_EXTENSIONS as readonly string[]).includes(extension);

export interface LlmSummary {
  llmId: string;
  llmDisplayName: string;
  description: string;
  llmProvider: string;
  model: string | null;
  isComplete: boolean;
}

export interface LlmDocument {
  documentId: string;
  name: string;
  displayName: string;
  type: 'File' | 'Url';
  link: string;
  limit: number | null;
  size: number | null;
  status: 'pending' | 'extracting' | 'indexing' | 'trained' | 'needs-ocr' | 'failed' | 'cancelled';
  error: string | null;
  passages: number;
  dateAdded: string;
}

export interface LlmTraining {
  state: 'none' | 'running' | 'succeeded' | 'failed' | 'cancelled';
  processedDocuments: number;
  totalDocuments: number;
  progress: number;
  startedAt: string | null;
  finishedAt: string | null;
  message: string | null;
}

export interface RagFilter {
  metadataField: string;
  query: string;
  operator: RagFilterOperator;
}

export interface Llm extends LlmSummary {
  llmProvider: LlmProviderName;
  language: string;
  embeddingModel: string;
  region: (typeof LLM_REGIONS)[number];
  temperature: number;
  dateCreated: string;
  persona: string;
  generalInstructions: string;
  additionalLLMQuery: string;
  formatInstructions: string;
  historyInstructions: string;
  output: (typeof LLM_OUTPUT_TYPES)[number];
  outputSchema: string;
  outputCheckConditions: string[];
  guardrailsMessage: string;
  datasetName: string;
  datasetId: string;
  documents: LlmDocument[];
  amountOfDocs: number;
  trainedDocs: number;
  ragFilters: RagFilter[];
  metadataFields: string[];
  training: LlmTraining;
}

type Editable = Omit<Llm, 'llmId' | 'isComplete' | 'dateCreated' | 'trainedDocs' | 'documents' | 'training'>;
export type LlmCreateBody = Partial<Editable> & Pick<Editable, 'llmDisplayName' | 'llmProvider'>;
export type LlmUpdateBody = Partial<Editable> & { documents?: { documentId: string }[] };
export interface LlmTrainAnswer {
  message: string;
  training: LlmTraining;
}
export interface LlmAnswerSource {
  documentName: string;
  page?: number;
  slide?: number;
  url?: string;
  passage: string;
}
export interface LlmTestAnswer {
  answer: string;
  sources: LlmAnswerSource[];
  mode: 'provider' | 'retrieval-only';
  notice?: string;
}
