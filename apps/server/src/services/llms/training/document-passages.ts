import { AppError } from '@parley/contracts';
import type { LlmDocumentRecord } from '@parley/db';
import type { Chunk, DocumentSection } from '@parley/retrieval';
import { DEFAULT_CHUNKING } from '@parley/retrieval/core';
import type { AppContext } from '../../../context';
import { runInputTask } from '../../../untrusted-input/run-input-task';
import { mediaTypeOf } from '../llm-documents.service';
import { crawlSite } from '../passages/crawl-site';
import { extractDocumentInWorker } from '../passages/document-extraction';

/** Why a document has no passages: a scan without text needs OCR; anything else failed. */
export class DocumentUnreadable extends Error {
  constructor(
    readonly status: 'needs-ocr' | 'failed',
    message: string,
  ) {
    super(message);
  }
}

export const NEEDS_OCR =
  'This PDF has no text layer (a scanned document): it needs OCR before it can be trained.';
export const NO_TEXT = 'No text was found in this document.';

const CHUNKING_MS = 60_000;

/**
 * A Url document's pages, crawled on its site up to its page limit through the functions' SSRF
 * guard (the operator's FUNCTIONS_ALLOW_PRIVATE_NETWORKS and FUNCTIONS_ALLOWED_HOSTS), each
 * section carrying its page's address.
 */
async function pageSectionsOf(ctx: AppContext, document: LlmDocumentRecord): Promise<DocumentSection[]> {
  const { allowPrivateNetworks, allowedHosts } = ctx.config.functions;
  const crawl = await crawlSite(document.link, {
    pageLimit: document.pageLimit ?? 5,
    network: { allowPrivateNetworks, allowedHosts },
  });
  return crawl.pages.flatMap((page) =>
    page.sections.map((section) => ({ ...section, url: section.url ?? page.url })),
  );
}

/** A document's text as sections: an uploaded file read in the worker, or a site's pages. */
async function sectionsOf(ctx: AppContext, document: LlmDocumentRecord): Promise<DocumentSection[]> {
  if (document.type === 'Url') return pageSectionsOf(ctx, document);
  if (!document.blobKey)
    throw new DocumentUnreadable('failed', 'The uploaded file is missing: upload it again.');
  const blob = await ctx.blobs.get(document.blobKey);
  if (!blob) throw new DocumentUnreadable('failed', 'The uploaded file is missing: upload it again.');
  const extracted = await extractDocumentInWorker({
    bytes: blob.data,
    fileName: document.name,
    mediaType: mediaTypeOf(document.name),
  });
  if (extracted.needsOcr) throw new DocumentUnreadable('needs-ocr', NEEDS_OCR);
  return extracted.sections;
}

/**
 * A document's passages: read (in the untrusted-input worker), then cut by heading, paragraph and
 * sentence within the token budget (in the worker too), each carrying the document's display name
 * and the LLM's metadata fields.
 */
export async function passagesOfDocument(
  ctx: AppContext,
  document: LlmDocumentRecord,
  metadataFields: readonly string[],
): Promise<Chunk[]> {
  const sections = await sectionsOf(ctx, document);
  const chunks = await runInputTask(
    'chunkSections',
    {
      sections,
      options: {
        ...DEFAULT_CHUNKING,
        documentName: document.displayName,
        metadataFields: [...metadataFields],
      },
    },
    {
      timeoutMs: CHUNKING_MS,
      tooComplex: () =>
        new AppError('validation_error', `${document.displayName} is too large to cut into passages.`),
      busy: () => new AppError('rate_limit_error', 'Too many documents are being read at once.', {}, 503),
    },
  );
  if (chunks.length === 0) throw new DocumentUnreadable('failed', NO_TEXT);
  return chunks;
}
