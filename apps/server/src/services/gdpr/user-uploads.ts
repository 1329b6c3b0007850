import type { Bot, TenantScope } from '@parley/db';
import type { AppContext } from '../../context';
import { visitorUploadsPrefix } from '../chat-bubble/widget-files.service';
import { directLineUploadsPrefix } from '../external-api/direct-line-upload-folders';

/**
 * The files a user sent a bot, removed with the rest of their data (spec 04 section 3.7): what
 * they uploaded through Direct Line (kept per conversation, so each of their conversations'
 * folders) and through the chat bubble of any of the bot's snippets (kept per visitor).
 */
export async function removeUserUploads(
  ctx: AppContext,
  scope: TenantScope,
  bot: Bot,
  userKey: string,
  conversationIds: readonly string[],
): Promise<void> {
  const snippets = await scope.snippets(bot.id).list();
  await Promise.all([
    ...conversationIds.map((id) =>
      ctx.blobs.deletePrefix(directLineUploadsPrefix(scope.tenantId, bot.id, id)),
    ),
    ...snippets.map((snippet) => ctx.blobs.deletePrefix(visitorUploadsPrefix(snippet, userKey))),
  ]);
}
