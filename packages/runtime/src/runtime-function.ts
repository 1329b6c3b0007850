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
       * as variables (each function output names its variable). Throws with a message for the designer.
       */
      run(
        inputValues: Record<string, string>,
        variables: Readonly<Record<string, unknown>>,
      ): Promise<FunctionCallResult>;
    }
  /** A function that cannot run in a conversation here, with the reason the designer reads. */
  | { type: 'unavailable'; name: string; reason: string };

export interface FunctionCallResult {
  /** Output variable name to value. */
  outputs: Record<string, unknown>;
  /** An event the function sends to the channel (Send Event, Capture Storage). */
  event?: { name: string; value?: unknown };
}
