import { CARD_SUBMIT_EVENT, type InboundActivity, type OutboundActivity } from '@parley/contracts';
import type { OutboundContext } from '../channel-plugin';
import { splitText, textFallbackOf } from '../messaging/text-fallback';
import {
  ADAPTIVE_CARD,
  HERO_CARD,
  type TeamsAttachment,
  type TeamsInboundActivity,
  type TeamsOutbound,
} from './teams-activity';

/** Teams shows at most six buttons on a card; more options go on further cards of a list. */
export const TEAMS_MAX_CARD_BUTTONS = 6;
/** Teams takes messages of about 28 KB; longer texts are sent in parts. */
export const TEAMS_TEXT_MAX_LENGTH = 20_000;
/** The newest Adaptive Card schema Teams renders; a newer card is sent as its text. */
export const TEAMS_ADAPTIVE_CARD_VERSION = 1.5;

/** Teams' file message: the user's file in OneDrive, with a download link for the bot. */
const TEAMS_FILE_DOWNLOAD = 'application/vnd.microsoft.teams.file.download.info';

/** A mention of the bot (`<at>Bot</at>`) is how a channel addresses it, not what the user says. */
const withoutMentions = (text: string) =>
  text
    .replace(/<at>[^<]*<\/at>/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function filesOf(activity: TeamsInboundActivity): { url: string; name: string }[] {
  const files: { url: string; name: string }[] = [];
  for (const attachment of activity.attachments ?? []) {
    const content = isObject(attachment.content) ? attachment.content : {};
    if (attachment.contentType === TEAMS_FILE_DOWNLOAD && typeof content.downloadUrl === 'string')
      files.push({ url: content.downloadUrl, name: attachment.name ?? 'file' });
    else if (attachment.contentType.startsWith('image/') && attachment.contentUrl)
      files.push({ url: attachment.contentUrl, name: attachment.name ?? 'image' });
  }
  return files.slice(0, 10);
}

/**
 * A Teams message as the runtime's activity: an Adaptive Card's submitted inputs are the card
 * submit event, files are an attachment, text is text (without mentions of the bot). A button of
 * the bot's hero cards (imBack) arrives as the option's text. Other activity types
 * (conversationUpdate, reactions, typing, invokes) are not answered.
 */
export function teamsActivityToInbound(activity: TeamsInboundActivity): InboundActivity | undefined {
  if (activity.type !== 'message') return undefined;
  if (isObject(activity.value) && !activity.text)
    return { type: 'event', name: CARD_SUBMIT_EVENT, value: activity.value };
  const text = withoutMentions(activity.text ?? '');
  const files = filesOf(activity);
  if (files.length > 0) return { type: 'attachment', files, ...(text ? { text } : {}) };
  // A messageBack button carries its text and a value: what the user chose.
  if (isObject(activity.value) && text) return { type: 'click', text };
  return text ? { type: 'text', text } : undefined;
}

const message = (attachments: TeamsAttachment[], text?: string): TeamsOutbound => ({
  type: 'message',
  ...(text ? { text } : {}),
  attachments,
  ...(attachments.length > 1 ? { attachmentLayout: 'list' as const } : {}),
});

const heroCard = (content: Record<string, unknown>): TeamsAttachment => ({ contentType: HERO_CARD, content });

/** Options as hero cards of imBack buttons: the first carries the question (and image), six buttons a card. */
function optionCards(text: string, options: readonly string[], image?: string): TeamsAttachment[] {
  const cards: TeamsAttachment[] = [];
  for (let start = 0; start < Math.max(options.length, 1); start += TEAMS_MAX_CARD_BUTTONS) {
    const buttons = options
      .slice(start, start + TEAMS_MAX_CARD_BUTTONS)
      .map((option) => ({ type: 'imBack', title: option, value: option }));
    cards.push(
      heroCard({
        ...(start === 0 && text ? { text } : {}),
        ...(start === 0 && image ? { images: [{ url: image }] } : {}),
        buttons,
      }),
    );
  }
  return cards;
}

const cardVersionOf = (card: Record<string, unknown>) => {
  const version = Number.parseFloat(String(card.version ?? ''));
  return Number.isFinite(version) ? version : undefined;
};

/**
 * An Adaptive Card as Teams takes it: typed and versioned, with the card's texts as its fallback
 * text; a card of a schema newer than Teams renders is sent as that text instead.
 */
function adaptiveCardMessage(
  activity: Extract<OutboundActivity, { type: 'adaptiveCard' }>,
  context: OutboundContext,
): TeamsOutbound[] {
  const fallback = textFallbackOf(activity, context.fileUrl);
  const version = cardVersionOf(activity.card);
  if (activity.card.type !== undefined && activity.card.type !== 'AdaptiveCard')
    return fallback ? [{ type: 'message', text: fallback }] : [];
  if (version !== undefined && version > TEAMS_ADAPTIVE_CARD_VERSION)
    return fallback ? [{ type: 'message', text: fallback }] : [];
  const content = {
    ...activity.card,
    type: 'AdaptiveCard',
    version: activity.card.version ?? String(TEAMS_ADAPTIVE_CARD_VERSION),
    ...(fallback && activity.card.fallbackText === undefined ? { fallbackText: fallback } : {}),
  };
  return [message([{ contentType: ADAPTIVE_CARD, content }])];
}

/**
 * The runtime's activity as Teams messages (Bot Framework activities), each after a typing
 * indicator: text as text, images and options as hero cards (options as imBack buttons), a
 * file as a card with its download link, an Adaptive Card as itself. Events have no message.
 */
export function teamsOutboundOf(activity: OutboundActivity, context: OutboundContext): TeamsOutbound[] {
  const typing: TeamsOutbound = { type: 'typing' };
  switch (activity.type) {
    case 'text':
      if (activity.text.trim() === '') return [];
      return [
        typing,
        ...splitText(activity.text, TEAMS_TEXT_MAX_LENGTH).map((part) => ({
          type: 'message' as const,
          text: part,
        })),
      ];
    case 'image':
      return [typing, message([heroCard({ images: [{ url: activity.url }] })])];
    case 'options':
      return [typing, message(optionCards(activity.text, activity.options, activity.image))];
    case 'rating':
      return [typing, message(optionCards(activity.text, activity.options))];
    case 'attachment':
      return [
        typing,
        message([
          heroCard({
            title: activity.name,
            buttons: [{ type: 'openUrl', title: 'Download', value: context.fileUrl(activity.fileId) }],
          }),
        ]),
      ];
    case 'adaptiveCard': {
      const messages = adaptiveCardMessage(activity, context);
      return messages.length > 0 ? [typing, ...messages] : [];
    }
    case 'event':
      return [];
  }
}
