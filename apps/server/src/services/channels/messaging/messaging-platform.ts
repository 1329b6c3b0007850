import type { ChannelKeysDeclaration, ChannelPlatform } from '@parley/contracts';
import type { Bot, ConversationRecord } from '@parley/db';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context';

/**
 * A bot's keys for one platform, opened: plain keys and secrets by their names in the platform's
 * declaration (contracts CHANNEL_KEYS), flat ('pages[0].accessToken').
 */
export interface PlatformKeys {
  bot: Bot;
  platform: ChannelPlatform;
  /** Names the bot in the platform's inbound URL: `${publicUrl}/webhooks/${platform}/${webhookId}`. */
  webhookId: string;
  values: Record<string, unknown>;
}

/** Where one user of a platform is reached: the address kept from their last message. */
export interface ChannelRecipient {
  keys: PlatformKeys;
  conversation: Pick<ConversationRecord, 'id' | 'channel' | 'userKey' | 'language'>;
  address: Record<string, unknown>;
}

/**
 * One messaging platform (issue 14): its keys, the values the server shows in its dialog, what
 * saving keys does with the platform (validate, register a webhook), and its own routes
 * (inbound webhooks with the platform's request authentication, and its extra calls of spec 04
 * section 7.1). Its channels' conversions and sending are their ChannelPlugins.
 */
export interface MessagingPlatform {
  id: ChannelPlatform;
  keys: ChannelKeysDeclaration;
  /** The 'shown' keys the server computes (webhook URLs and the like), from the stored ones. */
  shownKeys?(ctx: AppContext, keys: PlatformKeys): Record<string, unknown>;
  /**
   * After a PUT stored the keys: check them with the platform and set it up (getMe, setWebhook);
   * the plain keys it answers are stored too (isValidated). An AppError (4xx) reaches the user;
   * the keys stay stored either way, so a user can correct one field.
   */
  afterSave?(
    ctx: AppContext,
    keys: PlatformKeys,
    changed: readonly string[],
  ): Promise<Record<string, unknown>>;
  /** Inbound webhooks and the platform's other calls; mounted once at start. */
  routes?(app: FastifyInstance, ctx: AppContext): void;
}

export const webhookUrlOf = (ctx: AppContext, platform: ChannelPlatform, webhookId: string, kind?: string) =>
  `${ctx.config.publicUrl}/webhooks/${platform}/${kind ? `${kind}/` : ''}${encodeURIComponent(webhookId)}`;
