import { defineChannelKeys } from './define';

/** Twilio timeouts: 0 to 60 seconds, 0 meaning the maximum (spec 04 sections 5 and 9). */
export const TWILIO_MAX_TIMEOUT_SECONDS = 60;
export const TWILIO_GATHER_TYPES = ['dtmf', 'speech', 'dtmf speech'] as const;
/** What the options message calls a choice (spec 04 section 9): 'Press 1 for the first digit'. */
export const TWILIO_OPTIONS_MESSAGE_SUGGESTIONS = ['digit', 'option'] as const;

/** Twilio's own voices; 'man' and 'woman' speak only these languages (spec 04 section 9). */
export const TWILIO_BASIC_VOICES = ['alice', 'man', 'woman'] as const;
export const TWILIO_MAN_WOMAN_LANGUAGES = ['en-US', 'en-GB', 'es-ES', 'fr-FR', 'de-DE'] as const;

/** Amazon Polly voices Twilio's <Say> speaks, with the language each speaks. */
export const TWILIO_POLLY_VOICES = {
  'Polly.Joanna': 'en-US',
  'Polly.Matthew': 'en-US',
  'Polly.Ivy': 'en-US',
  'Polly.Justin': 'en-US',
  'Polly.Kendra': 'en-US',
  'Polly.Kimberly': 'en-US',
  'Polly.Salli': 'en-US',
  'Polly.Joey': 'en-US',
  'Polly.Amy': 'en-GB',
  'Polly.Brian': 'en-GB',
  'Polly.Emma': 'en-GB',
  'Polly.Nicole': 'en-AU',
  'Polly.Russell': 'en-AU',
  'Polly.Aditi': 'en-IN',
  'Polly.Raveena': 'en-IN',
  'Polly.Hans': 'de-DE',
  'Polly.Marlene': 'de-DE',
  'Polly.Vicki': 'de-DE',
  'Polly.Celine': 'fr-FR',
  'Polly.Lea': 'fr-FR',
  'Polly.Mathieu': 'fr-FR',
  'Polly.Chantal': 'fr-CA',
  'Polly.Conchita': 'es-ES',
  'Polly.Enrique': 'es-ES',
  'Polly.Lucia': 'es-ES',
  'Polly.Mia': 'es-MX',
  'Polly.Lupe': 'es-US',
  'Polly.Miguel': 'es-US',
  'Polly.Penelope': 'es-US',
  'Polly.Bianca': 'it-IT',
  'Polly.Carla': 'it-IT',
  'Polly.Giorgio': 'it-IT',
  'Polly.Mizuki': 'ja-JP',
  'Polly.Takumi': 'ja-JP',
  'Polly.Seoyeon': 'ko-KR',
  'Polly.Zhiyu': 'zh-CN',
  'Polly.Liv': 'nb-NO',
  'Polly.Lotte': 'nl-NL',
  'Polly.Ruben': 'nl-NL',
  'Polly.Ewa': 'pl-PL',
  'Polly.Jacek': 'pl-PL',
  'Polly.Jan': 'pl-PL',
  'Polly.Maja': 'pl-PL',
  'Polly.Camila': 'pt-BR',
  'Polly.Ricardo': 'pt-BR',
  'Polly.Vitoria': 'pt-BR',
  'Polly.Cristiano': 'pt-PT',
  'Polly.Ines': 'pt-PT',
  'Polly.Carmen': 'ro-RO',
  'Polly.Maxim': 'ru-RU',
  'Polly.Tatyana': 'ru-RU',
  'Polly.Astrid': 'sv-SE',
  'Polly.Filiz': 'tr-TR',
  'Polly.Mads': 'da-DK',
  'Polly.Naja': 'da-DK',
  'Polly.Dora': 'is-IS',
  'Polly.Karl': 'is-IS',
  'Polly.Gwyneth': 'cy-GB',
} as const;
export const TWILIO_VOICES = [
  ...TWILIO_BASIC_VOICES,
  ...(Object.keys(TWILIO_POLLY_VOICES) as (keyof typeof TWILIO_POLLY_VOICES)[]),
] as const;

/** The languages Twilio's <Say> speaks (alice's list, and every Polly voice's). */
export const TWILIO_TEXT_TO_SPEECH_LANGUAGES = [
  'ca-ES',
  'cy-GB',
  'da-DK',
  'de-DE',
  'en-AU',
  'en-CA',
  'en-GB',
  'en-IN',
  'en-US',
  'es-ES',
  'es-MX',
  'es-US',
  'fi-FI',
  'fr-CA',
  'fr-FR',
  'is-IS',
  'it-IT',
  'ja-JP',
  'ko-KR',
  'nb-NO',
  'nl-NL',
  'pl-PL',
  'pt-BR',
  'pt-PT',
  'ro-RO',
  'ru-RU',
  'sv-SE',
  'tr-TR',
  'zh-CN',
  'zh-HK',
  'zh-TW',
] as const;

