import {
  CHANNEL_KEYS_MESSAGES,
  type ChannelKeysDeclaration,
  channelKeysBodySchema,
  editableKeyNames,
  type KeyField,
  nestKeys,
  readKeyPath,
} from '@parley/contracts';

/** The form's values: every editable key as the text its input shows. */
export type KeysFormValues = Record<string, string | boolean>;

/** The form's values from the keys as answered (numbers as text, secrets masked as answered). */
export function formValuesOf(
  declaration: ChannelKeysDeclaration,
  keys: Record<string, unknown>,
): KeysFormValues {
  return Object.fromEntries(
    editableKeyNames(declaration).map((name) => {
      const value = readKeyPath(keys, name);
      const field = declaration.fields[name] as KeyField;
      return [
        name,
        field.kind === 'flag' ? value === true : value === undefined || value === null ? '' : String(value),
      ];
    }),
  );
}

const asSent = (field: KeyField, value: string | boolean): unknown =>
  field.kind === 'number' ? (typeof value === 'string' && value.trim() !== '' ? Number(value) : 0) : value;

/** Keys a dialog's action needs filled, and what for ('enable Teams'). */
export interface RequiredKeys {
  names: readonly string[];
  purpose: string;
}

/**
 * The PUT body from the form, checked as the server checks it: the body in the calls' shape, or
 * the message of each field that is wrong (an empty key the dialog's action needs included).
 */
export function keysBodyOf(
  declaration: ChannelKeysDeclaration,
  values: KeysFormValues,
  required?: RequiredKeys,
): { body: Record<string, unknown> } | { errors: Record<string, string> } {
  const flat = Object.fromEntries(
    Object.entries(values).map(([name, value]) => [
      name,
      asSent(declaration.fields[name] as KeyField, value),
    ]),
  );
  const body = nestKeys(flat);
  const parsed = channelKeysBodySchema(declaration).safeParse(body);
  const errors: Record<string, string> = {};
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const name = String(issue.path[0] ?? '');
    errors[name] ??= issue.message;
  }
  for (const name of required?.names ?? []) {
    const value = values[name];
    const label = declaration.fields[name]?.label ?? name;
    if (typeof value !== 'string' || value.trim() === '')
      errors[name] ??= CHANNEL_KEYS_MESSAGES.neededTo(label, required?.purpose ?? 'save');
  }
  return Object.keys(errors).length === 0 ? { body } : { errors };
}
