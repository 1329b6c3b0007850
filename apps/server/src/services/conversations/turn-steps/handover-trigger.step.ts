import { afterBotAnswer } from '../../handover/handover-turns';
import type { TurnStep } from './turn';

/**
 * Human handover (issue 13): the answer may move the conversation to an agent (a Handover block,
 * the unrecognised-intent or the negative-sentiment limit); the user then hears the queue or the
 * not-available message after the bot's answer.
 */
export const handoverTriggerStep = {
  name: 'handover-trigger',
  async run(turn) {
    if (!turn.outcome) return undefined;
    turn.outcome.activities.push(
      ...(await afterBotAnswer(turn.ctx, turn.scope, turn.bot, turn.conversation, turn.activity, {
        ...turn.outcome,
        sentiment: turn.sentiment,
      })),
    );
    return undefined;
  },
} satisfies TurnStep;
