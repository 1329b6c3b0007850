import type { GdprSettings, InboundActivity, OutboundActivity } from '@parley/contracts';
import type { Bot, ConversationRecord, TenantScope } from '@parley/db';
import type { TurnTrace } from '@parley/runtime';
import type { AppContext } from '../../../context';
import type { ConversationOrigin, TurnAnswer } from '../conversation-turns.service';

/** What answers the user this turn: the bot's activities, why (the trace), and the state after it. */
export interface TurnOutcome {
  activities: OutboundActivity[];
  trace: TurnTrace;
  state: Record<string, unknown>;
  /** A Delay block waits this long before the flow goes on (a scheduled turn). */
  resumeAfterMs?: number;
  /** An LLM block takes the user's silence for this long as its Inactivity exit (a scheduled turn). */
  inactivityAfterMs?: number;
}

/**
 * One turn as its steps see it: what came in, the conversation as read (once, at the turn's
 * start), and what the steps decided so far. A step that answers sets `outcome`; later steps that
 * answer only when nothing did leave it alone.
 */
export interface Turn {
  readonly ctx: AppContext;
  readonly scope: TenantScope;
  readonly bot: Bot;
  readonly conversation: ConversationRecord;
  readonly origin: ConversationOrigin;
  readonly activity: InboundActivity;
  readonly gdpr: GdprSettings;
  outcome: TurnOutcome | undefined;
  /** What of the turn is logged: the user's message (a removal request is not), and whether their texts are kept. */
  log: { isUserTurnLogged: boolean; isUserRecorded: boolean; isAnswerRecorded: boolean };
  /** The user's message's sentiment, when it was scored. */
  sentiment: number | null;
  /** Work for after the turn is stored (a scheduled turn), each given the stored turn. */
  readonly afterStored: Array<(stored: TurnAnswer) => Promise<void>>;
}

/**
 * A step of every turn, run in the order of `TURN_STEPS`. It may answer (`turn.outcome`), change
 * what is logged, queue work for after the store, or take the whole turn (`{ takenBy }`: a person
 * has the conversation; nothing of the bot's is stored).
 *
 * @example
 * export const sentimentStep = {
 *   name: 'sentiment',
 *   async run(turn) { turn.sentiment = messageSentiment(turn.activity, turn.conversation.language); },
 * } satisfies TurnStep;
 */
export interface TurnStep {
  name: string;
  run(turn: Turn): Promise<undefined | { takenBy: TurnAnswer }>;
}
