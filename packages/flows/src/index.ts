export type { BlockField, FieldKind } from './block-fields';
export {
  BLOCK_CATEGORIES,
  BLOCK_KINDS,
  type BlockCategory,
  type BlockKind,
  blockKindOf,
  DELAY_MAX_SECONDS,
  DTMF_KEYS,
  functionInputKey,
  LLM_BLOCK_KIND,
  LLM_MAX_MESSAGES,
  MULTIPLE_ENTITY_CHECK_MAX,
  RATING_LABELS,
} from './block-kinds';
export { type BuildFlowOptions, buildFlowXml } from './build-flow';
export {
  connectorLabel,
  DECISION_OPERATIONS,
  type DecisionOperation,
  decisionOperation,
  SIMILARITY_DEFAULT,
  SIMILARITY_MAX,
  SIMILARITY_MIN,
} from './decision-operations';
export { END_BLOCK_DEFAULTS, END_OUTCOMES } from './end-block';
export type { BlockData, FlowBlock, FlowBlockType, FlowDocument } from './flow-document';
export { FlowFormatError, MAX_FLOW_XML_BYTES } from './flow-format-error';
export { type FlowReferences, flowReferences, missingFunctionsWarning } from './flow-references';
export type {
  FlowBlockStep,
  FlowBranch,
  FlowConditionStep,
  FlowEndOutcome,
  FlowEndStep,
  FlowFieldValues,
  FlowFunctionStep,
  FlowLlmStep,
  FlowStep,
} from './flow-steps';
export {
  FLOW_TEMPLATES,
  type FlowTemplateOptions,
  flowTemplateXml,
  sampleFlowXml,
} from './flow-templates';
export type { FlowProblem, FlowValidationContext } from './flow-validation-types';
export { normaliseFlow, normaliseFlowXml } from './normalise-flow';
export { PARLEY_MODDLE_URI, parleyModdleDescriptor } from './parley-moddle';
export { parseFlow } from './parse-flow';
export { validateFlow } from './validate-flow';
