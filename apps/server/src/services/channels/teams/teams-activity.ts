import { z } from 'zod';

/**
 * The parts of a Bot Framework activity (Bot Framework REST API, 'Activity object') that Teams
 * sends and the bot reads. Teams sends more (channelData, entities, localTimestamp, ...): kept out.
 */
const channelAccountSchema = z.object({
  id: z.string().min(1).max(500),
  name: z.string().max(500).optional(),
  /** The user's Microsoft Entra object id: the same person in every conversation with the bot. */
  aadObjectId: z.string().max(100).optional(),
});

const attachmentSchema = z.object({
  contentType: z.string().max(200),
  contentUrl: z.string().max(4000).optional(),
  name: z.string().max(500).optional(),
  content: z.unknown().optional(),
});

export const teamsInboundActivitySchema = z.object({
  type: z.string().min(1).max(100),
  id: z.string().min(1).max(500),
  channelId: z.string().min(1).max(100),
  serviceUrl: z
    .string()
    .max(2000)
    .refine((url) => URL.canParse(url) && /^https?:$/.test(new URL(url).protocol), 'not an http(s) URL'),
  from: channelAccountSchema,
  recipient: channelAccountSchema,
  conversation: z.object({
    id: z.string().min(1).max(1000),
    tenantId: z.string().max(100).optional(),
    conversationType: z.string().max(50).optional(),
  }),
  text: z.string().max(100_000).optional(),
  /** An Adaptive Card's Action.Submit (or a messageBack button): the card's inputs and data. */
  value: z.unknown().optional(),
  attachments: z.array(attachmentSchema).max(50).optional(),
  locale: z.string().max(20).optional(),
  channelData: z
    .object({ tenant: z.object({ id: z.string().max(100) }).optional() })
    .passthrough()
    .optional(),
});
export type TeamsInboundActivity = z.infer<typeof teamsInboundActivitySchema>;

/** A card attached to a message the bot sends (hero or adaptive). */
export interface TeamsAttachment {
  contentType: string;
  content: Record<string, unknown>;
}

/** One activity the bot sends: a message (text, cards) or the typing indicator. */
export type TeamsOutbound =
  | { type: 'typing' }
  | {
      type: 'message';
      text?: string;
      attachments?: TeamsAttachment[];
      attachmentLayout?: 'list' | 'carousel';
    };

/** Where a Teams user is answered: kept from their last authenticated activity. */
export interface TeamsAddress {
  /** The connector service the activity came from (pinned by the token's serviceurl claim). */
  serviceUrl: string;
  conversationId: string;
  /** The bot's id in the conversation ('28:{appId}'). */
  botId: string;
  userId: string;
  tenantId?: string;
  /** The user's last activity: answers thread under it in a channel. */
  replyToId: string;
}

export const HERO_CARD = 'application/vnd.microsoft.card.hero';
export const ADAPTIVE_CARD = 'application/vnd.microsoft.card.adaptive';
