import {
  type ConversationStateView,
  type InboundActivity,
  readBotSettings,
  type TopicOf,
  type TurnDetailsView,
} from '@parley/contracts';
import type { Bot } from '@parley/db';
import { readConversationState, type TurnTrace } from '@parley/runtime';
import type { AppContext } from '../../context';
import { publishTopicEvent } from '../realtime/topic-events';
import type { TurnAnswer } from './conversation-turns.service';

/** Variables as the test chat's details list them: name, type and value. */
export const variablesOf = (variables: Record<string, unknown>): ConversationStateView['variables'] =>
  Object.entries(variables).map(([name, value]) => ({ name, type: typeOf(value), value }));

const typeOf = (value: unknown): string =>
  value === null
    ? 'null'
    : Array.isArray(value)
      ? 'list'
      : typeof value === 'object'
        ? 'object'
        : typeof value;

/** What the test chat's 'Show details' shows of a turn: its recognition, the flow it started, the state after it. */
export function turnDetailsOf(trace: TurnTrace, storedState: unknown): TurnDetailsView {
  return {
    intent: trace.recognition?.intent ?? null,
    score: trace.recognition ? trace.recognition.score : null,
    entities: trace.recognition?.entities ?? [],
    intents: trace.recognition?.intents ?? [],
    variables: variablesOf(readConversationState(storedState).variables),
    flowTriggered: trace.flowTriggered,
    error: trace.error,
  };
}

/**
 * A turn's answer to everyone following the conversation, on any process: what was said (left
 * out for a turn the bot took on its own), the bot's activities with the pause to keep between
 * them (the bot's in-between response delay, read per turn), and the details.
 */
export async function publishTurn(
  ctx: AppContext,
  bot: Bot,
  topic: TopicOf<'conversation'>,
  answer: TurnAnswer,
  said?: InboundActivity,
): Promise<void> {
  await publishTopicEvent(ctx.shared.pubsub, {
    type: 'conversation:turn',
    topic,
    ...(said ? { said } : {}),
    activities: answer.activities,
    responseDelayMs: readBotSettings(bot.settings).delay,
    details: turnDetailsOf(answer.trace, answer.state),
  });
}
