/**
 * English words too common to tell passages apart. Full text ORs a question's words, and one of
 * these matches nearly every passage: dropped, they cost no ranking quality (their weight is
 * near zero) and keep a search from scoring the whole index.
 */
const STOP_WORDS = new Set(
  (
    'a an and are as at be been but by can could did do does for from had has have how i if in into is it its ' +
    'me my no not of on or our so than that the their them then there these they this those to was we were ' +
    'what when where which who whom why will with would you your'
  ).split(' '),
);

/** Words a full-text query is built from, at most. */
export const MAX_QUERY_TERMS = 48;

/**
 * The words of a question as full-text terms: runs of letters and digits, lower case, each once,
 * English stop words left out unless nothing else is left. Nothing else reaches the query
 * syntax of FTS5 or PostgreSQL, so no input can change a query's meaning.
 */
export function queryTerms(text: string): string[] {
  const words = [...new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])];
  const meaningful = words.filter((word) => !STOP_WORDS.has(word));
  return (meaningful.length > 0 ? meaningful : words).slice(0, MAX_QUERY_TERMS);
}