/** The languages Twilio's <Gather input="speech"> recognises. */
export const TWILIO_SPEECH_TO_TEXT_LANGUAGES = [
  'af-ZA',
  'am-ET',
  'ar-AE',
  'ar-BH',
  'ar-DZ',
  'ar-EG',
  'ar-IL',
  'ar-IQ',
  'ar-JO',
  'ar-KW',
  'ar-LB',
  'ar-MA',
  'ar-OM',
  'ar-PS',
  'ar-QA',
  'ar-SA',
  'ar-TN',
  'az-AZ',
  'bg-BG',
  'bn-BD',
  'bn-IN',
  'ca-ES',
  'cmn-Hans-CN',
  'cmn-Hans-HK',
  'cmn-Hant-TW',
  'cs-CZ',
  'da-DK',
  'de-DE',
  'el-GR',
  'en-AU',
  'en-CA',
  'en-GB',
  'en-GH',
  'en-IE',
  'en-IN',
  'en-KE',
  'en-NG',
  'en-NZ',
  'en-PH',
  'en-TZ',
  'en-US',
  'en-ZA',
  'es-AR',
  'es-BO',
  'es-CL',
  'es-CO',
  'es-CR',
  'es-DO',
  'es-EC',
  'es-ES',
  'es-GT',
  'es-HN',
  'es-MX',
  'es-NI',
  'es-PA',
  'es-PE',
  'es-PR',
  'es-PY',
  'es-SV',
  'es-US',
  'es-UY',
  'es-VE',
  'eu-ES',
  'fa-IR',
  'fi-FI',
  'fil-PH',
  'fr-CA',
  'fr-FR',
  'gl-ES',
  'gu-IN',
  'he-IL',
  'hi-IN',
  'hr-HR',
  'hu-HU',
  'hy-AM',
  'id-ID',
  'is-IS',
  'it-IT',
  'ja-JP',
  'jv-ID',
  'ka-GE',
  'km-KH',
  'kn-IN',
  'ko-KR',
  'lo-LA',
  'lt-LT',
  'lv-LV',
  'ml-IN',
  'mr-IN',
  'ms-MY',
  'nb-NO',
  'ne-NP',
  'nl-NL',
  'pl-PL',
  'pt-BR',
  'pt-PT',
  'ro-RO',
  'ru-RU',
  'si-LK',
  'sk-SK',
  'sl-SI',
  'sr-RS',
  'su-ID',
  'sv-SE',
  'sw-KE',
  'sw-TZ',
  'ta-IN',
  'ta-LK',
  'ta-MY',
  'ta-SG',
  'te-IN',
  'th-TH',
  'tr-TR',
  'uk-UA',
  'ur-IN',
  'ur-PK',
  'vi-VN',
  'yue-Hant-HK',
  'zu-ZA',
] as const;

/** Whether Twilio's <Say> speaks the language with the voice ('man' and 'woman' only a few). */
export function isTwilioVoiceOfLanguage(voice: string, language: string): boolean {
  if (voice === 'man' || voice === 'woman')
    return (TWILIO_MAN_WOMAN_LANGUAGES as readonly string[]).includes(language);
  const polly = (TWILIO_POLLY_VOICES as Record<string, string>)[voice];
  return polly === undefined || polly === language;
}

/** Why a voice cannot speak a language, for the keys call's answer. */
export const twilioVoiceLanguageMessage = (voice: string, language: string) =>
  `The voice ${voice} does not speak ${language}: man and woman speak only ${TWILIO_MAN_WOMAN_LANGUAGES.join(', ')}.`;

/** An E.164 phone number: + and its digits. */
const PHONE_NUMBER = /^\+[1-9]\d{6,14}$/;
const PHONE_NUMBER_MESSAGE = 'A phone number is + and its digits (E.164).';
/** Handover alert numbers: E.164 numbers, comma-separated; spaces inside are allowed and removed. */
export const TWILIO_MAX_HANDOVER_NUMBERS = 5;
const HANDOVER_NUMBER = String.raw`\+\s*[1-9](?:\s*\d){6,14}`;
const HANDOVER_NUMBERS = new RegExp(String.raw`^${HANDOVER_NUMBER}(?:\s*,\s*${HANDOVER_NUMBER}){0,4}$`);
/** The handover numbers as stored: spaces removed, one comma between. */
export const handoverNumbersOf = (value: string): string[] =>
  value
    .replace(/\s+/g, '')
    .split(',')
    .filter((number) => PHONE_NUMBER.test(number));

