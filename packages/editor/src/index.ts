export {
  type CanvasElement,
  type CustomData,
  categoryOf,
  customDataOf,
  firstLanguageData,
  withLanguages,
} from './block-data';
export { CLIPBOARD_KEY } from './clipboard/local-storage-clipboard';
export { isSubFlowBlock } from './context-pad/parley-context-pad-provider';
export type { ParleyEditorConfig } from './editor-config';
export { type BlockSnapshot, EMPTY_FLOW_XML, FlowCanvas, ZOOM_STEP } from './flow-canvas';
export { connectorLabelOf } from './labels/connector-label-of';
export { kindData, newOutputNames } from './new-block';
export { kindsOfCategory, paletteItems, SUB_FLOW_TYPE } from './palette/palette-entries';
export { taskCaption } from './render/task-caption';
