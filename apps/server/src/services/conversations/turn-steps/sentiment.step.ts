import { messageSentiment } from '../../handover/message-sentiment';
import type { TurnStep } from './turn';

/** Every typed message's sentiment is scored and logged: handover's negative-sentiment limit and analytics read it. */
export const sentimentStep = {
  name: 'sentiment',
  async run(turn) {
    turn.sentiment = messageSentiment(turn.activity, turn.conversation.language);
    return undefined;
  },
} satisfies TurnStep;
