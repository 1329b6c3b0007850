import type { BlockFactory } from '../block-factory';
import { DEFAULT_CONFIG, type ParleyEditorConfig } from '../editor-config';
import { paletteItems } from './palette-entries';

interface Palette {
  registerProvider(provider: unknown): void;
}
interface Create {
  start(event: Event, shape: unknown): void;
}
interface Tool {
  activateSelection(event: Event): void;
}
interface GlobalConnect {
  start(event: Event): void;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * Parley's palette (replaces bpmn-js's): the selection tools, then one entry per group of spec 03
 * section 2.4, each a labelled button that creates its group's block by click or drag.
 */
export class ParleyPaletteProvider {
  static $inject = [
    'palette',
    'create',
    'parleyBlockFactory',
    'lassoTool',
    'handTool',
    'globalConnect',
    'config.parley',
  ];

  constructor(
    palette: Palette,
    private readonly create: Create,
    private readonly blockFactory: BlockFactory,
    private readonly lassoTool: Tool,
    private readonly handTool: Tool,
    private readonly globalConnect: GlobalConnect,
    private readonly config: ParleyEditorConfig = DEFAULT_CONFIG,
  ) {
    palette.registerProvider(this);
  }

  getPaletteEntries() {
    const tools = {
      'hand-tool': {
        group: 'tools',
        className: 'bpmn-icon-hand-tool',
        title: 'Move the canvas',
        action: { click: (event: Event) => this.handTool.activateSelection(event) },
      },
      'lasso-tool': {
        group: 'tools',
        className: 'bpmn-icon-lasso-tool',
        title: 'Select several blocks',
        action: { click: (event: Event) => this.lassoTool.activateSelection(event) },
      },
      'global-connect-tool': {
        group: 'tools',
        className: 'bpmn-icon-connection-multi',
        title: 'Connect two blocks',
        action: { click: (event: Event) => this.globalConnect.start(event) },
      },
      'tool-separator': { group: 'tools', separator: true },
    };
    const blocks = Object.fromEntries(
      paletteItems(this.config.categories ?? []).map((item) => {
        const start = (event: Event) =>
          this.create.start(
            event,
            this.blockFactory.createShape(item.template(this.blockFactory.usedOutputNames())),
          );
        return [
          `create.parley-${item.group.id}`,
          {
            group: 'blocks',
            title: `Add ${item.group.label}`,
            html: `<div class="entry parley-palette-entry" draggable="true" data-group="${item.group.id}"><span aria-hidden="true">${item.symbol}</span><span>${escapeHtml(item.group.label)}</span></div>`,
            action: { click: start, dragstart: start },
          },
        ];
      }),
    );
    return { ...tools, ...blocks };
  }
}
