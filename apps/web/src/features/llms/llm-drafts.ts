import {
  DEFAULT_EMBEDDING_MODEL,
  isValidLlmName,
  LLM_LIMITS,
  LLM_MESSAGES,
  type Llm,
  type LlmProviderName,
  type LlmUpdateBody,
  type RagFilter,
} from '@parley/contracts';
import { cleanStringList } from './llm-rules';

/**
 * What each tab of the LLM page edits (spec 04 section 2.5), as typed, and the update body its
 * Save sends: only the tab's own fields, so two tabs never overwrite each other.
 */

const numberIn = (typed: string, min: number, max: number, isWhole = false): number | undefined => {
  const value = Number(typed);
  if (typed.trim() === '' || Number.isNaN(value) || value < min || value > max) return undefined;
  return isWhole && !Number.isInteger(value) ? undefined : value;
};

export interface SettingsDraft {
  llmDisplayName: string;
  description: string;
  llmProvider: LlmProviderName;
  /** '' is the provider's default model. */
  model: string;
  language: string;
  embeddingModel: string;
  region: Llm['region'];
  temperature: string;
}

export const settingsDraftOf = (llm: Llm): SettingsDraft => ({
  llmDisplayName: llm.llmDisplayName,
  description: llm.description,
  llmProvider: llm.llmProvider,
  model: llm.model ?? '',
  language: llm.language,
  embeddingModel: llm.embeddingModel,
  region: llm.region,
  temperature: String(llm.temperature),
});

/** Changing the provider resets the model to the default (spec 04 section 4). */
export const withProvider = (draft: SettingsDraft, llmProvider: LlmProviderName): SettingsDraft =>
  draft.llmProvider === llmProvider ? draft : { ...draft, llmProvider, model: '' };

export function settingsProblems(draft: SettingsDraft): Partial<Record<keyof SettingsDraft, string>> {
  const problems: Partial<Record<keyof SettingsDraft, string>> = {};
  if (!isValidLlmName(draft.llmDisplayName)) problems.llmDisplayName = LLM_MESSAGES.nameInvalid;
  if (numberIn(draft.temperature, LLM_LIMITS.temperatureMin, LLM_LIMITS.temperatureMax) === undefined)
    problems.temperature = 'The temperature is a number from 0 to 1.';
  return problems;
}

export const settingsBody = (draft: SettingsDraft): LlmUpdateBody => ({
  llmDisplayName: draft.llmDisplayName.trim(),
  description: draft.description,
  llmProvider: draft.llmProvider,
  model: draft.model === '' ? null : draft.model,
  language: draft.language,
  embeddingModel: draft.embeddingModel,
  region: draft.region,
  temperature: numberIn(draft.temperature, LLM_LIMITS.temperatureMin, LLM_LIMITS.temperatureMax) ?? 0,
});

/** Setting another embeddings model than the trained one asks for a retraining (spec 04 section 4). */
export const needsRetrainNotice = (saved: Llm, embeddingModel: string): boolean =>
  embeddingModel !== saved.embeddingModel;

export interface RagDraft {
  embeddingModel: string;
  amountOfDocs: string;
  ragFilters: RagFilter[];
  metadataFields: string[];
}

export const ragDraftOf = (llm: Llm): RagDraft => ({
  embeddingModel: llm.embeddingModel || DEFAULT_EMBEDDING_MODEL,
  amountOfDocs: String(llm.amountOfDocs),
  ragFilters: llm.ragFilters,
  metadataFields: llm.metadataFields,
});

export const amountOfDocsOf = (typed: string): number | undefined =>
  numberIn(typed, LLM_LIMITS.amountOfDocsMin, LLM_LIMITS.amountOfDocsMax, true);

export const ragBody = (draft: RagDraft): LlmUpdateBody => ({
  embeddingModel: draft.embeddingModel,
  amountOfDocs: amountOfDocsOf(draft.amountOfDocs) ?? LLM_LIMITS.amountOfDocsDefault,
  ragFilters: draft.ragFilters,
  metadataFields: cleanStringList(draft.metadataFields),
});

export interface GuardrailsDraft {
  outputCheckConditions: string[];
  guardrailsMessage: string;
}

export const guardrailsBody = (draft: GuardrailsDraft): LlmUpdateBody => ({
  outputCheckConditions: cleanStringList(draft.outputCheckConditions),
  guardrailsMessage: draft.guardrailsMessage,
});

/** The Data tab's delete icon: the documents to keep, saved silently (spec 04 section 4). */
export const documentsWithout = (llm: Llm, documentId: string): LlmUpdateBody => ({
  documents: llm.documents
    .filter((d) => d.documentId !== documentId)
    .map((d) => ({ documentId: d.documentId })),
});
