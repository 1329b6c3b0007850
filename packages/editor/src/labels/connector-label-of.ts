import { connectorLabel, taskExitsOf } from '@parley/flows/blocks';
import { type CanvasElement, categoryOf, firstLanguageData } from '../block-data';

/**
 * The label an arrow shows (spec 03 section 4.4): from a condition, its operation's label for the
 * arrow's data (DEFAULT, Match Var, EXISTS, ..., 'Not Defined'); from a task with named exits,
 * the exit's label when it is not `next`; otherwise the arrow keeps the name a designer gave it.
 */
export function connectorLabelOf(connection: CanvasElement): string | undefined {
  const source = connection.source;
  if (!source) return undefined;
  const data = firstLanguageData(connection.businessObject);
  if (source.type === 'bpmn:ExclusiveGateway') {
    return connectorLabel(firstLanguageData(source.businessObject).operation, data);
  }
  if (
    source.type === 'bpmn:Task' &&
    typeof data.exit === 'string' &&
    data.exit !== '' &&
    data.exit !== 'next'
  ) {
    const sourceData = firstLanguageData(source.businessObject);
    const exit = taskExitsOf(categoryOf(source.businessObject), sourceData).find(
      (candidate) => candidate.id === data.exit,
    );
    return exit?.label ?? data.exit;
  }
  return undefined;
}
