import type { TopicOf } from '@parley/contracts';
import type { AppContext } from '../../context';

/** A visitor without a platform account: the bot they talk to and the user key of their conversations. */
export interface Visitor {
  tenantId: string;
  botId: string;
  userKey: string;
}

/**
 * Whether a conversation is the visitor's own: of their bot, on the channel they came by (the
 * public test chat, the chat widget), with their user key. A visitor follows and talks in only these.
 */
export async function isVisitorConversation(
  ctx: AppContext,
  visitor: Visitor,
  channelId: string,
  topic: TopicOf<'conversation'>,
): Promise<boolean> {
  if (topic.botId !== visitor.botId) return false;
  const conversation = await ctx.repos
    .forTenant(visitor.tenantId)
    .conversations(visitor.botId)
    .get(topic.conversationId);
  return conversation?.channel === channelId && conversation.userKey === visitor.userKey;
}
