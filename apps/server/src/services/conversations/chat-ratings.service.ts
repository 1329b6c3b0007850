import type { ChatRatingView, InboundActivity } from '@parley/contracts';
import type { TurnRecord } from '@parley/db';
import { RATING_LABELS } from '@parley/flows';
import { chosenOption } from '@parley/runtime';
import type { BotRef } from '../../auth/bot-ref';
import type { Principal } from '../../auth/principal';
import { loadBot } from '../bots/bot-access.service';
import { isMessageTurn } from './conversation-log.service';

/** A rating card answered later than this after it was shown is not counted: the user had moved on. */
const ANSWER_WITHIN_MS = 24 * 3_600_000;

/** The score of a standard rating label, as the Show Rating block keeps it: 5 for the first, 1 for the last. */
function scoreOf(label: string): number | null {
  const index = RATING_LABELS.findIndex((candidate) => candidate.toLowerCase() === label.toLowerCase());
  return index >= 0 ? RATING_LABELS.length - index : null;
}

/**
 * The rating a user gave to a card: their first message after it, when it picks one of the card's
 * options (as the block takes answers: the label, its number, or its first words). Undefined
 * when they said something else (the block then showed the card again, or the user moved on).
 */
function ratingOf(card: TurnRecord, later: readonly TurnRecord[]): ChatRatingView | undefined {
  const options = (card.activity as { options?: unknown }).options;
  if (!Array.isArray(options) || !options.every((option) => typeof option === 'string')) return undefined;
  const answer = later.find(isMessageTurn);
  if (!answer) return undefined;
  const index = chosenOption(options, answer.activity as InboundActivity);
  const label = options[index];
  if (label === undefined) return undefined;
  return {
    rating: scoreOf(label),
    feedback: label,
    timestamp: answer.at,
    conversationId: card.conversationId,
  };
}

/**
 * GET /api/bots/{bot}/conversation/ratings/{month}/{year} (spec 02 section 7): the users' answers
 * to Show Rating blocks given in that month (UTC), oldest first, read from the conversations' log.
 * Conversations started with 'Disable analytics' are left out, as from every analytics figure.
 */
export async function chatRatings(
  principal: Principal,
  botRef: BotRef,
  period: { month: number; year: number },
): Promise<ChatRatingView[]> {
  const bot = await loadBot(principal, botRef);
  const from = new Date(Date.UTC(period.year, period.month - 1, 1));
  const to = new Date(Date.UTC(period.year, period.month, 1));
  const shownFrom = new Date(from.getTime() - ANSWER_WITHIN_MS).toISOString();
  const ratings: ChatRatingView[] = [];
  const cards = principal.scope
    .conversations(bot.id)
    .ratingCardsBetween(shownFrom, to.toISOString(), to.toISOString());
  for await (const batch of cards) {
    for (const { card, later } of batch) {
      const within = later.filter((turn) => Date.parse(turn.at) - Date.parse(card.at) <= ANSWER_WITHIN_MS);
      const rating = ratingOf(card, within);
      if (rating && rating.timestamp >= from.toISOString()) ratings.push(rating);
    }
  }
  return ratings.sort((a, b) => a.timestamp.localeCompare(b.timestamp));
}
