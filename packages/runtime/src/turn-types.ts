import type { InboundActivity, OutboundActivity } from './activities';
import type { ConversationState } from './conversation-state';
import type { DecisionContext } from './decide';
import type { FlowOwnerKind, RuntimeFlow } from './runtime-flow';
import type { RuntimeFunction } from './runtime-function';
import type { Recognition, RuntimeServices } from './runtime-services';

/** What a turn needs of the bot: its thresholds and messages, its flows and its services. */
export interface BotForTurn {
  /** Above `confidence` the intent's flow starts; between the two thresholds and below, the messages say so. */
  confidence: number;
  lowConfidence: number;
  messageBetweenThreshold: string;
  messageBelowThreshold: string;
  /** The active flow of an intent (the test version for test chats); undefined when it has none. */
  flowOf(intent: string): Promise<RuntimeFlow | undefined>;
  /** The answer text of an intent (a FAQ intent's answer), said when the intent has no active flow. */
  answerOf?(intent: string): Promise<string | undefined>;
  /**
   * The bot's variables and objects with the values they start with (the Variables tab); unset
   * ones are left out. The server gives it on a conversation's first turn.
   */
  startingVariables?(): Promise<Record<string, unknown>>;
  /**
   * Chit-chat: below the low threshold the tenant's LLM `llmId` answers, at most `limit` times
   * in a row; then the below-threshold message is said (and the count starts again).
   */
  chitChat?: { llmId: string; limit: number };
  /** Said once when the user stays silent while the bot waits for an answer; nothing when blank. */
  idleText?: string;
  /** A function of the bot that a custom block calls (a sub flow's flow: the version active on the target). */
  functionOf?(name: string): Promise<RuntimeFunction | undefined>;
  services: RuntimeServices;
  decision: Omit<DecisionContext, 'variables'>;
}

export interface TurnLimits {
  /** Blocks one turn may step through: a flow that loops forever ends the turn, not the process. */
  maxSteps: number;
  /** Milliseconds one turn may take (a slow recognizer or function included). */
  maxMillis: number;
  /** Bytes of JSON one variable may hold. */
  maxVariableBytes: number;
}

export const DEFAULT_TURN_LIMITS: TurnLimits = {
  maxSteps: 500,
  maxMillis: 10_000,
  maxVariableBytes: 64 * 1024,
};

export interface BlockHit {
  /** The intent's or sub flow's name, whose flow it is, and the version that ran. */
  flow: string;
  owner: FlowOwnerKind;
  version: number | null;
  blockId: string;
}

/** A value of a variable counted by a User Statistics block. */
export interface CountedValue {
  variable: string;
  value: unknown;
}

/** What the test chat's details and the conversation log show of a turn. */
export interface TurnTrace {
  recognition: Recognition | null;
  /** The flow this turn started, when it started one. */
  flowTriggered: string | null;
  blockHits: BlockHit[];
  /** Values counted in the bot's user statistics this turn. */
  counted: CountedValue[];
  /** An end block counted the conversation as handled without a person (touchless). */
  touchless: boolean;
  /** Why the turn ended early; the conversation itself goes on. */
  error: string | null;
  /** What went wrong without ending the turn (a chit-chat LLM that failed): for the designer's log. */
  warnings: string[];
  /**
   * The function whose failed call ended the turn (a Function block without a Call failed
   * path): the call's failure is reported where it ran, so the turn's error is not reported again.
   */
  failedCall: string | null;
}

export interface TurnResult {
  activities: OutboundActivity[];
  state: ConversationState;
  trace: TurnTrace;
  /** The flow waits in a Delay block: the caller runs a turn with RESUME_ACTIVITY after this long. */
  resumeAfterMs?: number;
  /** The flow waits in an LLM block that exits on inactivity: a turn with INACTIVITY_ACTIVITY after this long. */
  inactivityAfterMs?: number;
}

export interface TurnInput {
  bot: BotForTurn;
  state: ConversationState;
  activity: InboundActivity;
  limits?: Partial<TurnLimits>;
  random?: () => number;
  now?: () => number;
}

/** Ends the turn early with a reason for the details; the conversation and the process go on. */
export class TurnError extends Error {
  constructor(
    message: string,
    /** The function whose failed call this is, when it is one. */
    readonly failedCall: string | null = null,
  ) {
    super(message);
  }
}

export const emptyTrace = (): TurnTrace => ({
  recognition: null,
  flowTriggered: null,
  blockHits: [],
  counted: [],
  touchless: false,
  error: null,
  warnings: [],
  failedCall: null,
});
