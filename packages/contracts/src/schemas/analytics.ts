import { z } from 'zod';

/**
 * The analytics calls of spec 02 section 7 that read what conversations said: the users' ratings
 * of a month, the utterances download and whether the bot's web widget (its test chat) is on.
 */

/** The first year the dashboard's calls accept: no conversation of Parley is older. */
export const ANALYTICS_FIRST_YEAR = 2000;

export const ANALYTICS_MESSAGES = {
  badMonth: 'month must be a whole number from 1 to 12.',
  badYear: `year must be a whole number from ${ANALYTICS_FIRST_YEAR} to 9999.`,
  botMissing: 'bot must name one of your bots.',
  testChatDisabled: 'Test Chat is not enabled.',
} as const;

/** GET /api/bots/{bot}/conversation/ratings/{month}/{year}. */
export const ratingsPeriodParamsSchema = z.object({
  month: z.coerce
    .number({ message: ANALYTICS_MESSAGES.badMonth })
    .int(ANALYTICS_MESSAGES.badMonth)
    .min(1, ANALYTICS_MESSAGES.badMonth)
    .max(12, ANALYTICS_MESSAGES.badMonth),
  year: z.coerce
    .number({ message: ANALYTICS_MESSAGES.badYear })
    .int(ANALYTICS_MESSAGES.badYear)
    .min(ANALYTICS_FIRST_YEAR, ANALYTICS_MESSAGES.badYear)
    .max(9999, ANALYTICS_MESSAGES.badYear),
});

/**
 * A user's answer to a Show Rating block (spec 02 section 3, 'Chat rating/feedback'): `rating` is
 * the score 1-5 of a standard label, null for a label of the designer's own; `feedback` is the
 * answer as chosen; `timestamp` when the user answered.
 */
export interface ChatRatingView {
  rating: number | null;
  feedback: string;
  timestamp: string;
  conversationId: string;
}

/** GET /api/utterances?bot={botName}: whose utterances to download. */
export const utterancesQuerySchema = z.object({
  bot: z
    .string({ message: ANALYTICS_MESSAGES.botMissing })
    .trim()
    .min(1, ANALYTICS_MESSAGES.botMissing)
    .max(100, ANALYTICS_MESSAGES.botMissing),
});

/** The utterances download's file name (spec 02 section 7). */
export const UTTERANCES_FILE_NAME = 'utterances.csv';

/** GET /api/bots/{bot}/web-widget: whether the bot's test chat is on (the dashboard needs it). */
export interface WebWidgetView {
  enabled: boolean;
}
