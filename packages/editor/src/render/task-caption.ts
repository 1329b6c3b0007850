import { ALL_BLOCK_KINDS, type BlockData } from '@parley/flows/blocks';

/** The colour stripe of each task category on the canvas. */
export const CATEGORY_COLOURS: Record<string, string> = {
  dialog: '#2f7dd1',
  action: '#8a5cd6',
  system: '#c2410c',
  foodl: '#15803d',
  custom: '#0f766e',
  llm: '#be185d',
};

const CATEGORY_LABELS: Record<string, string> = {
  dialog: 'Dialog',
  action: 'Action',
  system: 'SCSM',
  foodl: 'Foodl',
  custom: 'Function',
  llm: 'LLM',
};

/**
 * The small caption above a task's name: its category and what it does ('Dialog · Ask
 * Question', 'Function · getOrder', 'Sub flow · Address'), so a flow reads without clicking.
 */
export function taskCaption(category: string | null, data: BlockData): string {
  const fc = typeof data.fc === 'string' ? data.fc : '';
  const outputs = data['fc-output-default'];
  const isSubFlow = category === 'custom' && Array.isArray(outputs) && outputs[0] === 'flow';
  const group = isSubFlow ? 'Sub flow' : (CATEGORY_LABELS[category ?? ''] ?? 'Block');
  if (category === 'custom' || category === 'llm') return fc ? `${group} · ${fc}` : group;
  const kind = ALL_BLOCK_KINDS.find((candidate) => candidate.category === category && candidate.fc === fc);
  return kind ? `${group} · ${kind.displayName}` : group;
}
