export type { BlockData, FlowBlock, FlowBlockType, FlowDocument } from './flow-document.ts';
export { FlowFormatError, MAX_FLOW_XML_BYTES } from './flow-format-error.ts';
export { normaliseFlow, normaliseFlowXml } from './normalise-flow.ts';
export { PARLEY_MODDLE_URI, parleyModdleDescriptor } from './parley-moddle.ts';
export { parseFlow } from './parse-flow.ts';
