import type { InboundActivity, OutboundActivity } from '@parley/contracts';
import type { OutboundContext } from '../channel-plugin';
import { splitText, textFallbackOf } from '../messaging/text-fallback';
import {
  type AttachmentType,
  type FacebookOutbound,
  MESSENGER_LIMITS,
  type MessagingEvent,
  type QuickReply,
} from './facebook-messages';

const FILE_TYPES = new Set(['image', 'audio', 'video', 'file']);

const fileNameOf = (url: string, type: string) => {
  try {
    const last = new URL(url).pathname.split('/').filter(Boolean).pop();
    return last ? decodeURIComponent(last).slice(0, 255) : type;
  } catch {
    return type;
  }
};

/**
 * A Messenger event as the runtime's activity: typed text; a quick reply or a postback (a button
 * the bot sent, or the page's Get Started and menu) as a click with its payload; files by their
 * URLs. Echoes of the page's own messages, stickers' likes and everything else: undefined.
 */
export function facebookToActivity(event: MessagingEvent): InboundActivity | undefined {
  if (event.postback) return { type: 'click', text: event.postback.payload };
  const message = event.message;
  if (!message || message.is_echo) return undefined;
  if (message.quick_reply) return { type: 'click', text: message.quick_reply.payload };
  const files = (message.attachments ?? []).flatMap((attachment) => {
    const url = attachment.payload?.url;
    if (!FILE_TYPES.has(attachment.type) || !url) return [];
    return [{ url, name: fileNameOf(url, attachment.type) }];
  });
  if (files.length > 0)
    return {
      type: 'attachment',
      files: files.slice(0, 10),
      ...(message.text ? { text: message.text } : {}),
    };
  return message.text ? { type: 'text', text: message.text } : undefined;
}

const textMessages = (text: string): FacebookOutbound[] =>
  text.trim() === ''
    ? []
    : splitText(text, MESSENGER_LIMITS.textLength).map((part) => ({ message: { text: part } }));

const isWebUrl = (url: string) => /^https?:\/\//i.test(url);

const attachmentOf = (type: AttachmentType, url: string): FacebookOutbound => ({
  message: { attachment: { type, payload: { url, is_reusable: false } } },
});

const IMAGE_FILE = /\.(png|jpe?g|gif|webp)$/i;

/** Options Messenger can show as quick replies: at most 13, each title at most 20 characters. */
const fitsQuickReplies = (options: readonly string[]) =>
  options.length > 0 &&
  options.length <= MESSENGER_LIMITS.quickReplies &&
  options.every((option) => {
    const title = option.trim();
    return title !== '' && title.length <= MESSENGER_LIMITS.quickReplyTitle;
  });

/** A question with quick replies; the replies go on the last part of a long question. */
function withQuickReplies(text: string, options: readonly string[]): FacebookOutbound[] {
  const quickReplies: QuickReply[] = options.map((option) => ({
    content_type: 'text',
    title: option.trim(),
    payload: option.slice(0, MESSENGER_LIMITS.quickReplyPayload),
  }));
  const parts = splitText(text, MESSENGER_LIMITS.textLength);
  return parts.map((part, index) =>
    index === parts.length - 1
      ? { message: { text: part, quick_replies: quickReplies } }
      : { message: { text: part } },
  );
}

/**
 * A runtime activity as Send API requests, each after a typing indicator: texts (split at 2000
 * characters), options and ratings as quick replies (numbered in the text when there are more
 * than 13 or a title is longer than 20), images and files as attachments Messenger fetches by
 * URL, and the text fallback for adaptive cards. Events have no Messenger form.
 */
export function facebookToOutbound(activity: OutboundActivity, context: OutboundContext): FacebookOutbound[] {
  const messages = messagesOf(activity, context);
  return messages.length > 0 ? [{ sender_action: 'typing_on' }, ...messages] : [];
}

function messagesOf(activity: OutboundActivity, context: OutboundContext): FacebookOutbound[] {
  switch (activity.type) {
    case 'text':
      return textMessages(activity.text);
    case 'image':
      return isWebUrl(activity.url) ? [attachmentOf('image', activity.url)] : textMessages(activity.url);
    case 'options':
    case 'rating': {
      const image =
        activity.type === 'options' && activity.image && isWebUrl(activity.image)
          ? [attachmentOf('image', activity.image)]
          : [];
      if (!fitsQuickReplies(activity.options))
        return [...image, ...textMessages(textFallbackOf(activity, context.fileUrl) ?? '')];
      // Messenger needs a text above quick replies: a question without one shows the options' list.
      const question = activity.text.trim() !== '' ? activity.text : activity.options.join(' / ');
      return [...image, ...withQuickReplies(question, activity.options)];
    }
    case 'attachment':
      return [
        attachmentOf(IMAGE_FILE.test(activity.name) ? 'image' : 'file', context.fileUrl(activity.fileId)),
      ];
    case 'adaptiveCard':
      return textMessages(textFallbackOf(activity, context.fileUrl) ?? '');
    case 'event':
      return [];
  }
}
