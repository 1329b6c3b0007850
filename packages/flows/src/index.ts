export * from './blocks-entry';
export { type BuildFlowOptions, buildFlowXml } from './build-flow';
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
