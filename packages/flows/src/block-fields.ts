/** How a block field is declared, and the small helpers the declarations are written with. */

export type FieldKind =
  | 'text'
  | 'richText'
  | 'boolean'
  | 'number'
  | 'choice'
  | 'list'
  | 'keyValueList'
  | 'entityList'
  | 'replaceRules'
  | 'file'
  | 'connector';

export interface BlockField<
  Name extends string = string,
  Key extends string = string,
  Kind extends FieldKind = FieldKind,
> {
  /** The name a FlowStep uses (e.g. 'message'). */
  name: Name;
  /** The customData key: field-{name} unless the spec names it otherwise (file, dtmf-confirm-key, llmId...). */
  key: Key;
  kind: Kind;
  /** User-facing, used in validation messages. */
  label: string;
  default?: unknown;
  /** choice: the allowed values. */
  options?: readonly string[];
  /** number: inclusive bounds, and the unit messages name. */
  min?: number;
  max?: number;
  unit?: string;
  /** lists: the most entries allowed, and what an entry is called in the message. */
  maxItems?: number;
  itemName?: string;
}

type FieldExtras = Partial<Omit<BlockField, 'name' | 'key' | 'kind' | 'label'>>;

/** A field stored as field-{name}. */
export const field = <const Name extends string, const Kind extends FieldKind>(
  name: Name,
  kind: Kind,
  label: string,
  extras: FieldExtras = {},
): BlockField<Name, `field-${Name}`, Kind> => ({
  name,
  key: `field-${name}`,
  kind,
  label,
  ...extras,
});

/** A field whose customData key the spec gives as it is. */
export const rawField = <const Key extends string, const Kind extends FieldKind>(
  key: Key,
  kind: Kind,
  label: string,
  extras: FieldExtras = {},
): BlockField<Key, Key, Kind> => ({
  name: key,
  key,
  kind,
  label,
  ...extras,
});

/** The data of an uploaded file (spec 03 section 3.2): set by the upload, not typed by a user. */
export const fileFields = [
  rawField('file', 'file', 'File'),
  rawField('fileId', 'text', 'File id'),
  rawField('fileExtension', 'text', 'File extension'),
  rawField('contentType', 'text', 'Content type'),
] as const;

/** Empty means not set: undefined, null, '' or only spaces. */
export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** Flags arrive as booleans from the editor and as 'true' from older documents. */
export function isSet(value: unknown): boolean {
  return value === true || value === 'true';
}

/** 'a, b or c'. */
export function listInWords(values: readonly string[], last = 'or'): string {
  if (values.length <= 1) return values.join('');
  return `${values.slice(0, -1).join(', ')} ${last} ${values[values.length - 1]}`;
}
