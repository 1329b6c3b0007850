import { handoverTurn } from '../../handover/handover-turns';
import type { TurnStep } from './turn';

/**
 * Human handover (issue 13): while the conversation waits for or talks with an agent, the user's
 * message goes to the agent and the bot does not run. The conversation's row says whether a
 * handover is open, so other turns read nothing more.
 */
export const handoverInboundStep = {
  name: 'handover-inbound',
  async run(turn) {
    if (!turn.conversation.isHandedOver) return undefined;
    const withAgent = await handoverTurn(turn.ctx, turn.scope, turn.bot, turn.conversation, turn.activity);
    return withAgent ? { takenBy: withAgent } : undefined;
  },
} satisfies TurnStep;
