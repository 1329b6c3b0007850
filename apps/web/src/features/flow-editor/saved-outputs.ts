/**
 * The output variables each block had when the flow was loaded or last saved: the names the rest
 * of the bot may already use. Only the others, made in this session, may be renamed (spec 03
 * section 5: 'only the original (newly created) output variable's name may be edited').
 */
export type SavedOutputs = ReadonlyMap<string, readonly string[]>;

export const NO_SAVED_OUTPUTS: SavedOutputs = new Map();

interface SnapshotBlock {
  id: string;
  customData: Record<string, Record<string, unknown>>;
}

/** Outputs by block id, in every language of the block. */
export function savedOutputsOf(blocks: readonly SnapshotBlock[]): Map<string, string[]> {
  const saved = new Map<string, string[]>();
  for (const block of blocks) {
    const names = new Set<string>();
    for (const data of Object.values(block.customData ?? {})) {
      const outputs = data?.['fc-output'];
      if (Array.isArray(outputs)) for (const name of outputs) names.add(String(name));
    }
    if (names.size > 0) saved.set(block.id, [...names]);
  }
  return saved;
}

let lastSnapshot = '';
let lastOutputs: SavedOutputs = NO_SAVED_OUTPUTS;

/**
 * The same, read from the editor's baseline snapshot (FlowEditor's `snapshotOf`: a JSON list of
 * `[id, type, name, category, customData]`). Remembers the last snapshot read, since it is
 * asked at every render. Anything else reads as no saved outputs.
 */
export function savedOutputsOfSnapshot(snapshot: string): SavedOutputs {
  if (snapshot === lastSnapshot) return lastOutputs;
  let blocks: SnapshotBlock[] = [];
  try {
    const parsed: unknown = JSON.parse(snapshot);
    if (Array.isArray(parsed)) {
      blocks = parsed.flatMap((entry) =>
        Array.isArray(entry) && typeof entry[0] === 'string' && entry[4] && typeof entry[4] === 'object'
          ? [{ id: entry[0], customData: entry[4] as SnapshotBlock['customData'] }]
          : [],
      );
    }
  } catch {
    blocks = [];
  }
  lastSnapshot = snapshot;
  lastOutputs = savedOutputsOf(blocks);
  return lastOutputs;
}
