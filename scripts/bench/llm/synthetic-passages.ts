import type { Chunk } from '@parley/retrieval';

/**
 * Synthetic passages with the shape of English text: words drawn by Zipf's law (exponent 1), the
 * most frequent ranks being real English function words (as in any handbook) and the rest
 * made-up content words, so a question's common words and rare words hit the index as real ones do.
 */
const FUNCTION_WORDS = (
  'the of and to a in is it you that he was for on are as with his they i at be this have from or one had by ' +
  'but not what all were we when your can there an which their if do will each about how up out them then she ' +
  'many some so these would other into has more her two like him see time could no make than first been its who'
).split(' ');

const CONTENT_WORDS = 30_000;
const SYLLABLES =
  'ba be bi bo bu ka ke ki ko ku la le li lo lu ma me mi mo mu na ne ni no nu ra re ri ro ru sa se si so su ta te ti to tu'.split(
    ' ',
  );

/** A deterministic pseudo-random generator (mulberry32): the same passages on every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function contentWord(rank: number): string {
  let word = '';
  let value = rank + 1;
  while (value > 0) {
    word += SYLLABLES[value % SYLLABLES.length];
    value = Math.floor(value / SYLLABLES.length);
  }
  return `${word}x`;
}

export interface Vocabulary {
  words: string[];
  /** A word by Zipf's law. */
  draw(random: () => number): string;
  /** A content word (not a function word) by Zipf's law over the content words. */
  drawContent(random: () => number): string;
}

export function zipfVocabulary(): Vocabulary {
  const words = [...FUNCTION_WORDS, ...Array.from({ length: CONTENT_WORDS }, (_, rank) => contentWord(rank))];
  const cumulative = (count: number, offset: number) => {
    const weights = Array.from({ length: count }, (_, index) => 1 / (index + offset + 1));
    let sum = 0;
    return weights.map((weight) => (sum += weight)).map((value) => value / sum);
  };
  const all = cumulative(words.length, 0);
  const content = cumulative(CONTENT_WORDS, FUNCTION_WORDS.length);
  const pick = (table: number[], random: () => number) => {
    const target = random();
    let low = 0;
    let high = table.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((table[middle] as number) < target) low = middle + 1;
      else high = middle;
    }
    return low;
  };
  return {
    words,
    draw: (random) => words[pick(all, random)] as string,
    drawContent: (random) => words[FUNCTION_WORDS.length + pick(content, random)] as string,
  };
}

/** `count` passages of `wordsEach` words (about 1.3 tokens a word: the size of a small chunk). */
export function syntheticChunks(
  vocabulary: Vocabulary,
  count: number,
  wordsEach: number,
  seed: number,
): Chunk[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, (_, ordinal) => ({
    text: `${Array.from({ length: wordsEach }, () => vocabulary.draw(random)).join(' ')}.`,
    headingPath: [vocabulary.drawContent(random)],
    ordinal,
    tokenCount: Math.round(wordsEach * 1.3),
    documentName: `synthetic-${Math.floor(ordinal / 1000)}.txt`,
    metadata: { part: String(ordinal % 10) },
  }));
}

/** Questions as people ask them: a few function words and three to six content words. */
export function syntheticQuestions(vocabulary: Vocabulary, count: number, seed: number): string[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, () => {
    const words = [
      ...Array.from(
        { length: 2 + Math.floor(random() * 3) },
        () => FUNCTION_WORDS[Math.floor(random() * 12)],
      ),
      ...Array.from({ length: 3 + Math.floor(random() * 4) }, () => vocabulary.drawContent(random)),
    ];
    return `${words.join(' ')}?`;
  });
}
