import type { EngineId } from './engines';
import { PREBUILT_ENTITIES } from './prebuilt-entities';

/**
 * Entities without zod (the browser loads this, not the request schemas of entities.ts):
 * messages, type declarations, rules, answer shapes and file constants (spec 02 sections 2.3,
 * 3, 5 'Entities', 7 'Entities', 8 and 9).
 */

export const ENTITY_MESSAGES = {
  invalidName:
    'Please provide a valid entity name. Entity name can contain only the following characters: "A-Z a-z 0-9 _"',
  nameTaken: 'Entity with that name already exists',
  nameTakenOnImport: 'Entity with the same name already exists!',
  intentNameClash: 'Intent with that name already exists',
  atLeastOneValidExample: 'Please provide at least 1 valid example',
  atLeastOneExample: 'Please provide at least 1 example',
  simpleExamplesLimit: 'Maximum Simple Entity examples limit is 5',
  atLeastOneSublist: 'Please provide at least 1 valid sublist',
  canonicalFormEmpty: 'The canonical form cannot be empty',
  canonicalFormExists: (form: string) => `Canonical form "${form}" already exists`,
  atLeastOneRegex: 'Please provide at least 1 regex',
  invalidRegex: 'Invalid regex',
  // Not in the spec (issue 9): a valid regex RE2 does not run got the bare message.
  invalidRegexBecause: (pattern: string, reason: string) =>
    `Invalid regex ${pattern.slice(0, 80)}: ${reason}`,
  allExamplesMustMatch: 'All examples must matche at least 1 regex',
  exampleMustMatch: 'The example must match at least one of the regexes',
  roleEmpty: 'The role cannot be empty',
  rolesNotUnique: 'The names of the roles must be unique across the application version.',
  valueUsed: (value: string, entity: string) => `Value ${value} is already used in entity ${entity}`,
  cannotDeletePrebuilt: 'You cannot delete prebuilt entities!',
  inUse: (entity: string) => `Entity ${entity} is used in utterances/patterns`,
  descriptionSaveFailed: 'Failed to save entity description!',
  renameFailed: 'Failed to save entity name!',
  publishing: 'You cannot add/update/delete entities when publishing!',
  startBuilding: 'Start building!',
  expertMode: 'Expert Mode',
  resolveWithCanonical: 'Resolve with canonical',
  supportedBy: 'Supported by',
  // Not in the spec: rules it states without a message (docs/decisions.md, Entities).
  invalidRoleName:
    'Please provide a valid role name. Role name can contain only the following characters: "A-Z a-z 0-9 _"',
  invalidType: 'Please choose an entity type: closed list, simple or regex.',
  prebuiltReadOnly: 'Prebuilt entities cannot be changed.',
  tooLong: (field: string, max: number) => `The ${field} can be at most ${max} characters long.`,
  tooMany: (field: string, max: number) => `At most ${max} ${field} are allowed.`,
  controlCharacters: (field: string) => `The ${field} cannot contain control characters.`,
  notAnEntityFile: 'This is not an entity file exported from Parley.',
  newerFileFormat: 'This file was exported by a newer Parley and cannot be read here.',
  fileMissing: (field: string) => `Please choose a file (form field ${field}).`,
} as const;

const M = ENTITY_MESSAGES;

export const ENTITY_TYPES = [
  'entities',
  'closedlists',
  'regexentities',
  'prebuilts',
  'customprebuiltentities',
] as const;
export type EntityType = (typeof ENTITY_TYPES)[number];

/** The kinds an author creates (the Create Entity modal's tabs). */
export const CUSTOM_ENTITY_TYPES = ['closedlists', 'entities', 'regexentities'] as const;
export type CustomEntityType = (typeof CUSTOM_ENTITY_TYPES)[number];

/**
 * Each entity type declared once: its badge, its tab in the Create Entity modal and the
 * engines that can publish it (the 'Supported by' strip of custom entities; prebuilt ones
 * have their own list in prebuilt-entities.ts).
 */
export const ENTITY_TYPE_DEFINITIONS: Record<
  EntityType,
  { badge: string; createTab: string | null; supportedBy: readonly EngineId[] }
