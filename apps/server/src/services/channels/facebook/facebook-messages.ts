import { z } from 'zod';

/**
 * The Messenger Platform's shapes (developers.facebook.com/docs/messenger-platform): what its
 * webhook posts, and what the Send API takes. Only the parts Parley reads or writes.
 */

const id = z.string().min(1).max(100);

/** One entry of `entry[].messaging[]`: a message, a postback, or an event Parley ignores (read, delivery). */
export const messagingEventSchema = z.object({
  sender: z.object({ id }),
  recipient: z.object({ id }).optional(),
  timestamp: z.number().optional(),
  message: z
    .object({
      mid: z.string().min(1).max(300),
      text: z.string().optional(),
      is_echo: z.boolean().optional(),
      quick_reply: z.object({ payload: z.string() }).optional(),
      attachments: z
        .array(
          z.object({
            type: z.string(),
            payload: z.object({ url: z.string().optional() }).nullish(),
          }),
        )
        .optional(),
    })
    .optional(),
  postback: z
    .object({
      mid: z.string().min(1).max(300).optional(),
      title: z.string().optional(),
      payload: z.string(),
    })
    .optional(),
});
export type MessagingEvent = z.infer<typeof messagingEventSchema>;

/** The webhook's body; events are parsed one by one so one odd event does not hide the others. */
export const webhookBodySchema = z.object({
  object: z.string(),
  entry: z
    .array(
      z.object({
        id: z.string(),
        time: z.number().optional(),
        messaging: z.array(z.unknown()).optional(),
      }),
    )
    .max(1000),
});

/** The Send API's limits (Send API reference, 'Quick replies'). */
export const MESSENGER_LIMITS = {
  textLength: 2000,
  quickReplies: 13,
  quickReplyTitle: 20,
  quickReplyPayload: 1000,
} as const;

export interface QuickReply {
  content_type: 'text';
  title: string;
  payload: string;
}

export type AttachmentType = 'image' | 'audio' | 'video' | 'file';

/** `message` of a Send API request. */
export type SendMessage =
  | { text: string; quick_replies?: QuickReply[] }
  | { attachment: { type: AttachmentType; payload: { url: string; is_reusable: boolean } } };

/** One Send API request, without its recipient (the conversation's user, added when sent). */
export type FacebookOutbound = { message: SendMessage } | { sender_action: 'typing_on' };
