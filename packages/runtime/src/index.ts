export { type InboundActivity, type OutboundActivity, textOfActivity } from './activities';
export {
  type ConversationState,
  newConversationState,
  readConversationState,
  type WaitingAt,
} from './conversation-state';
export type { DecisionContext } from './decide';
export { evaluateEquation, formatResult, MathError } from './math-expression';
export {
  type BlockHit,
  type BotForTurn,
  DEFAULT_TURN_LIMITS,
  runTurn,
  type TurnInput,
  type TurnLimits,
  type TurnResult,
  type TurnTrace,
} from './run-turn';
export { BLOCK_RUNNERS, runnerOf } from './runners';
export type { BlockRunner, BlockStep, BlockTurn } from './runners/block-runner';
export { compileFlow, type RuntimeConnector, type RuntimeFlow, type RuntimeNode } from './runtime-flow';
export type { Recognition, RecognizedEntity, RuntimeServices } from './runtime-services';
export { fillVariables } from './text-template';
