export type { BlockField, FieldKind } from './block-fields.ts';
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
} from './block-kinds.ts';
export { type BuildFlowOptions, buildFlowXml } from './build-flow.ts';
export {
  connectorLabel,
  DECISION_OPERATIONS,
  type DecisionOperation,
  decisionOperation,
  SIMILARITY_DEFAULT,
  SIMILARITY_MAX,
  SIMILARITY_MIN,
} from './decision-operations.ts';
export { END_BLOCK_DEFAULTS, END_OUTCOMES } from './end-block.ts';
export type { BlockData, FlowBlock, FlowBlockType, FlowDocument } from './flow-document.ts';
export { FlowFormatError, MAX_FLOW_XML_BYTES } from './flow-format-error.ts';
export { type FlowReferences, flowReferences, missingFunctionsWarning } from './flow-references.ts';
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
} from './flow-steps.ts';
export {
  FLOW_TEMPLATES,
  type FlowTemplateOptions,
  flowTemplateXml,
  sampleFlowXml,
} from './flow-templates.ts';
export type { FlowProblem, FlowValidationContext } from './flow-validation-types.ts';
export { normaliseFlow, normaliseFlowXml } from './normalise-flow.ts';
export { PARLEY_MODDLE_URI, parleyModdleDescriptor } from './parley-moddle.ts';
export { parseFlow } from './parse-flow.ts';
export { validateFlow } from './validate-flow.ts';
