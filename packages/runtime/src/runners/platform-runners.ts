import { DELAY_MAX_SECONDS, variableReferenceName } from '@parley/flows';
import type { BlockRunner, BlockStep } from './block-runner';

/**
 * Kinds that lean on a system outside the flow: the clock (delay), the bot's statistics, and the
 * providers and systems a bot may have connected. A provider or system that is not configured
 * ends the turn with an error saying what to connect, never a silent skip.
 */

/** Counts the variable's current value in the bot's user statistics (kept with the turn's log). */
export const userStatistics: BlockRunner<'userStatistics'> = (values, turn) => {
  const written = (values.varName ?? '').trim();
  const name = variableReferenceName(written) ?? written;
  if (name === '') return { error: 'The User Statistics block names no variable.' };
  turn.count(name, turn.variables[name] ?? null);
  return {};
};

/**
 * Waits, then goes on: the turn ends here and the next block runs when the wait is over (the
 * server schedules that turn). A message of the user during the wait ends it early, and is then
 * answered as itself (turn/resume.ts, endDelaysEarly).
 */
export const blockDelay: BlockRunner<'blockDelay'> = (values, turn) => {
  if (turn.answer) return {};
  const seconds = Math.min(DELAY_MAX_SECONDS, Math.max(0, Number(values.duration) || 0));
  return seconds > 0 ? { wait: true, resumeAfterMs: Math.round(seconds * 1000) } : {};
};

const notConfigured =
  (what: string): (() => BlockStep) =>
  () => ({ error: what });

export const languageDetection: BlockRunner<'languageDetection'> = notConfigured(
  "Language Detection needs a language detection provider in the bot's settings; none is configured.",
);

export const languageTranslation: BlockRunner<'languageTranslation'> = notConfigured(
  "Language Translation needs a translation provider in the bot's settings; none is configured.",
);

const ticketing = notConfigured(
  'Ticketing blocks need the Microsoft SCSM system connected to this bot; it is not connected.',
);
export const getTicket: BlockRunner<'GetTicket'> = ticketing;
export const createTicket: BlockRunner<'CreateTicket'> = ticketing;
export const editTicket: BlockRunner<'EditTicket'> = ticketing;
export const getTicketsOfUser: BlockRunner<'GetTicketsOfUser'> = ticketing;
export const getAssetsOfUser: BlockRunner<'GetAssetsOfUser'> = ticketing;
export const getAssetDetails: BlockRunner<'GetAssetDetails'> = ticketing;

export const addToBasket: BlockRunner<'addToBasket'> = notConfigured(
  'Add to Basket needs the Foodl system connected to this bot; it is not connected.',
);
