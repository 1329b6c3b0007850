import {
  createSnippetBodySchema,
  SNIPPET_MESSAGES as M,
  Permission,
  renameSnippetBodySchema,
  SNIPPET_ICON_FIELD,
  SNIPPET_ICON_MAX_BYTES,
  type SnippetIconKind,
  updateSnippetBodySchema,
} from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { Access } from '../auth/access';
import { botOf, principalOf } from '../auth/guard';
import type { AppContext } from '../context';
import { readUploadedFile } from '../http/multipart';
import { parseInput } from '../http/validate';
import {
  createSnippet,
  deleteSnippet,
  listSnippets,
  removeSnippetIcon,
  renameSnippet,
  snippetBaseUrl,
  updateSnippet,
  uploadSnippetIcon,
} from '../services/chat-bubble/snippet.service';

type BotParams = { Params: { bot: string } };
type SnippetParams = { Params: { bot: string; name: string } };

/** Changing a bot's chat bubbles: Manage chat bubbles (19). Any member of the bot may list them. */
const MANAGE: Access = { botPermission: Permission.ManageChatBubbles };

const ICON_PATHS = [
  ['avatar', 'avatar'],
  ['bubble-icon', 'bubble-icon'],
] as const satisfies ReadonlyArray<readonly [string, SnippetIconKind]>;

/**
 * A bot's chat bubble snippets (spec 04 sections 3.6, 5, 8; paths not shown by the spec,
 * docs/decisions.md 'Chat bubble snippets'). A snippet is named by its name in the path.
 */
export function snippetsRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get<BotParams>('/api/bots/:bot/snippets', { config: { access: 'botMember' } }, async (request) =>
    listSnippets(principalOf(request), botOf(request)),
  );

  app.get('/api/bots/:bot/snippets/base-url', { config: { access: 'botMember' } }, async () =>
    snippetBaseUrl(ctx),
  );

  app.post<BotParams>('/api/bots/:bot/snippets', { config: { access: MANAGE } }, async (request, reply) =>
    reply
      .status(201)
      .send(
        await createSnippet(
          principalOf(request),
          botOf(request),
          parseInput(createSnippetBodySchema, request.body),
        ),
      ),
  );

  app.put<SnippetParams>('/api/bots/:bot/snippets/:name', { config: { access: MANAGE } }, async (request) =>
    updateSnippet(
      principalOf(request),
      botOf(request),
      request.params.name,
      parseInput(updateSnippetBodySchema, request.body),
    ),
  );

  app.put<SnippetParams>(
    '/api/bots/:bot/snippets/:name/name',
    { config: { access: MANAGE } },
    async (request) =>
      renameSnippet(
        principalOf(request),
        botOf(request),
        request.params.name,
        parseInput(renameSnippetBodySchema, request.body),
      ),
  );

  app.delete<SnippetParams>(
    '/api/bots/:bot/snippets/:name',
    { config: { access: MANAGE } },
    async (request, reply) => {
      await deleteSnippet(ctx, principalOf(request), botOf(request), request.params.name);
      return reply.status(204).send();
    },
  );

  for (const [path, kind] of ICON_PATHS) {
    app.put<SnippetParams>(
      `/api/bots/:bot/snippets/:name/${path}`,
      { config: { access: MANAGE } },
      async (request) => {
        const file = await readUploadedFile(
          request,
          SNIPPET_ICON_FIELD,
          SNIPPET_ICON_MAX_BYTES,
          M.iconMissing,
          M.iconTooBig(SNIPPET_ICON_MAX_BYTES),
        );
        return uploadSnippetIcon(ctx, principalOf(request), botOf(request), request.params.name, kind, file);
      },
    );
    app.delete<SnippetParams>(
      `/api/bots/:bot/snippets/:name/${path}`,
      { config: { access: MANAGE } },
      async (request) =>
        removeSnippetIcon(ctx, principalOf(request), botOf(request), request.params.name, kind),
    );
  }
}
