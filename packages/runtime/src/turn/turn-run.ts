import type { InboundActivity, OutboundActivity } from '../activities';
import type { ConversationState } from '../conversation-state';
import { flowOfKey, type RuntimeFlow } from '../runtime-flow';
import { type BotForTurn, TurnError, type TurnLimits, type TurnTrace } from '../turn-types';

/** One turn while it runs: the bot, the state it changes, what it says and why (the trace). */
export interface TurnRun {
  bot: BotForTurn;
  limits: TurnLimits;
  state: ConversationState;
  activities: OutboundActivity[];
  trace: TurnTrace;
  /** The user's text of this turn (empty for events). */
  userText: string;
  now: () => number;
  startedAt: number;
  random: () => number;
  /** Sets (or with undefined, unsets) a variable within the size limit. */
  setVariable(name: string, value: unknown): void;
  /** Sets a variable from a recognised entity: remembered as one of the conversation's entities. */
  setEntity(name: string, value: unknown): void;
  /**
   * Variables set from entities recognised in this turn's message that no question has used yet:
   * a question about one of them is not asked ('where is order 98765' gives the order number).
   */
  recognisedThisTurn: Set<string>;
  /** A flow as the state names it: an intent's active flow, or a sub flow's. */
  flowByKey(key: string): Promise<RuntimeFlow | undefined>;
  /** A Delay block waits this long before the flow goes on. */
  resumeAfterMs?: number;
  /** The waiting block (an LLM block) takes the user's silence for this long as a turn. */
  inactivityAfterMs?: number;
  /** Below-threshold messages answered by chit-chat in a row before this turn. */
  chitChatsBefore: number;
}

/** Where the turn goes on: a block of a flow, with the answer it waited for when it waited. */
export interface TurnPlace {
  flow: RuntimeFlow;
  nodeId: string;
  answer?: InboundActivity;
  memo?: unknown;
  retries: number;
}

export function startRun(
  bot: BotForTurn,
  state: ConversationState,
  options: {
    limits: TurnLimits;
    userText: string;
    now: () => number;
    random: () => number;
    trace: TurnTrace;
    chitChatsBefore?: number;
  },
): TurnRun {
  const setVariable = (name: string, value: unknown) => {
    if (value === undefined) {
      delete state.variables[name];
      return;
    }
    const size = JSON.stringify(value)?.length ?? 0;
    if (size > options.limits.maxVariableBytes) {
      throw new TurnError(
        `Variable ${name} would hold ${size} bytes; at most ${options.limits.maxVariableBytes} fit.`,
      );
    }
    state.variables[name] = value;
  };
  const recognisedThisTurn = new Set<string>();
  return {
    bot,
    limits: options.limits,
    state,
    activities: [],
    trace: options.trace,
    userText: options.userText,
    now: options.now,
    startedAt: options.now(),
    random: options.random,
    chitChatsBefore: options.chitChatsBefore ?? 0,
    setVariable,
    recognisedThisTurn,
    setEntity(name, value) {
      setVariable(name, value);
      recognisedThisTurn.add(name);
      if (!state.entities.includes(name)) state.entities.push(name);
    },
    async flowByKey(key) {
      const { owner, name } = flowOfKey(key);
      if (owner === 'intent') return bot.flowOf(name);
      const fn = await bot.functionOf?.(name);
      return fn?.type === 'flow' ? fn.flow : undefined;
    },
  };
}
