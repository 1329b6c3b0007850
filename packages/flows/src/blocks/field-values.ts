import { z } from 'zod';
import type { BlockField, FieldKind } from '../block-fields';

/** One entry of a dictionary block. */
export interface KeyValue {
  key: string;
  value: string;
}
/** One row of a multiple entity check: the entity and the message that asks for it. */
export interface EntityCheck {
  entity: string;
  message: string;
}
/** One find/replace pair of a replace-in-variable block. */
export interface ReplaceRule {
  find: string;
  replace: string;
}

/** What a field of each kind holds once read. */
export interface FieldValueOfKind {
  text: string;
  richText: string;
  boolean: boolean;
  number: number;
  choice: string;
  list: string[];
  keyValueList: KeyValue[];
  entityList: EntityCheck[];
  replaceRules: ReplaceRule[];
  file: string;
  /** A validation block's nested connector: the decision operation's fields (decision-operations.ts). */
  connector: Record<string, unknown>;
}

/**
 * Stored data is loose: documents of older editors hold 'true' for true and numbers as text, and
 * a hand-edited flow may hold anything. Reading keeps what has the field's meaning and drops
 * the rest (the validator reports it with the field's label), so a reader never throws.
 */
const scalarText = z.union([z.string(), z.number().transform(String)]);
const flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')]);
const finiteNumber = z.union([
  z.number().finite(),
  z
    .string()
    .trim()
    .regex(/^-?\d+(\.\d+)?$/)
    .transform(Number),
]);
const listOf = <T extends z.ZodType>(item: T) =>
  z.array(z.unknown()).transform((items) =>
    items.flatMap((entry) => {
      const parsed = item.safeParse(entry);
      return parsed.success ? [parsed.data as z.output<T>] : [];
    }),
  );
const textOrEmpty = scalarText.optional().transform((value) => value ?? '');

const SCHEMA_OF_KIND = {
  text: scalarText,
  richText: scalarText,
  boolean: flag,
  number: finiteNumber,
  choice: scalarText,
  list: listOf(scalarText),
  keyValueList: listOf(z.object({ key: textOrEmpty, value: textOrEmpty })),
  entityList: listOf(z.object({ entity: textOrEmpty, message: textOrEmpty })),
  replaceRules: listOf(z.object({ find: textOrEmpty, replace: textOrEmpty })),
  file: scalarText,
  connector: z.record(z.string(), z.unknown()),
} satisfies { [K in FieldKind]: z.ZodType<FieldValueOfKind[K], unknown> };

/** The schema of one field's stored value; a value it does not accept reads as absent. */
export function fieldValueSchema(declared: BlockField) {
  const base = SCHEMA_OF_KIND[declared.kind] as z.ZodType<unknown>;
  const options = declared.options;
  const checked =
    declared.kind === 'choice' && options ? base.refine((value) => options.includes(String(value))) : base;
  return checked.optional().catch(undefined);
}

/** 'possible-answers' -> 'possibleAnswers', 'dtmf-confirm-key' -> 'dtmfConfirmKey'. */
export type CamelCase<S extends string> = S extends `${infer Head}-${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : S;

export function camelCase<S extends string>(name: S): CamelCase<S> {
  return name.replace(/-([a-z0-9])/gi, (_, letter: string) => letter.toUpperCase()) as CamelCase<S>;
}

/** A block's data as the runtime and the rules read it: each declared field by its camel-cased name. */
export type BlockValues<Fields extends readonly BlockField[]> = {
  [F in Fields[number] as CamelCase<F['name']>]?: FieldValueOfKind[F['kind']];
};
