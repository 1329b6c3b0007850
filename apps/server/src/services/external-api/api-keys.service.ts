import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  API_CONVERSATION_LIFETIME,
  customError,
  DIRECT_LINE_PATH,
  EXTERNAL_API_MESSAGES,
  type ExternalApiSettingsView,
  type GeneratedApiKey,
  MAX_API_KEYS_PER_BOT,
  notFound,
  type UpdateApiKeysBody,
} from '@parley/contracts';
import type { ExternalApiKeyRecord } from '@parley/db';
import type { BotRef } from '../../auth/bot-ref';
import type { Principal } from '../../auth/principal';
import type { AppContext } from '../../context';
import { loadBot } from '../bots/bot-access.service';

/**
 * A key is `prl_<keyId>_<secret>`: the id (16 hex digits) says which row to check, the secret
 * (256 random bits) is what proves it. Only the SHA-256 of the whole key is kept: a key of that
 * much entropy needs no slow hash, and the database never holds anything that opens the channel.
 */
const KEY_PATTERN = /^prl_([0-9a-f]{16})_([A-Za-z0-9_-]{43})$/;

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/** A new key with its id, hash and hint; the key itself leaves the server once, in generate's answer. */
export function newApiKey(): { apiKey: string; keyId: string; keyHash: string; hint: string } {
  const keyId = randomBytes(8).toString('hex');
  const secret = randomBytes(32).toString('base64url');
  const apiKey = `prl_${keyId}_${secret}`;
  return { apiKey, keyId, keyHash: sha256(apiKey).toString('hex'), hint: `…${secret.slice(-4)}` };
}

/** The key id a text names if it has a key's shape; undefined for anything else. */
export function keyIdOf(text: string): string | undefined {
  return KEY_PATTERN.exec(text)?.[1];
}

/** Whether a text is the key a record was made from, compared in a time that tells nothing of the guess. */
export function isKeyOf(record: ExternalApiKeyRecord, text: string): boolean {
  const stored = Buffer.from(record.keyHash, 'hex');
  const given = sha256(text);
  return stored.length === given.length && timingSafeEqual(stored, given);
}

/**
 * The unlocked key a client shows, read from the database on every call: a key locked or
 * deleted a moment ago opens nothing (no cache outlives it). Undefined for anything else.
 */
export async function unlockedKey(ctx: AppContext, text: string): Promise<ExternalApiKeyRecord | undefined> {
  const keyId = keyIdOf(text);
  if (!keyId) return undefined;
  const record = await keyRecordOf(ctx, keyId);
  if (!record || !isKeyOf(record, text) || record.isLocked) return undefined;
  return record;
}

/** Whose each key is (a key never moves to another bot): what finds its record among the bot's kept data. */
const ownerOfKey = new Map<string, { tenantId: string; id: string }>();
const KEPT_KEY_OWNERS = 10_000;

/**
 * A key's record as every Direct Line call checks it, kept with its bot's runtime data: locking or
 * deleting a key is a write to the bot's External API (announced), so the next call reads it again.
 */
export async function keyRecordOf(ctx: AppContext, keyId: string): Promise<ExternalApiKeyRecord | undefined> {
  const owner = ownerOfKey.get(keyId);
  if (owner)
    return ctx.botRuntime.remember(owner, `api-key:${keyId}`, () => ctx.repos.externalApiKeys.byKeyId(keyId));
  const record = await ctx.repos.externalApiKeys.byKeyId(keyId);
  if (record) {
    if (ownerOfKey.size >= KEPT_KEY_OWNERS) ownerOfKey.delete(ownerOfKey.keys().next().value as string);
    ownerOfKey.set(keyId, { tenantId: record.tenantId, id: record.botId });
  }
  return record;
}

/** Where every process hears of keys locked or deleted: their open streams end at once. */
export const REVOKED_KEYS_CHANNEL = 'parley:direct-line:revoked-keys';

