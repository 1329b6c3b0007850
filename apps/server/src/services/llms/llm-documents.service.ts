import {
  fileExtensionOf,
  hasControlCharacters,
  isLlmFileExtension,
  LLM_LIMITS as L,
  type LlmAddDocumentBody,
  type LlmDocument,
  type llmAddDocumentBodySchema,
  LLM_MESSAGES as M,
  notFound,
  validationError,
} from '@parley/contracts';
import type { LlmDocumentRecord } from '@parley/db';
import type { z } from 'zod';
import type { Principal } from '../../auth/principal';
import type { AppContext } from '../../context';
import type { UploadedFile } from '../../http/multipart';
import { llmDocumentBlobKey } from './llm-blobs';
import { loadLlm } from './llm-loading';
import { llmDocumentView } from './llm-view';
import { createPassageIndex } from './passages/passage-index';

/** The form field an upload sends its file in (issue 23's acceptance check). */
export const LLM_UPLOAD_FIELD = 'file';

/** The media type each accepted extension is stored with. */
const MEDIA_TYPES: Record<string, string> = {
  txt: 'text/plain; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  json: 'application/json',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};
export const mediaTypeOf = (fileName: string) =>
  MEDIA_TYPES[fileExtensionOf(fileName)] ?? 'application/octet-stream';

/** A file's name as kept: its last path segment, without control characters, at most 200 characters. */
function documentNameOf(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const printable = [...base].filter((c) => !hasControlCharacters(c)).join('');
  return printable.trim().slice(-200);
}

async function assertRoomForDocument(principal: Principal, llmId: string, name: string): Promise<void> {
  const documents = principal.scope.llmDocuments;
  if ((await documents.count(llmId)) < L.documentsPerLlm || (await documents.byName(llmId, name))) return;
  throw validationError('file', `An LLM has at most ${L.documentsPerLlm} documents.`);
}

/** A new document is not trained: the LLM is not complete until it is (the red dot). */
async function markUntrained(principal: Principal, llmId: string): Promise<void> {
  await principal.scope.llms.update(llmId, { isComplete: false });
}

/** What replacing or removing a document leaves behind: its file (its passages go with training). */
async function forgetDocumentFile(ctx: AppContext, document: LlmDocumentRecord | undefined): Promise<void> {
  if (document?.blobKey) await ctx.blobs.delete(document.blobKey);
}

/**
 * POST /api/llm/{id}/upload: a File document (spec 04 section 5: txt, pdf, json, docx, doc, csv,
 * pptx, and md; at most 50 MB, enforced while the upload streams). The bytes go to the blob store;
 * a file of the same name replaces the earlier one. It is read when the LLM is trained.
 */
export async function uploadDocument(
  ctx: AppContext,
  principal: Principal,
  llmId: string,
  file: UploadedFile,
): Promise<LlmDocument> {
  const llm = await loadLlm(principal, llmId);
  const name = documentNameOf(file.fileName);
  const extension = fileExtensionOf(name);
  if (!isLlmFileExtension(extension))
    throw validationError(LLM_UPLOAD_FIELD, M.fileTypeNotSupported(extension || name || 'without extension'));
  if (file.data.length === 0) throw validationError(LLM_UPLOAD_FIELD, 'The file is empty.');
  await assertRoomForDocument(principal, llm.id, name);
  const id = crypto.randomUUID();
  const blobKey = llmDocumentBlobKey(principal.tenantId, llm.id, id);
  await ctx.blobs.put(blobKey, file.data, mediaTypeOf(name));
  const replaced = await principal.scope.llmDocuments.put(llm.id, {
    id,
    name,
    displayName: name,
    type: 'File',
    link: '',
    pageLimit: null,
    size: file.data.length,
    blobKey,
    status: 'pending',
  });
  if (replaced)
    await createPassageIndex(ctx.repos).removeDocument(
      { tenantId: principal.tenantId, llmId: llm.id },
      replaced.id,
    );
  await forgetDocumentFile(ctx, replaced);
  await markUntrained(principal, llm.id);
  return llmDocumentView(await documentOf(principal, llm.id, id));
}

/** POST /api/llm/{id}/document: a Url document, crawled (same site, up to its page limit) when the LLM is trained. */
export async function addUrlDocument(
  principal: Principal,
  llmId: string,
  body: LlmAddDocumentBody,
): Promise<LlmDocument> {
  const input = body as z.output<typeof llmAddDocumentBodySchema>;
  const llm = await loadLlm(principal, llmId);
  const link = new URL(input.link).href;
  await assertRoomForDocument(principal, llm.id, link);
  const displayName =
    input.displayName && !hasControlCharacters(input.displayName) ? input.displayName : link;
  const id = crypto.randomUUID();
  await principal.scope.llmDocuments.put(llm.id, {
    id,
    name: link,
    displayName,
    type: 'Url',
    link,
    pageLimit: input.limit,
    size: null,
    blobKey: null,
    status: 'pending',
  });
  await markUntrained(principal, llm.id);
  return llmDocumentView(await documentOf(principal, llm.id, id));
}

async function documentOf(
  principal: Principal,
  llmId: string,
  documentId: string,
): Promise<LlmDocumentRecord> {
  const document = await principal.scope.llmDocuments.get(llmId, documentId);
  if (!document) throw notFound(`There is no document ${documentId.slice(0, 100)}.`);
  return document;
}

/** GET /api/llm/{id}/documents/{documentId}/file: an uploaded document's bytes, as uploaded. */
export async function readDocumentFile(
  ctx: AppContext,
  principal: Principal,
  llmId: string,
  documentId: string,
): Promise<{ name: string; contentType: string; data: Buffer }> {
  const llm = await loadLlm(principal, llmId);
  const document = await documentOf(principal, llm.id, documentId);
  const blob = document.blobKey ? await ctx.blobs.get(document.blobKey) : undefined;
  if (!blob) throw notFound(`The document ${document.displayName.slice(0, 100)} has no file.`);
  return { name: document.name, contentType: blob.contentType, data: blob.data };
}

/** Removes documents with their files and passages (the Data tab's delete icon, through update). */
export async function removeDocuments(
  ctx: AppContext,
  principal: Principal,
  llmId: string,
  documents: LlmDocumentRecord[],
): Promise<void> {
  const index = createPassageIndex(ctx.repos);
  for (const document of documents) {
    await principal.scope.llmDocuments.delete(llmId, document.id);
    await index.removeDocument({ tenantId: principal.tenantId, llmId }, document.id);
    await forgetDocumentFile(ctx, document);
  }
}
