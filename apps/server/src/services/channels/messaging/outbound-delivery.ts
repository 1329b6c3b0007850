import { CHANNEL_KEYS, type OutboundActivity, platformOfChannel } from '@parley/contracts';
import type { Bot, ConversationRecord } from '@parley/db';
import type { AppContext } from '../../../context';
import type { JobPayloads } from '../../../jobs/job-payloads';
import type { ChannelPlugin } from '../channel-plugin';
import { channelPluginOf } from '../channel-plugins';
import { channelFileUrl } from './channel-files';
import { readPlatformKeys } from './channel-keys.service';
import type { ChannelRecipient } from './messaging-platform';

/** Tries of a message the platform refused, the first included; waits double from the first. */
export const DELIVERY_RETRY = { attempts: 5, firstWaitMs: 2000 } as const;

/** The rest of a conversation's answer, waiting to be sent again (the job's payload). */
export type PendingDelivery = JobPayloads['channel.deliver'];

/**
 * The bot's activities to one platform user: converted by the plug-in and sent one by one, in
 * order (or all at once, to a plug-in that takes them together). A message the platform refuses
 * (down, rate-limited) and the ones after it go to a job that tries again with growing waits, so
 * nothing is lost and nothing is sent twice.
 */
export async function deliverActivities(
  ctx: AppContext,
  plugin: ChannelPlugin<unknown, unknown>,
  to: ChannelRecipient,
  activities: readonly OutboundActivity[],
): Promise<void> {
  if (!plugin.send && !plugin.sendTogether) return;
  const bot = to.keys.bot;
  const context = { fileUrl: (fileId: string) => channelFileUrl(ctx, bot.tenantId, bot.id, fileId) };
  const messages = activities.flatMap((activity) => plugin.toOutbound(activity, context));
  await sendInOrder(ctx, plugin, to, messages, 1);
}

async function sendInOrder(
  ctx: AppContext,
  plugin: ChannelPlugin<unknown, unknown>,
  to: ChannelRecipient,
  messages: readonly unknown[],
  attempt: number,
): Promise<void> {
  if (messages.length === 0) return;
  const { send, sendTogether } = plugin;
  // A platform that takes them as one gets them so; else one by one, in order.
  const parts: Array<() => Promise<void>> = sendTogether
    ? [() => sendTogether(ctx, to, [...messages])]
    : send
      ? messages.map((message) => () => send(ctx, to, message))
      : [];
  for (const [index, part] of parts.entries()) {
    try {
      await part();
    } catch (error) {
      const rest = messages.slice(sendTogether ? 0 : index);
      ctx.log.warn(
        { err: error, channel: plugin.id, conversationId: to.conversation.id, attempt },
        'a channel refused a message; trying again later',
      );
      if (attempt >= DELIVERY_RETRY.attempts) {
        ctx.log.error(
          { channel: plugin.id, conversationId: to.conversation.id },
          'a channel message was given up',
        );
        return;
      }
      const pending: PendingDelivery = {
        tenantId: to.keys.bot.tenantId,
        botId: to.keys.bot.id,
        conversationId: to.conversation.id,
        plugin: plugin.id,
        messages: rest,
        attempt: attempt + 1,
      };
      await ctx.jobs.enqueue('channel.deliver', pending, {
        delayMs: DELIVERY_RETRY.firstWaitMs * 2 ** (attempt - 1),
      });
      return;
    }
  }
}

/** The job: the recipient as stored now, and the messages still to send. */
export async function retryDelivery(ctx: AppContext, pending: PendingDelivery): Promise<void> {
  const plugin = channelPluginOf(pending.plugin);
  const scope = ctx.repos.forTenant(pending.tenantId);
  const bot = await scope.bots.getById(pending.botId);
  const conversation = bot && (await scope.conversations(bot.id).get(pending.conversationId));
  if (!plugin || !bot || !conversation) return;
  const to = await recipientOf(ctx, plugin, bot, conversation);
  if (to) await sendInOrder(ctx, plugin, to, pending.messages, pending.attempt);
}

async function recipientOf(
  ctx: AppContext,
  plugin: ChannelPlugin<unknown, unknown>,
  bot: Bot,
  conversation: ConversationRecord,
): Promise<ChannelRecipient | undefined> {
  const platformId = platformOfChannel(plugin.id);
  if (!platformId) return undefined;
  const scope = ctx.repos.forTenant(bot.tenantId);
  // The declaration alone, not the platform: platforms import this module (their routes deliver).
  const keys = await readPlatformKeys(ctx, scope, bot, { id: platformId, keys: CHANNEL_KEYS[platformId] });
  const address = await scope.channelAddresses(bot.id).get(conversation.channel, conversation.userKey);
  return keys && address ? { keys, conversation, address } : undefined;
}

/**
 * What the bot says outside a user's turn (a Delay's end, the idle text, an agent's answer) to a
 * user of a messaging platform: sent through the platform to the address of their last message.
 * Other channels follow the conversation's topic and need nothing here.
 */
export async function deliverOutOfTurn(
  ctx: AppContext,
  bot: Bot,
  conversation: ConversationRecord,
  activities: readonly OutboundActivity[],
): Promise<void> {
  const plugin = channelPluginOf(conversation.channel, { forConversations: true });
  if (!(plugin?.send || plugin?.sendTogether) || conversation.isTest || activities.length === 0) return;
  const to = await recipientOf(ctx, plugin, bot, conversation);
  if (to) await deliverActivities(ctx, plugin, to, activities);
}
