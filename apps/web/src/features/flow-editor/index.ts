/** The flow editor (spec 03): load it lazily, bpmn-js is most of its weight. */
export { DialogManager } from './components/DialogManager';
export { FlowEditorPage } from './components/FlowEditorPage';
export type { EditorMode } from './flow-owner';
