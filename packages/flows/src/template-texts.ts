import { RATING_LABELS } from './block-kinds';

/**
 * The texts the flow templates put into blocks, in the languages Parley bots are most often
 * made in; any other language gets the English text (the author edits it in the editor).
 */
interface TemplateTexts {
  greeting: (intentName: string) => string;
  question: string;
  answerEcho: string;
  ratingQuestion: string;
  ratingLabels: readonly string[];
  thanks: string;
  sorry: string;
  handover: string;
}

const TEXTS: Record<string, TemplateTexts> = {
  en: {
    greeting: (intent) => `Hello from the intent ${intent}!`,
    question: 'What can I help you with?',
    answerEcho: 'You said: [Answer]',
    ratingQuestion: 'How satisfied are you with this conversation?',
    ratingLabels: RATING_LABELS,
    thanks: 'Thank you for your feedback! We are glad you are satisfied.',
    sorry: 'We are sorry to hear that. Thank you for telling us: we will use your feedback to improve.',
    handover: 'Let me connect you with one of my colleagues. One moment, please.',
  },
  de: {
    greeting: (intent) => `Hallo vom Intent ${intent}!`,
    question: 'Wobei kann ich Ihnen helfen?',
    answerEcho: 'Sie sagten: [Answer]',
    ratingQuestion: 'Wie zufrieden sind Sie mit diesem Gespräch?',
    ratingLabels: ['Sehr zufrieden', 'Zufrieden', 'Neutral', 'Unzufrieden', 'Sehr unzufrieden'],
    thanks: 'Vielen Dank für Ihr Feedback! Es freut uns, dass Sie zufrieden sind.',
    sorry: 'Das tut uns leid. Danke, dass Sie es uns sagen: Wir nutzen Ihr Feedback, um besser zu werden.',
    handover: 'Ich verbinde Sie mit einer Kollegin oder einem Kollegen. Einen Moment bitte.',
  },
  fr: {
    greeting: (intent) => `Bonjour de l'intention ${intent} !`,
    question: 'Comment puis-je vous aider ?',
    answerEcho: 'Vous avez dit : [Answer]',
    ratingQuestion: 'Êtes-vous satisfait de cette conversation ?',
    ratingLabels: ['Très satisfait', 'Satisfait', 'Neutre', 'Insatisfait', 'Très insatisfait'],
    thanks: 'Merci pour votre avis ! Nous sommes ravis que vous soyez satisfait.',
    sorry:
      "Nous en sommes désolés. Merci de nous l'avoir dit : vos remarques nous aideront à nous améliorer.",
    handover: "Je vous mets en relation avec un de mes collègues. Un instant, s'il vous plaît.",
  },
  es: {
    greeting: (intent) => `¡Hola desde el intent ${intent}!`,
    question: '¿En qué puedo ayudarle?',
    answerEcho: 'Usted dijo: [Answer]',
    ratingQuestion: '¿Qué tan satisfecho está con esta conversación?',
    ratingLabels: ['Muy satisfecho', 'Satisfecho', 'Neutral', 'Insatisfecho', 'Muy insatisfecho'],
    thanks: '¡Gracias por su opinión! Nos alegra que esté satisfecho.',
    sorry: 'Lamentamos oír eso. Gracias por decírnoslo: usaremos su opinión para mejorar.',
    handover: 'Le comunico con uno de mis compañeros. Un momento, por favor.',
  },
  nl: {
    greeting: (intent) => `Hallo vanuit de intent ${intent}!`,
    question: 'Waarmee kan ik u helpen?',
    answerEcho: 'U zei: [Answer]',
    ratingQuestion: 'Hoe tevreden bent u over dit gesprek?',
    ratingLabels: ['Zeer tevreden', 'Tevreden', 'Neutraal', 'Ontevreden', 'Zeer ontevreden'],
    thanks: 'Bedankt voor uw feedback! Fijn dat u tevreden bent.',
    sorry: 'Dat spijt ons. Bedankt dat u het ons laat weten: we gebruiken uw feedback om beter te worden.',
    handover: "Ik verbind u door met een van mijn collega's. Een ogenblik geduld.",
  },
  it: {
    greeting: (intent) => `Ciao dall'intento ${intent}!`,
    question: 'Come posso aiutarla?',
    answerEcho: 'Ha detto: [Answer]',
    ratingQuestion: 'Quanto è soddisfatto di questa conversazione?',
    ratingLabels: ['Molto soddisfatto', 'Soddisfatto', 'Neutrale', 'Insoddisfatto', 'Molto insoddisfatto'],
    thanks: 'Grazie per il suo feedback! Siamo lieti che sia soddisfatto.',
    sorry: 'Ci dispiace. Grazie per avercelo detto: useremo il suo feedback per migliorare.',
    handover: 'La metto in contatto con un mio collega. Un momento, per favore.',
  },
};

/** The template texts of a language code ('de-at' reads German), English when Parley has none. */
export function templateTexts(language: string): TemplateTexts {
  const base = language.toLowerCase().split('-')[0] ?? '';
  return TEXTS[base] ?? (TEXTS.en as TemplateTexts);
}
