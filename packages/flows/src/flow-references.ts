import { isBlank } from './block-fields';
import { blockKindOf } from './block-kinds';
import { redirectIntentOf } from './end-block';
import type { BlockData, FlowBlock, FlowDocument } from './flow-document';
import { variablesInText } from './variables';

export interface FlowReferences {
  /** Custom functions the flow's blocks call (sub flows too). */
  functions: string[];
  /** Intents it redirects to by name (end blocks; validation blocks that redirect). */
  intents: string[];
  /** Entities it checks (multiple entity check, Is an entity, Is canonical). */
  entities: string[];
  /** Variables it sets (block outputs) or reads (conditions, compared variables, [name] in texts). */
  variables: string[];
}

/** What a flow refers to outside itself, each list without repeats in the order first met, in every language. */
export function flowReferences(doc: FlowDocument): FlowReferences {
  const functions = new Set<string>();
  const intents = new Set<string>();
  const entities = new Set<string>();
  const variables = new Set<string>();
  const add = (set: Set<string>, value: unknown) => {
    if (!isBlank(value)) set.add(String(value).trim());
  };

  for (const block of doc.blocks) {
    for (const data of Object.values(block.customData)) {
      const blockKind = block.type === 'bpmn:Task' ? blockKindOf(block.category, data.fc) : undefined;
      if (block.type === 'bpmn:Task' && block.category === 'custom') add(functions, data.fc);
      if (block.type === 'bpmn:EndEvent') add(intents, redirectIntentOf(data));
      if (block.type === 'bpmn:SequenceFlow') {
        add(entities, data.whichEntity);
        add(entities, data.isCanonicalEntity);
      }
      const declared = blockKind?.references(blockKind.read(data)) ?? {};
      for (const intent of declared.intents ?? []) add(intents, intent);
      for (const entity of declared.entities ?? []) add(entities, entity);
      for (const variable of [...variablesOf(block, data), ...(declared.variables ?? [])])
        add(variables, variable);
    }
  }
  return {
    functions: [...functions],
    intents: [...intents],
    entities: [...entities],
    variables: [...variables],
  };
}

/** The spec's import warning for custom functions the bot lacks; null when all are there. */
export function missingFunctionsWarning(
  doc: FlowDocument,
  functions: readonly (string | { name: string })[],
): string | null {
  const available = new Set(functions.map((fn) => (typeof fn === 'string' ? fn : fn.name)));
  const missing = flowReferences(doc).functions.filter((name) => !available.has(name));
  return missing.length > 0
    ? `Warning! Flow contains custom functions which need to be available: ${missing.join(', ')}`
    : null;
}

/** Variables any block's data names: its outputs, a gateway's variable, a connector's compared variable, [name] in texts. */
function variablesOf(block: FlowBlock, data: BlockData): string[] {
  const found: string[] = [];
  if (Array.isArray(data['fc-output']))
    found.push(...data['fc-output'].filter((name) => typeof name === 'string'));
  if (block.type === 'bpmn:ExclusiveGateway' && typeof data.condition === 'string')
    found.push(data.condition);
  if (data.equalsCmpType === 'var' && typeof data.equalsValueVar === 'string')
    found.push(data.equalsValueVar);
  collectReferences(data, found, 0);
  return found;
}

const MAX_DEPTH = 8;

/** [name] in every text of the data (other brackets are too common in prose to count there). */
function collectReferences(value: unknown, found: string[], depth: number): void {
  if (depth > MAX_DEPTH) return;
  if (typeof value === 'string') {
    found.push(...variablesInText(value));
  } else if (Array.isArray(value)) {
    for (const item of value) collectReferences(item, found, depth + 1);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      // fc-output lists names, not references; regexes use brackets for character classes.
      if (key !== 'fc-output' && key !== 'fc-output-default' && key !== 'regex') {
        collectReferences(item, found, depth + 1);
      }
    }
  }
}
