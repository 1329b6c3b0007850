import type { InboundActivity, OutboundActivity } from '@parley/contracts';
import type { ChannelPlugin } from '../channel-plugin';
import { optionChosenByNumber, textFallbackOf } from '../messaging/text-fallback';
import { sayIntoLiveCall } from './twilio-voice-live-call';
import { isVoiceWebhookGenerated } from './twilio-voice-webhook';

/** What Twilio posts to a Gather's action: the caller's keys or words, and what the Gather offered. */
export interface VoiceAnswer {
  /** The keys pressed (Digits). */
  digits?: string;
  /** What the caller said, as Twilio's speech recognition heard it (SpeechResult). */
  speech?: string;
  /** The options the Gather offered, in order (carried in its action URL): '2' picks the second. */
  options: readonly string[];
  /** The word said before an option's number ('option'): 'Option 2.' picks the second too. */
  optionsMessage: string;
}

/** One thing the bot does on the call; the TwiML of an answer is built from these (twilio-voice-twiml). */
export type VoiceInstruction =
  /** Said; with `dtmf` (Ask Question's Capture DTMF) the caller may key the answer in, ended by the confirm key. */
  | { kind: 'say'; text: string; dtmf?: { message: string; confirmKey: string } }
  /** Said, then listened for: the options by key or by voice. */
  | { kind: 'ask'; text: string; options: string[] }
  | { kind: 'dial'; phoneNumber: string }
  | { kind: 'hangup' };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** 'Option 2.' or '2' (with the options message as the word before it): the second option. */
function optionSpoken(
  speech: string,
  options: readonly string[],
  optionsMessage: string,
): string | undefined {
  const words = speech.replace(/[.,!?;:]+/g, ' ').trim();
  const word = optionsMessage.trim();
  const pattern = new RegExp(`^(?:${word === '' ? '' : `${escapeRegExp(word)}\\s*`})?(\\d{1,2})$`, 'iu');
  const number = pattern.exec(words)?.[1];
  return number === undefined ? undefined : optionChosenByNumber(number, options);
}

/** A number the Redirect Call block gave, as Twilio dials it (E.164 or a short number); undefined for anything else. */
export function dialableNumber(phoneNumber: string): string | undefined {
  const number = phoneNumber.replace(/[\s\-()./]/g, '');
  return /^\+?\d{3,15}$/.test(number) ? number : undefined;
}

/**
 * Twilio Voice (issue 14): a phone call through Twilio, answered in each webhook's response with
 * TwiML (twilio-voice-routes). Callers answer by voice or with their keypad; options are read out
 * numbered and picked by key, by number or by their words. What cannot be heard (a picture, a
 * file) is left out; a card is read as its texts.
 */
export const twilioVoiceChannel: ChannelPlugin<VoiceAnswer, VoiceInstruction, 'twilioVoice'> = {
  id: 'twilioVoice',
  async isConnected(scope, bot) {
    const record = await scope.channelKeys(bot.id).get('twilio');
    if (!record) return false;
    const accountSid = record.keys.accountSid;
    return (
      typeof accountSid === 'string' &&
      accountSid !== '' &&
      typeof record.sealedSecrets.authToken === 'string' &&
      isVoiceWebhookGenerated(record.keys)
    );
  },
  toActivity(answer): InboundActivity | undefined {
    const digits = answer.digits?.trim() ?? '';
    if (digits !== '') {
      const chosen = optionChosenByNumber(digits, answer.options);
      return chosen === undefined ? { type: 'text', text: digits } : { type: 'click', text: chosen };
    }
    const speech = answer.speech?.trim() ?? '';
    if (speech === '') return undefined;
    const chosen = optionSpoken(speech, answer.options, answer.optionsMessage);
    return chosen === undefined ? { type: 'text', text: speech } : { type: 'click', text: chosen };
  },
  toOutbound(activity: OutboundActivity, context): VoiceInstruction[] {
    switch (activity.type) {
      case 'text':
        return activity.text.trim() === ''
          ? []
          : [{ kind: 'say', text: activity.text, ...(activity.dtmf ? { dtmf: activity.dtmf } : {}) }];
      case 'options':
      case 'rating':
        return [{ kind: 'ask', text: activity.text, options: activity.options }];
      case 'adaptiveCard': {
        const text = textFallbackOf(activity, context.fileUrl);
        return text ? [{ kind: 'say', text }] : [];
      }
      // A picture or a file cannot be heard, and a link read out helps no caller.
      case 'image':
      case 'attachment':
        return [];
      case 'event':
        return eventInstructions(activity);
    }
  },
  // Outside the caller's turn (a Delay's end, an agent's answer): said into the live call.
  sendTogether: sayIntoLiveCall,
};

function eventInstructions(event: Extract<OutboundActivity, { type: 'event' }>): VoiceInstruction[] {
  if (event.name === 'endOfConversation') return [{ kind: 'hangup' }];
  if (event.name === 'redirectCall') {
    const value = event.value as { phoneNumber?: unknown } | undefined;
    const number = typeof value?.phoneNumber === 'string' ? dialableNumber(value.phoneNumber) : undefined;
    return number ? [{ kind: 'dial', phoneNumber: number }] : [];
  }
  return [];
}
