import { MESSAGES } from '../messages';
import { hasControlCharacters } from '../validators';

/**
 * Variables and objects without zod (the browser loads this, not the request schemas of
 * variables.ts): messages, limits, rules and answer shapes (spec 02 sections 2.5, 3, 4, 5, 7, 8).
 */

export const VARIABLE_MESSAGES = {
  variablesSection: 'Variables (Global)',
  objectsSection: 'Objects',
  editObject: 'Edit Object',
  global: 'Global',
  nameTaken: (name: string) => `Object/Variable with name '${name}' already exists`,
  atLeastOneProperty: 'Please provide at least one property',
  duplicateKeys: 'Warning: No duplicate keys!',
  nameUsedElsewhere: 'The given name is already used in variables/objects/entities',
  // Not in the spec (issue 9): a clash with another bot said 'already exists' without naming it.
  nameTakenInBot: (name: string, bot: string) =>
    `Object/Variable with name '${name}' already exists in bot ${bot}: a global name must be free in every bot.`,
  nameUsedInBot: (bot: string) =>
    `The given name is already used in variables/objects/entities/functions of bot ${bot}: a global name must be free in every bot.`,
  variablesFailed: 'Failed to create, delete or update variables!',
  objectFailed: 'Failed to create, delete or update object!',
  permissionDenied: MESSAGES.permissionDenied,
  // Not in the spec: rules it states without a message (docs/decisions.md, Variables and objects).
  nameRequired: 'Please provide a name.',
  atLeastOneVariable: 'Please provide at least one variable.',
  valueRequired: 'Please provide a value.',
  keyRequired: 'Please provide a key for every property.',
  tooLong: (field: string, max: number) => `The ${field} can be at most ${max} characters long.`,
  tooMany: (field: string, max: number) => `At most ${max} ${field} are allowed.`,
  controlCharacters: (field: string) => `The ${field} cannot contain control characters.`,
  variablesList: 'The variables must be a list of objects with key, value and isGlobal.',
  propertiesMap: 'The properties must be an object {variables: {key: {key, value}}}.',
  isGlobalFlag: 'isGlobal must be true or false.',
  isSystemFlag: 'isSystem must be true or false.',
  stillGlobal: 'A global variable or object stays global: it cannot be made bot-only again.',
  systemPropertyRemoved: (key: string) => `The system property '${key}' cannot be deleted or renamed.`,
  deleteTitle: 'Warning!',
  deleteVariable: (name: string) => `Are you sure you want to delete the variable '${name}'?`,
  deleteObject: (name: string) => `Are you sure you want to delete the object '${name}'?`,
  makeGlobalTitle: (name: string) => `Make '${name}' global?`,
  makeGlobalText: 'It will be shared by every bot of this account, and it cannot be made bot-only again.',
  readOnly: 'Read only: your role on this bot cannot change variables and objects.',
} as const;

const M = VARIABLE_MESSAGES;

export const VARIABLE_LIMITS = {
  name: 100,
  value: 10_000,
  key: 100,
  properties: 200,
  variablesPerRequest: 500,
} as const;

/** Names are one namespace ignoring case and surrounding blanks. */
export const variableNameKey = (name: string): string => name.trim().toLowerCase();

/** Line breaks and tabs belong in values; other control characters (NUL) in none. */
const hasControlCharactersInText = (value: string) => hasControlCharacters(value.replace(/[\n\r\t]/g, ''));

/** A variable or object name, or a property key: non-blank once trimmed, bounded, no control characters. */
export function variableNameProblem(value: string, field: 'name' | 'key' = 'name'): string | undefined {
  const trimmed = value.trim();
  const max = field === 'key' ? VARIABLE_LIMITS.key : VARIABLE_LIMITS.name;
  if (trimmed === '') return field === 'key' ? M.keyRequired : M.nameRequired;
  if (trimmed.length > max) return M.tooLong(field, max);
  if (hasControlCharacters(trimmed)) return M.controlCharacters(field);
  return undefined;
}

/** A variable's value is non-blank (spec 02 section 5); a property's value may be empty. */
export function variableValueProblem(value: string, isRequired = true): string | undefined {
  if (isRequired && value.trim() === '') return M.valueRequired;
  if (value.length > VARIABLE_LIMITS.value) return M.tooLong('value', VARIABLE_LIMITS.value);
  if (hasControlCharactersInText(value)) return M.controlCharacters('value');
  return undefined;
}

export interface PropertyInput {
  key: string;
  value: string;
}

/**
 * The property list of an object: at least one, each key valid, no key twice (ignoring case).
 * Answers the first problem with the index of the property it is about.
 */
export function objectPropertiesProblem(
  properties: readonly PropertyInput[],
):
  | { index: number; field: 'key' | 'value'; message: string }
  | { index: undefined; message: string }
  | undefined {
  if (properties.length === 0) return { index: undefined, message: M.atLeastOneProperty };
  if (properties.length > VARIABLE_LIMITS.properties)
    return { index: undefined, message: M.tooMany('properties', VARIABLE_LIMITS.properties) };
  const seen = new Set<string>();
  for (const [index, property] of properties.entries()) {
    const keyProblem = variableNameProblem(property.key, 'key');
    if (keyProblem) return { index, field: 'key', message: keyProblem };
    const valueProblem = variableValueProblem(property.value, false);
    if (valueProblem) return { index, field: 'value', message: valueProblem };
    const key = variableNameKey(property.key);
    if (seen.has(key)) return { index, field: 'key', message: M.duplicateKeys };
    seen.add(key);
  }
  return undefined;
}

// --- answers ---------------------------------------------------------------------------------

/** One property of an object (spec 02 section 3). `botId` is null for global objects. */
export interface ObjectProperty {
  key: string;
  value: string;
  botId: string | null;
  isGlobal: boolean;
  isSystem: boolean;
}

/** An object: its properties by key, in the order they were saved. */
export interface FlowObject {
  variables: Record<string, ObjectProperty>;
  isGlobal: boolean;
}

/**
 * GET /api/{bot}/variables/all (and the answer of every change): the spec's map of variable
 * name to value, beside it each variable's global flag, and the objects by name.
 */
export interface VariablesAndObjects {
  variables: Record<string, string>;
  isGlobalVariable: Record<string, boolean>;
  objects: Record<string, FlowObject>;
}

/** GET /api/{bot}/statistics/variables: how often each variable was used in conversations. */
export type VariableUsage = Record<string, number>;
