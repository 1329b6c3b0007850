import { llmExportSchema, LLM_MESSAGES as M, validationError } from '@parley/contracts';
import type { z } from 'zod';

export type ReadLlmExport = Omit<z.output<typeof llmExportSchema>, 'documents'> & {
  documents: Array<
    Omit<z.output<typeof llmExportSchema>['documents'][number], 'file'> & { file?: Uint8Array }
  >;
};

/**
 * An uploaded LLM file, read in the untrusted-input worker (a 100 MB JSON parse and its base64
 * would stall the server): its shape checked with the contracts' schema, files decoded.
 */
export function readLlmExportFile(file: Uint8Array): ReadLlmExport {
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(file.buffer, file.byteOffset, file.byteLength).toString('utf8'));
  } catch {
    throw validationError('file', M.importFileInvalid);
  }
  const result = llmExportSchema.safeParse(json);
  if (!result.success) {
    const issue = result.error.issues[0];
    const where = issue?.path.length ? ` (${issue.path.join('.')})` : '';
    const detail = issue && !issue.message.startsWith('Invalid') ? `: ${issue.message}` : '';
    throw validationError('file', `${M.importFileInvalid}${where}${detail}`);
  }
  return {
    ...result.data,
    documents: result.data.documents.map(({ file: encoded, ...document }) => ({
      ...document,
      ...(encoded === undefined ? {} : { file: new Uint8Array(Buffer.from(encoded, 'base64')) }),
    })),
  };
}
