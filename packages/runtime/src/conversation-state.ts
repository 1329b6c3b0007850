/**
 * Everything the runtime remembers of a conversation between turns. Plain JSON: it is stored in
 * the conversation's row after every turn, so a turn can run on any process after a restart.
 */
export interface ConversationState {
  /** Flow variables by name (answers, outputs, entities, dictionary entries). */
  variables: Record<string, unknown>;
  /** The block waiting for the user's answer; null between flows. */
  waiting: WaitingAt | null;
  /** Passes through each block by `flow/blockId`: pass counters and loop guards read them. */
  passes: Record<string, number>;
  /** The sub flows being run, innermost last: each frame is the block that called one, to go on from. */
  stack: CallFrame[];
  /** Variables the recognizer filled from entities: what an end block's 'clear entities' empties. */
  entities: string[];
  /** Below-threshold messages the chit-chat LLM answered in a row (left out when none). */
  chitChatsInARow?: number;
}

/** A sub-flow block that is running its sub flow: where the flow goes on when the sub flow ends. */
export interface CallFrame {
  flow: string;
  blockId: string;
}

export interface WaitingAt {
  /** The flow that holds the block: an intent's name, or `fn:` and a sub flow's name (flowKey). */
  flow: string;
  blockId: string;
  /** Answers already refused by this block (unexpected input asked again). */
  retries: number;
  /** What the block needs to remember between asking and the answer (a multiple entity check's row). */
  memo?: unknown;
}

export const newConversationState = (): ConversationState => ({
  variables: {},
  waiting: null,
  passes: {},
  stack: [],
  entities: [],
});

/** A stored state read back; anything unreadable starts afresh rather than failing the turn. */
export function readConversationState(stored: unknown): ConversationState {
  if (typeof stored !== 'object' || stored === null) return newConversationState();
  const state = stored as Partial<ConversationState>;
  const isRecord = (value: unknown): value is Record<string, never> =>
    typeof value === 'object' && value !== null && !Array.isArray(value);
  const waiting = state.waiting;
  return {
    variables: isRecord(state.variables) ? state.variables : {},
    waiting:
      isRecord(waiting) && typeof waiting.flow === 'string' && typeof waiting.blockId === 'string'
        ? {
            flow: waiting.flow,
            blockId: waiting.blockId,
            retries: typeof waiting.retries === 'number' ? waiting.retries : 0,
            memo: waiting.memo,
          }
        : null,
    passes: isRecord(state.passes) ? state.passes : {},
    stack: Array.isArray(state.stack)
      ? state.stack.filter(
          (frame): frame is CallFrame =>
            isRecord(frame) && typeof frame.flow === 'string' && typeof frame.blockId === 'string',
        )
      : [],
    entities: Array.isArray(state.entities)
      ? state.entities.filter((name): name is string => typeof name === 'string')
      : [],
    ...(typeof state.chitChatsInARow === 'number' && state.chitChatsInARow > 0
      ? { chitChatsInARow: state.chitChatsInARow }
      : {}),
  };
}
