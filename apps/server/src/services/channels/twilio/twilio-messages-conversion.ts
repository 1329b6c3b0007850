import type { InboundActivity, OutboundActivity } from '@parley/contracts';
import type { OutboundContext } from '../channel-plugin';
import { optionChosenByNumber, splitText, textFallbackOf } from '../messaging/text-fallback';
import type { TwilioParams } from './twilio-signature';

/** The longest Body Twilio's Messages API takes (SMS and WhatsApp alike): longer texts go in parts. */
export const TWILIO_BODY_MAX_LENGTH = 1600;
/** The most media one message carries (Twilio: NumMedia up to 10). */
const MAX_MEDIA = 10;

/** A message Twilio delivered (its webhook's form fields), with the options the bot sent last. */
export interface TwilioInbound {
  params: TwilioParams;
  /** The numbered options of the bot's last message: a digit answer picks one. */
  lastOptions?: readonly string[];
}

/** One message for the Messages API (kept as JSON by the delivery job while it waits to retry). */
export interface TwilioOutbound {
  body?: string;
  /** A picture Twilio fetches and sends (MMS, or WhatsApp media). */
  mediaUrl?: string;
  /** A file: WhatsApp sends it as media; an SMS gets its name and link in the text. */
  file?: { name: string; url: string };
  /** The options this text numbers: the user's next digit answer picks one. */
  options?: string[];
  /** The bot handed the conversation over to a person: the handover alert numbers get an SMS. */
  isHandoverAlert?: true;
}

const textOf = (params: TwilioParams, name: string): string => {
  const value = params[name];
  return typeof value === 'string' ? value : '';
};

/** The pictures and files of an inbound message (MediaUrl0..n), named by their last path step. */
function mediaOf(params: TwilioParams): { url: string; name: string }[] {
  const count = Math.min(Number.parseInt(textOf(params, 'NumMedia'), 10) || 0, MAX_MEDIA);
  const files: { url: string; name: string }[] = [];
  for (let index = 0; index < count; index++) {
    const url = textOf(params, `MediaUrl${index}`);
    if (!/^https?:\/\//.test(url)) continue;
    const type = textOf(params, `MediaContentType${index}`);
    const step = url.split('/').pop() || `media-${index}`;
    const extension = type.includes('/') ? `.${type.split('/')[1]?.split(/[;+]/)[0]}` : '';
    files.push({ url, name: `${step}${extension}`.slice(0, 255) });
  }
  return files;
}

/**
 * An SMS or WhatsApp message as the runtime's activity: a WhatsApp quick-reply button (ButtonText)
 * or a number answering the bot's numbered options is a click on that option; pictures and files
 * are an attachment; other texts are the user's words.
 */
export function twilioActivityOf({ params, lastOptions = [] }: TwilioInbound): InboundActivity | undefined {
  const body = textOf(params, 'Body');
  const button = textOf(params, 'ButtonText');
  if (button !== '') return { type: 'click', text: button };
  const files = mediaOf(params);
  if (files.length > 0) return { type: 'attachment', files, ...(body.trim() !== '' ? { text: body } : {}) };
  const chosen = optionChosenByNumber(body, lastOptions);
  if (chosen !== undefined) return { type: 'click', text: chosen };
  return body.trim() === '' ? undefined : { type: 'text', text: body };
}

/** A text in Bodies Twilio takes; the last part carries what belongs to the whole (the options). */
const textMessages = (text: string, last: Partial<TwilioOutbound> = {}): TwilioOutbound[] => {
  const parts = splitText(text, TWILIO_BODY_MAX_LENGTH);
  return parts.map((body, index) => (index === parts.length - 1 ? { body, ...last } : { body }));
};

/**
 * A runtime activity as Twilio messages. SMS and WhatsApp (without pre-approved content
 * templates) show text and media only, so options and ratings are numbered lines the user answers
 * with the number or the text: every option is listed, also beyond the catalogue's 10 (the flow
 * editor warns about those), so each stays answerable. Cards say their texts; files go as media
 * or links; a handover alerts the alert numbers; other events say nothing.
 */
export function twilioMessagesOf(activity: OutboundActivity, context: OutboundContext): TwilioOutbound[] {
  switch (activity.type) {
    case 'text':
      return activity.text.trim() === '' ? [] : textMessages(activity.text);
    case 'image':
      return [{ mediaUrl: activity.url }];
    case 'options':
    case 'rating': {
      const picture: TwilioOutbound[] =
        activity.type === 'options' && activity.image ? [{ mediaUrl: activity.image }] : [];
      const text = textFallbackOf(activity, context.fileUrl) ?? '';
      return [...picture, ...textMessages(text, { options: [...activity.options] })];
    }
    case 'attachment':
      return [{ file: { name: activity.name, url: context.fileUrl(activity.fileId) } }];
    case 'adaptiveCard': {
      const text = textFallbackOf(activity, context.fileUrl);
      return text ? textMessages(text) : [];
    }
    case 'event':
      return activity.name === 'handover' ? [{ isHandoverAlert: true }] : [];
  }
}
