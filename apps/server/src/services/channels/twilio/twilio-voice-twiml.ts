import twilio from 'twilio';
import type VoiceResponse from 'twilio/lib/twiml/VoiceResponse';
import { splitText } from '../messaging/text-fallback';
import type { VoiceInstruction } from './twilio-voice-channel';
import type { VoiceSettings } from './twilio-voice-settings';

/** Gathers a silent caller gets (the first included) before the bot hangs up. */
export const SILENT_ROUNDS = 3;

/** Twilio reads at most 4,096 characters in one Say. */
const SAY_MAX_LENGTH = 4000;
/** Twilio takes hints of at most 100 characters each. */
const HINT_MAX_LENGTH = 100;

/** Where a Gather posts the caller's answer: the next turn's URL, with the options it offered. */
export type GatherActionOf = (options: readonly string[]) => string;

type SayAttributes = VoiceResponse.SayAttributes;
type GatherAttributes = VoiceResponse.GatherAttributes;

const sayAttributes = (settings: VoiceSettings): SayAttributes => ({
  ...(settings.voice ? { voice: settings.voice as SayAttributes['voice'] } : {}),
  ...(settings.sayLanguage ? { language: settings.sayLanguage as SayAttributes['language'] } : {}),
});

/**
 * What a Gather listens for: options by settings' gather type (one key picks one of up to nine)
 * within the button timeout; a free answer by voice or keys (ended by #, or by the question's
 * DTMF confirm key) within the speech timeout. Speech ends when Twilio hears the caller pause ('auto').
 */
function gatherAttributes(
  settings: VoiceSettings,
  action: string,
  options: readonly string[] | undefined,
  confirmKey?: string,
): VoiceResponse.GatherAttributes {
  const input = (options ? settings.optionsGatherType : 'dtmf speech').split(
    ' ',
  ) as GatherAttributes['input'];
  const hasSpeech = input?.includes('speech') ?? false;
  return {
    action,
    method: 'POST',
    input,
    timeout: options ? settings.buttonTimeoutSeconds : settings.speechTimeoutSeconds,
    ...(hasSpeech ? { speechTimeout: 'auto' } : {}),
    ...(hasSpeech && settings.gatherLanguage
      ? { language: settings.gatherLanguage as GatherAttributes['language'] }
      : {}),
    ...(options && options.length <= 9 && input?.includes('dtmf') ? { numDigits: 1 } : {}),
    ...(!options && confirmKey ? { finishOnKey: confirmKey } : {}),
    ...(options && hasSpeech && options.length > 0
      ? { hints: options.map((option) => option.slice(0, HINT_MAX_LENGTH)).join(', ') }
      : {}),
  };
}

/** Options read out numbered, with the options message before each number: 'Option 1: Very Satisfied.' */
export function optionsSpoken(text: string, options: readonly string[], optionsMessage: string): string[] {
  const word = optionsMessage.trim();
  const label = word === '' ? '' : `${word.charAt(0).toUpperCase()}${word.slice(1)} `;
  const lines = options.map((option, index) => `${label}${index + 1}: ${option.trim()}.`);
  return text.trim() === '' ? lines : [text, ...lines];
}

/** The texts the caller hears for what the bot said before it listens. */
function spokenTexts(instructions: readonly VoiceInstruction[], settings: VoiceSettings): string[] {
  return instructions.flatMap((instruction) => {
    if (instruction.kind === 'say')
      return instruction.dtmf?.message.trim()
        ? [instruction.text, instruction.dtmf.message]
        : [instruction.text];
    if (instruction.kind === 'ask')
      return optionsSpoken(instruction.text, instruction.options, settings.optionsMessage);
    return [];
  });
}

function sayAll(
  verb: VoiceResponse | VoiceResponse.Gather,
  settings: VoiceSettings,
  texts: readonly string[],
) {
  for (const text of texts) {
    for (const part of splitText(text, SAY_MAX_LENGTH))
      if (part.trim() !== '') verb.say(sayAttributes(settings), part);
  }
}

/**
 * The TwiML of the bot's answer: a Redirect Call block dials, an end with 'end call' hangs up
 * (after what was said before); otherwise the caller hears the answer inside a Gather (so they
 * may answer at once), and silence is met with the timeout message (or the last question again)
 * and another Gather, SILENT_ROUNDS times, then the bot hangs up.
 */
export function answerTwiml(
  instructions: readonly VoiceInstruction[],
  settings: VoiceSettings,
  actionOf: GatherActionOf,
): string {
  const response = new twilio.twiml.VoiceResponse();
  const endAt = instructions.findIndex((i) => i.kind === 'dial' || i.kind === 'hangup');
  if (endAt >= 0) {
    sayAll(response, settings, spokenTexts(instructions.slice(0, endAt), settings));
    const end = instructions[endAt];
    if (end?.kind === 'dial') response.dial().number(end.phoneNumber);
    else response.hangup();
    return response.toString();
  }
  const asks = instructions.filter((i) => i.kind === 'ask');
  const lastAsk = asks[asks.length - 1];
  const lastQuestion = lastAsk ?? [...instructions].reverse().find((i) => i.kind === 'say');
  // A question that captures DTMF, asked last: its confirm key ends the keyed answer.
  const confirmKey = lastAsk
    ? undefined
    : lastQuestion?.kind === 'say'
      ? lastQuestion.dtmf?.confirmKey
      : undefined;
  listen(response, settings, actionOf(lastAsk?.options ?? []), lastAsk?.options, confirmKey, {
    first: spokenTexts(instructions, settings),
    again: settings.timeoutMessage
      ? [settings.timeoutMessage]
      : lastQuestion
        ? spokenTexts([lastQuestion], settings)
        : [],
  });
  return response.toString();
}

/**
 * A Gather with nothing new to say: a call's start (the caller speaks first), a retried answer,
 * an answer Twilio heard nothing in.
 */
export function listenTwiml(
  settings: VoiceSettings,
  action: string,
  first: readonly string[] = [],
  options?: readonly string[],
): string {
  const response = new twilio.twiml.VoiceResponse();
  listen(response, settings, action, options && options.length > 0 ? options : undefined, undefined, {
    first,
    again: settings.timeoutMessage ? [settings.timeoutMessage] : [],
  });
  return response.toString();
}

function listen(
  response: VoiceResponse,
  settings: VoiceSettings,
  action: string,
  options: readonly string[] | undefined,
  confirmKey: string | undefined,
  says: { first: readonly string[]; again: readonly string[] },
) {
  const attributes = gatherAttributes(settings, action, options, confirmKey);
  // A Gather that hears nothing goes on with the next verb: the next round, and at last the hang-up.
  for (let round = 1; round <= SILENT_ROUNDS; round++)
    sayAll(response.gather(attributes), settings, round === 1 ? says.first : says.again);
  response.hangup();
}

/** A call the bot does not take (the channel is off): refused before it is answered. */
export function rejectTwiml(): string {
  const response = new twilio.twiml.VoiceResponse();
  response.reject();
  return response.toString();
}

export function hangupTwiml(): string {
  const response = new twilio.twiml.VoiceResponse();
  response.hangup();
  return response.toString();
}