> = {
  closedlists: {
    badge: 'Closed List Entity',
    createTab: 'Closed List',
    supportedBy: ['parley', 'clu', 'luis', 'watson', 'dialogflow', 'lex', 'wit', 'nuance'],
  },
  entities: {
    badge: 'Simple Entity',
    createTab: 'Simple',
    supportedBy: ['parley', 'clu', 'luis', 'watson', 'dialogflow', 'wit'],
  },
  regexentities: {
    badge: 'Regex Entity',
    createTab: 'Regex',
    supportedBy: ['parley', 'clu', 'luis', 'watson', 'dialogflow', 'wit', 'nuance'],
  },
  prebuilts: { badge: 'Prebuilt Entity', createTab: null, supportedBy: [] },
  customprebuiltentities: { badge: 'Custom Prebuilt Entity', createTab: null, supportedBy: [] },
};

/** The engines of the 'Supported by' strip for an entity. */
export function entitySupportedBy(entity: { type: EntityType; name: string }): readonly EngineId[] {
  if (entity.type === 'prebuilts') {
    return PREBUILT_ENTITIES.find((p) => p.name === entity.name)?.supportedBy ?? [];
  }
  return ENTITY_TYPE_DEFINITIONS[entity.type].supportedBy;
}

/** The Entities list filter (spec 02 section 2.3). */
export const ENTITY_FILTERS = ['All', 'Custom', 'Prebuilt'] as const;
export type EntityFilter = (typeof ENTITY_FILTERS)[number];

export const SIMPLE_ENTITY_MAX_EXAMPLES = 5;

export const ENTITY_LIMITS = {
  description: 1000,
  roles: 50,
  sublists: 5000,
  synonyms: 1000,
  value: 500,
  regexes: 50,
  regex: 500,
  regexExamples: 200,
} as const;

export function isValidEntityName(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_]{2,50}$/.test(value);
}

export function isValidRoleName(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_]{1,50}$/.test(value);
}

/** The Entities screen splits the synonyms cell on comma plus space. */
export const SYNONYM_SEPARATOR = ', ';
export const splitSynonyms = (cell: string): string[] =>
  cell
    .split(SYNONYM_SEPARATOR)
    .map((s) => s.trim())
    .filter((s) => s !== '');

// --- content rules ---------------------------------------------------------------------------

export interface Sublist {
  canonicalForm: string;
  list: string[];
}

/** What an entity holds besides its name, description and type. */
export interface EntityContent {
  roles: Array<{ name: string }>;
  sublists: Sublist[];
  resolveWithCanonical: boolean;
  examples: string[];
  regexes: string[];
}

export const EMPTY_ENTITY_CONTENT: EntityContent = {
  roles: [],
  sublists: [],
  resolveWithCanonical: false,
  examples: [],
  regexes: [],
};

const uniqueIgnoringCase = (values: readonly string[]) => {
  const seen = new Map<string, string>();
  for (const v of values) if (!seen.has(v.toLowerCase())) seen.set(v.toLowerCase(), v);
  return [...seen.values()];
};

/**
 * The content as stored: trimmed, blank values and empty new rows left out, duplicates within
 * a list kept once, only the fields of the type.
 */
export function normaliseEntityContent(
  type: CustomEntityType,
  content: Partial<EntityContent>,
): EntityContent {
  const roles = (content.roles ?? []).map((r) => ({ name: r.name.trim() }));
  const clean = (values: readonly string[] | undefined) =>
    uniqueIgnoringCase((values ?? []).map((v) => v.trim()).filter((v) => v !== ''));
  if (type === 'closedlists') {
    const sublists = (content.sublists ?? [])
      .map((s) => ({ canonicalForm: s.canonicalForm.trim(), list: clean(s.list) }))
      .filter((s) => s.canonicalForm !== '' || s.list.length > 0);
    return {
      ...EMPTY_ENTITY_CONTENT,
      roles,
      sublists,
      resolveWithCanonical: content.resolveWithCanonical ?? false,
    };
  }
  if (type === 'regexentities') {
    // Case matters in a regex: only identical ones are kept once.
    const regexes = [...new Set((content.regexes ?? []).filter((r) => r.trim() !== ''))];
    return { ...EMPTY_ENTITY_CONTENT, roles, regexes, examples: clean(content.examples) };
  }
  return { ...EMPTY_ENTITY_CONTENT, roles, examples: clean(content.examples) };
}

/** Compiles and runs regexes safely; the server gives a linear-time engine (re2js). */
export interface RegexChecker {
  compiles(pattern: string): boolean;
  /** Why a pattern does not compile, in the author's terms (the server's RE2 knows). */
  whyNot?(pattern: string): string | undefined;
  matchesAny(patterns: readonly string[], text: string): boolean;
}

