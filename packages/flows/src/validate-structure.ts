import type { FlowDocument } from './flow-document';
import { type FlowGraph, reachableFrom } from './flow-graph';
import type { FlowProblem } from './flow-validation-types';

export const STRUCTURE_MESSAGES = {
  noStart: 'The flow has no start block.',
  extraStart: 'A flow can have only one start block.',
  startNotConnected: 'The start block is not connected to a next block.',
  blockNotConnected: 'This block is not connected to a next block.',
  looseConnector: 'This connector is not connected to a block at both ends.',
  noEnd: 'The flow has no end block.',
  noReachableEnd: 'No end block can be reached from the start block.',
  unreachable: 'This block cannot be reached from the start block.',
} as const;
const M = STRUCTURE_MESSAGES;

const error = (message: string, blockId: string | null): FlowProblem => ({ message, blockId, type: 'error' });

/** One start, everything connected onwards, an end within reach; unreachable blocks are warnings. */
export function structureProblems(doc: FlowDocument, graph: FlowGraph): FlowProblem[] {
  const problems: FlowProblem[] = [];
  const starts = doc.blocks.filter((block) => block.type === 'bpmn:StartEvent');
  const ends = doc.blocks.filter((block) => block.type === 'bpmn:EndEvent');
  const [start, ...extraStarts] = starts;

  if (!start) problems.push(error(M.noStart, null));
  for (const extra of extraStarts) problems.push(error(M.extraStart, extra.id));
  for (const connector of graph.loose) problems.push(error(M.looseConnector, connector.id));

  for (const block of doc.blocks) {
    if (graph.outgoing.has(block.id)) continue;
    if (block === start) problems.push(error(M.startNotConnected, block.id));
    if (block.type === 'bpmn:Task' || block.type === 'bpmn:ExclusiveGateway') {
      problems.push(error(M.blockNotConnected, block.id));
    }
  }

  if (ends.length === 0) problems.push(error(M.noEnd, null));
  if (!start) return problems;

  const reached = reachableFrom(graph, start.id);
  if (ends.length > 0 && !ends.some((end) => reached.has(end.id)) && graph.outgoing.has(start.id)) {
    problems.push(error(M.noReachableEnd, start.id));
  }
  for (const block of doc.blocks) {
    if (block.type === 'bpmn:SequenceFlow' || block.type === 'bpmn:StartEvent' || reached.has(block.id))
      continue;
    problems.push({ message: M.unreachable, blockId: block.id, type: 'warning' });
  }
  return problems;
}
