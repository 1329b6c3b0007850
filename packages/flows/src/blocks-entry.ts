/**
 * The browser's entry (@parley/flows/blocks): the block declarations, decision operations and
 * channel capabilities, with no XML parsing and nothing of the server. The editor's palette and
 * details panel read the same objects as the validator and the runtime.
 */
export { type BlockField, type FieldKind, isSet } from './block-fields';
export {
  ALL_BLOCK_KINDS,
  ATTACHMENT_EXTENSIONS,
  BLOCK_CATEGORIES,
  BLOCK_KINDS,
  type BlockCategory,
  type BlockFc,
  type BlockKind,
  type BlockKindFor,
  blockKindOf,
  CALCULATION_FORMATS,
  DELAY_MAX_SECONDS,
  DTMF_KEYS,
  functionInputKey,
  LLM_BLOCK_KIND,
  LLM_MAX_MESSAGES,
  MULTIPLE_ENTITY_CHECK_MAX,
  RATING_LABELS,
  VALIDATION_FAIL_ACTIONS,
} from './block-kinds';
export { VALIDATION_FAIL_EXIT } from './blocks/action-blocks';
export {
  type BlockExit,
  type BlockReferences,
  type BlockSends,
  exitsOf,
  NEXT_EXIT,
  type PaletteEntry,
} from './blocks/define-block-kind';
export { UNEXPECTED_INPUT_EXIT } from './blocks/dialog-blocks';
export type {
  BlockValues,
  EntityCheck,
  FieldValueOfKind,
  KeyValue,
  ReplaceRule,
} from './blocks/field-values';
export { INACTIVITY_EXIT, RECOGNIZED_INTENT_EXIT } from './blocks/llm-block';
export { isInPalette, type PaletteGroup, paletteGroups } from './blocks/palette';
export {
  CHANNEL_CAPABILITIES,
  type ChannelCapabilities,
  type ContentKind,
  type RestrictedChannel,
  type Severity,
} from './channels/channel-capabilities';
export {
  type ChannelProblem,
  type ChannelRestriction,
  type ChannelRestrictionOptions,
  channelRestrictions,
} from './channels/channel-restrictions';
export {
  connectorLabel,
  DECISION_OPERATIONS,
  type DecisionOperation,
  type DecisionSubject,
  decisionOperation,
  SIMILARITY_DEFAULT,
  SIMILARITY_MAX,
  SIMILARITY_MIN,
} from './decision-operations';
export { numberOf, textOf } from './decision-subject';
export { END_BLOCK_DEFAULTS, END_OUTCOMES } from './end-block';
export type { BlockData } from './flow-document';
export { PARLEY_MODDLE_URI, parleyModdleDescriptor } from './parley-moddle';
export { FUNCTION_FAILED_EXIT, taskExitsOf } from './task-exits';
export { variableReferenceName, variablesInText } from './variables';
