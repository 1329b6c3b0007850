import RuleProvider from 'diagram-js/lib/features/rules/RuleProvider';
import type { CanvasElement } from '../block-data';

interface ElementRegistry {
  filter(fn: (element: CanvasElement) => boolean): CanvasElement[];
}
interface CreateContext {
  shape?: CanvasElement;
  elements?: CanvasElement[];
  source?: CanvasElement;
}

const RULES_PRIORITY = 1500;

/**
 * Rules bpmn-js does not know: a flow has one start event (the runtime starts there), and a
 * start event leads to one block. Everything else follows bpmn-js's BPMN rules.
 */
export class ParleyRules extends RuleProvider {
  static override $inject = ['eventBus', 'elementRegistry'];

  constructor(
    eventBus: unknown,
    private readonly registry: ElementRegistry,
  ) {
    super(eventBus as never);
  }

  override init(): void {
    const hasStart = () =>
      this.registry.filter((element) => element.type === 'bpmn:StartEvent' && !element.labelTarget).length >
      0;
    const createsStart = (elements: CanvasElement[]) =>
      elements.filter((element) => element.type === 'bpmn:StartEvent').length;
    this.addRule('shape.create', RULES_PRIORITY, (context: CreateContext) => {
      if (context.shape?.type === 'bpmn:StartEvent' && hasStart()) return false;
      return undefined;
    });
    this.addRule('elements.create', RULES_PRIORITY, (context: CreateContext) => {
      const starts = createsStart(context.elements ?? []);
      if (starts > 1 || (starts === 1 && hasStart())) return false;
      return undefined;
    });
    this.addRule('connection.create', RULES_PRIORITY, (context: CreateContext) => {
      const source = context.source;
      if (source?.type === 'bpmn:StartEvent' && (source.outgoing?.length ?? 0) > 0) return false;
      return undefined;
    });
  }
}
