import { Readable } from 'node:stream';
import {
  AppError,
  LLM_LIMITS as L,
  LLM_EXPORT_FORMAT,
  LLM_EXPORT_VERSION,
  LLM_NAME_PATTERN,
  type Llm,
  llmExportFileName,
  LLM_MESSAGES as M,
  planHasImportExport,
  validationError,
} from '@parley/contracts';
import type { Principal } from '../../auth/principal';
import type { AppContext } from '../../context';
import { runInputTask } from '../../untrusted-input/run-input-task';
import { planOf } from '../tenancy/tenant-plan.service';
import { llmDocumentBlobKey } from './llm-blobs';
import { mediaTypeOf } from './llm-documents.service';
import { loadLlm } from './llm-loading';
import { readLlmSettings } from './llm-view';
import { createLlm, getLlm } from './llms.service';

/** Export and import of LLMs are a plan feature (metadata hasImportExport, spec 04 section 3.11). */
async function requireLlmImportExport(ctx: AppContext, principal: Principal): Promise<void> {
  if (!planHasImportExport(await planOf(ctx, principal)))
    throw new AppError('custom_error', M.importExportNotInPlan, { planFeature: 'hasImportExport' }, 403);
}

/** Bytes of base64 text per piece written: a multiple of 3 bytes, so pieces join into one text. */
const BASE64_PIECE = 3 * 1024 * 1024;

/**
 * GET /api/llm/{id}/export: the LLM's settings, filters and documents, its files as base64, as one
 * JSON file written piece by piece (a file's base64 never holds the event loop for long).
 */
export async function exportLlm(
  ctx: AppContext,
  principal: Principal,
  llmId: string,
): Promise<{ fileName: string; stream: Readable }> {
  await requireLlmImportExport(ctx, principal);
  const llm = await loadLlm(principal, llmId);
  const documents = await principal.scope.llmDocuments.list(llm.id);
  const fileBytes = documents.reduce((sum, d) => sum + (d.type === 'File' ? (d.size ?? 0) : 0), 0);
  if (fileBytes > L.exportFilesMaxBytes) throw validationError('llmId', M.exportTooBig);
  const head = {
    format: LLM_EXPORT_FORMAT,
    version: LLM_EXPORT_VERSION,
    llm: {
      llmDisplayName: llm.displayName,
      description: llm.description,
      llmProvider: llm.provider,
      model: llm.model,
      ...readLlmSettings(llm.settings),
    },
  };
  async function* pieces(): AsyncGenerator<string> {
    yield `${JSON.stringify(head).slice(0, -1)},"documents":[`;
    let first = true;
    for (const document of documents) {
      const blob = document.blobKey ? await ctx.blobs.get(document.blobKey) : undefined;
      if (document.type === 'File' && !blob) continue; // A file gone from the store cannot travel.
      const fields = {
        name: document.name,
        displayName: document.displayName,
        type: document.type,
        link: document.type === 'Url' ? document.link : '',
        limit: document.type === 'Url' ? document.pageLimit : null,
      };
      yield `${first ? '' : ','}${JSON.stringify(fields).slice(0, -1)}`;
      first = false;
      if (blob) {
        yield ',"file":"';
        for (let start = 0; start < blob.data.length; start += BASE64_PIECE)
          yield blob.data.subarray(start, start + BASE64_PIECE).toString('base64');
        yield '"';
      }
      yield '}';
    }
    yield ']}';
  }
  return { fileName: llmExportFileName(llm.displayName), stream: Readable.from(pieces()) };
}

const tooComplex = () => validationError('file', 'This LLM file is too large or too complex to read.');
const busy = () =>
  new AppError('rate_limit_error', 'Too many files are being read at once; try again in a moment.', {}, 503);

/** A free name for an imported LLM: its own, else with ' 2', ' 3' and so on. */
async function freeName(principal: Principal, wanted: string): Promise<string> {
  const taken = new Set((await principal.scope.llms.list()).map((l) => l.displayName));
  if (!taken.has(wanted)) return wanted;
  for (let n = 2; ; n++) {
    const suffix = ` ${n}`;
    const name = `${wanted.slice(0, L.nameMaxLength - suffix.length)}${suffix}`;
    if (!taken.has(name) && LLM_NAME_PATTERN.test(name)) return name;
  }
}

/**
 * POST /api/llm/import: a new, untrained LLM made of an exported file (its settings, filters and
 * documents, under a free name); the caller trains it. Counts against the plan's LLMs as a create.
 */
export async function importLlm(
  ctx: AppContext,
  principal: Principal,
  file: Uint8Array,
  acceptAdditionalCost: boolean,
): Promise<Llm> {
  await requireLlmImportExport(ctx, principal);
  const read = await runInputTask('readLlmExport', { file }, { timeoutMs: 60_000, tooComplex, busy });
  const created = await createLlm(ctx, principal, {
    ...read.llm,
    llmDisplayName: await freeName(principal, read.llm.llmDisplayName),
    acceptAdditionalCost,
  });
  for (const document of read.documents) {
    const id = crypto.randomUUID();
    const blobKey = document.file ? llmDocumentBlobKey(principal.tenantId, created.llmId, id) : null;
    if (document.type === 'File' && !document.file) continue;
    if (blobKey && document.file)
      await ctx.blobs.put(blobKey, Buffer.from(document.file), mediaTypeOf(document.name));
    await principal.scope.llmDocuments.put(created.llmId, {
      id,
      name: document.name,
      displayName: document.displayName,
      type: document.type,
      link: document.type === 'Url' ? document.link : '',
      pageLimit: document.type === 'Url' ? (document.limit ?? L.urlPageLimitDefault) : null,
      size: document.file ? document.file.byteLength : null,
      blobKey,
      status: 'pending',
    });
  }
  return getLlm(principal, created.llmId);
}
