import { seededRandom } from '../text/hash';
import type { NluLanguage } from '../text/languages';
import type { Analyser, Token } from '../text/tokenize';
import { recognizerInputs } from './prebuilt-triggers';

/** A marked sentence for the tagger: its text, intent and labelled character spans. */
export interface LabelledText {
  text: string;
  intent: string;
  spans: ReadonlyArray<{ label: string; start: number; end: number }>;
}

/** BIO labels of tokens from character spans (a token belongs to the span it starts in). */
export function bioLabels(
  tokens: readonly Token[],
  spans: ReadonlyArray<{ label: string; start: number; end: number }>,
): string[] {
  const labels = tokens.map(() => 'O');
  for (const span of spans) {
    let first = true;
    tokens.forEach((token, i) => {
      if (token.start >= span.start && token.start < span.end) {
        labels[i] = `${first ? 'B' : 'I'}-${span.label}`;
        first = false;
      }
    });
  }
  return labels;
}

/**
 * The values each label may take in a variant: those marked in the sentences and the entity's
 * examples (the values a designer listed), sorted (the same data gives the same variants).
 */
export function valuePool(
  sentences: readonly LabelledText[],
  examplesOf: (label: string) => readonly string[],
  language?: NluLanguage,
): Map<string, string[]> {
  const values = new Map<string, Set<string>>();
  for (const s of sentences) {
    for (const span of s.spans) {
      const set = values.get(span.label) ?? new Set<string>();
      set.add(s.text.slice(span.start, span.end));
      values.set(span.label, set);
    }
  }
  for (const [label, set] of values) {
    for (const example of examplesOf(label)) set.add(example);
    const kind = language ? prebuiltKindOf([...set], language) : undefined;
    if (kind && language) for (const value of prebuiltValues(kind, language)) set.add(value);
  }
  return new Map([...values].map(([k, v]) => [k, [...v].sort()]));
}

/**
 * Dates and times as the Date recognizer finds them (its span: 'in 6 weeks', '12 years from
 * now'), for a learned entity whose values are dates: ten examples cannot show a tagger
 * every shape a date takes. English only; other languages keep their marked values.
 */
const DATE_VALUES: Partial<Record<NluLanguage, readonly string[]>> = {
  en: [
    'tomorrow',
    'today',
    'tonight',
    'now',
    'this weekend',
    'next week',
    'next friday',
    'monday',
    'this evening',
    'tomorrow morning',
    'sunday afternoon',
    'this summer',
    'next year',
    'in 3 hours',
    'in 20 minutes',
    'in 6 weeks',
    'in two days',
    'one hour from now',
    '12 years from now',
    'a year from now',
    '5 pm',
    '10 AM',
    '06:30',
    'noon',
    'midnight',
    "nine o'clock",
    'eight pm',
    'october the 24th',
    'december 5th',
    'Oct. 16, 2036',
    'may 25, 2033',
    'February 16th',
    'jan. 3rd',
    'the 21st',
    'september 2030',
    'christmas',
    "new year's eve",
    'lunch time',
    'breakfast',
  ],
};
const NUMBER_VALUES: Partial<Record<NluLanguage, readonly string[]>> = {
  en: ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'],
};
const DIGITS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '12', '15', '20'];

/**
 * A learned entity whose values are mostly dates, or mostly numbers, by the recognizers' own
 * pre-checks ('6 pm', 'this week', 'seven'): such an entity is a prebuilt type in a
 * designer's own words, and its variants take any date or number.
 */
export function prebuiltKindOf(
  values: readonly string[],
  language: NluLanguage,
): 'Date' | 'Number' | undefined {
  if (values.length === 0) return undefined;
  const share = (entity: 'Date' | 'Number', of: (v: string) => string = (v) => v) =>
    values.filter((v) => recognizerInputs(entity, of(v), language).length > 0).length / values.length;
  // By its words: a bare number ('1984', '6') is a number here, whatever a date cue says.
  if (share('Date', (v) => v.replace(/\d/g, ' ')) >= 0.5) return 'Date';
  // A count: a whole number or one number word ('4', 'seven'); '12.04' or 'XP-424' is a name.
  const isCount = (v: string) =>
    /^\d+$/.test(v.trim()) ||
    (/^\p{L}+$/u.test(v.trim()) && recognizerInputs('Number', v, language).length > 0);
  if (values.filter(isCount).length / values.length >= 0.5) return 'Number';
  return undefined;
}

/** The values a date- or number-like entity takes in variants besides its own. */
export function prebuiltValues(kind: 'Date' | 'Number', language: NluLanguage): readonly string[] {
  if (kind === 'Date') return DATE_VALUES[language] ?? [];
  return [...DIGITS, ...(NUMBER_VALUES[language] ?? [])];
}

/**
 * Variants of each marked sentence; a bot with few examples gets many (its tagger would
 * otherwise learn the handful of values it was shown, not the words around them), a big bot
 * none past the budget (its values are varied already, and training time counts).
 */
export const MAX_VARIANTS = 5;
export const MAX_EXTRA_SENTENCES = 3000;

