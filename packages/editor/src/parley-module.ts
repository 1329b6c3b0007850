import { BlockFactory } from './block-factory';
import { LocalStorageClipboard } from './clipboard/local-storage-clipboard';
import { ParleyContextPadProvider } from './context-pad/parley-context-pad-provider';
import { ConnectorLabelBehavior } from './labels/connector-label-behavior';
import { FlowMarkers } from './markers/flow-markers';
import { ParleyPaletteProvider } from './palette/parley-palette-provider';
import { ParleyRenderer } from './render/parley-renderer';
import { ParleyRules } from './rules/parley-rules';

/**
 * Parley's diagram-js module: its palette and context pad replace bpmn-js's (same service
 * names), the clipboard moves to local storage, and the renderer, rules and label behaviour are
 * added. Dependency injection stays inside this package.
 */
export const parleyModule = {
  __init__: [
    'parleyRenderer',
    'parleyRules',
    'connectorLabelBehavior',
    'paletteProvider',
    'contextPadProvider',
  ],
  parleyBlockFactory: ['type', BlockFactory],
  paletteProvider: ['type', ParleyPaletteProvider],
  contextPadProvider: ['type', ParleyContextPadProvider],
  clipboard: ['type', LocalStorageClipboard],
  parleyRenderer: ['type', ParleyRenderer],
  parleyRules: ['type', ParleyRules],
  connectorLabelBehavior: ['type', ConnectorLabelBehavior],
  flowMarkers: ['type', FlowMarkers],
};
