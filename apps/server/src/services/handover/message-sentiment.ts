import type { InboundActivity } from '@parley/contracts';
import { nluLanguageOf, sentimentOfText } from '@parley/nlu';

/**
 * The sentiment of a user's typed message, by the embedded NLU engine's lexicons (the seven
 * languages it reads; decisions.md 'Sentiment'), whether or not the message went to a
 * recognizer: what the handover's negative-sentiment limit counts (spec 04 section 3.8). The
 * score runs from -1 to 1 and is 0 inside the neutral band, so below 0 means negative. Null: not
 * scored (no typed text, or a language the engine does not read).
 */
export function messageSentiment(activity: InboundActivity, language: string): number | null {
  const nluLanguage = nluLanguageOf(language);
  if (activity.type !== 'text' || !nluLanguage) return null;
  const text = activity.text.trim();
  if (!text) return null;
  const { label, score } = sentimentOfText(text, nluLanguage);
  return label === 'neutral' ? 0 : score;
}
