export { type InboundActivity, type OutboundActivity, textOfActivity } from './activities';
export {
  type CallFrame,
  type ConversationState,
  newConversationState,
  readConversationState,
  type WaitingAt,
} from './conversation-state';
export type { DecisionContext } from './decide';
export { evaluateEquation, formatResult, MathError } from './math-expression';
export { type ConfidenceThresholds, recognitionDecision, understoodIntent } from './recognition-decision';
export {
  type BlockHit,
  type BotForTurn,
  type CountedValue,
  DEFAULT_TURN_LIMITS,
  emptyTrace,
  runTurn,
  type TurnInput,
  type TurnLimits,
  type TurnResult,
  type TurnTrace,
} from './run-turn';
export { BLOCK_RUNNERS, runnerOf } from './runners';
export type { BlockRunner, BlockStep, BlockTurn } from './runners/block-runner';
export { chosenOption } from './runners/choices';
export {
  compileFlow,
  type FlowOwnerKind,
  flowKey,
  flowOfKey,
  type RuntimeConnector,
  type RuntimeFlow,
  type RuntimeNode,
} from './runtime-flow';
export type { FunctionCallResult, RuntimeFunction, RuntimeFunctionInput } from './runtime-function';
export type {
  LlmTalk,
  LlmTalkAnswer,
  LlmTalkMessage,
  LlmTalkRequest,
  Recognition,
  RecognizedEntity,
  RuntimeServices,
} from './runtime-services';
export { fillVariables } from './text-template';
