import { BLOCK_KINDS } from '../block-kinds';
import type { BlockCategory, BlockKind } from './define-block-kind';

/**
 * The flow editor's palette (spec 03 section 2.4), derived from the block declarations: Dialog
 * and Action list their kinds, the SCSM and Foodl groups appear only when the bot's settings
 * list their category, and the other groups are one element each.
 */
export interface PaletteGroup {
  id: string;
  label: string;
  /** The BPMN element the group's entries create. */
  element: 'bpmn:Task' | 'bpmn:ExclusiveGateway' | 'bpmn:StartEvent' | 'bpmn:EndEvent';
  /** The task category of the created block (tasks only). */
  category?: BlockCategory | 'subs';
  /** The block kinds to pick from; empty where the element is chosen in the details panel. */
  kinds: readonly BlockKind[];
}

const kindsIn = (category: BlockCategory) => BLOCK_KINDS.filter((kind) => kind.category === category);

const ALWAYS: readonly PaletteGroup[] = [
  { id: 'dialog', label: 'Dialog', element: 'bpmn:Task', category: 'dialog', kinds: kindsIn('dialog') },
  { id: 'action', label: 'Action', element: 'bpmn:Task', category: 'action', kinds: kindsIn('action') },
  { id: 'condition', label: 'Condition', element: 'bpmn:ExclusiveGateway', kinds: [] },
  // A function block's function (REST, SQL, ...) is chosen in the details panel.
  { id: 'function', label: 'Function', element: 'bpmn:Task', category: 'custom', kinds: [] },
  { id: 'llm', label: 'LLM', element: 'bpmn:Task', category: 'llm', kinds: [] },
  { id: 'subs', label: 'Subs', element: 'bpmn:Task', category: 'subs', kinds: [] },
  { id: 'start', label: 'Start', element: 'bpmn:StartEvent', kinds: [] },
  { id: 'end', label: 'End', element: 'bpmn:EndEvent', kinds: [] },
];

/** Groups shown only for bots whose settings list the category. */
const BY_CATEGORY: readonly PaletteGroup[] = [
  {
    id: 'system',
    label: 'Microsoft SCSM',
    element: 'bpmn:Task',
    category: 'system',
    kinds: kindsIn('system'),
  },
  { id: 'foodl', label: 'Foodl', element: 'bpmn:Task', category: 'foodl', kinds: kindsIn('foodl') },
];

/** The palette of a bot whose settings list these categories. */
export function paletteGroups(categories: readonly string[] = []): PaletteGroup[] {
  return [...ALWAYS, ...BY_CATEGORY.filter((group) => categories.includes(group.id))];
}

/** Whether a kind is in the palette of such a bot (SCSM and Foodl kinds only with their category). */
export function isInPalette(kind: BlockKind, categories: readonly string[] = []): boolean {
  return paletteGroups(categories).some((group) => group.kinds.includes(kind));
}
