import { randomUUID } from 'node:crypto';
import {
  AVATAR_FIELD,
  avatarTypeOf,
  type BotAvatar,
  type BotDetails,
  botAvatarOf,
  type GeneralSettingsBody,
  GENERAL_SETTINGS_MESSAGES as M,
  notFound,
  readBotSettings,
  type StoredSystemMessages,
  SYSTEM_MESSAGE_KEYS,
  type SystemMessagesBody,
  validationError,
} from '@parley/contracts';
import type { Bot, TenantScope } from '@parley/db';
import { type BotRef, botRefOf } from '../../auth/bot-ref';
import type { Principal } from '../../auth/principal';
import { botBlobPrefix } from '../../blobs/blob-store';
import type { AppContext } from '../../context';
import type { UploadedFile } from '../../http/multipart';
import { compressAvatar } from '../../untrusted-input/avatar-image';
import { getBot } from './bot.service';
import { loadBot } from './bot-access.service';

/**
 * The General Settings and System Messages tabs (spec 04 sections 2.3, 3.1, 5): each save
 * rewrites its fields of the bot's settings under the bot's row lock, so two saves of different
 * tabs (or NLU measuring) never undo each other. The runtime reads the settings on every turn
 * (conversations/bot-for-turn.ts): a change holds from the next message on.
 */

type Settings = Record<string, unknown>;

/** Changes the bot's stored settings (and columns) inside one transaction holding its row. */
export async function changeBot(
  ctx: AppContext,
  principal: Principal,
  bot: Bot,
  change: (settings: Settings, fresh: Bot) => { settings: Settings; displayName?: string },
): Promise<{ before: Bot }> {
  return ctx.repos.transaction(async (repos) => {
    const scope: TenantScope = repos.forTenant(principal.tenantId);
    await scope.bots.lock(bot.id);
    const fresh = await scope.bots.getById(bot.id);
    if (!fresh) throw notFound(`There is no bot named ${bot.botName}.`);
    const next = change({ ...fresh.settings }, fresh);
    await scope.bots.update(bot.id, next);
    return { before: fresh };
  });
}

/** PUT /api/bots/{bot}/settings/general: display name, delay, continue, idle, thresholds. */
export async function saveGeneralSettings(
  ctx: AppContext,
  principal: Principal,
  botRef: BotRef,
  body: GeneralSettingsBody,
): Promise<BotDetails> {
  const bot = await loadBot(principal, botRef);
  const { displayName, ...given } = body;
  // Fields left out keep their stored values.
  const fields = Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined));
  const llmIds = new Set((await principal.scope.llms.list()).map((llm) => llm.id));
  await changeBot(ctx, principal, bot, (settings) => {
    const next = readBotSettings({ ...settings, ...fields });
    if (next.chitChatEnabled && next.chitChatModel === null)
      throw validationError('chitChatModel', M.chitChatModelMissing);
    // A chosen LLM must be the tenant's; one deleted since may stay named while chit-chat is off.
    if (fields.chitChatModel != null && !llmIds.has(next.chitChatModel ?? ''))
      throw validationError('chitChatModel', M.chitChatModelUnknown);
    return { displayName, settings: { ...settings, ...fields } };
  });
  return getBot(ctx, principal, botRefOf(bot));
}

/**
 * PUT /api/bots/{bot}/settings/system-messages: each language given (one of the bot's) gets the
 * messages given; blank or left-out ones are dropped, so the default applies (and a later
 * change of the default reaches them). Languages not given keep theirs.
 */