/**
 * Twilio (spec 04 section 3.4): one account's keys serve Twilio Voice and Twilio Messages (SMS
 * and WhatsApp); the webhook URLs are generated by the server (POST/DELETE .../{type}/webhook).
 */
export const TWILIO_KEYS = defineChannelKeys({
  path: 'twilio',
  channels: ['twilio', 'twilioVoice'],
  isWritable: true,
  fields: {
    accountSid: {
      label: 'Account SID',
      kind: 'text',
      maxLength: 34,
      pattern: { regex: /^AC[0-9a-fA-F]{32}$/, message: 'An Account SID is AC and 32 hexadecimal digits.' },
      help: 'On the Twilio Console’s start page, under Account Info.',
      placeholder: 'AC...',
    },
    authToken: {
      label: 'Auth token',
      kind: 'secret',
      maxLength: 100,
      help: 'Under Account Info too; it also proves that webhook requests come from Twilio.',
    },
    smsNumber: {
      label: 'SMS number',
      kind: 'text',
      maxLength: 20,
      pattern: { regex: PHONE_NUMBER, message: PHONE_NUMBER_MESSAGE },
      help: 'Your Twilio phone number that users text, as +14155550100.',
      placeholder: '+14155550100',
    },
    whatsAppNumber: {
      label: 'WhatsApp number',
      kind: 'text',
      maxLength: 20,
      pattern: { regex: PHONE_NUMBER, message: PHONE_NUMBER_MESSAGE },
      help: 'The WhatsApp sender of your Twilio account (or the sandbox number), as +14155238886.',
      placeholder: '+14155238886',
    },
    messagesTimeout: {
      label: 'Conversation timeout (minutes)',
      kind: 'number',
      min: 0,
      help: 'A user who writes after this long quiet starts a new conversation; 0 means no timeout.',
    },
    handoverNumbers: {
      label: 'Handover alert numbers',
      kind: 'text',
      maxLength: 120,
      pattern: {
        regex: HANDOVER_NUMBERS,
        message: `Handover alert numbers are up to ${TWILIO_MAX_HANDOVER_NUMBERS} phone numbers (+ and digits), separated by commas.`,
      },
      help: 'Get an SMS from the SMS number when the bot hands a conversation over to a person; spaces are removed.',
      placeholder: '+4915112345678, +4917012345678',
    },
    messagesWebhookUrl: { label: 'Messages webhook URL', kind: 'shown' },
    webhookUrl: { label: 'Voice webhook URL', kind: 'shown' },
    textToSpeechLanguage: {
      label: 'Text-to-speech language',
      kind: 'choice',
      choices: TWILIO_TEXT_TO_SPEECH_LANGUAGES,
      initial: 'en-US',
    },
    speechToTextLanguage: {
      label: 'Speech-to-text language',
      kind: 'choice',
      choices: TWILIO_SPEECH_TO_TEXT_LANGUAGES,
      initial: 'en-US',
    },
    voice: {
      label: 'Voice',
      kind: 'choice',
      choices: TWILIO_VOICES,
      initial: 'alice',
      help: 'man and woman speak only English (US, UK), Spanish (Spain), French (France) and German.',
    },
    speechTimeout: {
      label: 'Speech timeout (seconds)',
      kind: 'number',
      min: 0,
      max: TWILIO_MAX_TIMEOUT_SECONDS,
      help: '0 means the maximum.',
    },
    buttonTimeout: {
      label: 'Button timeout (seconds)',
      kind: 'number',
      min: 0,
      max: TWILIO_MAX_TIMEOUT_SECONDS,
      help: '0 means the maximum.',
    },
    timeoutMessage: {
      label: 'Timeout message',
      kind: 'text',
      maxLength: 500,
      help: 'Said when the caller answers nothing in time.',
    },
    optionsGatherType: {
      label: 'Options gather type',
      kind: 'choice',
      choices: TWILIO_GATHER_TYPES,
      initial: 'dtmf speech',
    },
    optionsMessage: {
      label: 'Options message',
      kind: 'text',
      maxLength: 200,
      initial: 'option',
      help: "The word said before each option's number ('Option 1: Very satisfied'); callers may say it too.",
    },
  },
});
