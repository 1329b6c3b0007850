import { TWILIO_GATHER_TYPES, TWILIO_KEYS, TWILIO_MAX_TIMEOUT_SECONDS } from '@parley/contracts';

/** How the bot speaks and listens on a call: the Twilio Voice keys (spec 04 section 3.4), read once per webhook. */
export interface VoiceSettings {
  /** Twilio's voice for Say ('alice', 'Polly.Joanna'); '' leaves Twilio's default. */
  voice: string;
  /** Say's language (text to speech). */
  sayLanguage: string;
  /** Gather's language (speech to text). */
  gatherLanguage: string;
  /** Seconds a free answer is waited for (the caller starting to speak or pressing a key). */
  speechTimeoutSeconds: number;
  /** Seconds an answer to options is waited for (a key press, or the option said). */
  buttonTimeoutSeconds: number;
  /** Said when the caller stayed silent, before listening again. */
  timeoutMessage: string;
  /** How options are answered: 'dtmf', 'speech' or 'dtmf speech'. */
  optionsGatherType: (typeof TWILIO_GATHER_TYPES)[number];
  /** The word said before an option's number ('option', 'digit'). */
  optionsMessage: string;
}

const text = (value: unknown, fallback: string) => (typeof value === 'string' ? value.trim() : fallback);

/** 0 (or unset, which the dialog shows as 0) means the maximum (spec 04 sections 5 and 9). */
const seconds = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) && value > 0
    ? Math.min(Math.max(1, Math.round(value)), TWILIO_MAX_TIMEOUT_SECONDS)
    : TWILIO_MAX_TIMEOUT_SECONDS;

const initial = (name: keyof typeof TWILIO_KEYS.fields) => {
  const field = TWILIO_KEYS.fields[name];
  return 'initial' in field && typeof field.initial === 'string' ? field.initial : '';
};

export function voiceSettingsOf(values: Record<string, unknown>): VoiceSettings {
  const gatherType = values.optionsGatherType;
  return {
    voice: text(values.voice, initial('voice')),
    sayLanguage: text(values.textToSpeechLanguage, initial('textToSpeechLanguage')),
    gatherLanguage: text(values.speechToTextLanguage, initial('speechToTextLanguage')),
    speechTimeoutSeconds: seconds(values.speechTimeout),
    buttonTimeoutSeconds: seconds(values.buttonTimeout),
    timeoutMessage: text(values.timeoutMessage, ''),
    optionsGatherType: TWILIO_GATHER_TYPES.find((type) => type === gatherType) ?? 'dtmf speech',
    optionsMessage: text(values.optionsMessage, initial('optionsMessage')),
  };
}
