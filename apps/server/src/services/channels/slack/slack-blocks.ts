import type { OutboundActivity } from '@parley/contracts';
import type { OutboundContext } from '../channel-plugin';
import { splitText, textFallbackOf } from '../messaging/text-fallback';
import { escapeSlackText } from './slack-text';

/** Block Kit's limits (api.slack.com/reference/block-kit). */
export const SLACK_LIMITS = {
  blocksPerMessage: 50,
  sectionText: 3000,
  elementsPerActions: 25,
  buttonText: 75,
  buttonValue: 2000,
  imageUrl: 3000,
  /** What a notification shows of a message with blocks (the message's `text`). */
  notificationText: 3000,
} as const;

export interface SlackTextObject {
  type: 'mrkdwn' | 'plain_text';
  text: string;
  emoji?: boolean;
}
export interface SlackButton {
  type: 'button';
  action_id: string;
  text: SlackTextObject & { type: 'plain_text' };
  value: string;
}
export type SlackBlock =
  | { type: 'section'; text: SlackTextObject & { type: 'mrkdwn' } }
  | { type: 'actions'; block_id: string; elements: SlackButton[] }
  | { type: 'image'; image_url: string; alt_text: string }
  | { type: 'context'; elements: (SlackTextObject & { type: 'mrkdwn' })[] };

/** One chat.postMessage, without its channel: `text` is the notification and the fallback of the blocks. */
export interface SlackMessage {
  text: string;
  blocks: SlackBlock[];
}

/** Prefix of a button's action_id: a click on one is an answer to the options it shows. */
export const OPTION_ACTION_PREFIX = 'parley-option-';

const section = (text: string): SlackBlock => ({ type: 'section', text: { type: 'mrkdwn', text } });

/**
 * A text as section blocks, each within the section's limit once escaped (splitText cuts at line
 * and word ends; a part that escaping lengthens is cut again).
 */
export function sectionsOf(text: string): SlackBlock[] {
  if (text.trim() === '') return [];
  const parts: string[] = [];
  const cut = (part: string, max: number) => {
    for (const piece of splitText(part, max)) {
      if (escapeSlackText(piece).length <= SLACK_LIMITS.sectionText) parts.push(piece);
      else cut(piece, Math.floor(max / 2));
    }
  };
  cut(text, SLACK_LIMITS.sectionText);
  return parts.map((part) => section(escapeSlackText(part)));
}

const truncate = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** Options as buttons, 25 to an actions block; a button's value is its option's text (the click's answer). */
function buttonBlocksOf(options: readonly string[]): SlackBlock[] {
  const buttons = options
    .map((option, index) => ({ option, index }))
    .filter(({ option }) => option.trim() !== '')
    .map(
      ({ option, index }): SlackButton => ({
        type: 'button',
        action_id: `${OPTION_ACTION_PREFIX}${index}`,
        text: { type: 'plain_text', text: truncate(option, SLACK_LIMITS.buttonText), emoji: true },
        value: option.slice(0, SLACK_LIMITS.buttonValue),
      }),
    );
  const blocks: SlackBlock[] = [];
  for (let at = 0; at < buttons.length; at += SLACK_LIMITS.elementsPerActions)
    blocks.push({
      type: 'actions',
      block_id: `parley-options-${at / SLACK_LIMITS.elementsPerActions}`,
      elements: buttons.slice(at, at + SLACK_LIMITS.elementsPerActions),
    });
  return blocks;
}

const isImageUrl = (url: string | undefined): url is string =>
  !!url && url.length <= SLACK_LIMITS.imageUrl && /^https?:\/\/\S+$/.test(url);

const imageBlock = (url: string): SlackBlock => ({ type: 'image', image_url: url, alt_text: 'Image' });

/** Blocks in messages of at most 50, each with its notification text. */
function messagesOf(blocks: SlackBlock[], notification: string): SlackMessage[] {
  const text = truncate(escapeSlackText(notification), SLACK_LIMITS.notificationText);
  const messages: SlackMessage[] = [];
  for (let at = 0; at < blocks.length; at += SLACK_LIMITS.blocksPerMessage)
    messages.push({ text, blocks: blocks.slice(at, at + SLACK_LIMITS.blocksPerMessage) });
  return messages;
}

/**
 * One runtime activity as Slack messages (Block Kit): texts as sections, options and ratings as
 * buttons, images as image blocks, files as a link to the signed file URL; an adaptive card,
 * which Slack cannot show, as its texts. Events show nothing (Slack bots have no typing indicator
 * over the Web API).
 */
export function slackMessagesOf(activity: OutboundActivity, context: OutboundContext): SlackMessage[] {
  const fallback = textFallbackOf(activity, context.fileUrl) ?? '';
  switch (activity.type) {
    case 'text':
      return messagesOf(sectionsOf(activity.text), activity.text);
    case 'options':
    case 'rating': {
      const image =
        activity.type === 'options' && isImageUrl(activity.image) ? [imageBlock(activity.image)] : [];
      return messagesOf(
        [...image, ...sectionsOf(activity.text), ...buttonBlocksOf(activity.options)],
        fallback,
      );
    }
    case 'image':
      return isImageUrl(activity.url)
        ? messagesOf([imageBlock(activity.url)], fallback)
        : messagesOf(sectionsOf(activity.url), fallback);
    case 'attachment': {
      const link = `<${context.fileUrl(activity.fileId)}|${escapeSlackText(activity.name)}>`;
      return messagesOf([section(truncate(link, SLACK_LIMITS.sectionText))], fallback);
    }
    case 'adaptiveCard':
      return messagesOf(sectionsOf(fallback), fallback);
    case 'event':
      return [];
  }
}
