import type { InboundActivity } from '../activities';
import { type ConversationState, newConversationState, readConversationState } from '../conversation-state';
import { type BotForTurn, runTurn, type TurnResult } from '../run-turn';

/** What a turn said, as a user reads it: texts, options' texts, image addresses, other kinds by name. */
export const saidIn = (result: TurnResult): string[] =>
  result.activities.map((a) => ('text' in a ? a.text : a.type === 'image' ? a.url : a.type));

/** Talks to a bot turn by turn; the state goes through JSON between turns, as the database keeps it. */
export function chatWith(bot: BotForTurn, state: ConversationState = newConversationState()) {
  let current = state;
  return {
    async send(activity: InboundActivity | string): Promise<TurnResult> {
      const result = await runTurn({
        bot,
        state: current,
        activity: typeof activity === 'string' ? { type: 'text', text: activity } : activity,
      });
      current = readConversationState(JSON.parse(JSON.stringify(result.state)));
      return result;
    },
    get state() {
      return current;
    },
  };
}
