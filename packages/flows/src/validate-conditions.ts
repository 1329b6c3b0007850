import { isBlank, isSet } from './block-fields';
import { decisionOperation, hasOperatorData } from './decision-operations';
import type { BlockData, FlowBlock } from './flow-document';
import type { FlowValidationContext } from './flow-validation-types';

export const CONDITION_MESSAGES = {
  noOperation: 'Choose the operation of this condition.',
  badOperation: 'The operation of a condition must be a number from 1 to 12.',
  noVariable: 'Choose the variable this condition checks.',
  severalDefaults: 'A condition can have only one default connector.',
  connectorWithoutCondition: 'This connector has no condition: set one or make it the default connector.',
} as const;
const M = CONDITION_MESSAGES;

/** A gateway's own data and its outgoing connectors' defaults, in one language. */
export function gatewayProblems(data: BlockData, outgoingData: BlockData[]): string[] {
  const problems: string[] = [];
  if (isBlank(data.operation)) problems.push(M.noOperation);
  else {
    const operation = decisionOperation(data.operation);
    if (!operation) problems.push(M.badOperation);
    else if (operation.usesVariable && isBlank(data.condition)) problems.push(M.noVariable);
  }
  if (outgoingData.filter((connector) => isSet(connector.isDefault)).length > 1)
    problems.push(M.severalDefaults);
  return problems;
}

/**
 * A connector leaving a gateway, in one language: errors of its operator data, and whether it
 * has none at all (a warning: such a connector is never taken).
 */
export function conditionalConnectorProblems(
  data: BlockData,
  gatewayData: BlockData,
  context: FlowValidationContext,
): { errors: string[]; warnings: string[] } {
  const operation = decisionOperation(gatewayData.operation);
  if (!operation || isSet(data.isDefault)) return { errors: [], warnings: [] };
  if (!hasOperatorData(operation, data)) return { errors: [], warnings: [M.connectorWithoutCondition] };
  return { errors: operation.problems?.(data, context) ?? [], warnings: [] };
}

export const isGateway = (block: FlowBlock | undefined) => block?.type === 'bpmn:ExclusiveGateway';
