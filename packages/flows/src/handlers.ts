import { ALL_BLOCK_KINDS, type BlockFc, type BlockKindFor } from './block-kinds';

/**
 * Server-only: the typing of per-kind handlers (the runtime's block runners). A registry is a
 * plain object with one handler per kind, checked with `satisfies BlockHandlers<...>`, so a
 * declared kind without a handler does not compile (the pattern of packages/functions/src/runners.ts).
 */

/** The typed values one kind's handler reads. */
export type BlockValuesFor<Fc extends BlockFc> = ReturnType<BlockKindFor<Fc>['read']>;

/** One handler for the kind `Fc`: it gets the block's typed values and what the caller adds. */
export type BlockHandler<Fc extends BlockFc, Input, Output> = (
  values: BlockValuesFor<Fc>,
  input: Input,
) => Output;

export type BlockHandlers<Input, Output> = { readonly [Fc in BlockFc]: BlockHandler<Fc, Input, Output> };

/** The declared kinds a registry lacks: the check behind the compile-time one, for registries built at run time. */
export function missingHandlers(registry: Partial<Record<string, unknown>>): BlockFc[] {
  return ALL_BLOCK_KINDS.map((kind) => kind.fc).filter((fc) => typeof registry[fc] !== 'function');
}