export function variantsPerSentence(sentences: number): number {
  return Math.min(MAX_VARIANTS, Math.floor(MAX_EXTRA_SENTENCES / Math.max(1, sentences)));
}

/**
 * Marked sentences with each value swapped for another value of the same label: another
 * sentence's marked value or one of the entity's examples (a designer's list of values).
 * The tagger then learns from a handful of examples that 'add X to my Y playlist' holds an
 * artist and a playlist whatever X and Y are, and how long a value may be.
 */
export function valueVariants(
  sentences: readonly LabelledText[],
  valuesOf: ReadonlyMap<string, readonly string[]>,
  analyser: Analyser,
  variants = variantsPerSentence(sentences.length),
  /** Words a made-up value keeps (date and number words: they are what such a value is). */
  keep: (word: string) => boolean = () => false,
  seed = 37,
): Array<{ tokens: Token[]; labels: string[]; intent: string }> {
  const out: Array<{ tokens: Token[]; labels: string[]; intent: string }> = [];
  if (variants <= 0) return out;
  const random = seededRandom(seed);
  const unseen = unseenShares(sentences);
  for (const s of sentences) {
    const spans: Array<{ label: string; start: number; end: number }> = [];
    for (const span of [...s.spans].sort((a, b) => a.start - b.start)) {
      const last = spans[spans.length - 1];
      if (last && span.start < last.end) continue;
      if ((valuesOf.get(span.label)?.length ?? 0) > 1 || (unseen.get(span.label) ?? 0) > 0) spans.push(span);
    }
    if (spans.length === 0) continue;
    const seen = new Set<string>([s.text]);
    for (let v = 0; v < variants; v++) {
      let text = '';
      let at = 0;
      const placed: Array<{ label: string; start: number; end: number }> = [];
      for (const span of spans) {
        const values = valuesOf.get(span.label) as readonly string[];
        let value = values[Math.floor(random() * values.length)] as string;
        if (random() < (unseen.get(span.label) ?? 0)) value = nonceOf(value, random, keep);
        text += s.text.slice(at, span.start);
        placed.push({ label: span.label, start: text.length, end: text.length + value.length });
        text += value;
        at = span.end;
      }
      text += s.text.slice(at);
      if (seen.has(text)) continue;
      seen.add(text);
      const others = s.spans.filter((o) => !spans.includes(o));
      // Spans whose values were not swapped keep their place, moved by the swaps before them.
      const moved = others.map((o) => {
        let shift = 0;
        spans.forEach((span, k) => {
          const p = placed[k];
          if (p && span.end <= o.start) shift += p.end - p.start - (span.end - span.start);
        });
        return { label: o.label, start: o.start + shift, end: o.end + shift };
      });
      const tokens = analyser.tokenize(text);
      out.push({ tokens, labels: bioLabels(tokens, [...placed, ...moved]), intent: s.intent });
    }
  }
  return out;
}

/**
 * Per label, the share of its marked occurrences whose value is met only once: the
 * Good-Turing estimate of how often a user's value will be one the bot has not seen (names,
 * titles: most; 'my', 'song': few), with one pseudo-occurrence of a new value, so that a
 * short list written again and again ('large', 'small', 'medium') still leaves room for
 * 'tiny'.
 */
export function unseenShares(sentences: readonly LabelledText[]): Map<string, number> {
  const counts = new Map<string, Map<string, number>>();
  for (const s of sentences) {
    for (const span of s.spans) {
      const values = counts.get(span.label) ?? new Map<string, number>();
      const value = s.text.slice(span.start, span.end).toLowerCase();
      values.set(value, (values.get(value) ?? 0) + 1);
      counts.set(span.label, values);
    }
  }
  const shares = new Map<string, number>();
  for (const [label, values] of counts) {
    let once = 0;
    let all = 0;
    for (const n of values.values()) {
      all += n;
      if (n === 1) once++;
    }
    shares.set(label, (once + 1) / (all + 1));
  }
  return shares;
}

const CONSONANTS = 'bcdfghjklmnprstvz';
const VOWELS = 'aeiou';

/**
 * A made-up value shaped like `value`: each word of more than three letters (or with a
 * capital) becomes a pronounceable nonce word of its length and capitals, digits other
 * digits; short lower-case words ('of', 'the') stay. The tagger meets values it cannot
 * know, as users' values will be, and learns to read the words around them and their shape.
 */
export function nonceOf(
  value: string,
  random: () => number,
  keep: (word: string) => boolean = () => false,
): string {
  return value.replace(/[\p{L}\p{M}]+|\p{N}+/gu, (word) => {
    if (/^\p{N}+$/u.test(word)) return word.replace(/\p{N}/gu, () => String(Math.floor(random() * 10)));
    if ((word.length <= 3 && word === word.toLowerCase()) || keep(word)) return word;
    let made = '';
    for (let i = 0; i < word.length; i++) {
      const letters = i % 2 === 0 ? CONSONANTS : VOWELS;
      let c = letters[Math.floor(random() * letters.length)] as string;
      const original = word[i] as string;
      if (original !== original.toLowerCase()) c = c.toUpperCase();
      made += c;
    }
    return made;
  });
}
