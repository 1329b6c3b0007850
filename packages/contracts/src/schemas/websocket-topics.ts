import { z } from 'zod';

/** An id inside a topic: what the server stores, bounded so a socket cannot send megabytes. */
const topicIdSchema = z.string().min(1).max(300);

/** Tenants created and deleted: master administrators. */
export const tenantsTopicSchema = z.strictObject({ kind: z.literal('tenants') });
/** A bot's publishing progress: everyone who sees the bot. */
export const botPublishingTopicSchema = z.strictObject({
  kind: z.literal('bot-publishing'),
  botId: topicIdSchema,
});
/** A test chat conversation with a bot: whoever may use the bot's test chat. */
export const conversationTopicSchema = z.strictObject({
  kind: z.literal('conversation'),
  botId: topicIdSchema,
  conversationId: topicIdSchema,
});
/** A user's own notifications: that user only. */
export const userNotificationsTopicSchema = z.strictObject({
  kind: z.literal('user-notifications'),
  userId: topicIdSchema,
});

/** A bot's handed-over conversations (the agent inbox): who answers them, permission 60. */
export const handoverInboxTopicSchema = z.strictObject({
  kind: z.literal('handover-inbox'),
  botId: topicIdSchema,
});

/**
 * What a websocket may follow, one kind each (the gateway's authorisation registry and the
 * publishers read this union). A topic is also the address its events are published to, so
 * it names everything its authorisation needs.
 */
export const realtimeTopicSchema = z.discriminatedUnion('kind', [
  tenantsTopicSchema,
  botPublishingTopicSchema,
  conversationTopicSchema,
  userNotificationsTopicSchema,
  handoverInboxTopicSchema,
]);
export type RealtimeTopic = z.infer<typeof realtimeTopicSchema>;
export type TopicKind = RealtimeTopic['kind'];
export type TopicOf<K extends TopicKind> = Extract<RealtimeTopic, { kind: K }>;

/**
 * One string per topic, the same for equal topics whatever the order of their fields: the key
 * sockets are grouped by and the pub/sub channel's suffix.
 */
export function topicKey(topic: RealtimeTopic): string {
  const fields = Object.entries(topic).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify(fields);
}
