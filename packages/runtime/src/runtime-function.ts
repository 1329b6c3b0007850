import type { RuntimeFlow } from './runtime-flow';

/** An input of a function: a custom block gives its value, else the default (both may hold [variables]). */
export interface RuntimeFunctionInput {
  name: string;
  defaultValue: string;
}

/**
 * A function of the bot as a custom block calls it. The server builds it from the stored
 * function: a sub flow (its version active on the conversation's target), an adaptive card, or
 * a call that runs elsewhere with its guards (REST, SQL, code, capture storage, send event).
 */
export type RuntimeFunction =
  | { type: 'flow'; name: string; inputs: RuntimeFunctionInput[]; flow: RuntimeFlow }
  | {
      type: 'adaptiveCard';
      name: string;
      inputs: RuntimeFunctionInput[];
      /** The card's JSON text, [variables] not yet filled. */
      json: string;
      /** Show the card and go on, rather than wait for it to be submitted. */
      skipUserInput: boolean;
    }
  | {
      type: 'call';
      name: string;
      inputs: RuntimeFunctionInput[];
      /** The variable each output sets, in order; a block's own output names (fc-output) win. */
      outputs: string[];
      /**
       * Runs it (Capture Storage reads the conversation's variables); the result's outputs are set
       * as variables (each function output names its variable). A call that fails throws with a
       * message for the designer, or answers with `failure` when it got an answer that failed.
       */
      run(
        inputValues: Record<string, string>,
        variables: Readonly<Record<string, unknown>>,
        limits?: FunctionCallLimits,
      ): Promise<FunctionCallResult>;
    }
  /** A function that cannot run in a conversation here, with the reason the designer reads. */
  | { type: 'unavailable'; name: string; reason: string };

export interface FunctionCallLimits {
  /** The call must end within this (the turn's time left, less what the flow needs after it). */
  timeLeftMs?: number;
}

export interface FunctionCallResult {
  /** Output variable name to value. */
  outputs: Record<string, unknown>;
  /** An event the function sends to the channel (Send Event, Capture Storage). */
  event?: { name: string; value?: unknown };
  /**
   * The call answered but failed (a REST status that is not 2xx, 'The API answered 404 Not
   * Found'): its outputs are read from that answer, and the block leaves as a failed call.
   */
  failure?: string;
}
