import { z } from 'zod';
import type { ConnectableChannelId } from '../channels';

/**
 * A platform's channel credentials (spec 04 section 3.4), declared once per platform: the keys
 * calls (GET/PUT /api/{path}/{botName}/keys, section 7.1) parse and answer by it, the server seals
 * its secrets, and the settings dialog draws its form from it.
 */
export type KeyFieldKind =
  /** A value the user types, kept as it is (trimmed). */
  | 'text'
  /** A credential: sealed at rest, answered masked, kept when the form sends the mask back. */
  | 'secret'
  | 'number'
  | 'flag'
  /** One of `choices` ('' for none). */
  | 'choice'
  /** Set by the server (webhook URLs, validation state); shown, never taken from a PUT. */
  | 'shown';

export interface KeyField {
  label: string;
  kind: KeyFieldKind;
  /** text and secret: the longest value, after trimming. */
  maxLength?: number;
  /** number: the range (inclusive). */
  min?: number;
  max?: number;
  /** number: the step of the form's input (1 unless said). */
  step?: number;
  choices?: readonly string[];
  /** text: what a value must look like, and the message when it does not. */
  pattern?: { regex: RegExp; message: string };
  /** A line under the field in the dialog. */
  help?: string;
  placeholder?: string;
  /** The value a platform starts with before anything is saved. */
  initial?: string | number | boolean;
}

export interface ChannelKeysDeclaration {
  /** The path segment of the keys calls: /api/{path}/{botName}/keys. */
  path: string;
  /** The catalogue channels these keys connect (each one Parley runs, with a settings dialog). */
  channels: readonly ConnectableChannelId[];
  /**
   * The keys by name; a name may address inside a list as the spec does ('pages[0].id'): the
   * calls answer and take that shape.
   */
  fields: Record<string, KeyField>;
  /** Whether PUT .../keys is offered; the mail channel's keys change only by connect/disconnect. */
  isWritable: boolean;
}

export const defineChannelKeys = <const D extends ChannelKeysDeclaration>(declaration: D): D => declaration;

export const CHANNEL_KEYS_MESSAGES = {
  couldNotUpdate: 'Could not update keys',
  /** A key a dialog's action cannot do without (Teams' 'Enable teams' needs the app id and password). */
  neededTo: (label: string, purpose: string) => `Enter the ${label} to ${purpose}.`,
  notAnObject: 'The keys must be a JSON object.',
  tooLong: (label: string, max: number) => `${label} holds at most ${max} characters.`,
  outOfRange: (label: string, min: number, max: number) => `${label} must be between ${min} and ${max}.`,
  notANumber: (label: string) => `${label} must be a number.`,
  notAFlag: (label: string) => `${label} must be true or false.`,
  notAChoice: (label: string) => `${label} must be one of the listed values.`,
  notText: (label: string) => `${label} must be text.`,
} as const;

/** What a stored secret is answered as: never the value, only enough to recognise it. */
export const SECRET_MASK = '••••••';
export const maskSecret = (secret: string): string =>
  secret === '' ? '' : secret.length > 12 ? `${SECRET_MASK}${secret.slice(-4)}` : SECRET_MASK;
/** A secret the form sends back as it was shown: keep the stored one. */
export const isMaskedSecret = (value: string): boolean => value.startsWith(SECRET_MASK);

type PathStep = string | number;
const stepsOf = (path: string): PathStep[] =>
  path
    .split(/\.|\[(\d+)\]/)
    .filter((step) => step !== undefined && step !== '')
    .map((step) => (/^\d+$/.test(step) ? Number(step) : step));

/** The value at a key's name ('pages[0].id') in a body, if any. */
export function readKeyPath(body: unknown, path: string): unknown {
  let here: unknown = body;
  for (const step of stepsOf(path)) {
    if (typeof here !== 'object' || here === null) return undefined;
    here = (here as Record<PathStep, unknown>)[step];
  }
  return here;
}

