/**
 * 'Alexa, open <skill>' comes with no words. Parley's conversations start with the user's first
 * message (the test chat and the chat bubble say nothing until the user does), so opening the
 * skill is taken as the user greeting the bot in the skill's language: the bot answers as it
 * answers a greeting (its Welcome or Greeting intent).
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

/** The greeting a LaunchRequest stands for, in the request's locale's language ('en-GB': 'hello'). */
export const launchUtteranceOf = (locale: string | undefined): string =>
  GREETINGS[(locale ?? 'en').split('-')[0]?.toLowerCase() ?? 'en'] ?? 'hello';
