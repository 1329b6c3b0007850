import type { FunctionDefinition } from './functions';

/**
 * Functions of a bot without zod (the browser loads this, not the request schemas of
 * functions.ts): messages, name rules, the type catalogue the screens read, input values,
 * property paths and the answers' shapes (spec 02 sections 2.4, 3, 4, 5, 7, 8 and 9).
 */

export const FUNCTION_MESSAGES = {
  invalidName:
    'Please provide a valid function name. Names can only have the following characters: _, ., -, a-z, A-Z, 0-9 and spaces',
  nameTaken: 'Function with the same name already exists!',
  apiPathRequired: 'Please provide API path',
  nameUsedElsewhere: 'The given name is already used in variables/objects/entities',
  deleteTitle: 'Warning!',
  deleteConfirm: 'Are you sure you want to delete this function?',
  deleteButton: 'Delete',
  notUsed: 'This function is not used anywhere!',
  outputHint: 'Preview the output from your function or your adaptive card example.',
  invalidAdaptiveCard: 'The JSON you entered is not a valid adaptive card!',
  descriptionSaveFailed: 'Failed to save function description!',
  renameFailed: 'Failed to updated function name!',
  runErrorDetails: 'Details:',
  // Not in the spec: its rules are stated without a message (docs/decisions.md, Functions).
  duplicateInput: (name: string) =>
    `The input name "${name}" is used more than once. Input names must be unique within a function.`,
  invalidType: 'Please choose a function type.',
  tooLong: (field: string, max: number) => `The ${field} can be at most ${max} characters long.`,
  reservedName: (name: string) => `"${name}" is a word of the functions API and cannot name a function.`,
  typeCannotChange: 'The type of a saved function cannot change. Create a new function instead.',
  globalInputsReadOnly: 'The inputs of a global function are read-only.',
  globalNameTaken: (bot: string) =>
    `Function with the same name already exists! (in bot ${bot}; a global function needs a name free in every bot)`,
  usedByOtherBots: 'This global function is used by other bots and cannot stop being global.',
  notFound: (name: string) => `There is no function named ${name.slice(0, 60)}.`,
  // Not in the spec (issue 9: secrets are write-only to the browser).
  secretNeedsEntering: (where: string) =>
    `Enter the ${where} again: the function's address changed, so the stored secret is not sent to the new one.`,
  secretUnknown: (where: string) => `There is no stored secret for the ${where}: please enter it.`,
  definitionHiddenTitle: 'Definition not shown',
  definitionHidden:
    "Seeing a function's definition (its address, command or code) needs the permission to manage functions of its type. Flows can still call it.",
  notAFunctionFile: 'This is not a function file exported from Parley.',
  // Not in the spec: credentials never travel in function files (docs/function-files.md).
  credentialsLeftOut: 'Not in the file: enter them again after the import.',
  newerFileFormat: 'This file was exported by a newer Parley and cannot be read here.',
  fileMissing: (field: string) => `Please choose a file (form field ${field}).`,
  startBuilding: 'Start building!',
  // Not in the spec (issue 22: what a failed call does, docs/decisions.md 'REST calls in flows').
  failedAnswer: (failure: string) =>
    `${failure}. In a conversation this call fails: the block leaves by its Call failed path, or the bot says its unexpected-error message.`,
} as const;

export const FUNCTION_NAME_MIN_LENGTH = 2;
export const FUNCTION_NAME_MAX_LENGTH = 50;

/** Letters, digits, space, hyphen, apostrophe, underscore and dot: the union of the spec's two statements. */
export function isValidFunctionName(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9 _.'-]{2,50}$/.test(value) && value.trim().length >= 2;
}

export const FUNCTION_TYPES = [
  'sql',
  'rest',
  'adaptiveCard',
  'flow',
  'code',
  'captureStorage',
  'sendEvent',
  'llm',
] as const;
export type FunctionType = (typeof FUNCTION_TYPES)[number];

export const REST_METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
export type RestMethod = (typeof REST_METHODS)[number];
/** The spec offers no body for these methods, and the runner sends none. */
export const REST_METHODS_WITHOUT_BODY: readonly RestMethod[] = ['get', 'delete'];

export const REST_BODY_TYPES = ['raw', 'form-data', 'x-www-form-urlencoded'] as const;
export type RestBodyType = (typeof REST_BODY_TYPES)[number];

export const STORAGE_TYPES = ['local', 'session', 'cookie'] as const;
export type StorageType = (typeof STORAGE_TYPES)[number];