/** Flat keys by name, in the nested shape the calls answer with. */
export function nestKeys(flat: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [path, value] of Object.entries(flat)) {
    const steps = stepsOf(path);
    let here: Record<PathStep, unknown> = out;
    steps.forEach((step, index) => {
      if (index === steps.length - 1) {
        here[step] = value;
        return;
      }
      const next = steps[index + 1];
      here[step] ??= typeof next === 'number' ? [] : {};
      here = here[step] as Record<PathStep, unknown>;
    });
  }
  return out;
}

const DEFAULT_MAX_LENGTH = 500;

/** One field's parser: what a PUT may carry for it, with the field's own messages. */
function fieldSchema(field: KeyField): z.ZodType<string | number | boolean> {
  switch (field.kind) {
    case 'text':
    case 'secret': {
      const max = field.maxLength ?? DEFAULT_MAX_LENGTH;
      const base = z
        .string({ message: CHANNEL_KEYS_MESSAGES.notText(field.label) })
        .trim()
        .max(max, CHANNEL_KEYS_MESSAGES.tooLong(field.label, max));
      const pattern = field.pattern;
      return pattern ? base.refine((v) => v === '' || pattern.regex.test(v), pattern.message) : base;
    }
    case 'number': {
      const min = field.min ?? 0;
      const max = field.max ?? Number.MAX_SAFE_INTEGER;
      return z
        .number({ message: CHANNEL_KEYS_MESSAGES.notANumber(field.label) })
        .finite(CHANNEL_KEYS_MESSAGES.notANumber(field.label))
        .min(min, CHANNEL_KEYS_MESSAGES.outOfRange(field.label, min, max))
        .max(max, CHANNEL_KEYS_MESSAGES.outOfRange(field.label, min, max));
    }
    case 'flag':
      return z.boolean({ message: CHANNEL_KEYS_MESSAGES.notAFlag(field.label) });
    case 'choice': {
      const choices = ['', ...(field.choices ?? [])];
      return z
        .string({ message: CHANNEL_KEYS_MESSAGES.notAChoice(field.label) })
        .refine((v) => choices.includes(v), CHANNEL_KEYS_MESSAGES.notAChoice(field.label));
    }
    case 'shown':
      return z.never();
  }
}

/** The keys a user may set, by name (everything but the server's 'shown' ones). */
export const editableKeyNames = (declaration: ChannelKeysDeclaration): string[] =>
  Object.entries(declaration.fields)
    .filter(([, field]) => field.kind !== 'shown')
    .map(([name]) => name);

/**
 * A PUT body's keys, flat by name: each key it carries, checked; keys it leaves out stay as
 * stored, and 'shown' keys or unknown ones are ignored (the dialog sends back what it got).
 */
export function channelKeysBodySchema(declaration: ChannelKeysDeclaration) {
  return z
    .record(z.string(), z.unknown(), { message: CHANNEL_KEYS_MESSAGES.notAnObject })
    .transform((body, check) => {
      const flat: Record<string, string | number | boolean> = {};
      for (const name of editableKeyNames(declaration)) {
        const value = readKeyPath(body, name);
        if (value === undefined || value === null) continue;
        const field = declaration.fields[name];
        if (!field) continue;
        const parsed = fieldSchema(field).safeParse(value);
        if (!parsed.success) {
          for (const issue of parsed.error.issues)
            check.addIssue({ code: 'custom', message: issue.message, path: [name] });
          continue;
        }
        flat[name] = parsed.data;
      }
      return flat;
    });
}

/** Keys as the calls answer them: nested, secrets masked, unset keys at their initial value. */
export function channelKeysView(
  declaration: ChannelKeysDeclaration,
  stored: Record<string, unknown>,
): Record<string, unknown> {
  const flat: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(declaration.fields)) {
    const value =
      stored[name] ?? field.initial ?? (field.kind === 'flag' ? false : field.kind === 'number' ? 0 : '');
    flat[name] = field.kind === 'secret' ? maskSecret(String(value)) : value;
  }
  return nestKeys(flat);
}
