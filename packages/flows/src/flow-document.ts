/** The server's view of a flow: its blocks and connectors with their Parley data. */

export type FlowBlockType =
  | 'bpmn:StartEvent'
  | 'bpmn:Task'
  | 'bpmn:ExclusiveGateway'
  | 'bpmn:EndEvent'
  | 'bpmn:SequenceFlow';

export const FLOW_BLOCK_TYPES: readonly FlowBlockType[] = [
  'bpmn:StartEvent',
  'bpmn:Task',
  'bpmn:ExclusiveGateway',
  'bpmn:EndEvent',
  'bpmn:SequenceFlow',
];

/** One language's data of a block (spec 03 section 3.2): fc, fc-output, field-* values, condition, ... */
export type BlockData = Record<string, unknown>;

export interface FlowBlock {
  id: string;
  type: FlowBlockType;
  name: string;
  /** parley:category of a task; null for events, gateways and connectors. */
  category: string | null;
  /** The function key (customData fc) of the block's first language; null when it has none. */
  fc: string | null;
  /** Keyed by language code. */
  customData: Record<string, BlockData>;
  /** Connectors only: the ids they join, also when the id names no element of the flow. */
  sourceRef?: string;
  targetRef?: string;
}

export interface FlowDocument {
  blocks: FlowBlock[];
}

/** The fc of a block's data in its first language. */
export function firstFc(customData: Record<string, BlockData>): string | null {
  for (const data of Object.values(customData)) {
    return typeof data.fc === 'string' && data.fc !== '' ? data.fc : null;
  }
  return null;
}
