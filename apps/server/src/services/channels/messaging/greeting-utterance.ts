/**
 * Voice channels start with no words: 'Alexa, open <skill>', a call picked up. Parley's
 * conversations start with the user's first message (the test chat and the chat bubble say
 * nothing until the user does), so the start is taken as the user greeting the bot in their
 * language: the bot answers as it answers a greeting (its Welcome or Greeting intent), and speaks first.
 */
const GREETINGS: Record<string, string> = {
  en: 'hello',
  de: 'hallo',
  fr: 'bonjour',
  es: 'hola',
  it: 'ciao',
  pt: 'olá',
  nl: 'hallo',
  ja: 'こんにちは',
  hi: 'नमस्ते',
  ar: 'مرحبا',
};

/** The greeting a voice conversation's start stands for, in the locale's language ('en-GB': 'hello'). */
export const greetingUtteranceOf = (locale: string | undefined): string =>
  GREETINGS[(locale ?? 'en').split('-')[0]?.toLowerCase() ?? 'en'] ?? 'hello';
