import {
  CHAT_TEXT_MAX_LENGTH,
  type ChannelId,
  CONTINUE_CONVERSATION_WITHIN_HOURS,
  type InboundActivity,
  inboundActivitySchema,
  type OutboundActivity,
} from '@parley/contracts';
import type { ConversationRecord } from '@parley/db';
import type { AppContext } from '../../../context';
import { startConversation, takeTurn } from '../../conversations/conversation-turns.service';
import { publishTurn } from '../../conversations/turn-details';
import { type ChannelPlugin, productionOrigin } from '../channel-plugin';
import { isChannelEnabled } from '../channel-plugins';
import type { PlatformKeys } from './messaging-platform';
import { deliverActivities } from './outbound-delivery';

/** One message a platform delivered to the bot, in the runtime's terms. */
export interface InboundMessage {
  /** The platform's id of the message: a retried delivery of the same id is answered once. */
  messageId: string;
  /** Who talks, stable on the platform, prefixed by it ('telegram:12345'): the conversation's user. */
  userKey: string;
  /** Where the bot answers them, kept for its later messages (a Delay's end, an agent's answer). */
  address: Record<string, unknown>;
  activity: InboundActivity;
  /** The catalogue channel the conversation is on when it is not the plug-in's (WhatsApp through Twilio). */
  channel?: ChannelId;
  /** The user's language as the platform says it (a locale). */
  language?: string;
}

export type InboundOutcome =
  | { kind: 'answered'; conversationId: string; activities: OutboundActivity[] }
  /** A retry of a message already taken: nothing runs again. */
  | { kind: 'duplicate' }
  /** The bot does not have the channel added and enabled: the message reaches no flow. */
  | { kind: 'channelOff' }
  /** Nothing the runtime takes (an unknown event type). */
  | { kind: 'ignored' };

export interface ReceiveOptions {
  /**
   * Push the answer through the plug-in's send (messaging); otherwise the caller answers with the
   * activities in the webhook's response (voice).
   */
  send: boolean;
  /**
   * Minutes a quiet conversation goes on (a platform's messagesTimeout); 0: it always goes on.
   * Platforms without the setting go on for CONTINUE_CONVERSATION_WITHIN_HOURS.
   */
  timeoutMinutes?: number;
}

const asRuntimeActivity = (activity: InboundActivity): InboundActivity | undefined => {
  // Platforms allow longer texts than a chat (an e-mail): the runtime takes the first part.
  const trimmed =
    (activity.type === 'text' || activity.type === 'click') && activity.text.length > CHAT_TEXT_MAX_LENGTH
      ? { ...activity, text: activity.text.slice(0, CHAT_TEXT_MAX_LENGTH) }
      : activity;
  const parsed = inboundActivitySchema.safeParse(trimmed);
  return parsed.success ? parsed.data : undefined;
};

/**
 * A platform's inbound message, after its webhook authenticated it (ARCHITECTURE 'A message's
 * way'): refused while the channel is off, taken once per platform message id, answered on the
 * user's conversation (continued while it is open and not quiet for longer than the timeout),
 * followed live in the conversation log, and sent back through the platform.
 */
export async function receiveMessage(
  ctx: AppContext,
  plugin: ChannelPlugin<unknown, unknown>,
  keys: PlatformKeys,
  message: InboundMessage,
  options: ReceiveOptions,
): Promise<InboundOutcome> {
  const bot = keys.bot;
  const scope = ctx.repos.forTenant(bot.tenantId);
  if (!(await isChannelEnabled(scope, bot, plugin.id))) return { kind: 'channelOff' };
  const activity = asRuntimeActivity(message.activity);
  if (!activity) return { kind: 'ignored' };
  const channel = message.channel ?? plugin.id;
  if (!(await ctx.repos.channels.isFirstReceipt(bot.id, channel, message.messageId)))
    return { kind: 'duplicate' };
  await scope.channelAddresses(bot.id).save(channel, message.userKey, message.address);

  const origin = {
    ...productionOrigin(channel, message.userKey),
    ...(message.language ? { language: message.language } : {}),
  };
  const conversation =
    (await openConversationOf(ctx, keys, channel, message.userKey, options.timeoutMinutes)) ??
    (await startConversation(scope, bot, origin));
  const answer = await takeTurn(ctx, scope, bot, conversation.id, origin, activity);
  await publishTurn(
    ctx,
    bot,
    { kind: 'conversation', botId: bot.id, conversationId: conversation.id },
    answer,
    activity,
  );
  if (options.send) {
    await deliverActivities(
      ctx,
      plugin,
      { keys, conversation: { ...conversation, channel }, address: message.address },
      answer.activities,
    );
  }
  return { kind: 'answered', conversationId: conversation.id, activities: answer.activities };
}

async function openConversationOf(
  ctx: AppContext,
  keys: PlatformKeys,
  channel: string,
  userKey: string,
  timeoutMinutes: number | undefined,
): Promise<ConversationRecord | undefined> {
  const quietMs =
    timeoutMinutes === undefined
      ? CONTINUE_CONVERSATION_WITHIN_HOURS * 3_600_000
      : timeoutMinutes === 0
        ? Date.now()
        : timeoutMinutes * 60_000;
  const last = await ctx.repos
    .forTenant(keys.bot.tenantId)
    .conversations(keys.bot.id)
    .latestOf({ channel, userKey, activeSince: new Date(Date.now() - quietMs).toISOString() });
  return last && !last.endedAt ? last : undefined;
}
