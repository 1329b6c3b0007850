import type { ConversationStateView, TurnDetailsView } from '@parley/contracts';
import { readConversationState, type TurnTrace } from '@parley/runtime';

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
