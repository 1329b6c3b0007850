import type { CustomData } from '@parley/editor';
import type { BlockData } from '@parley/flows/blocks';

/**
 * Renaming a block's output variables (spec 03 sections 4.4, 4.6 and 5): which new names are
 * refused, and the flow's data once the names and every reference to them have changed.
 */

/** Spec 03 sections 5 and 8, word for word. */
export const OUTPUT_NAME_TAKEN = 'This name already taken or invalid!';
export const ORIGINAL_ONLY = 'You can only edit the name of the original variable';

/** The runtime fills [name] placeholders of 1 to 100 characters (packages/runtime text-template.ts). */
const MAX_NAME_LENGTH = 100;
/** Brackets would end a placeholder early; control characters never belong in a name. */
const INVALID_NAME = /[[\]{}()<>\p{Cc}]/u;

/** Variable names are one namespace ignoring case and surrounding blanks (as the bot's variables are). */
const keyOf = (name: string) => name.trim().toLowerCase();

/**
 * Why each changed name cannot be saved, by its place in the block's outputs; empty when every
 * name may be saved. A name is refused when blank or not a valid name, when another output of
 * the block gets the same name, or when it is a variable already (`taken`: the outputs of the
 * flow's other blocks and the bot's variables and objects). Unchanged names are not checked.
 */
export function outputNameProblems(
  names: readonly string[],
  original: readonly string[],
  taken: Iterable<string>,
): Map<number, string> {
  const takenKeys = new Set([...taken].map(keyOf));
  const problems = new Map<number, string>();
  names.forEach((name, index) => {
    if (name === original[index]) return;
    const key = keyOf(name);
    const isInvalid = key === '' || name.trim().length > MAX_NAME_LENGTH || INVALID_NAME.test(name);
    const isRepeated = names.some((other, at) => at !== index && keyOf(other) === key);
    if (isInvalid || isRepeated || takenKeys.has(key)) problems.set(index, OUTPUT_NAME_TAKEN);
  });
  return problems;
}

/** A flow element as the rename reads it (FlowCanvas.blocks() gives these). */
export interface RenameBlock {
  id: string;
  customData: CustomData;
}

/** Keys whose value is a variable's bare name (or a [reference] to it). */
const NAME_KEYS = new Set([
  'condition',
  'equalsValueVar',
  'field-var-name',
  'field-replace-variable',
  'field-object',
]);
/** Lists of names, a function key, and regexes (brackets there are character classes): never references. */
const SKIPPED_KEYS = new Set(['fc-output', 'fc-output-default', 'fc', 'regex']);
const WHOLE_REFERENCE = /^(\s*)([[{(<])\s*([^\][{}()<>]+?)\s*([\]})>])(\s*)$/;
const CLOSING: Record<string, string> = { '[': ']', '{': '}', '(': ')', '<': '>' };
const MAX_DEPTH = 8;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The data of every element that changes when a block's outputs are renamed (`renames`: old name
 * to new name, applied at once, so two names may swap): the block's own output list in every
 * language, and in every element of the flow each [Old] in a text, each field naming the
 * variable (a condition's variable, a compared variable, a set's 'var' rows, a block's variable
 * field) and each value that is wholly a reference in any of the four brackets. Elements that do
 * not change are left out.
 */
export function renameOutputs(
  blocks: readonly RenameBlock[],
  blockId: string,
  renames: ReadonlyMap<string, string>,
): Record<string, CustomData> {
  const changes = [...renames].filter(([from, to]) => from !== to && from.trim() !== '');
  if (changes.length === 0) return {};
  const map = new Map(changes);
  const inText = new RegExp(`\\[\\s*(${changes.map(([from]) => escapeRegExp(from)).join('|')})\\s*\\]`, 'g');

  const renameValue = (value: unknown, key: string | undefined, depth: number): unknown => {
    if (depth > MAX_DEPTH) return value;
    if (typeof value === 'string') {
      if (key !== undefined && NAME_KEYS.has(key) && map.has(value.trim())) return map.get(value.trim());
      const whole = WHOLE_REFERENCE.exec(value);
      if (whole && CLOSING[whole[2]!] === whole[4] && map.has(whole[3]!)) {
        return `${whole[1]}${whole[2]}${map.get(whole[3]!)}${whole[4]}${whole[5]}`;
      }
      return value.replace(inText, (_, name: string) => `[${map.get(name)}]`);
    }
    if (Array.isArray(value)) return value.map((item) => renameValue(item, undefined, depth + 1));
    if (value !== null && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      // A row of a set (In set, Is similar) comparing with a variable.
      const isVariableRow = record.type === 'var' && typeof record.value === 'string';
      return Object.fromEntries(
        Object.entries(record).map(([name, item]) => {
          if (SKIPPED_KEYS.has(name)) return [name, item];
          if (isVariableRow && name === 'value' && map.has(String(item).trim()))
            return [name, map.get(String(item).trim())];
          return [name, renameValue(item, name, depth + 1)];
        }),
      );
    }
    return value;
  };

  const result: Record<string, CustomData> = {};
  for (const block of blocks) {
    const next: CustomData = {};
    for (const [language, data] of Object.entries(block.customData)) {
      const renamed = renameValue(data, undefined, 0) as BlockData;
      const outputs = data['fc-output'];
      if (block.id === blockId && Array.isArray(outputs)) {
        renamed['fc-output'] = outputs.map((name) => map.get(String(name)) ?? name);
      }
      next[language] = renamed;
    }
    if (JSON.stringify(next) !== JSON.stringify(block.customData)) result[block.id] = next;
  }
  return result;
}
