import { readBotSettings } from '@parley/contracts';
import { scheduledTurnAfter, scheduleTurn } from '../scheduled-turns.service';
import type { TurnStep } from './turn';

/** A Delay's end, or the idle text while the bot waits: a job takes that turn later, once this one is stored. */
export const schedulingStep = {
  name: 'scheduling',
  async run(turn) {
    if (!turn.outcome) return undefined;
    const later = scheduledTurnAfter(readBotSettings(turn.bot.settings), turn.activity, turn.outcome);
    if (!later) return undefined;
    const atTurn = turn.conversation.turnCount + 1;
    turn.afterStored.push(() => scheduleTurn(turn.ctx, turn.bot, turn.conversation.id, atTurn, later));
    return undefined;
  },
} satisfies TurnStep;
