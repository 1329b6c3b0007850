/**
 * A flow described as steps, for code that makes flows (templates, samples, tests): a
 * sequence runs left to right from the start event; a condition's branches run below one
 * another and meet again at the step after the condition unless they end. A sequence that
 * does not end with an end step gets one that ends the flow.
 *
 * @example
 * [
 *   { block: 'askQuestion', fields: { question: 'What is your name?' } },
 *   { block: 'message', fields: { message: 'Nice to meet you, [Answer]!' } },
 *   { end: 'endFlow' },
 * ]
 */
export type FlowStep = FlowBlockStep | FlowFunctionStep | FlowLlmStep | FlowConditionStep | FlowEndStep;

/** Field values by the declared field's name ('message', not 'field-message'). */
export type FlowFieldValues = Record<string, unknown>;

interface StepBase {
  /** The BPMN id; generated (Activity_1, Gateway_1, ...) when left out. */
  id?: string;
  /** The label on the canvas; the kind's display name when left out. */
  name?: string;
}

interface DataStepBase extends StepBase {
  /** The same in every language. */
  fields?: FlowFieldValues;
  /** Per language, over `fields`. */
  byLanguage?: Record<string, FlowFieldValues>;
  /** Names of the output variables, in the order of the kind's outputs; default: the kind names, made unique. */
  outputs?: string[];
}

/** A built-in block kind by its fc (block-kinds.ts). */
export interface FlowBlockStep extends DataStepBase {
  block: string;
}

/** A custom function block; `fields` are its inputs by input name. */
export interface FlowFunctionStep extends DataStepBase {
  function: string;
  /** The function's type (fc-output-default): the editor's Function type, and whether the block has a Call failed exit. */
  type?: string;
  /**
   * Steps taken when the call fails (its Call failed exit, below the block); like a condition's
   * branch they meet the main sequence at the next step unless they end. Needs a `type` whose
   * call can fail (rest, sql, code).
   */
  failed?: FlowStep[];
}

/** An LLM block, by the LLM's display name. */
export interface FlowLlmStep extends DataStepBase {
  llm: string;
}

export interface FlowConditionStep extends StepBase {
  /** The variable checked; not needed by Which channel and Check user. */
  condition?: string;
  /** The decision operation id, 1-12 (decision-operations.ts). */
  operation: number;
  branches: FlowBranch[];
}

export interface FlowBranch {
  /** The arrow label; derived from the operator data when left out (DEFAULT for the default). */
  name?: string;
  isDefault?: boolean;
  /** The operation's connector fields, e.g. { mathOperation: 2, mathNumber1: 3 }. */
  operator?: FlowFieldValues;
  /** Left out or empty: the branch goes straight to the step after the condition. */
  steps?: FlowStep[];
}

export type FlowEndOutcome =
  | 'endFlow'
  | 'restartIntent'
  | { redirectToIntent: string }
  | { redirectToBot: string };

export interface FlowEndStep extends StepBase {
  end: FlowEndOutcome;
  clearEntities?: boolean;
  countTouchless?: boolean;
  endCall?: boolean;
}
