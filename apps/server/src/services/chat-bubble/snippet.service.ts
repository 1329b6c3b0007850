import { randomBytes } from 'node:crypto';
import {
  type CreateSnippetBody,
  conflict,
  DEFAULT_SNIPPET_SETTINGS,
  SNIPPET_MESSAGES as M,
  notFound,
  type RenameSnippetBody,
  readSnippetSettings,
  SNIPPET_ICON_FIELD,
  SNIPPET_LIMITS,
  SNIPPET_VERSION,
  type SnippetBaseUrl,
  type SnippetIconKind,
  type SnippetSettings,
  type SnippetView,
  snippetIconTypeOf,
  type UpdateSnippetBody,
  validationError,
} from '@parley/contracts';
import type { SnippetRecord, TenantScope } from '@parley/db';
import type { BotRef } from '../../auth/bot-ref';
import type { Principal } from '../../auth/principal';
import { botBlobPrefix } from '../../blobs/blob-store';
import type { AppContext } from '../../context';
import type { UploadedFile } from '../../http/multipart';
import { drawSnippetIcon } from '../../untrusted-input/snippet-icon';
import { loadBot } from '../bots/bot-access.service';
import { websocketUrl } from '../realtime/websocket-url';

/** The settings key each uploaded image is named under. */
const ICON_SETTING = { avatar: 'avatar', 'bubble-icon': 'bubbleIcon' } as const satisfies Record<
  SnippetIconKind,
  keyof SnippetSettings
>;

/** Every blob of one snippet is under its folder, so deleting the snippet deletes its images. */
export const snippetBlobPrefix = (snippet: SnippetRecord) =>
  `${botBlobPrefix(snippet.tenantId, snippet.botId)}snippets/${snippet.id}/`;
export const snippetIconKey = (snippet: SnippetRecord, kind: SnippetIconKind, imageId: string) =>
  `${snippetBlobPrefix(snippet)}${kind}/${imageId}.png`;

