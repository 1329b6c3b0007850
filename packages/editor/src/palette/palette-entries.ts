import { BLOCK_KINDS, type BlockKind, type PaletteGroup, paletteGroups } from '@parley/flows/blocks';
import {
  type BlockTemplate,
  CONDITION_TEMPLATE,
  END_TEMPLATE,
  START_TEMPLATE,
  taskTemplate,
  unchosenTaskTemplate,
} from '../new-block';

/** The function-type marker of a Subs block (fc-output-default): its function is of type flow. */
export const SUB_FLOW_TYPE = 'flow';

/** What one palette group creates: the group's default block (spec 03 section 2.4). */
export interface PaletteItem {
  group: PaletteGroup;
  /** A letter-free symbol shown on the entry; the title names the group. */
  symbol: string;
  template: (usedOutputs: ReadonlySet<string>) => BlockTemplate;
}

const SYMBOLS: Record<string, string> = {
  dialog: '✉',
  action: '⚙',
  condition: '◇',
  function: 'ƒ',
  llm: '✦',
  subs: '⊞',
  start: '○',
  end: '◉',
  system: '#',
  foodl: '+',
};

const firstKind = (kinds: readonly BlockKind[], fc: string) =>
  kinds.find((kind) => kind.fc === fc) ?? kinds[0];

function templateOf(group: PaletteGroup): PaletteItem['template'] {
  switch (group.id) {
    case 'dialog': {
      // Dialog creates a Message (spec 03 section 2.4: 'Dialog (message)').
      const message = firstKind(group.kinds, 'message');
      return (used) => (message ? taskTemplate(message, used) : unchosenTaskTemplate('dialog', 'Dialog'));
    }
    case 'condition':
      return () => CONDITION_TEMPLATE;
    case 'start':
      return () => START_TEMPLATE;
    case 'end':
      return () => END_TEMPLATE;
    case 'subs':
      return () => ({
        ...unchosenTaskTemplate('custom', 'Sub flow'),
        data: { fc: '', 'fc-output': [], 'fc-output-default': [SUB_FLOW_TYPE] },
      });
    case 'function':
      return () => unchosenTaskTemplate('custom', 'Function');
    case 'llm':
      return () => unchosenTaskTemplate('llm', 'LLM');
    default:
      // Action, SCSM and Foodl: the kind is picked in the details panel.
      return () => unchosenTaskTemplate(group.category ?? group.id, group.label);
  }
}

/**
 * The palette of a bot whose settings list these categories, derived from the block
 * declarations (packages/flows); kinds hidden in the welcome intent do not change the groups.
 */
export function paletteItems(categories: readonly string[]): PaletteItem[] {
  return paletteGroups(categories).map((group) => ({
    group,
    symbol: SYMBOLS[group.id] ?? '□',
    template: templateOf(group),
  }));
}

/** The kinds a task of this category can be switched to in the details panel. */
export const kindsOfCategory = (category: string | null, isWelcomeIntent: boolean): BlockKind[] =>
  BLOCK_KINDS.filter(
    (kind) => kind.category === category && !(isWelcomeIntent && kind.isHiddenInWelcomeIntent),
  );