export const CODE_LANGUAGES = ['JS'] as const;

/** Default of a new function (spec 02 section 9). */
export const DEFAULT_FUNCTION_TYPE: FunctionType = 'sql';
export const DEFAULT_REST_METHOD: RestMethod = 'get';

// --- the catalogue the screens read ----------------------------------------------------------

export interface FunctionTypeInfo {
  type: FunctionType;
  /** The type named in a sentence. */
  label: string;
  /** Badge in the functions list (spec 2.4); null when the spec shows none. */
  badge: string | null;
  /** Tab of the creation modal; null for types created elsewhere (sub flows, LLM blocks). */
  creationTab: string | null;
  /** Filter of the functions list; null when the type has none. */
  filterLabel: string | null;
  /** The Run Function button (spec 2.4: not for flow or adaptive card types). */
  canRun: boolean;
  /** Listed in the Subs tab rather than the Functions tab. */
  isSubFlow: boolean;
  /**
   * Its call can fail in a conversation though the flow is right (an API down or answering an
   * error, a database away, code throwing): a Function block calling it has a Call failed exit.
   */
  canFailInConversation: boolean;
}

export const FUNCTION_TYPE_CATALOGUE = {
  sql: {
    type: 'sql',
    label: 'SQL',
    badge: 'SQL Function',
    creationTab: 'SQL',
    filterLabel: 'SQL',
    canRun: true,
    isSubFlow: false,
    canFailInConversation: true,
  },
  rest: {
    type: 'rest',
    label: 'REST',
    badge: 'REST Function',
    creationTab: 'REST',
    filterLabel: 'REST',
    canRun: true,
    isSubFlow: false,
    canFailInConversation: true,
  },
  adaptiveCard: {
    type: 'adaptiveCard',
    label: 'Adaptive Card',
    badge: 'Adaptive Card',
    creationTab: 'Adaptive Card',
    filterLabel: 'Adaptive Card',
    canRun: false,
    isSubFlow: false,
    canFailInConversation: false,
  },
  code: {
    type: 'code',
    label: 'Custom Code',
    badge: 'Custom Code Function',
    creationTab: 'Custom Code',
    filterLabel: 'Code',
    canRun: true,
    isSubFlow: false,
    canFailInConversation: true,
  },
  captureStorage: {
    type: 'captureStorage',
    label: 'Capture Storage',
    badge: 'Capture Storage (BETA)',
    creationTab: 'Capture Storage (BETA)',
    filterLabel: 'Capture Storage',
    canRun: true,
    isSubFlow: false,
    canFailInConversation: false,
  },
  sendEvent: {
    type: 'sendEvent',
    label: 'Send Event',
    badge: 'Send Event (BETA)',
    creationTab: 'Send Event (BETA)',
    filterLabel: 'Send Event',
    canRun: true,
    isSubFlow: false,
    canFailInConversation: false,
  },
  flow: {
    type: 'flow',
    label: 'Sub Flow',
    badge: null,
    creationTab: null,
    filterLabel: null,
    canRun: false,
    isSubFlow: true,
    canFailInConversation: false,
  },
  llm: {
    type: 'llm',
    label: 'LLM',
    badge: null,
    creationTab: null,
    filterLabel: null,
    canRun: true,
    isSubFlow: false,
    canFailInConversation: false,
  },
} as const satisfies { [T in FunctionType]: FunctionTypeInfo & { type: T } };

/** Creation tabs in the spec's order. */
export const FUNCTION_CREATION_TABS = (
  ['sql', 'rest', 'adaptiveCard', 'code', 'captureStorage', 'sendEvent'] as const
)
  .map((type) => FUNCTION_TYPE_CATALOGUE[type])
  .map(({ type, creationTab }) => ({ type, label: creationTab }));

export const FUNCTION_BADGES = { global: 'Global', prebuilt: 'Prebuilt' } as const;

export const FUNCTION_FILTERS = [
  { id: 'all', label: 'All' },
  { id: 'sql', label: 'SQL' },
  { id: 'rest', label: 'REST' },
  { id: 'adaptiveCard', label: 'Adaptive Card' },
  { id: 'code', label: 'Code' },
  { id: 'captureStorage', label: 'Capture Storage' },
  { id: 'sendEvent', label: 'Send Event' },
  { id: 'global', label: 'Global Functions' },
  { id: 'prebuilt', label: 'Prebuilt' },
  { id: 'custom', label: 'Custom' },
] as const;
export type FunctionFilterId = (typeof FUNCTION_FILTERS)[number]['id'];

