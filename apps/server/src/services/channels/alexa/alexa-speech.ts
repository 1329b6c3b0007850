import { type OutboundActivity, textsOfCard } from '@parley/contracts';
import type { ResponseEnvelope, ui } from 'ask-sdk-model';
import type { OutboundContext } from '../channel-plugin';
import { OFFERED_OPTIONS_ATTRIBUTE } from './alexa-request';

/**
 * One thing the bot says on Alexa. A skill answers each request with ONE response, so a turn's
 * parts are put together by alexaResponseOf: spoken texts in order, a card on the user's Alexa
 * app or screen, the options read out with the bot's options word, and the session's end.
 */
export type AlexaSpeechPart =
  /** Said, and written on the card (`cardText` when the card shows more, a file's link). */
  | { kind: 'say'; text: string; cardText?: string }
  | { kind: 'options'; text: string; options: string[] }
  /** Alexa shows https images only, on a Standard card. */
  | { kind: 'image'; url: string }
  | { kind: 'end' };

/** Alexa reads at most 8000 characters of SSML; Parley keeps well under it. */
const MAX_SPOKEN_CHARACTERS = 6000;
const MAX_CARD_CHARACTERS = 6000;

/** Every runtime activity as what Alexa can say or show (none for what has no voice). */
export function alexaPartsOf(activity: OutboundActivity, context: OutboundContext): AlexaSpeechPart[] {
  switch (activity.type) {
    case 'text':
      return activity.text.trim() === '' ? [] : [{ kind: 'say', text: activity.text }];
    case 'image':
      return activity.url.startsWith('https://') ? [{ kind: 'image', url: activity.url }] : [];
    case 'options':
    case 'rating':
      return [
        ...(activity.type === 'options' && activity.image?.startsWith('https://')
          ? [{ kind: 'image' as const, url: activity.image }]
          : []),
        { kind: 'options', text: activity.text, options: activity.options },
      ];
    case 'attachment':
      // A link is no use spoken: the name is said, the link is on the card.
      return [
        {
          kind: 'say',
          text: activity.name,
          cardText: `${activity.name}: ${context.fileUrl(activity.fileId)}`,
        },
      ];
    case 'adaptiveCard': {
      const texts = textsOfCard(activity.card).filter((text) => text.trim() !== '');
      return texts.length > 0 ? [{ kind: 'say', text: texts.join('\n') }] : [];
    }
    case 'event':
      // Alexa cannot hand a user over or reach them later: only the conversation's end has a voice.
      return activity.name === 'endOfConversation' ? [{ kind: 'end' }] : [];
  }
}

export const escapeSsml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

/** 'Say option 1 for Yes, or option 2 for No.' */
export function optionsSentence(options: readonly string[], optionsWord: string): string {
  const word = optionsWord.trim() || 'option';
  const choices = options.map((option, index) => `${word} ${index + 1} for ${option}`);
  const last = choices.pop();
  if (last === undefined) return '';
  return choices.length === 0 ? `Say ${last}.` : `Say ${choices.join(', ')}, or ${last}.`;
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
const ssmlOf = (sentences: readonly string[]) =>
  `<speak>${sentences.map((sentence) => `<p>${escapeSsml(sentence)}</p>`).join('')}</speak>`;

export interface AlexaAnswerSettings {
  /** The options word of the bot's keys ('option'). */
  optionsWord: string;
  /** The card's title: the skill's name. */
  title: string;
}

/**
 * The skill's response (ask-sdk-model ResponseEnvelope) to one request: what the turn said as
 * SSML, the last question again as the reprompt, a card, and the options in the session's
 * attributes so the next request can map 'option one' back to them. The session stays open
 * unless the bot ended the conversation.
 */
export function alexaResponseOf(
  parts: readonly AlexaSpeechPart[],
  settings: AlexaAnswerSettings,
): ResponseEnvelope {
  const spoken: string[] = [];
  const written: string[] = [];
  let image: string | undefined;
  let options: string[] = [];
  let reprompt: string | undefined;
  let isEnd = false;
  for (const part of parts) {
    if (part.kind === 'say') {
      spoken.push(part.text);
      written.push(part.cardText ?? part.text);
      reprompt = part.text;
    } else if (part.kind === 'options') {
      options = part.options;
      const question = [part.text, optionsSentence(part.options, settings.optionsWord)]
        .filter((line) => line.trim() !== '')
        .join(' ');
      spoken.push(question);
      written.push(
        [part.text, ...part.options.map((option, index) => `${index + 1}. ${option}`)]
          .filter((line) => line.trim() !== '')
          .join('\n'),
      );
      reprompt = question;
    } else if (part.kind === 'image') image ??= part.url;
    else isEnd = true;
  }
  const cardText = clip(written.join('\n\n'), MAX_CARD_CHARACTERS);
  const card: ui.Card | undefined = image
    ? {
        type: 'Standard',
        title: settings.title,
        text: cardText,
        image: { smallImageUrl: image, largeImageUrl: image },
      }
    : written.length > 0
      ? { type: 'Simple', title: settings.title, content: cardText }
      : undefined;
  const speech = clip(spoken.join('\n'), MAX_SPOKEN_CHARACTERS).split('\n');
  return {
    version: '1.0',
    sessionAttributes: isEnd || options.length === 0 ? {} : { [OFFERED_OPTIONS_ATTRIBUTE]: options },
    response: {
      ...(spoken.length > 0 ? { outputSpeech: { type: 'SSML', ssml: ssmlOf(speech) } } : {}),
      ...(card ? { card } : {}),
      ...(!isEnd && reprompt
        ? {
            reprompt: {
              outputSpeech: { type: 'SSML', ssml: ssmlOf([clip(reprompt, MAX_SPOKEN_CHARACTERS)]) },
            },
          }
        : {}),
      shouldEndSession: isEnd,
    },
  };
}

/** An answer with nothing to say: the session goes on (or ends) as asked. */
export const silentAlexaResponse = (shouldEndSession: boolean): ResponseEnvelope => ({
  version: '1.0',
  response: { shouldEndSession },
});

/** What a skill answers to SessionEndedRequest: Alexa takes no speech there. */
export const sessionEndedResponse = (): ResponseEnvelope => ({ version: '1.0', response: {} });

/** A short spoken answer that ends the session (the channel is switched off). */
export const closingAlexaResponse = (text: string): ResponseEnvelope => ({
  version: '1.0',
  response: { outputSpeech: { type: 'SSML', ssml: ssmlOf([text]) }, shouldEndSession: true },
});
