/**
 * Splitting an answer into sentences (llmSplitSentences, spec 04 section 3.1): at '.', '!', '?'
 * or '…' followed by a space and what starts a sentence, and at line breaks; not after a common
 * abbreviation, an initial or inside a number ('3.5', 'e.g. this'). A streaming splitter gives
 * each sentence as soon as the text after it shows that it ended.
 */
const ABBREVIATIONS = new Set([
  'e.g',
  'i.e',
  'etc',
  'vs',
  'mr',
  'mrs',
  'ms',
  'dr',
  'prof',
  'st',
  'no',
  'nr',
  'fig',
  'approx',
  'incl',
  'ca',
  'cf',
  'jr',
  'sr',
]);

const ENDS = /[.!?…]/;
/** What may follow the end mark before the space: closing quotes and brackets. */
const CLOSERS = /["'”’)\]]/;
/** What a new sentence may start with. */
const STARTS = /[\p{Lu}\p{N}"'“‘([*-]/u;

function endsWithAbbreviation(text: string, markAt: number): boolean {
  if (text[markAt] !== '.') return false;
  const before = text.slice(Math.max(0, markAt - 12), markAt);
  const word = /([\p{L}.]+)$/u.exec(before)?.[1]?.toLowerCase() ?? '';
  return ABBREVIATIONS.has(word) || /^\p{L}$/u.test(word);
}

/** Where the first sentence of `text` ends (the index after it), or -1 when it has not visibly ended. */
function firstBoundary(text: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    const char = text[i] as string;
    if (char === '\n') return i + 1;
    if (!ENDS.test(char)) continue;
    let end = i + 1;
    while (end < text.length && (ENDS.test(text[end] as string) || CLOSERS.test(text[end] as string))) end++;
    // The text after the mark decides; at the end of what has arrived, it is not known yet.
    if (end >= text.length) return -1;
    if (!/\s/.test(text[end] as string)) {
      i = end - 1;
      continue;
    }
    let next = end;
    while (next < text.length && /[ \t]/.test(text[next] as string)) next++;
    if (next >= text.length) return -1;
    if (text[next] === '\n' || (STARTS.test(text[next] as string) && !endsWithAbbreviation(text, i)))
      return next;
    i = end - 1;
  }
  return -1;
}

export class SentenceSplitter {
  private buffer = '';

  /** Adds streamed text; gives the sentences that are now complete. */
  push(delta: string): string[] {
    this.buffer += delta;
    const sentences: string[] = [];
    for (;;) {
      // The buffer holds one unfinished sentence, so scanning it again from its start is cheap.
      const boundary = firstBoundary(this.buffer, 0);
      if (boundary < 0) break;
      const sentence = this.buffer.slice(0, boundary).trim();
      this.buffer = this.buffer.slice(boundary);
      if (sentence.length > 0) sentences.push(sentence);
    }
    return sentences;
  }

  /** The text left when the stream ended: the last sentence, if any. */
  end(): string[] {
    const rest = this.buffer.trim();
    this.buffer = '';
    return rest.length > 0 ? [rest] : [];
  }
}

export function splitSentences(text: string): string[] {
  const splitter = new SentenceSplitter();
  return [...splitter.push(text), ...splitter.end()];
}
