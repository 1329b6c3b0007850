import {
  LLM_LIMITS,
  llmAddDocumentBodySchema,
  llmCreateBodySchema,
  llmPromptSizeBodySchema,
  llmTestBodySchema,
  llmUpdateBodySchema,
  LLM_MESSAGES as M,
  Permission,
} from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { Access } from '../auth/access';
import { principalOf } from '../auth/guard';
import type { AppContext } from '../context';
import { readUploadedFile } from '../http/multipart';
import { textParam } from '../http/params';
import { contentDisposition, sendSafeFile } from '../http/safe-download';
import { parseInput } from '../http/validate';
import { testLlm } from '../services/llms/answering/llm-test.service';
import { promptSize } from '../services/llms/answering/prompt-size.service';
import {
  addUrlDocument,
  LLM_UPLOAD_FIELD,
  readDocumentFile,
  uploadDocument,
} from '../services/llms/llm-documents.service';
import { exportLlm, importLlm } from '../services/llms/llm-export.service';
import { createLlm, deleteLlm, getLlm, listLlms, updateLlm } from '../services/llms/llms.service';
import { cancelTraining, startTraining } from '../services/llms/training/llm-training.service';

type LlmParams = { Params: { llmId: string } };
type DocumentParams = { Params: { llmId: string; documentId: string } };

/** Changing LLMs: Manage LLMs (50) on some bot of the tenant, or its administrator (spec 04 section 6). */
const MANAGE: Access = { tenantPermission: Permission.ManageBotLlms };
/** Exporting one: Export LLMs (51). */
const EXPORT: Access = { tenantPermission: Permission.ExportBotLlms };
/** Reading and trying one: whoever may change or export LLMs. */
const READ: Access = { tenantPermission: [Permission.ManageBotLlms, Permission.ExportBotLlms] };

const llmIdOf = (params: { llmId: string }) => textParam(params.llmId, 'llmId', 100);

/** The LLM area (spec 04 section 7.3; docs/decisions.md 'LLM area'). */
export function llmRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/llm', { config: { access: 'authenticated' } }, async (request) =>
    listLlms(principalOf(request)),
  );

  app.get<LlmParams>('/api/llm/:llmId', { config: { access: READ } }, async (request) =>
    getLlm(principalOf(request), llmIdOf(request.params)),
  );

  app.post('/api/llm/create', { config: { access: MANAGE } }, async (request) =>
    createLlm(ctx, principalOf(request), parseInput(llmCreateBodySchema, request.body)),
  );

  app.post<LlmParams>('/api/llm/:llmId/update', { config: { access: MANAGE } }, async (request) =>
    updateLlm(
      ctx,
      principalOf(request),
      llmIdOf(request.params),
      parseInput(llmUpdateBodySchema, request.body),
    ),
  );

  app.post<LlmParams>('/api/llm/:llmId/upload', { config: { access: MANAGE } }, async (request) => {
    const llmId = llmIdOf(request.params);
    const file = await readUploadedFile(
      request,
      LLM_UPLOAD_FIELD,
      LLM_LIMITS.uploadMaxBytes,
      M.fileMissing,
      M.fileTooBig,
    );
    return uploadDocument(ctx, principalOf(request), llmId, file);
  });

  app.post<LlmParams>('/api/llm/:llmId/document', { config: { access: MANAGE } }, async (request) =>
    addUrlDocument(
      principalOf(request),
      llmIdOf(request.params),
      parseInput(llmAddDocumentBodySchema, request.body),
    ),
  );

  app.get<DocumentParams>(
    '/api/llm/:llmId/documents/:documentId/file',
    { config: { access: READ } },
    async (request, reply) =>
      sendSafeFile(
        reply,
        await readDocumentFile(
          ctx,
          principalOf(request),
          llmIdOf(request.params),
          textParam(request.params.documentId, 'documentId', 100),
        ),
      ),
  );

  app.post<LlmParams>('/api/llm/:llmId/train', { config: { access: MANAGE } }, async (request) =>
    startTraining(ctx, principalOf(request), llmIdOf(request.params)),
  );

  app.post<LlmParams>('/api/llm/:llmId/train/cancel', { config: { access: MANAGE } }, async (request) =>
    cancelTraining(principalOf(request), llmIdOf(request.params)),
  );

  app.post<LlmParams>('/api/llm/:llmId/test', { config: { access: READ } }, async (request) =>
    testLlm(ctx, principalOf(request), llmIdOf(request.params), parseInput(llmTestBodySchema, request.body)),
  );

  app.post<LlmParams>('/api/llm/:llmId/prompt-size', { config: { access: READ } }, async (request) =>
    promptSize(
      principalOf(request),
      llmIdOf(request.params),
      parseInput(llmPromptSizeBodySchema, request.body),
    ),
  );

  app.get<LlmParams>('/api/llm/:llmId/export', { config: { access: EXPORT } }, async (request, reply) => {
    const { fileName, stream } = await exportLlm(ctx, principalOf(request), llmIdOf(request.params));
    return reply
      .type('application/json; charset=utf-8')
      .header('content-disposition', contentDisposition('attachment', fileName))
      .header('x-content-type-options', 'nosniff')
      .send(stream);
  });

  app.post('/api/llm/import', { config: { access: MANAGE } }, async (request) => {
    const file = await readUploadedFile(
      request,
      LLM_UPLOAD_FIELD,
      LLM_LIMITS.importMaxBytes,
      M.importFileMissing,
    );
    const acceptAdditionalCost = file.fields?.acceptAdditionalCost === 'true';
    const bytes = new Uint8Array(file.data.buffer, file.data.byteOffset, file.data.byteLength);
    return importLlm(ctx, principalOf(request), bytes, acceptAdditionalCost);
  });

  app.delete<LlmParams>('/api/llm/:llmId/delete', { config: { access: MANAGE } }, async (request, reply) => {
    await deleteLlm(ctx, principalOf(request), llmIdOf(request.params));
    return reply.status(204).send();
  });
}
