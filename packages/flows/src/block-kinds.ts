import { ACTION_BLOCKS } from './blocks/action-blocks';
import type { BlockKind } from './blocks/define-block-kind';
import { DIALOG_BLOCKS } from './blocks/dialog-blocks';
import { FOODL_BLOCKS } from './blocks/foodl-blocks';
import { llmBlock } from './blocks/llm-block';
import { SYSTEM_BLOCKS } from './blocks/system-blocks';

export * from './blocks/block-limits';
export { BLOCK_CATEGORIES, type BlockCategory, type BlockKind } from './blocks/define-block-kind';

/**
 * Every block kind of spec 03 section 3.3, declared once (blocks/*.ts). The palette, the details
 * panel, the validator, the builder and the runtime all read this list.
 */
export const BLOCK_KINDS = [...DIALOG_BLOCKS, ...ACTION_BLOCKS, ...SYSTEM_BLOCKS, ...FOODL_BLOCKS] as const;

/** The LLM block is found by its category: its fc is the chosen LLM's name. */
export const LLM_BLOCK_KIND = llmBlock;

/** Every kind, the LLM block's too: what the runtime must run. */
export const ALL_BLOCK_KINDS = [...BLOCK_KINDS, llmBlock] as const;

/** The fc of a built-in block kind ('llm' for the LLM block), as a literal union. */
export type BlockFc = (typeof ALL_BLOCK_KINDS)[number]['fc'];
/** The declaration of one kind, by its fc, with its typed values. */
export type BlockKindFor<Fc extends BlockFc> = Extract<(typeof ALL_BLOCK_KINDS)[number], { fc: Fc }>;

const kindsByFc = new Map<string, BlockKind>(BLOCK_KINDS.map((blockKind) => [blockKind.fc, blockKind]));

/**
 * The declared kind of a task: by category for LLM blocks, by fc (within the category when
 * the block has one) for the rest; undefined for custom functions and unknown fc.
 */
export function blockKindOf(category: string | null, fc: unknown): BlockKind | undefined {
  if (category === 'llm') return llmBlock;
  if (category === 'custom' || typeof fc !== 'string') return undefined;
  const blockKind = kindsByFc.get(fc);
  return blockKind && (category === null || blockKind.category === category) ? blockKind : undefined;
}

/** The customData key of a custom function's input. */
export const functionInputKey = (inputName: string) => `field-${inputName}`;
