import { type BlockData, type BlockKind, blockKindOf, type FlowDocument, isSet } from '@parley/flows';

/** A connector as the runtime follows it: where it goes, by which exit, with which condition. */
export interface RuntimeConnector {
  id: string;
  target: string;
  /** The exit of the task it leaves ('next' unless its data names another). */
  exit: string;
  /** The connector's data in the conversation's language (a gateway's operator fields). */
  data: BlockData;
  isDefault: boolean;
}

export interface RuntimeNode {
  id: string;
  type: 'start' | 'task' | 'gateway' | 'end';
  name: string;
  /** The block kind of a task; undefined for custom functions and kinds this version does not know. */
  kind: BlockKind | undefined;
  fc: string | null;
  category: string | null;
  /** The block's data in the conversation's language (the first language's when it has none). */
  data: BlockData;
  /**
   * A task's data read by its kind's schema over the kind's defaults: validated once per compiled
   * flow version, not on every turn. Frozen, as every turn of every conversation shares it.
   */
  values: Readonly<BlockData> | undefined;
  outgoing: RuntimeConnector[];
}

/** One intent's (or sub flow's) flow, ready to step through in one language. */
export interface RuntimeFlow {
  /** The intent's or the sub flow's name. */
  name: string;
  /** How the conversation's state names it: the intent's name, or `fn:` and the sub flow's (flowKey). */
  key: string;
  /** Whose flow it is and which saved version: flow statistics count by these. */
  owner: FlowOwnerKind;
  version: number | null;
  startId: string | null;
  nodes: ReadonlyMap<string, RuntimeNode>;
}

const NODE_TYPES = {
  'bpmn:StartEvent': 'start',
  'bpmn:Task': 'task',
  'bpmn:ExclusiveGateway': 'gateway',
  'bpmn:EndEvent': 'end',
} as const;

/** Data of a language, falling back to the first language the block has (spec 03 section 3.2). */
function dataIn(customData: Record<string, BlockData>, language: string): BlockData {
  return customData[language] ?? Object.values(customData)[0] ?? {};
}

export type FlowOwnerKind = 'intent' | 'function';

/** The name a conversation's state keeps a flow by: intents by name, sub flows apart from them. */
export function flowKey(owner: FlowOwnerKind, name: string): string {
  return owner === 'function' ? `${SUB_FLOW_KEY_PREFIX}${name}` : name;
}

const SUB_FLOW_KEY_PREFIX = 'fn:';

/** The owner and name behind a flow key. */
export function flowOfKey(key: string): { owner: FlowOwnerKind; name: string } {
  return key.startsWith(SUB_FLOW_KEY_PREFIX)
    ? { owner: 'function', name: key.slice(SUB_FLOW_KEY_PREFIX.length) }
    : { owner: 'intent', name: key };
}

/** Compiles a parsed flow for one language: blocks by id with the connectors that leave them. */
export function compileFlow(
  name: string,
  doc: FlowDocument,
  language: string,
  origin: { owner: FlowOwnerKind; version: number | null } = { owner: 'intent', version: null },
): RuntimeFlow {
  const nodes = new Map<string, RuntimeNode>();
  let startId: string | null = null;
  for (const block of doc.blocks) {
    if (block.type === 'bpmn:SequenceFlow') continue;
    const data = dataIn(block.customData, language);
    const type = NODE_TYPES[block.type];
    if (type === 'start' && startId === null) startId = block.id;
    const kind = type === 'task' ? blockKindOf(block.category, data.fc) : undefined;
    nodes.set(block.id, {
      id: block.id,
      type,
      name: block.name,
      kind,
      fc: typeof data.fc === 'string' ? data.fc : null,
      category: block.category,
      data,
      values: kind ? deepFreeze(kind.read({ ...defaultsOf(kind), ...data }) as BlockData) : undefined,
      outgoing: [],
    });
  }
  for (const block of doc.blocks) {
    if (block.type !== 'bpmn:SequenceFlow') continue;
    const source = block.sourceRef === undefined ? undefined : nodes.get(block.sourceRef);
    if (!source || block.targetRef === undefined || !nodes.has(block.targetRef)) continue;
    const data = dataIn(block.customData, language);
    source.outgoing.push({
      id: block.id,
      target: block.targetRef,
      exit: typeof data.exit === 'string' && data.exit.trim() !== '' ? data.exit : 'next',
      data,
      isDefault: isSet(data.isDefault),
    });
  }
  return { name, key: flowKey(origin.owner, name), ...origin, startId, nodes };
}

const defaults = new WeakMap<BlockKind, BlockData>();

/** The declared defaults of a kind's fields (the unexpected answer's question, the rating labels...). */
function defaultsOf(kind: BlockKind): BlockData {
  let known = defaults.get(kind);
  if (!known) {
    known = Object.fromEntries(
      kind.fields.filter((field) => field.default !== undefined).map((field) => [field.key, field.default]),
    );
    defaults.set(kind, known);
  }
  return known;
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
