import { type CanvasElement, categoryOf, firstLanguageData } from '../block-data';
import type { BlockFactory } from '../block-factory';
import { DEFAULT_CONFIG, type ParleyEditorConfig } from '../editor-config';
import { paletteItems, SUB_FLOW_TYPE } from '../palette/palette-entries';

interface ContextPad {
  registerProvider(provider: unknown): void;
}
interface AutoPlace {
  append(source: CanvasElement, shape: unknown): void;
}
interface Create {
  start(event: Event, shape: unknown, context?: { source: CanvasElement }): void;
}
interface Connect {
  start(event: Event, source: CanvasElement): void;
}
interface Modeling {
  removeElements(elements: CanvasElement[]): void;
}

/** The groups a block can be followed by from its context pad (spec 03 section 2.4), then a condition and an end. */
const APPENDABLE = ['dialog', 'action', 'function', 'subs', 'llm', 'condition', 'end'];

/** Whether a task is a Subs block: a custom function block whose function is a sub flow. */
export function isSubFlowBlock(element: CanvasElement): boolean {
  if (element.type !== 'bpmn:Task') return false;
  const outputs = firstLanguageData(element.businessObject)['fc-output-default'];
  return Array.isArray(outputs) && outputs[0] === SUB_FLOW_TYPE;
}

/**
 * Parley's context pad (replaces bpmn-js's): append a Dialog, Action, Function or Subs block, a
 * condition or an end; connect; delete; and on a Subs block with a chosen sub flow, open it.
 */
export class ParleyContextPadProvider {
  static $inject = [
    'contextPad',
    'parleyBlockFactory',
    'autoPlace',
    'create',
    'connect',
    'modeling',
    'config.parley',
  ];

  constructor(
    contextPad: ContextPad,
    private readonly blockFactory: BlockFactory,
    private readonly autoPlace: AutoPlace,
    private readonly create: Create,
    private readonly connect: Connect,
    private readonly modeling: Modeling,
    private readonly config: ParleyEditorConfig = DEFAULT_CONFIG,
  ) {
    contextPad.registerProvider(this);
  }

  getContextPadEntries(element: CanvasElement) {
    const remove = {
      delete: {
        group: 'edit',
        className: 'bpmn-icon-trash',
        title: 'Delete',
        action: { click: () => this.modeling.removeElements([element]) },
      },
    };
    if (element.type === 'label' || element.type === 'bpmn:SequenceFlow') return remove;
    const entries: Record<string, unknown> = {};
    if (element.type !== 'bpmn:EndEvent') {
      for (const item of paletteItems(this.config.categories ?? [])) {
        if (!APPENDABLE.includes(item.group.id)) continue;
        const shape = () => this.blockFactory.createShape(item.template(this.blockFactory.usedOutputNames()));
        entries[`append.parley-${item.group.id}`] = {
          group: 'model',
          title: `Append ${item.group.label}`,
          html: `<div class="entry parley-pad-entry" data-group="${item.group.id}" aria-label="Append ${item.group.label}">${item.symbol}</div>`,
          action: {
            click: () => this.autoPlace.append(element, shape()),
            dragstart: (event: Event) => this.create.start(event, shape(), { source: element }),
          },
        };
      }
      entries.connect = {
        group: 'connect',
        className: 'bpmn-icon-connection-multi',
        title: 'Connect to another block',
        action: {
          click: (event: Event) => this.connect.start(event, element),
          dragstart: (event: Event) => this.connect.start(event, element),
        },
      };
    }
    const subFlow = firstLanguageData(element.businessObject).fc;
    const isSubFlow =
      typeof subFlow === 'string' &&
      subFlow !== '' &&
      (isSubFlowBlock(element) ||
        (categoryOf(element.businessObject) === 'custom' && (this.config.isSubFlow?.(subFlow) ?? false)));
    if (isSubFlow && this.config.onOpenSubFlow) {
      const open = this.config.onOpenSubFlow;
      entries['open-sub-flow'] = {
        group: 'edit',
        title: `Open the sub flow ${subFlow}`,
        html: '<div class="entry parley-pad-entry parley-pad-entry--open" aria-label="Open the sub flow">+</div>',
        action: { click: () => open(subFlow) },
      };
    }
    return { ...entries, ...remove };
  }
}
