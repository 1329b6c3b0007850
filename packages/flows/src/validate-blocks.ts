import type { BlockField } from './block-fields';
import { isBlank, listInWords } from './block-fields';
import { blockKindOf } from './block-kinds';
import type { BlockData, FlowBlock } from './flow-document';
import type { FlowValidationContext } from './flow-validation-types';

/** What is wrong with one language's data of a task, as user-facing messages. */
export function taskProblems(block: FlowBlock, data: BlockData, context: FlowValidationContext): string[] {
  const fc = data.fc;
  if (block.category === 'custom') {
    if (isBlank(fc)) return ['Choose the function this block calls.'];
    return context.functions.some((fn) => fn.name === fc)
      ? []
      : [`Function ${String(fc)} is not available in this bot.`];
  }
  if (block.category !== 'llm' && isBlank(fc)) return ['Choose what this block does.'];
  const blockKind = blockKindOf(block.category, fc);
  if (!blockKind) return [`Unknown block function ${String(fc)}.`];
  if (blockKind.isHiddenInWelcomeIntent && context.isWelcomeIntent) {
    return [`${blockKind.displayName} blocks cannot be used in the welcome intent.`];
  }
  return [
    ...blockKind.fields.flatMap((declared) => fieldProblems(declared, data[declared.key])),
    ...(blockKind.problems?.(blockKind.read(data), context, data) ?? []),
  ];
}

/** The limits a field's declaration sets (bounds, options, list sizes); unset values pass. */
export function fieldProblems(declared: BlockField, value: unknown): string[] {
  if (isBlank(value)) return [];
  switch (declared.kind) {
    case 'number': {
      const number = Number(value);
      const { min = Number.NEGATIVE_INFINITY, max = Number.POSITIVE_INFINITY, unit } = declared;
      if (typeof value !== 'boolean' && Number.isFinite(number) && number >= min && number <= max) return [];
      const range = [Number.isFinite(min) ? `from ${min}` : '', Number.isFinite(max) ? `to ${max}` : '']
        .filter(Boolean)
        .join(' ');
      return [`${declared.label} must be a number ${range}${unit ? ` ${unit}` : ''}.`.replace(/ +\./, '.')];
    }
    case 'choice': {
      const options = declared.options ?? [];
      return options.includes(String(value))
        ? []
        : [`${declared.label} must be one of ${listInWords(options)}.`];
    }
    case 'list':
    case 'keyValueList':
    case 'entityList':
    case 'replaceRules': {
      if (!Array.isArray(value)) return [`${declared.label} must be a list.`];
      const { maxItems } = declared;
      return maxItems !== undefined && value.length > maxItems
        ? [`At most ${maxItems} ${declared.itemName ?? 'entries'} are allowed.`]
        : [];
    }
    default:
      return [];
  }
}
