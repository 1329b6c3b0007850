/**
 * The LLM area's input rules (spec 04 sections 5 and 9), as pure functions the screens and their
 * tests share: the upload, the URL page limit, RAG filters and string lists.
 */
import {
  fileExtensionOf,
  isLlmFileExtension,
  LLM_LIMITS,
  LLM_MESSAGES,
  type RagFilterOperator,
} from '@parley/contracts';

/** Why a file cannot be uploaded to an LLM (spec 04 section 5), or undefined when it can. */
export function uploadProblem(file: { name: string; size: number }): string | undefined {
  const extension = fileExtensionOf(file.name);
  if (!isLlmFileExtension(extension)) return LLM_MESSAGES.fileTypeNotSupported(extension || file.name);
  if (file.size > LLM_LIMITS.uploadMaxBytes) return LLM_MESSAGES.fileTooBig;
  return undefined;
}

/** The page limit typed for a URL: a whole number of at least 1, else undefined. */
export function pageLimitOf(typed: string): number | undefined {
  const value = Number(typed);
  return typed.trim() !== '' && Number.isInteger(value) && value >= LLM_LIMITS.urlPageLimitMin
    ? value
    : undefined;
}

export interface RagFilterDraft {
  metadataField: string;
  query: string;
  operator: RagFilterOperator;
}

/** A RAG filter is added only when both its metadata field and its query are non-empty (spec 04 section 5). */
export function withRagFilter<T extends RagFilterDraft>(filters: readonly T[], draft: T): T[] | undefined {
  const metadataField = draft.metadataField.trim();
  const query = draft.query.trim();
  if (!metadataField || !query) return undefined;
  return [...filters, { ...draft, metadataField, query }];
}

/** String-list inputs ignore blank entries and trim the others (spec 04 section 5). */
export const cleanStringList = (entries: readonly string[]): string[] =>
  entries.map((entry) => entry.trim()).filter((entry) => entry !== '');
