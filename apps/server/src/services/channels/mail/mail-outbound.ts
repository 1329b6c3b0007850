import type { OutboundActivity } from '@parley/contracts';
import type { OutboundContext } from '../channel-plugin';
import { textFallbackOf } from '../messaging/text-fallback';

/** What a mail cannot show as buttons, it asks for in words. */
export const NUMBERED_OPTIONS_HINT = 'Reply with the number or the text.';

/**
 * A piece of the bot's mail: plain text, and the options it numbered (what a reply of '2'
 * chooses). One activity is one part; a turn's parts are joined into one mail.
 */
export interface MailPart {
  text: string;
  offeredOptions?: string[];
}

/**
 * A runtime activity as mail text: texts as they are; options and ratings numbered with a line
 * saying how to answer; images and the bot's files as links (a signed, time-limited URL: nothing
 * large travels in the mail); an adaptive card's texts. Events have nothing to say.
 */
export function mailPartsOf(activity: OutboundActivity, context: OutboundContext): MailPart[] {
  const text = textFallbackOf(activity, (fileId) => context.fileUrl(fileId));
  if (text === undefined || text.trim() === '') return [];
  if (activity.type === 'options' || activity.type === 'rating') {
    const image = activity.type === 'options' && activity.image ? `${activity.image}\n\n` : '';
    return [
      {
        text: `${image}${text}\n\n${NUMBERED_OPTIONS_HINT}`,
        offeredOptions: [...activity.options],
      },
    ];
  }
  return [{ text }];
}

/**
 * One mail of several parts (a turn's answer: one mail per turn, as people write them). Its
 * options are the last numbered list's, which is what a reply's number means.
 */
export function joinMailParts(parts: readonly MailPart[]): MailPart | undefined {
  if (parts.length === 0) return undefined;
  const offered = parts.findLast((part) => part.offeredOptions !== undefined)?.offeredOptions;
  return {
    text: parts.map((part) => part.text).join('\n\n'),
    ...(offered ? { offeredOptions: offered } : {}),
  };
}