export async function saveSystemMessages(
  ctx: AppContext,
  principal: Principal,
  botRef: BotRef,
  body: SystemMessagesBody,
): Promise<BotDetails> {
  const bot = await loadBot(principal, botRef);
  await changeBot(ctx, principal, bot, (settings, fresh) => {
    const { supportedLanguages, language } = readBotSettings(fresh.settings);
    const languages = new Set([language, ...supportedLanguages]);
    const stored: StoredSystemMessages = { ...(readBotSettings(fresh.settings).systemMessages ?? {}) };
    for (const [lang, messages] of Object.entries(body.systemMessages)) {
      if (!languages.has(lang))
        throw validationError(`systemMessages.${lang.slice(0, 20)}`, M.notBotLanguage(lang.slice(0, 20)));
      const own = Object.fromEntries(
        SYSTEM_MESSAGE_KEYS.flatMap((key) => {
          const text = messages[key];
          return typeof text === 'string' && text.trim() !== '' ? [[key, text]] : [];
        }),
      );
      if (Object.keys(own).length > 0) stored[lang] = own;
      else delete stored[lang];
    }
    return { settings: { ...settings, systemMessages: stored } };
  });
  return getBot(ctx, principal, botRefOf(bot));
}

const avatarKey = (tenantId: string, botId: string, avatarId: string) =>
  `${botBlobPrefix(tenantId, botId)}avatar/${avatarId}.webp`;

/**
 * PUT /api/bots/{bot}/avatar: an image of an accepted type, checked and compressed
 * (untrusted-input/avatar-image.ts), stored as a new blob; the settings then name it and the
 * avatar it replaces is deleted. A failed save deletes the new blob again.
 */
export async function uploadBotAvatar(
  ctx: AppContext,
  principal: Principal,
  botRef: BotRef,
  file: UploadedFile,
): Promise<BotDetails> {
  const bot = await loadBot(principal, botRef);
  const type = avatarTypeOf(file.fileName);
  if (!type) throw validationError(AVATAR_FIELD, M.avatarType);
  const image = await compressAvatar(file.data, type.format);
  const avatar: BotAvatar = {
    id: randomUUID(),
    contentType: 'image/webp',
    width: image.width,
    height: image.height,
    bytes: image.data.length,
    updatedAt: new Date().toISOString(),
  };
  const key = avatarKey(principal.tenantId, bot.id, avatar.id);
  await ctx.blobs.put(key, image.data, avatar.contentType);
  let before: Bot;
  try {
    ({ before } = await changeBot(ctx, principal, bot, (settings) => ({
      settings: { ...settings, botAvatar: avatar },
    })));
  } catch (error) {
    await ctx.blobs.delete(key);
    throw error;
  }
  await deleteAvatarBlob(ctx, principal.tenantId, bot.id, botAvatarOf(before.settings));
  return getBot(ctx, principal, botRefOf(bot));
}

/** DELETE /api/bots/{bot}/avatar: the bot shows no avatar; removing none is no error. */
export async function removeBotAvatar(
  ctx: AppContext,
  principal: Principal,
  botRef: BotRef,
): Promise<BotDetails> {
  const bot = await loadBot(principal, botRef);
  const { before } = await changeBot(ctx, principal, bot, (settings) => {
    const { botAvatar: _removed, ...rest } = settings;
    return { settings: rest };
  });
  await deleteAvatarBlob(ctx, principal.tenantId, bot.id, botAvatarOf(before.settings));
  return getBot(ctx, principal, botRefOf(bot));
}

async function deleteAvatarBlob(ctx: AppContext, tenantId: string, botId: string, avatar: BotAvatar | null) {
  if (avatar) await ctx.blobs.delete(avatarKey(tenantId, botId, avatar.id));
}

/** GET /api/bots/{bot}/avatar: the stored image, or 404 when the bot has none. */
export async function readBotAvatar(
  ctx: AppContext,
  principal: Principal,
  botRef: BotRef,
): Promise<{ avatar: BotAvatar; data: Buffer }> {
  const bot = await loadBot(principal, botRef);
  const avatar = botAvatarOf(bot.settings);
  const blob = avatar && (await ctx.blobs.get(avatarKey(principal.tenantId, bot.id, avatar.id)));
  if (!avatar || !blob) throw notFound(M.noAvatar);
  return { avatar, data: blob.data };
}