/** Tells every process that these keys no longer open anything (their streams check and close). */
async function announceRevoked(ctx: AppContext, keyIds: string[]): Promise<void> {
  if (keyIds.length > 0) await ctx.shared.pubsub.publish(REVOKED_KEYS_CHANNEL, { keyIds });
}

/** The Direct Line endpoint under PUBLIC_URL. */
export const directLineUrl = (publicUrl: string) => `${publicUrl.replace(/\/+$/, '')}${DIRECT_LINE_PATH}`;

/** GET /api/external/{bot}/api-keys: the keys (never the keys themselves), the timeout and the endpoint. */
export async function externalApiSettings(
  ctx: AppContext,
  principal: Principal,
  botRef: BotRef,
): Promise<ExternalApiSettingsView> {
  const bot = await loadBot(principal, botRef);
  const repo = principal.scope.externalApi(bot.id);
  const [keys, lifetime] = await Promise.all([repo.listKeys(), repo.conversationLifetime()]);
  return {
    apiKeys: keys.map((key) => ({
      keyId: key.keyId,
      hint: key.hint,
      isLocked: key.isLocked,
      createdAt: key.createdAt,
    })),
    conversationIdLifeTime: lifetime ?? API_CONVERSATION_LIFETIME.defaultSeconds,
    directLineUrl: directLineUrl(ctx.config.publicUrl),
  };
}

/** POST /api/external/{bot}/api-key/generate: a new unlocked key, shown this once. */
export async function generateApiKey(principal: Principal, botRef: BotRef): Promise<GeneratedApiKey> {
  const bot = await loadBot(principal, botRef);
  const repo = principal.scope.externalApi(bot.id);
  if ((await repo.listKeys()).length >= MAX_API_KEYS_PER_BOT)
    throw customError(EXTERNAL_API_MESSAGES.tooManyKeys, 409);
  const { apiKey, keyId, keyHash, hint } = newApiKey();
  await repo.addKey({ keyId, keyHash, hint });
  await principal.scope.audit.record({
    actor: principal.user.id,
    action: 'external-api.key.generate',
    target: bot.botName,
    details: keyId,
  });
  return { apiKey, keyId, isLocked: false };
}

/** PUT /api/external/{bot}/api-key/update: locks and unlocks keys (at once), and sets the timeout. */
export async function updateApiKeys(
  ctx: AppContext,
  principal: Principal,
  botRef: BotRef,
  body: UpdateApiKeysBody,
): Promise<void> {
  const bot = await loadBot(principal, botRef);
  const repo = principal.scope.externalApi(bot.id);
  const changes = Object.entries(body.apiKeys).map(([keyId, { isLocked }]) => ({ keyId, isLocked }));
  if (!(await repo.setLocked(changes))) throw notFound(EXTERNAL_API_MESSAGES.unknownKey);
  await announceRevoked(
    ctx,
    changes.filter((change) => change.isLocked).map((change) => change.keyId),
  );
  if (body.conversationIdLifeTime !== undefined)
    await repo.setConversationLifetime(body.conversationIdLifeTime);
  await principal.scope.audit.record({
    actor: principal.user.id,
    action: 'external-api.keys.update',
    target: bot.botName,
    details: JSON.stringify({ apiKeys: body.apiKeys, conversationIdLifeTime: body.conversationIdLifeTime }),
  });
}

/** DELETE /api/external/{bot}/api-key/{keyId}: the key opens nothing any more, nor its conversations. */
export async function deleteApiKey(
  ctx: AppContext,
  principal: Principal,
  botRef: BotRef,
  keyId: string,
): Promise<void> {
  const bot = await loadBot(principal, botRef);
  if (!(await principal.scope.externalApi(bot.id).deleteKey(keyId)))
    throw notFound(EXTERNAL_API_MESSAGES.unknownKey);
  await announceRevoked(ctx, [keyId]);
  await principal.scope.audit.record({
    actor: principal.user.id,
    action: 'external-api.key.delete',
    target: bot.botName,
    details: keyId,
  });
}