export function snippetViewOf(record: SnippetRecord): SnippetView {
  return {
    name: record.name,
    version: record.version,
    description: record.description,
    code: record.code,
    token: record.token,
    allowedOrigins: record.allowedOrigins,
    settings: readSnippetSettings(record.settings),
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}

async function snippetsOf(principal: Principal, botRef: BotRef) {
  const bot = await loadBot(principal, botRef);
  return { bot, snippets: principal.scope.snippets(bot.id) };
}

async function snippetNamed(principal: Principal, botRef: BotRef, name: string) {
  const { bot, snippets } = await snippetsOf(principal, botRef);
  const snippet = await snippets.get(name);
  if (!snippet) throw notFound(M.notFound(name.slice(0, 100)));
  return { bot, snippets, snippet };
}

/** GET /api/bots/{bot}/snippets: the bot's snippets, oldest first. */
export async function listSnippets(principal: Principal, botRef: BotRef): Promise<SnippetView[]> {
  const { snippets } = await snippetsOf(principal, botRef);
  return (await snippets.list()).map(snippetViewOf);
}

/** GET /api/bots/{bot}/snippets/base-url: where embed codes point the widget. */
export function snippetBaseUrl(ctx: AppContext): SnippetBaseUrl {
  const backendUrl = ctx.config.publicUrl;
  return {
    backendUrl,
    websocketUrl: websocketUrl(backendUrl),
    bcr: `${backendUrl}/api/widget`,
    scriptUrl: `${backendUrl}/assets/chat-widget.js`,
  };
}

/** POST /api/bots/{bot}/snippets: a new snippet with a fresh token and code. */
export async function createSnippet(
  principal: Principal,
  botRef: BotRef,
  body: CreateSnippetBody,
): Promise<SnippetView> {
  const { snippets } = await snippetsOf(principal, botRef);
  if ((await snippets.count()) >= SNIPPET_LIMITS.perBot) throw conflict(M.tooMany);
  const created = await snippets.create({
    name: body.name,
    version: SNIPPET_VERSION,
    description: body.description ?? '',
    token: randomBytes(18).toString('base64url'),
    code: randomBytes(12).toString('base64url'),
    allowedOrigins: body.allowedOrigins ?? [],
    settings: { ...DEFAULT_SNIPPET_SETTINGS, ...body.settings },
  });
  if (!created) throw conflict(M.nameTaken(body.name));
  return snippetViewOf(created);
}

/** PUT /api/bots/{bot}/snippets/{name}: description, origins and settings; what is not sent stays. */
export async function updateSnippet(
  principal: Principal,
  botRef: BotRef,
  name: string,
  body: UpdateSnippetBody,
): Promise<SnippetView> {
  const { snippets, snippet } = await snippetNamed(principal, botRef, name);
  const updated = await snippets.update(name, {
    ...(body.description === undefined ? {} : { description: body.description }),
    ...(body.allowedOrigins === undefined ? {} : { allowedOrigins: body.allowedOrigins }),
    ...(body.settings === undefined
      ? {}
      : { settings: { ...readSnippetSettings(snippet.settings), ...body.settings } }),
  });
  if (typeof updated === 'string') throw notFound(M.notFound(name.slice(0, 100)));
  return snippetViewOf(updated);
}

/** PUT /api/bots/{bot}/snippets/{name}/name: the token and code stay, so pasted embed codes keep working. */
export async function renameSnippet(
  principal: Principal,
  botRef: BotRef,
  name: string,
  body: RenameSnippetBody,
): Promise<SnippetView> {
  const { snippets, snippet } = await snippetNamed(principal, botRef, name);
  if (body.newName === snippet.name) return snippetViewOf(snippet);
  const renamed = await snippets.update(name, { name: body.newName });
  if (renamed === 'taken') throw conflict(M.nameTaken(body.newName));
  if (renamed === 'missing') throw notFound(M.notFound(name.slice(0, 100)));
  return snippetViewOf(renamed);
}

/** DELETE /api/bots/{bot}/snippets/{name}: the snippet and its images; its embed code stops working. */
export async function deleteSnippet(
  ctx: AppContext,
  principal: Principal,
  botRef: BotRef,
  name: string,
): Promise<void> {
  const { snippets } = await snippetsOf(principal, botRef);
  const deleted = await snippets.delete(name);
  if (!deleted) throw notFound(M.notFound(name.slice(0, 100)));
  await ctx.blobs.deletePrefix(snippetBlobPrefix(deleted));
}

/**
 * PUT /api/bots/{bot}/snippets/{name}/{avatar|bubble-icon}: a png, jpeg or svg icon, drawn anew
 * as PNG (untrusted-input/snippet-icon.ts) and stored under a new id; the one it replaces goes.
 */
export async function uploadSnippetIcon(
  ctx: AppContext,
  principal: Principal,
  botRef: BotRef,
  name: string,
  kind: SnippetIconKind,
  file: UploadedFile,
): Promise<SnippetView> {
  const { snippets, snippet } = await snippetNamed(principal, botRef, name);
  const type = snippetIconTypeOf(file.fileName);
  if (!type) throw validationError(SNIPPET_ICON_FIELD, M.iconType);
  const image = await drawSnippetIcon(file.data, type.format);
  const imageId = crypto.randomUUID();
  await ctx.blobs.put(snippetIconKey(snippet, kind, imageId), image.data, image.contentType);
  return replaceIcon(ctx, snippets, snippet, kind, imageId);
}

/** DELETE /api/bots/{bot}/snippets/{name}/{avatar|bubble-icon}: back to the widget's own picture. */
export async function removeSnippetIcon(
  ctx: AppContext,
  principal: Principal,
  botRef: BotRef,
  name: string,
  kind: SnippetIconKind,
): Promise<SnippetView> {
  const { snippets, snippet } = await snippetNamed(principal, botRef, name);
  return replaceIcon(ctx, snippets, snippet, kind, null);
}

async function replaceIcon(
  ctx: AppContext,
  snippets: ReturnType<TenantScope['snippets']>,
  snippet: SnippetRecord,
  kind: SnippetIconKind,
  imageId: string | null,
): Promise<SnippetView> {
  const settings = readSnippetSettings(snippet.settings);
  const before = settings[ICON_SETTING[kind]];
  const updated = await snippets.update(snippet.name, {
    settings: { ...settings, [ICON_SETTING[kind]]: imageId },
  });
  if (typeof updated === 'string') {
    if (imageId) await ctx.blobs.delete(snippetIconKey(snippet, kind, imageId));
    throw notFound(M.notFound(snippet.name.slice(0, 100)));
  }
  if (before && before !== imageId) await ctx.blobs.delete(snippetIconKey(snippet, kind, before));
  return snippetViewOf(updated);
}

/** The stored image of a snippet's icon, by the snippet's public token; undefined when it has none. */
export async function snippetIcon(
  ctx: AppContext,
  token: string,
  kind: SnippetIconKind,
): Promise<{ imageId: string; data: Buffer; contentType: string } | undefined> {
  const snippet = await ctx.repos.snippets.byToken(token);
  const imageId = snippet && readSnippetSettings(snippet.settings)[ICON_SETTING[kind]];
  if (!snippet || !imageId) return undefined;
  const blob = await ctx.blobs.get(snippetIconKey(snippet, kind, imageId));
  return blob && { imageId, data: blob.data, contentType: blob.contentType };
}
