import { countTokens } from '@parley/llm';
import { shareEventLoop } from '../../../workers/share-event-loop';

/**
 * Up to 32 words with the spaces before them, a word cut after 24 ASCII characters or 8 others.
 * The byte-pair merge grows with the cube of a piece's bytes: a 20,000-character run without
 * spaces took 5 s and 20,000 CJK characters a minute. Cut this way, ordinary text counts the same
 * (a piece never spans a space; CJK tokens are a character or two) and a longer run counts a token
 * or so more per cut, never less: the Prompt tab warns early rather than late.
 */
const SEGMENT = /(?:\s*(?:[^\s\u{80}-\u{10ffff}]{1,24}|(?:(?!\s)[\u{80}-\u{10ffff}]){1,8})){1,32}|\s+/gu;

/** The tokens of a user-written text for a model, counted by segments (see SEGMENT). */
export function countTokensBounded(text: string, model: string): number {
  let total = 0;
  for (const match of text.matchAll(SEGMENT)) total += countTokens(match[0], model);
  return total;
}

/**
 * The same, the event loop shared between segments: a designer's long persona or a hostile body
 * never holds the server.
 */
export async function countTokensSafely(text: string, model: string): Promise<number> {
  let total = 0;
  for (const match of text.matchAll(SEGMENT)) {
    total += countTokens(match[0], model);
    await shareEventLoop();
  }
  return total;
}
