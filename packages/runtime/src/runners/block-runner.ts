import type { BlockFc } from '@parley/flows';
import type { BlockHandler } from '@parley/flows/handlers';
import type { InboundActivity, OutboundActivity } from '../activities';
import type { RuntimeServices } from '../runtime-services';

/** What a block's runner is given: the conversation as it stands and the means to change it. */
export interface BlockTurn {
  /** The user's answer when the block waited for one; undefined when the flow arrives at the block. */
  answer: InboundActivity | undefined;
  /** Answers this block already refused while waiting (asked again). */
  retries: number;
  /** What the block kept when it started waiting. */
  memo: unknown;
  /** What the user said last in this conversation (this turn's message). */
  lastUserText: string;
  /** How many times the conversation has passed this block, this pass included. */
  passes: number;
  variables: Readonly<Record<string, unknown>>;
  /**
   * A text a person reads (said, shown, mailed) with the conversation's [variables] filled in. A
   * variable without a value ends the turn with an error: no placeholder reaches a user.
   */
  fill(text: string | undefined): string;
  /** A value the block passes on (a variable it sets, an address) with [variables] filled in; empty where one has no value. */
  fillValue(text: string | undefined): string;
  /** Sets the block's n-th output variable (named in the block's data, else the kind's default name). */
  output(index: number, value: unknown): void;
  set(name: string, value: unknown): void;
  /** Sets a variable from a recognised entity (an end block's 'clear entities' empties it). */
  setEntity(name: string, value: unknown): void;
  /**
   * Whether the block's n-th output variable was filled by an entity recognised in this turn's
   * message and not used yet; true once, so a question asked again later in the turn is asked.
   */
  useRecognisedOutput(index: number): boolean;
  /** Counts a value of a variable in the bot's user statistics (the User Statistics block). */
  count(variable: string, value: unknown): void;
  unset(name: string): void;
  /** Whether a condition holds: a decision operation over a variable, with one connector's operator data. */
  holds(condition: { variable?: string; operation: unknown; connector: Record<string, unknown> }): boolean;
  /**
   * The intent the bot acts on for this text (at or above the high threshold), else null; when
   * there is one, its recognition is the turn's and its entities are set.
   */
  understoodIntent(text: string): Promise<string | null>;
  /** Whether the block has a connector drawn for this exit. */
  isExitDrawn(exit: string): boolean;
  /** A number in [0, 1): random answers (tests pass a fixed one). */
  random(): number;
  services: RuntimeServices;
}

/** What running a block did, and where the flow goes next. */
export interface BlockStep {
  say?: OutboundActivity[];
  /** The exit the flow leaves by; `next` when left out. */
  exit?: string;
  /** Stop here until the user answers; the same block then runs with `answer`. */
  wait?: boolean;
  /**
   * A check failed on what the conversation holds (a validation block): when the flow asks
   * again later in a turn that answered a question, that answer is taken as refused, and may be
   * a change of subject.
   */
  refused?: boolean;
  /**
   * With `wait`: the block took the answer and waits for the next (an LLM's talk). Not a
   * refusal, so no change of subject is looked for.
   */
  talking?: boolean;
  /** With `wait`: the user's silence for this long is a turn of its own (INACTIVITY_ACTIVITY). */
  inactivityAfterMs?: number;
  /** Kept with the waiting block, given back as `memo` with the answer. */
  memo?: unknown;
  /** The turn ends with this error (the test chat's details show it); the conversation goes on. */
  error?: string;
  /** The error is this function's failed call. */
  failedCall?: string;
  /**
   * Stop here for this long, then go on (a Delay block): the turn ends and the caller schedules
   * the resuming turn, so no process sleeps through it.
   */
  resumeAfterMs?: number;
  /** Instead of an exit: back to the block before this one, the start of the flow, or another intent's flow. */
  goTo?: 'previous' | 'restart' | { intent: string };
}

/** The runner of one kind: the kind's typed values (from its declaration) and the turn. */
export type BlockRunner<Fc extends BlockFc> = BlockHandler<Fc, BlockTurn, BlockStep | Promise<BlockStep>>;
