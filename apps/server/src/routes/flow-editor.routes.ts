import {
  BLOCK_FILE_FIELD,
  BLOCK_FILE_MAX_BYTES,
  blockFileUploadFieldsSchema,
  compressFlowBodySchema,
  FLOW_EDITING_PERMISSIONS,
  FLOW_XML_MAX_BYTES,
  FLOW_EDITOR_MESSAGES as M,
  Permission,
} from '@parley/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Access } from '../auth/access';
import { botOf, principalOf } from '../auth/guard';
import type { AppContext } from '../context';
import { readUploadedFile } from '../http/multipart';
import { sendSafeFile } from '../http/safe-download';
import { parseInput } from '../http/validate';
import { publicChatSession } from '../services/conversations/test-chat-link.service';
import {
  type BlockFileDownload,
  downloadBlockFile,
  downloadNameOf,
  readBotBlockFile,
  uploadBlockFile,
} from '../services/flows/block-files.service';
import { releaseEditorLock, takeEditorLock } from '../services/flows/editor-lock.service';
import { compressFlow, decompressFlow } from '../services/flows/flow-compression.service';
import { chatTokenOf } from './test-chat-link.routes';

type BotParams = { Params: { bot: string } };
type FileParams = { Params: { bot: string; fileId: string; fileName?: string } };

/** Opening the editor and saving its files: any right to change a flow (spec 03 section 6). */
const EDIT_FLOWS: Access = { botPermission: FLOW_EDITING_PERMISSIONS };

/** The compressed flow travels as bytes; these types name it. */
const GZIP_TYPES = ['application/gzip', 'application/x-gzip', 'application/octet-stream'];

/**
 * The flow editor's own calls (spec 03 section 7: Lock, Compression, Files; docs/decisions.md
 * 'Flow editor: server'). Flows themselves are in flows.routes.ts.
 */
export function flowEditorRoutes(app: FastifyInstance, ctx: AppContext): void {
  // --- the lock ------------------------------------------------------------------------------
  app.get<BotParams>('/api/bots/:bot/editor', { config: { access: EDIT_FLOWS } }, async (request) =>
    takeEditorLock(principalOf(request), botOf(request)),
  );

  app.delete<BotParams>(
    '/api/bots/:bot/editor',
    { config: { access: EDIT_FLOWS } },
    async (request, reply) => {
      await releaseEditorLock(principalOf(request), botOf(request));
      return reply.status(204).send();
    },
  );

  // --- compression ---------------------------------------------------------------------------
  // Its own scope: the gzip body parser serves these two routes only.
  app.register(async (scope) => {
    scope.addContentTypeParser(
      GZIP_TYPES,
      { parseAs: 'buffer', bodyLimit: FLOW_XML_MAX_BYTES + 64 * 1024 },
      (_request, body, done) => done(null, body),
    );

    scope.put(
      '/api/flow/for-compression',
      // URI-encoding at most triples a flow's XML.
      { bodyLimit: FLOW_XML_MAX_BYTES * 3 + 64 * 1024, config: { access: 'authenticated' } },
      async (request, reply) => {
        const compressed = await compressFlow(parseInput(compressFlowBodySchema, request.body));
        return reply.type('application/gzip').header('x-content-type-options', 'nosniff').send(compressed);
      },
    );

    scope.put(
      '/api/flow/for-decompression',
      { config: { access: 'authenticated' } },
      async (request, reply) => {
        const xml = await decompressFlow(request.body);
        // Plain text, not XML: a browser shown the answer never renders it as a document.
        return reply.type('text/plain; charset=utf-8').header('x-content-type-options', 'nosniff').send(xml);
      },
    );
  });

  // --- the files of blocks -------------------------------------------------------------------
  app.post<BotParams>('/api/:bot/block-upload-file', { config: { access: EDIT_FLOWS } }, async (request) => {
    const file = await readUploadedFile(
      request,
      BLOCK_FILE_FIELD,
      BLOCK_FILE_MAX_BYTES,
      M.fileMissing,
      M.fileTooBig,
    );
    const { accept } = parseInput(blockFileUploadFieldsSchema, file.fields ?? {});
    return uploadBlockFile(ctx, principalOf(request), botOf(request), file, accept);
  });

  // Spec 03 section 6: 'Downloading an uploaded file needs the manage-flows right.'
  app.get<FileParams>(
    '/api/test-download-file/:bot/:fileId/:fileName',
    { config: { access: { botPermission: Permission.ManageFlows } } },
    async (request, reply) => {
      const download = await downloadBlockFile(
        ctx,
        principalOf(request),
        botOf(request),
        request.params.fileId,
      );
      return sendSafeFile(reply, {
        name: downloadNameOf(download.file, request.params.fileName),
        contentType: download.contentType,
        data: download.data,
      });
    },
  );

  // What a Send Attachment or Send Image block sends ({type: 'attachment', fileId}), fetched by
  // the chats: the internal test chat with its right, the public one with its session's bot.
  app.get<FileParams>(
    '/api/bots/:bot/chat-files/:fileId',
    { config: { access: { botPermission: Permission.TestBot } } },
    async (request, reply) => {
      const download = await downloadBlockFile(
        ctx,
        principalOf(request),
        botOf(request),
        request.params.fileId,
      );
      return sendChatFile(reply, download);
    },
  );

  app.get<{ Params: { fileId: string } }>(
    '/api/test-chat/files/:fileId',
    { config: { access: 'public' } },
    async (request, reply) => {
      const session = await publicChatSession(ctx, chatTokenOf(request));
      const download = await readBotBlockFile(
        ctx,
        ctx.repos.forTenant(session.tenantId),
        session.botId,
        request.params.fileId,
      );
      return sendChatFile(reply, download);
    },
  );
}

/** A chat shows images in place; any other file is saved. */
function sendChatFile(reply: FastifyReply, download: BlockFileDownload): FastifyReply {
  return sendSafeFile(reply, {
    name: download.file.fileName,
    contentType: download.contentType,
    data: download.data,
    disposition: download.contentType.startsWith('image/') ? 'inline' : 'attachment',
  });
}
