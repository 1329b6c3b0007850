import CommandInterceptor from 'diagram-js/lib/command/CommandInterceptor';
import type { CanvasElement } from '../block-data';
import { connectorLabelOf } from './connector-label-of';

interface Modeling {
  updateLabel(element: CanvasElement, text: string): void;
}
interface EventBus {
  on(event: string, priority: number, callback: (event: { element: CanvasElement }) => unknown): void;
}
interface CommandContext {
  context: { element?: CanvasElement; connection?: CanvasElement };
}

const isConditionalConnector = (element: CanvasElement) =>
  element.type === 'bpmn:SequenceFlow' && element.source?.type === 'bpmn:ExclusiveGateway';

/**
 * Keeps arrow labels true to the data (spec 03 section 4.4): changing a condition's operation
 * relabels all its arrows, changing an arrow's data relabels it, a new arrow from a condition
 * reads 'Not Defined'. The labels are derived, so double-clicking a conditional arrow or its
 * label does not open the text editor.
 */
export class ConnectorLabelBehavior extends CommandInterceptor {
  static override $inject = ['eventBus', 'modeling'];

  constructor(
    eventBus: EventBus,
    private readonly labelModeling: Modeling,
  ) {
    super(eventBus as never);
    const relabel = (connection: CanvasElement) => {
      const label = connectorLabelOf(connection);
      if (label !== undefined && label !== (connection.businessObject.name ?? '')) {
        this.labelModeling.updateLabel(connection, label);
      }
    };
    this.postExecuted(
      ['element.updateProperties', 'element.updateModdleProperties'],
      (event: CommandContext) => {
        const element = event.context.element;
        if (!element) return;
        if (element.type === 'bpmn:ExclusiveGateway' || element.type === 'bpmn:Task') {
          for (const connection of element.outgoing ?? []) relabel(connection);
        } else if (element.type === 'bpmn:SequenceFlow') {
          relabel(element);
        }
      },
    );
    this.postExecuted(['connection.create', 'connection.reconnect'], (event: CommandContext) => {
      if (event.context.connection) relabel(event.context.connection);
    });
    eventBus.on('element.dblclick', 1500, ({ element }) => {
      const connector = element.labelTarget ?? element;
      if (isConditionalConnector(connector)) return false;
      return undefined;
    });
  }
}