/** Whether a listed function shows under a filter. Prebuilt functions have no botId. */
export function matchesFunctionFilter(
  filter: FunctionFilterId,
  fn: { type: FunctionType; isGlobal: boolean; botId?: string | null },
): boolean {
  const isPrebuilt = !fn.botId;
  switch (filter) {
    case 'all':
      return true;
    case 'global':
      return fn.isGlobal;
    case 'prebuilt':
      return isPrebuilt;
    case 'custom':
      return !isPrebuilt;
    default:
      return fn.type === filter;
  }
}

// --- input values ----------------------------------------------------------------------------

/** `{{name}}` with optional spaces inside the braces. */
export const FUNCTION_PLACEHOLDER_PATTERN = /\{\{\s*([^{}]+?)\s*\}\}/g;

const JSON_NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;

/**
 * Input values are converted to a number or parsed JSON when possible (spec 02 section 4).
 * Text that only looks numeric keeps its form: '007' and '+49 30' stay text, and so do
 * integers too large to be exact.
 */
export function convertInputValue(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  if (trimmed === '') return value;
  if (JSON_NUMBER.test(trimmed)) {
    const number = Number(trimmed);
    const isExact = /[.eE]/.test(trimmed) || Number.isSafeInteger(number);
    return Number.isFinite(number) && isExact ? number : value;
  }
  if (/^[[{"]|^(true|false|null)$/.test(trimmed)) {
    try {
      return JSON.parse(trimmed);
    } catch {
      return value;
    }
  }
  return value;
}

/**
 * The values a run sees: each declared input's default, overridden by the values given
 * (given names that are not declared are kept too), each converted.
 */
export function resolveInputValues(
  inputs: ReadonlyArray<{ name: string; defaultValue: string }>,
  given: Readonly<Record<string, unknown>> = {},
): Record<string, unknown> {
  // A Map, so that a name like '__proto__' stays an ordinary entry.
  const values = new Map<string, unknown>(inputs.map((input) => [input.name, input.defaultValue]));
  for (const [name, value] of Object.entries(given)) {
    if (value !== undefined) values.set(name, value);
  }
  return Object.fromEntries([...values].map(([name, value]) => [name, convertInputValue(value)]));
}

/** A value as text in a template: objects as JSON, null and undefined as nothing. */
export function inputValueAsText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * Replaces `{{name}}` placeholders whose name has a value; others stay as written, so text
 * that merely contains braces is left alone.
 */
export function fillPlaceholders(
  template: string,
  values: Readonly<Record<string, unknown>>,
  render: (value: unknown, name: string, offset: number) => string = inputValueAsText,
): string {
  return template.replace(FUNCTION_PLACEHOLDER_PATTERN, (whole, name: string, offset: number) =>
    Object.hasOwn(values, name) ? render(values[name], name, offset) : whole,
  );
}

// --- outputs ---------------------------------------------------------------------------------

export type PropertyPathSegment = string | number;

const PATH_NAME = /^[A-Za-z_$][\w$-]*/;
const PATH_DOTTED = /^\.([^.[\]]+)/;
const PATH_INDEX = /^\[\s*(\d+)\s*\]/;
const PATH_QUOTED = /^\[\s*(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)')\s*\]/;

/**
 * `data.items[0].id`, `['a key'].x`, `[0]` into its segments; '' is the whole value. Null
 * when the path cannot be read.
 */
export function parsePropertyPath(path: string): PropertyPathSegment[] | null {
  const segments: PropertyPathSegment[] = [];
  let rest = path.trim();
  const first = PATH_NAME.exec(rest);
  if (first) {
    segments.push(first[0]);
    rest = rest.slice(first[0].length);
  } else if (rest !== '' && !rest.startsWith('[')) {
    return null;
  }
  while (rest !== '') {
    const dotted = PATH_DOTTED.exec(rest);
    const index = dotted ? null : PATH_INDEX.exec(rest);
    const quoted = dotted || index ? null : PATH_QUOTED.exec(rest);
    if (dotted?.[1] !== undefined) segments.push(dotted[1].trim());
    else if (index?.[1] !== undefined) segments.push(Number(index[1]));
    else if (quoted) segments.push((quoted[1] ?? quoted[2] ?? '').replace(/\\(.)/g, '$1'));
    else return null;
    rest = rest.slice((dotted ?? index ?? quoted)?.[0].length ?? rest.length);
  }
  return segments;
}

/**
 * The path of these segments, as a designer would write it: `data.items[0].id`, with keys that
 * are no plain name quoted (`headers["x-request-id"]` stays dotted, `data["first name"]` not).
 * parsePropertyPath reads it back to the same segments.
 */
export function propertyPathOf(segments: readonly PropertyPathSegment[]): string {
  return segments
    .map((segment, index) => {
      if (typeof segment === 'number') return `[${segment}]`;
      if (/^[A-Za-z_$][\w$-]*$/.test(segment)) return index === 0 ? segment : `.${segment}`;
      return `[${JSON.stringify(segment)}]`;
    })
    .join('');
}

/** Reads a property path from a value: own properties only; undefined when absent. */
export function readPropertyPath(value: unknown, path: string): unknown {
  const segments = parsePropertyPath(path);
  if (segments === null) return undefined;
  let current: unknown = value;
  for (const segment of segments) {
    if (current === null || typeof current !== 'object') return undefined;
    const key = String(segment);
    if (!Object.hasOwn(current, key)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

// --- answers -----------------------------------------------------------------------------------

/**
 * A function as GET /api/bots/{bot}/functions lists it (spec 02 section 3 'Function'): its
 * definition plus where it lives. Global functions are the tenant's and listed in every bot.
 */
export type FunctionView = FunctionDefinition & {
  /** The bot it was made in (a global function keeps it); null for prebuilt functions. */
  botId: string | null;
  isGlobal: boolean;
  isPrebuilt: boolean;
  /**
   * The caller may not manage this type of function: its definition (URL, SQL, code, card) is
   * left out, only its name, description, group, inputs and outputs are listed.
   */
  isDefinitionHidden?: boolean;
};

/**
 * What the server answers in place of a stored secret (a database password, an Authorization
 * header, a token in a URL): secrets are write-only to the browser. Saving the mask back keeps
 * the stored secret, as long as the function's address did not change.
 */
export const FUNCTION_SECRET_MASK = '••••••••';

/** POST /api/bots/{bot}/functions/{name}/output: what Run Function shows in the Output window. */
export interface FunctionRunResponse {
  output: unknown;
  /** The output itself when it is text. */
  text?: string;
  outputs: Record<string, unknown>;
  durationMs: number;
  notice?: string;
  logs?: string[];
  /**
   * The call got an answer that counts as failed (a REST status that is not 2xx, 'The API
   * answered 404 Not Found'); `output` is that answer. In a conversation the block leaves by
   * its Call failed exit.
   */
  failure?: string;
}

/** Where a function is used: function name → intent → flow version → count. Empty: used nowhere. */
export type FunctionUsages = Record<string, Record<string, Record<string, number>>>;

/** Where a global function is used, per bot of the tenant (bot name → the bot's usages). */
export type GlobalFunctionUsages = Record<string, FunctionUsages>;

/** Whether any count is above zero. */
export function isUsedAnywhere(usages: FunctionUsages): boolean {
  return Object.values(usages).some((intents) =>
    Object.values(intents).some((versions) => Object.values(versions).some((count) => count > 0)),
  );
}

// --- sub flows, names and permissions ------------------------------------------------------------

export const isSubFlowType = (type: FunctionType): boolean => FUNCTION_TYPE_CATALOGUE[type].isSubFlow;

/**
 * Words of the API after `/functions/` (`PUT .../functions/name` renames, `.../function-usages/`
 * answers usage): a function of that name could not be reached, so the names are taken.
 */
export const RESERVED_FUNCTION_NAMES = ['name', 'function-usages'] as const;

export const isReservedFunctionName = (name: string): boolean =>
  (RESERVED_FUNCTION_NAMES as readonly string[]).includes(name.trim().toLowerCase());

// --- files -------------------------------------------------------------------------------------

/** An exported function or sub flow: plain JSON (docs/function-files.md) under an `.enc` name. */
export const FUNCTION_FILE_FORMAT = 'parley-function';
/** 2: a sub flow's file may carry its flow. */
export const FUNCTION_FILE_VERSION = 2;
/** A function, or a sub flow with its flow (a flow alone may be 2 MiB). */
export const FUNCTION_FILE_MAX_BYTES = 5 * 1024 * 1024;
export const FUNCTION_FILE_FIELD = 'function-file';

/** Spec 02 section 9: `botName-itemName.enc`, prefixed `function-` (functions) or `block-` (sub flows). */
export const functionFileName = (botName: string, fn: { name: string; type: FunctionType }) =>
  `${isSubFlowType(fn.type) ? 'block' : 'function'}-${botName}-${fn.name}.enc`;
