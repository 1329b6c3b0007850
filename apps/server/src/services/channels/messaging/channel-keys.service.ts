import {
  AppError,
  CHANNEL_KEYS_MESSAGES,
  type ChannelPlatform,
  channelKeysBodySchema,
  channelKeysView,
  isMaskedSecret,
} from '@parley/contracts';
import type { Bot, ChannelKeysRecord, TenantScope } from '@parley/db';
import type { AppContext } from '../../../context';
import { parseInput } from '../../../http/validate';
import { createSecretSeal } from '../../functions/function-secret-seal';
import type { MessagingPlatform, PlatformKeys } from './messaging-platform';

/** Channel credentials have their own key, derived from the server's secret (purpose-bound). */
const sealsBySecret = new Map<string, ReturnType<typeof createSecretSeal>>();
function sealOf(ctx: AppContext) {
  let seal = sealsBySecret.get(ctx.config.jwtSecret);
  if (!seal) {
    seal = createSecretSeal(ctx.config.jwtSecret, 'channel-credentials');
    sealsBySecret.set(ctx.config.jwtSecret, seal);
  }
  return seal;
}

/** What reading and storing keys needs of a platform: its name and its keys' declaration. */
type KeysOwner = Pick<MessagingPlatform, 'id' | 'keys'>;

const secretNames = (platform: KeysOwner) =>
  Object.entries(platform.keys.fields)
    .filter(([, field]) => field.kind === 'secret')
    .map(([name]) => name);

/** A stored record, opened: the plain keys and the secrets in clear, for the platform's calls only. */
export function openKeys(
  ctx: AppContext,
  bot: Bot,
  platform: KeysOwner,
  record: ChannelKeysRecord,
): PlatformKeys {
  const values: Record<string, unknown> = { ...record.keys };
  for (const [name, sealed] of Object.entries(record.sealedSecrets)) values[name] = sealOf(ctx).open(sealed);
  return { bot, platform: platform.id, webhookId: record.webhookId, values };
}

/** The bot's keys for a platform, opened; undefined before any were saved. */
export async function readPlatformKeys(
  ctx: AppContext,
  scope: TenantScope,
  bot: Bot,
  platform: KeysOwner,
): Promise<PlatformKeys | undefined> {
  const record = await scope.channelKeys(bot.id).get(platform.id);
  return record && openKeys(ctx, bot, platform, record);
}

/**
 * Stores keys whole: plain ones as they are, secrets sealed. Services of a platform use it for
 * what they set themselves (isValidated, a mail account); PUT .../keys goes through saveKeysFromUser.
 */
export async function storePlatformKeys(
  ctx: AppContext,
  scope: TenantScope,
  bot: Bot,
  platform: KeysOwner,
  values: Record<string, unknown>,
): Promise<PlatformKeys> {
  const secrets = new Set(secretNames(platform));
  const plain: Record<string, unknown> = {};
  const sealed: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) {
    if (secrets.has(name)) {
      if (typeof value === 'string' && value !== '') sealed[name] = sealOf(ctx).seal(value);
    } else plain[name] = value;
  }
  const record = await scope.channelKeys(bot.id).save(platform.id, plain, sealed);
  return openKeys(ctx, bot, platform, record);
}

/** GET /api/{platform}/{botName}/keys: the keys with secrets masked, and the server's shown values. */
export function keysViewOf(ctx: AppContext, platform: MessagingPlatform, keys: PlatformKeys | undefined) {
  const stored = keys?.values ?? {};
  const shown = keys && platform.shownKeys ? platform.shownKeys(ctx, keys) : {};
  return channelKeysView(platform.keys, { ...stored, ...shown });
}

/**
 * PUT /api/{platform}/{botName}/keys: the keys the body carries replace the stored ones (a secret
 * sent back masked keeps its value); then the platform checks and sets them up. The keys are
 * stored before the platform is asked, so a refused token can be corrected without retyping the rest.
 */
export async function saveKeysFromUser(
  ctx: AppContext,
  scope: TenantScope,
  bot: Bot,
  platform: MessagingPlatform,
  body: unknown,
): Promise<Record<string, unknown>> {
  if (!platform.keys.isWritable)
    throw new AppError('validation_error', CHANNEL_KEYS_MESSAGES.couldNotUpdate, {}, 405);
  const sent = parseInput(channelKeysBodySchema(platform.keys), body);
  const before = (await readPlatformKeys(ctx, scope, bot, platform))?.values ?? {};
  const next: Record<string, unknown> = { ...before };
  const changed: string[] = [];
  for (const [name, value] of Object.entries(sent)) {
    if (typeof value === 'string' && isMaskedSecret(value) && platform.keys.fields[name]?.kind === 'secret')
      continue;
    if (before[name] !== value) changed.push(name);
    next[name] = value;
  }
  let keys = await storePlatformKeys(ctx, scope, bot, platform, next);
  if (platform.afterSave) {
    const learned = await platform.afterSave(ctx, keys, changed);
    if (Object.keys(learned).length > 0)
      keys = await storePlatformKeys(ctx, scope, bot, platform, { ...keys.values, ...learned });
  }
  return keysViewOf(ctx, platform, keys);
}

/** Platform keys found from a webhook's id: the bot and its keys, or undefined (an unknown URL). */
export async function keysOfWebhook(
  ctx: AppContext,
  platform: MessagingPlatform,
  webhookId: string,
): Promise<PlatformKeys | undefined> {
  if (webhookId.length > 64) return undefined;
  const record = await ctx.repos.channels.keysByWebhookId(webhookId);
  if (!record || record.platform !== platform.id) return undefined;
  const bot = await ctx.repos.forTenant(record.tenantId).bots.getById(record.botId);
  return bot ? openKeys(ctx, bot, platform, record) : undefined;
}

export type { ChannelPlatform };
