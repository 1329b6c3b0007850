import type { FlowBlock, FlowDocument } from './flow-document';

/** Blocks by id and the connectors that join them; connectors with a missing end are left out. */
export interface FlowGraph {
  byId: Map<string, FlowBlock>;
  /** Connectors leaving each block id, in document order. */
  outgoing: Map<string, FlowBlock[]>;
  /** Connectors whose source or target is missing or is itself a connector. */
  loose: FlowBlock[];
}

export function flowGraph(doc: FlowDocument): FlowGraph {
  const byId = new Map(doc.blocks.map((block) => [block.id, block]));
  const outgoing = new Map<string, FlowBlock[]>();
  const loose: FlowBlock[] = [];
  const isNode = (id: string | undefined) => {
    const block = id === undefined ? undefined : byId.get(id);
    return block !== undefined && block.type !== 'bpmn:SequenceFlow';
  };
  for (const connector of doc.blocks) {
    if (connector.type !== 'bpmn:SequenceFlow') continue;
    if (!isNode(connector.sourceRef) || !isNode(connector.targetRef)) {
      loose.push(connector);
      continue;
    }
    const source = connector.sourceRef as string;
    outgoing.set(source, [...(outgoing.get(source) ?? []), connector]);
  }
  return { byId, outgoing, loose };
}

/** Ids of the blocks reachable from the given one (itself included). */
export function reachableFrom(graph: FlowGraph, startId: string): Set<string> {
  const reached = new Set([startId]);
  const queue = [startId];
  for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
    for (const connector of graph.outgoing.get(id) ?? []) {
      const target = connector.targetRef as string;
      if (!reached.has(target)) {
        reached.add(target);
        queue.push(target);
      }
    }
  }
  return reached;
}
