/** A V8 heap snapshot as `v8.writeHeapSnapshot` writes it: what the diff reads of it. */
interface HeapSnapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
  strings: string[];
}

/** Live objects by kind and constructor: how many, and their own bytes. */
function summary(text: string): Map<string, { count: number; bytes: number }> {
  const heap = JSON.parse(text) as HeapSnapshot;
  const fields = heap.snapshot.meta.node_fields;
  const width = fields.length;
  const typeAt = fields.indexOf('type');
  const nameAt = fields.indexOf('name');
  const sizeAt = fields.indexOf('self_size');
  const types = heap.snapshot.meta.node_types[0];
  const byKind = new Map<string, { count: number; bytes: number }>();
  for (let i = 0; i < heap.nodes.length; i += width) {
    const type = types[heap.nodes[i + typeAt] as number] ?? '?';
    // Strings and numbers are named by their value: one kind each.
    const name =
      type === 'object' || type === 'closure' || type === 'native'
        ? (heap.strings[heap.nodes[i + nameAt] as number] ?? '?')
        : '';
    const key = name ? `${type} ${name}` : type;
    const known = byKind.get(key) ?? { count: 0, bytes: 0 };
    known.count += 1;
    known.bytes += heap.nodes[i + sizeAt] as number;
    byKind.set(key, known);
  }
  return byKind;
}

/** The kinds of object that grew most between two heap snapshots (after GC), largest growth first. */
export function heapGrowth(before: string, after: string, top = 8) {
  const was = summary(before);
  const now = summary(after);
  return [...now]
    .map(([kind, { count, bytes }]) => ({
      kind,
      addedObjects: count - (was.get(kind)?.count ?? 0),
      addedKb: Math.round((bytes - (was.get(kind)?.bytes ?? 0)) / 102.4) / 10,
    }))
    .sort((a, b) => b.addedKb - a.addedKb)
    .slice(0, top);
}