export interface EntityProblem {
  field: string;
  message: string;
}

/** Roles: not empty, letters, digits and underscore, each once within the entity. */
export function rolesProblem(roles: ReadonlyArray<{ name: string }>): EntityProblem | undefined {
  const seen = new Set<string>();
  for (const role of roles) {
    if (role.name.trim() === '') return { field: 'roles', message: M.roleEmpty };
    if (!isValidRoleName(role.name.trim())) return { field: 'roles', message: M.invalidRoleName };
    const key = role.name.trim().toLowerCase();
    if (seen.has(key)) return { field: 'roles', message: M.rolesNotUnique };
    seen.add(key);
  }
  return undefined;
}

/**
 * The rules of spec 02 section 5 'Entities' for one entity's (normalised) content. `mode`
 * picks the message the spec gives for creating or for editing; without a regex checker the
 * regex compile and match rules are left to the caller.
 */
export function entityContentProblem(
  type: CustomEntityType,
  content: EntityContent,
  mode: 'create' | 'update',
  regex?: RegexChecker,
): EntityProblem | undefined {
  const roles = rolesProblem(content.roles);
  if (roles) return roles;
  if (type === 'entities') {
    if (content.examples.length === 0)
      return {
        field: 'examples',
        message: mode === 'create' ? M.atLeastOneValidExample : M.atLeastOneExample,
      };
    if (content.examples.length > SIMPLE_ENTITY_MAX_EXAMPLES)
      return { field: 'examples', message: M.simpleExamplesLimit };
    return undefined;
  }
  if (type === 'closedlists') {
    if (content.sublists.length === 0) return { field: 'sublists', message: M.atLeastOneSublist };
    const forms = new Set<string>();
    for (const sublist of content.sublists) {
      if (sublist.canonicalForm === '') return { field: 'sublists', message: M.canonicalFormEmpty };
      const key = sublist.canonicalForm.toLowerCase();
      if (forms.has(key)) return { field: 'sublists', message: M.canonicalFormExists(sublist.canonicalForm) };
      forms.add(key);
    }
    return undefined;
  }
  if (content.regexes.length === 0) return { field: 'regexes', message: M.atLeastOneRegex };
  const refused = regex ? content.regexes.find((r) => !regex.compiles(r)) : undefined;
  if (regex && refused !== undefined) {
    const reason = regex.whyNot?.(refused);
    return { field: 'regexes', message: reason ? M.invalidRegexBecause(refused, reason) : M.invalidRegex };
  }
  if (mode === 'create' && content.examples.length === 0)
    return { field: 'examples', message: M.atLeastOneExample };
  if (regex && content.examples.some((e) => !regex.matchesAny(content.regexes, e)))
    return { field: 'examples', message: mode === 'create' ? M.allExamplesMustMatch : M.exampleMustMatch };
  return undefined;
}

/** The values an entity claims (canonical forms, synonyms, simple examples), for the "used in another entity" rule. */
export function entityValues(type: EntityType, content: EntityContent): string[] {
  if (type === 'closedlists') return content.sublists.flatMap((s) => [s.canonicalForm, ...s.list]);
  if (type === 'entities') return content.examples;
  return [];
}

// --- responses ---------------------------------------------------------------------------

/** An entity as GET /api/{bot}/entities lists it (spec 02 section 3 'Entity'). */
export interface EntityView extends EntityContent {
  name: string;
  description: string;
  type: EntityType;
  /** The bot's id; null for the prebuilt entities every bot shares. */
  botId: string | null;
  isPrebuilt: boolean;
}

// --- files -------------------------------------------------------------------------------

/** An exported entity: plain JSON (docs/intent-and-entity-files.md) under the spec's `{bot}-{entity}.enc` name. */
export const ENTITY_FILE_FORMAT = 'parley-entity';
export const ENTITY_FILE_VERSION = 1;
export const ENTITY_FILE_MAX_BYTES = 2 * 1024 * 1024;
export const ENTITY_FILE_FIELD = 'entity-file';

export const entityFileName = (botName: string, entityName: string) => `${botName}-${entityName}.enc`;

/** One entity as files carry it (an entity file, or the entities of an intent file). */
export interface EntityFileEntry extends EntityContent {
  name: string;
  description: string;
  type: CustomEntityType;
}
