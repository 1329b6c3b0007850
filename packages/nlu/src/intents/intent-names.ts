import { type NluTrainingData, NONE } from '../types';
import { MIN_EXAMPLES as BIG_BOT } from './nearest';

/**
 * An intent's name as one more example of it: 'activate_my_card', 'BookRestaurant' and
 * 'Change Password' are the designer's shortest description of what users ask. With a handful
 * of examples an intent's own words are few, and its name often holds the one that tells it
 * from its neighbours (Banking77 10-shot 0.727 -> 0.741). Only small bots (under 1,000 written
 * examples, the line nearest.ts draws): a big bot's examples already say it all, and there a
 * short example of everyday words ('get', 'work', 'rate') only drew foreign questions in (Snips
 * full, Banking77's texts to None 0.507 -> 0.498). A name without a word of two letters or more
 * ('I1', 'x') adds nothing; an intent without examples gets none (it is no class).
 */
export function nameWords(name: string): string {
  return name
    .replace(/([\p{Ll}\d])(\p{Lu})/gu, '$1 $2')
    .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1 $2')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .toLowerCase();
}

export function intentNameExamples(data: NluTrainingData): Array<{ text: string; intent: string }> {
  const out: Array<{ text: string; intent: string }> = [];
  const written = data.intents
    .filter((i) => i.name.toLowerCase() !== NONE.toLowerCase())
    .reduce((n, i) => n + i.utterances.length + (i.patterns ?? []).length, 0);
  if (written >= BIG_BOT) return out;
  const seen = new Set<string>();
  for (const intent of data.intents) {
    const name = intent.name;
    if (name.toLowerCase() === NONE.toLowerCase() || seen.has(name)) continue;
    if (intent.utterances.length === 0 && (intent.patterns ?? []).length === 0) continue;
    const text = nameWords(name);
    if (!/\p{L}{2}/u.test(text)) continue;
    seen.add(name);
    out.push({ text, intent: name });
  }
  return out;
}
