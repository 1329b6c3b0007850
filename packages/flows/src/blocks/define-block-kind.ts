import { z } from 'zod';
import type { BlockField } from '../block-fields';
import type { BlockData } from '../flow-document';
import type { FlowValidationContext } from '../flow-validation-types';
import { variablesInText } from '../variables';
import { type BlockValues, camelCase, fieldValueSchema } from './field-values';

export const BLOCK_CATEGORIES = ['dialog', 'action', 'system', 'foodl', 'custom', 'llm'] as const;
export type BlockCategory = (typeof BLOCK_CATEGORIES)[number];

/**
 * A named way out of a block. Every block has `next`; a connector that names another exit in
 * its data (`exit`) is taken only when the block leaves by that exit.
 */
export interface BlockExit {
  id: string;
  /** The arrow label the editor shows. */
  label: string;
}
export const NEXT_EXIT: BlockExit = { id: 'next', label: 'Next' };

/** What a block refers to outside itself (flow-references.ts gathers them over a flow). */
export interface BlockReferences {
  entities?: unknown[];
  variables?: unknown[];
  intents?: unknown[];
}

/**
 * What a block sends, for the channel restrictions of spec 03 section 9: the texts whose length
 * counts, the options shown, and the kinds of content some channels cannot show.
 */
export interface BlockSends {
  texts?: string[];
  options?: string[];
  gif?: boolean;
  attachment?: boolean;
  adaptiveCard?: boolean;
}

export interface PaletteEntry {
  /** An icon name of the editor's icon set. */
  icon: string;
  /** One sentence: what the block does, shown as the palette tooltip. */
  help: string;
}

/** The parts of a declaration written by hand. */
interface BlockKindSpec<Fc extends string, Fields extends readonly BlockField[]> {
  /** The function key, customData fc. */
  fc: Fc;
  displayName: string;
  category: BlockCategory;
  fields: Fields;
  palette: PaletteEntry;
  /** Output variable kinds: the default names of the block's outputs (fc-output-default). */
  outputs?: readonly string[];
  isHiddenInWelcomeIntent?: boolean;
  /** Whether a turn can stop at this block to wait for the user's answer. */
  waitsForInput?: boolean;
  /** Exits besides `next`, which depend on the data (an option each, a fail path...). */
  exits?: (values: BlockValues<Fields>) => BlockExit[];
  /** Entities, variables and intents named by the data, beyond [variable] in its texts. */
  references?: (values: BlockValues<Fields>) => BlockReferences;
  sends?: (values: BlockValues<Fields>) => BlockSends;
  /** Rules the field declarations cannot say, as user-facing messages. */
  problems?: (values: BlockValues<Fields>, context: FlowValidationContext, data: BlockData) => string[];
}

/** A block kind: one declaration that the palette, the details panel, the validator and the runtime read. */
export interface BlockKind<
  Fc extends string = string,
  Fields extends readonly BlockField[] = readonly BlockField[],
> extends Required<Omit<BlockKindSpec<Fc, Fields>, 'problems'>> {
  problems?: BlockKindSpec<Fc, Fields>['problems'];
  /** The zod schema of the stored data (customData keys), reading into the typed values. */
  schema: z.ZodType<BlockValues<Fields>, BlockData>;
  /** The typed values of one language's data; never throws (values it cannot read are absent). */
  read(data: BlockData): BlockValues<Fields>;
}

/** Builds a kind from its declaration: the data schema comes from the fields, the rest defaults. */
export function defineBlockKind<const Fc extends string, const Fields extends readonly BlockField[]>(
  spec: BlockKindSpec<Fc, Fields>,
): BlockKind<Fc, Fields> {
  const shape = Object.fromEntries(spec.fields.map((declared) => [declared.key, fieldValueSchema(declared)]));
  const schema = z.looseObject(shape).transform((stored) =>
    Object.fromEntries(
      spec.fields.flatMap((declared) => {
        const value = (stored as Record<string, unknown>)[declared.key];
        return value === undefined ? [] : [[camelCase(declared.name), value]];
      }),
    ),
  ) as unknown as z.ZodType<BlockValues<Fields>, BlockData>;
  return {
    outputs: [],
    isHiddenInWelcomeIntent: false,
    waitsForInput: false,
    exits: () => [],
    references: () => ({}),
    sends: () => ({}),
    ...spec,
    schema,
    read: (data) => {
      const parsed = schema.safeParse(data);
      return parsed.success ? parsed.data : ({} as BlockValues<Fields>);
    },
  };
}

/** Every exit of a block with this data: `next` first. */
export function exitsOf(kind: BlockKind, data: BlockData): BlockExit[] {
  return [NEXT_EXIT, ...kind.exits(kind.read(data))];
}

/** [name] references in the rich texts of a block's data. */
export function variablesInTexts(...texts: (string | undefined)[]): string[] {
  return texts.flatMap((text) => (text ? variablesInText(text) : []));
}
