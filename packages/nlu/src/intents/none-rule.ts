import { type IntentScore, NONE } from '../types';

/**
 * Whether None is the answer to a ranked input. By plurality, None beats a bot's intents
 * whenever their share is split over a few close ones (a bot of 77 banking intents with 10
 * examples each), though every word of the input is one the bot was taught (and, in a big
 * bot, the input is as close to an example as a typical one). Such an input is no foreign
 * question by its words: None must then hold more than half of the mass. Any other input
 * keeps the plurality rule (foreign questions are rejected as before).
 */
export function noneWins(ranked: readonly IntentScore[], looksInScope: () => boolean): boolean {
  const none = ranked.find((s) => s.intent === NONE)?.score ?? 0;
  const best = ranked.find((s) => s.intent !== NONE)?.score ?? 0;
  if (none < best) return false;
  if (none > 0.5 || best === 0) return true;
  // Asked only here: the nearest-example look-up costs a prediction as much again.
  return !looksInScope();
}
