import { z } from 'zod';
import { inboundActivitySchema, type OutboundActivity } from './activities';
import type { HandoverMessageView, HandoverView } from './handover';
import type { SyncProgressStateMessage, SyncProgressView } from './synchronization-model';
import {
  botPublishingTopicSchema,
  conversationTopicSchema,
  handoverInboxTopicSchema,
  realtimeTopicSchema,
  type TopicKind,
  type TopicOf,
  tenantsTopicSchema,
  userNotificationsTopicSchema,
} from './websocket-topics';

/**
 * The websocket gateway (/ws). A client connects with `?app=parley&token=<base64 of the
 * platform token>` (spec 01 section 7), subscribes to topics (websocket-topics.ts) and then
 * receives their events. Both directions are discriminated by `type`.
 */
export { WEBSOCKET_APP_NAME, WEBSOCKET_CLOSE, WEBSOCKET_PATH, type WebsocketUrl } from './websocket-protocol';

export const tenantsChangedMessageSchema = z.object({
  type: z.literal('tenants:changed'),
  topic: tenantsTopicSchema,
  tenantId: z.string(),
  change: z.enum(['created', 'deleted']),
});
export type TenantsChangedMessage = z.infer<typeof tenantsChangedMessageSchema>;

/** A provider's publishing progress (spec 02 section 4 'sync:progress-state'). */
export const syncProgressStateMessageSchema = z.object({
  type: z.literal('sync:progress-state'),
  topic: botPublishingTopicSchema,
  botName: z.string(),
  provider: z.string(),
  syncId: z.string(),
  progress: z.custom<SyncProgressView>((value) => typeof value === 'object' && value !== null),
}) satisfies z.ZodType<SyncProgressStateMessage>;

/** Something that happened in a test chat conversation (the runtime's activity, as sent to the chat). */
export const conversationActivityMessageSchema = z.object({
  type: z.literal('conversation:activity'),
  topic: conversationTopicSchema,
  activity: z.record(z.string(), z.unknown()),
});
export type ConversationActivityMessage = z.infer<typeof conversationActivityMessageSchema>;

/** What the test chat's 'Show details' shows of one turn (spec 01 'Test chat extras'). */
export interface TurnDetailsView {
  /** The intent the turn triggered and its score; null when the answer went to a waiting block. */
  intent: string | null;
  score: number | null;
  entities: Array<{ entity: string; text: string; value: unknown }>;
  /** Every intent the recognizer scored, best first. */
  intents: Array<{ intent: string; score: number }>;
  /** The conversation's variables after the turn. */
  variables: Array<{ name: string; type: string; value: unknown }>;
  /** The flow the turn started, when it started one. */
  flowTriggered: string | null;
  /** Why the flow stopped early, in the designer's terms. */
  error: string | null;
}

/** One turn of a test chat: what the user said, what the bot answered, and the details. */
export const conversationTurnMessageSchema = z.object({
  type: z.literal('conversation:turn'),
  topic: conversationTopicSchema,
  /** What the user said; left out for a turn the bot took on its own (a delay that ended). */
  said: inboundActivitySchema.optional(),
  activities: z.array(z.custom<OutboundActivity>((value) => typeof value === 'object' && value !== null)),
  /** The bot's in-between response delay: the chat shows the activities this many ms apart. */
  responseDelayMs: z.number().min(0).default(0),
  details: z.custom<TurnDetailsView>((value) => typeof value === 'object' && value !== null),
});
export type ConversationTurnMessage = z.infer<typeof conversationTurnMessageSchema>;

/** A notice for one user. */
export const userNotificationMessageSchema = z.object({
  type: z.literal('user:notification'),
  topic: userNotificationsTopicSchema,
  text: z.string(),
});
export type UserNotificationMessage = z.infer<typeof userNotificationMessageSchema>;

/** A handover of the bot changed: it waits, an agent took it, or it went back to the bot (the agent inbox). */
export const handoverChangedMessageSchema = z.object({
  type: z.literal('handover:changed'),
  topic: handoverInboxTopicSchema,
  handover: z.custom<HandoverView>((value) => typeof value === 'object' && value !== null),
});
export type HandoverChangedMessage = z.infer<typeof handoverChangedMessageSchema>;

/** A message in a handed-over conversation, the user's or an agent's (the agent inbox's chat). */
export const handoverMessageMessageSchema = z.object({
  type: z.literal('handover:message'),
  topic: handoverInboxTopicSchema,
  conversationId: z.string(),
  message: z.custom<HandoverMessageView>((value) => typeof value === 'object' && value !== null),
});
export type HandoverMessageMessage = z.infer<typeof handoverMessageMessageSchema>;

/**
 * The event message each topic kind carries, with its topic: a kind without one does not
 * compile, and a message is always routed by the topic it names.
 */
export const TOPIC_EVENT_SCHEMAS = {
  tenants: tenantsChangedMessageSchema,
  'bot-publishing': syncProgressStateMessageSchema,
  conversation: z.discriminatedUnion('type', [
    conversationActivityMessageSchema,
    conversationTurnMessageSchema,
  ]),
  'user-notifications': userNotificationMessageSchema,
  'handover-inbox': z.discriminatedUnion('type', [
    handoverChangedMessageSchema,
    handoverMessageMessageSchema,
  ]),
} as const satisfies { [K in TopicKind]: z.ZodType<{ type: string; topic: TopicOf<K> }> };
export type TopicEvent<K extends TopicKind = TopicKind> = {
  [P in K]: z.infer<(typeof TOPIC_EVENT_SCHEMAS)[P]>;
}[K];

/** Why a subscription ended: the client asked, or the rights behind it are gone. */
export const unsubscribeReasonSchema = z.enum(['requested', 'revoked']);

/** Messages the server sends. */
export const serverMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('connected'), userId: z.string() }),
  z.object({ type: z.literal('subscribed'), topic: realtimeTopicSchema }),
  z.object({ type: z.literal('unsubscribed'), topic: realtimeTopicSchema, reason: unsubscribeReasonSchema }),
  tenantsChangedMessageSchema,
  syncProgressStateMessageSchema,
  conversationActivityMessageSchema,
  conversationTurnMessageSchema,
  userNotificationMessageSchema,
  handoverChangedMessageSchema,
  handoverMessageMessageSchema,
  z.object({ type: z.literal('pong') }),
  /** Bad input, or a subscription refused (then `topic` names it). */
  z.object({ type: z.literal('error'), message: z.string(), topic: realtimeTopicSchema.optional() }),
]);
export type ServerMessage = z.infer<typeof serverMessageSchema>;

/** Messages a client may send; anything else is answered with an error message. */
export const clientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ping') }),
  z.object({ type: z.literal('subscribe'), topic: realtimeTopicSchema }),
  z.object({ type: z.literal('unsubscribe'), topic: realtimeTopicSchema }),
  /** A message of the user in a test chat the socket follows; the answer comes as a conversation:turn event. */
  z.object({
    type: z.literal('conversation:say'),
    topic: conversationTopicSchema,
    activity: inboundActivitySchema,
  }),
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;
