import { parleyModdleDescriptor } from '@parley/flows/blocks';
import Modeler from 'bpmn-js/lib/Modeler';
import {
  CATEGORY_ATTR,
  type CanvasElement,
  CUSTOM_DATA_ATTR,
  type CustomData,
  categoryOf,
  customDataOf,
  withLanguages,
} from './block-data';
import { DEFAULT_CONFIG, type ParleyEditorConfig } from './editor-config';
import type { FlowMarkers } from './markers/flow-markers';
import { parleyModule } from './parley-module';

export const ZOOM_STEP = 0.2;
/** The palette's width and a margin: where a freshly opened flow begins. */
const PALETTE_CLEARANCE_PX = 150;

/** An empty diagram: what Clear loads (spec 03 section 4.2). */
export const EMPTY_FLOW_XML = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:parley="https://parley.dev/schema/bpmn/1" id="Definitions_1" targetNamespace="http://bpmn.io/schema/bpmn">
  <bpmn:process id="Process_1" isExecutable="false" />
  <bpmndi:BPMNDiagram id="BPMNDiagram_1">
    <bpmndi:BPMNPlane id="BPMNPlane_1" bpmnElement="Process_1" />
  </bpmndi:BPMNDiagram>
</bpmn:definitions>`;

/** One block as the editor compares and lists them: its id, type, name and Parley data. */
export interface BlockSnapshot {
  id: string;
  type: string;
  name: string;
  category: string | null;
  customData: CustomData;
  sourceId?: string;
  targetId?: string;
}

type Service = <T>(name: string) => T;
interface EventBus {
  on(
    event: string,
    callback: (event: { newSelection?: CanvasElement[]; element?: CanvasElement }) => void,
  ): void;
  off(event: string, callback: unknown): void;
}
interface Modeling {
  updateProperties(element: CanvasElement, properties: Record<string, unknown>): void;
  updateLabel(element: CanvasElement, text: string): void;
}
interface CommandStack {
  register(
    command: string,
    handler: { preExecute(context: BatchContext): void; execute(): unknown[]; revert(): unknown[] },
  ): void;
  execute(command: string, context: BatchContext): void;
}
interface BatchContext {
  updates: Array<{ element: CanvasElement; customData: string }>;
}
/** One command for changes of several elements' data: one step to undo (a variable renamed through the flow). */
const UPDATE_MANY_COMMAND = 'parley.customData.updateMany';
interface Canvas {
  zoom(level?: number | 'fit-viewport', center?: 'auto'): number;
  viewbox(): {
    x: number;
    y: number;
    scale: number;
    inner: { x: number; y: number; width: number; height: number };
  };
  scroll(delta: { dx: number; dy: number }): void;
}
interface ElementRegistry {
  get(id: string): CanvasElement | undefined;
  getAll(): CanvasElement[];
}
interface Selection {
  select(element: CanvasElement | null): void;
}

const isBlockElement = (element: CanvasElement) =>
  element.type !== 'label' &&
  element.type !== 'bpmn:Process' &&
  !element.labelTarget &&
  element.type.startsWith('bpmn:');

/**
 * The flow canvas as the React editor uses it: bpmn-js with Parley's module, behind a small
 * facade so nothing outside this package touches diagram-js services.
 */
export class FlowCanvas {
  private readonly modeler: Modeler;
  private readonly config: ParleyEditorConfig;
  private hasBatchCommand = false;

  constructor(container: HTMLElement, config: Partial<ParleyEditorConfig>) {
    this.config = { ...DEFAULT_CONFIG, ...config };
    this.modeler = new Modeler({
      container,
      additionalModules: [parleyModule],
      moddleExtensions: { parley: parleyModdleDescriptor },
      parley: this.config,
    } as ConstructorParameters<typeof Modeler>[0]);
  }

  private get service(): Service {
    return <T>(name: string) => this.modeler.get(name) as T;
  }

  /** Shows a flow; refuses XML bpmn-js cannot read. Returns bpmn-js's import warnings. */
  async open(xml: string): Promise<string[]> {
    const result = await this.modeler.importXML(xml);
    const canvas = this.service<Canvas>('canvas');
    canvas.zoom('fit-viewport', 'auto');
    if (canvas.zoom() > 1) canvas.zoom(1);
    // Keep the flow's first blocks out from under the palette.
    const { x, scale, inner } = canvas.viewbox();
    const left = (inner.x - x) * scale;
    if (inner.width > 0 && left < PALETTE_CLEARANCE_PX)
      canvas.scroll({ dx: PALETTE_CLEARANCE_PX - left, dy: 0 });
    return result.warnings.map((warning) => (warning as { message?: string }).message ?? String(warning));
  }

  async xml(): Promise<string> {
    const { xml } = await this.modeler.saveXML({ format: true });
    if (!xml) throw new Error('The flow could not be written.');
    return xml;
  }

  /** Every block, connector and event with its data: what 'edited' is measured against. */
  blocks(): BlockSnapshot[] {
    return this.service<ElementRegistry>('elementRegistry')
      .getAll()
      .filter(isBlockElement)
      .map((element) => ({
        id: element.id,
        type: element.type,
        name: element.businessObject.name ?? '',
        category: categoryOf(element.businessObject),
        customData: customDataOf(element.businessObject),
        ...(element.source ? { sourceId: element.source.id } : {}),
        ...(element.target ? { targetId: element.target.id } : {}),
      }));
  }

  element(id: string): CanvasElement | undefined {
    return this.service<ElementRegistry>('elementRegistry').get(id);
  }

  /** Replaces a block's data in every language (one undoable command; arrows relabel). */
  setCustomData(id: string, customData: CustomData): void {
    const element = this.element(id);
    if (!element) return;
    this.service<Modeling>('modeling').updateProperties(element, {
      [CUSTOM_DATA_ATTR]: JSON.stringify(withLanguages(customData, this.config.languages)),
    });
  }

  /** Replaces the data of several elements at once, as one undoable command. Unknown ids are skipped. */
  setCustomDataOfMany(changes: Readonly<Record<string, CustomData>>): void {
    const updates = Object.entries(changes).flatMap(([id, customData]) => {
      const element = this.element(id);
      return element
        ? [{ element, customData: JSON.stringify(withLanguages(customData, this.config.languages)) }]
        : [];
    });
    if (updates.length === 0) return;
    const commandStack = this.service<CommandStack>('commandStack');
    if (!this.hasBatchCommand) {
      const modeling = this.service<Modeling>('modeling');
      // Commands run in preExecute join this one: undo and redo take them all.
      commandStack.register(UPDATE_MANY_COMMAND, {
        preExecute: (context) => {
          for (const update of context.updates)
            modeling.updateProperties(update.element, { [CUSTOM_DATA_ATTR]: update.customData });
        },
        execute: () => [],
        revert: () => [],
      });
      this.hasBatchCommand = true;
    }
    commandStack.execute(UPDATE_MANY_COMMAND, { updates });
  }

  setCategory(id: string, category: string): void {
    const element = this.element(id);
    if (element) this.service<Modeling>('modeling').updateProperties(element, { [CATEGORY_ATTR]: category });
  }

  setName(id: string, name: string): void {
    const element = this.element(id);
    if (element) this.service<Modeling>('modeling').updateLabel(element, name);
  }

  select(id: string | null): void {
    this.service<Selection>('selection').select(id ? (this.element(id) ?? null) : null);
  }

  /** The selected element's id, or null for none or several. */
  onSelect(callback: (id: string | null) => void): () => void {
    const bus = this.service<EventBus>('eventBus');
    const listener = (event: { newSelection?: CanvasElement[] }) => {
      // A label stands for its element; a paste selects the pasted elements with their labels.
      const ids = new Set((event.newSelection ?? []).map((element) => element.labelTarget?.id ?? element.id));
      const only = ids.size === 1 ? this.element([...ids][0]!) : undefined;
      callback(only && isBlockElement(only) ? only.id : null);
    };
    bus.on('selection.changed', listener);
    return () => bus.off('selection.changed', listener);
  }

  /** Any change of the diagram (also undo and redo). */
  onChange(callback: () => void): () => void {
    const bus = this.service<EventBus>('eventBus');
    bus.on('commandStack.changed', callback);
    return () => bus.off('commandStack.changed', callback);
  }

  zoomBy(step: number): void {
    const canvas = this.service<Canvas>('canvas');
    canvas.zoom(Math.max(0.2, Math.min(4, canvas.zoom() + step)));
  }

  zoomLevel(): number {
    return this.service<Canvas>('canvas').zoom();
  }

  get markers(): FlowMarkers {
    return this.service<FlowMarkers>('flowMarkers');
  }

  destroy(): void {
    this.modeler.destroy();
  }
}
