import { tenantBlobPrefix } from '../../blobs/blob-store';

/** Every file of one LLM is under its folder, so deleting the LLM deletes its files. */
export const llmBlobPrefix = (tenantId: string, llmId: string) =>
  `${tenantBlobPrefix(tenantId)}llms/${llmId}/`;

/** An uploaded document's bytes, by the document's id (its name is the user's and stays in the row). */
export const llmDocumentBlobKey = (tenantId: string, llmId: string, documentId: string) =>
  `${llmBlobPrefix(tenantId, llmId)}documents/${documentId}`;
