import { type BlockData, type BlockKind, END_BLOCK_DEFAULTS } from '@parley/flows/blocks';

/** What the palette or the context pad creates: a BPMN element and the Parley data it starts with. */
export interface BlockTemplate {
  type: 'bpmn:Task' | 'bpmn:ExclusiveGateway' | 'bpmn:StartEvent' | 'bpmn:EndEvent';
  /** The element's name on the canvas. */
  name: string;
  category?: string;
  /** One language's data; the editor copies it into every supported language. */
  data?: BlockData;
}

/**
 * Output variables get unique names from their kind plus a counter (spec 03 section 5): Answer,
 * Answer2, ... ; 'gpt3' is shortened to 'gpt'. `used` holds every output name of the flow.
 */
export function newOutputNames(kinds: readonly string[], used: ReadonlySet<string>): string[] {
  const taken = new Set(used);
  return kinds.map((kind) => {
    const base = kind === 'gpt3' ? 'gpt' : kind;
    let name = base;
    for (let counter = 2; taken.has(name); counter++) name = `${base}${counter}`;
    taken.add(name);
    return name;
  });
}

/** A block's data as a new block of this kind: its function key, outputs and field defaults. */
export function kindData(kind: BlockKind, usedOutputs: ReadonlySet<string>): BlockData {
  const defaults = Object.fromEntries(
    kind.fields.filter((declared) => declared.default !== undefined).map((d) => [d.key, d.default]),
  );
  return {
    fc: kind.category === 'llm' ? '' : kind.fc,
    'fc-output': newOutputNames(kind.outputs, usedOutputs),
    'fc-output-default': [...kind.outputs],
    ...structuredClone(defaults),
  };
}

export const taskTemplate = (kind: BlockKind, usedOutputs: ReadonlySet<string>): BlockTemplate => ({
  type: 'bpmn:Task',
  name: kind.displayName,
  category: kind.category,
  data: kindData(kind, usedOutputs),
});

/** A task whose function is chosen in the details panel: an action, a function, a sub flow. */
export const unchosenTaskTemplate = (category: string, name: string): BlockTemplate => ({
  type: 'bpmn:Task',
  name,
  category,
  data: { fc: '', 'fc-output': [], 'fc-output-default': [] },
});

export const CONDITION_TEMPLATE: BlockTemplate = {
  type: 'bpmn:ExclusiveGateway',
  name: '',
  data: { condition: '', operation: null },
};
export const START_TEMPLATE: BlockTemplate = { type: 'bpmn:StartEvent', name: '' };
export const END_TEMPLATE: BlockTemplate = {
  type: 'bpmn:EndEvent',
  name: '',
  data: { ...structuredClone(END_BLOCK_DEFAULTS), endFlow: true },
};
