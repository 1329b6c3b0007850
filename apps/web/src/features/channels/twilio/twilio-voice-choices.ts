import {
  isTwilioVoiceOfLanguage,
  TWILIO_GATHER_TYPES,
  TWILIO_POLLY_VOICES,
  TWILIO_VOICES,
} from '@parley/contracts';
import type { SelectOption } from '../../../ui';

/** How the dialog names the gather types (spec 04 section 9: dtmf, speech, dtmf speech). */
const GATHER_TYPE_LABELS: Record<(typeof TWILIO_GATHER_TYPES)[number], string> = {
  dtmf: 'Keypad (DTMF)',
  speech: 'Speech',
  'dtmf speech': 'Keypad and speech',
};

export const gatherTypeOptions = (): SelectOption[] =>
  TWILIO_GATHER_TYPES.map((type) => ({ value: type, label: GATHER_TYPE_LABELS[type] }));

const voiceLabel = (voice: string) => {
  const pollyLanguage = (TWILIO_POLLY_VOICES as Record<string, string>)[voice];
  if (pollyLanguage) return `${voice.slice('Polly.'.length)} (Amazon Polly, ${pollyLanguage})`;
  return `${voice.charAt(0).toUpperCase()}${voice.slice(1)} (Twilio)`;
};

/**
 * The voices, those that do not speak the text-to-speech language disabled ('man' and 'woman'
 * speak only en-US, en-GB, es-ES, fr-FR and de-DE; a Polly voice its own language).
 */
export const voiceOptions = (language: string): SelectOption[] =>
  TWILIO_VOICES.map((voice) => ({
    value: voice,
    label: voiceLabel(voice),
    isDisabled: !isTwilioVoiceOfLanguage(voice, language),
  }));

/** The voice to keep when the language changes: the chosen one if it speaks it, else alice. */
export const voiceForLanguage = (voice: string, language: string): string =>
  isTwilioVoiceOfLanguage(voice, language) ? voice : 'alice';
