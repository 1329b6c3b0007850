import { z } from 'zod';
import { hasControlCharacters } from '../validators';
import {
  CUSTOM_ENTITY_TYPES,
  ENTITY_FILE_FORMAT,
  ENTITY_FILE_VERSION,
  ENTITY_LIMITS,
  type EntityFileEntry,
  entityContentProblem,
  isValidEntityName,
  ENTITY_MESSAGES as M,
  normaliseEntityContent,
} from './entity-model';

/** Request schemas of the entity calls and the entity file (spec 02 section 7 'Entities'). */

// --- fields ------------------------------------------------------------------------------

export const entityNameField = z
  .string({ message: M.invalidName })
  .transform((v) => v.trim())
  .refine(isValidEntityName, M.invalidName);

const text = (field: string, max: number) =>
  z
    .string({ message: `The ${field} must be text.` })
    .max(max, M.tooLong(field, max))
    .refine((v) => !hasControlCharacters(v), M.controlCharacters(field));

const descriptionField = z
  .string({ message: 'The description must be text.' })
  .max(ENTITY_LIMITS.description, M.tooLong('description', ENTITY_LIMITS.description))
  .refine((v) => !hasControlCharacters(v.replace(/[\n\r\t]/g, '')), M.controlCharacters('description'))
  .transform((v) => v.trim());

/** Roles come as names or `{ name }` objects; they are answered as `{ name }`. */
const rolesField = z
  .array(z.union([text('role', 100), z.object({ name: text('role', 100) })]), {
    message: 'The roles must be a list.',
  })
  .max(ENTITY_LIMITS.roles, M.tooMany('roles', ENTITY_LIMITS.roles))
  .transform((roles) => roles.map((r) => ({ name: (typeof r === 'string' ? r : r.name).trim() })));

const valueList = (field: string, max: number) =>
  z
    .array(text(field, ENTITY_LIMITS.value), { message: `The ${field}s must be a list.` })
    .max(max, M.tooMany(`${field}s`, max));

const sublistsField = z
  .array(
    z.object({
      canonicalForm: text('canonical form', ENTITY_LIMITS.value)
        .nullish()
        .transform((v) => (v ?? '').trim()),
      list: valueList('synonym', ENTITY_LIMITS.synonyms)
        .nullish()
        .transform((v) => v ?? []),
    }),
    { message: 'The sublists must be a list.' },
  )
  .max(ENTITY_LIMITS.sublists, M.tooMany('sublists', ENTITY_LIMITS.sublists));

/** The type-specific fields, each optional: which ones count depends on the type. */
const contentFields = {
  roles: rolesField.optional(),
  sublists: sublistsField.optional(),
  resolveWithCanonical: z.boolean({ message: 'resolveWithCanonical must be true or false.' }).optional(),
  examples: valueList('example', ENTITY_LIMITS.regexExamples).optional(),
  regexes: z
    .array(
      z
        .string({ message: M.invalidRegex })
        .max(ENTITY_LIMITS.regex, M.invalidRegex)
        .refine((v) => !hasControlCharacters(v), M.invalidRegex),
      { message: 'The regexes must be a list.' },
    )
    .max(ENTITY_LIMITS.regexes, M.tooMany('regexes', ENTITY_LIMITS.regexes))
    .optional(),
};

// --- requests ----------------------------------------------------------------------------

/** POST /api/{bot}/entities: name, description, roles and the fields of the type. */
export const createEntityBodySchema = z
  .object({
    name: entityNameField,
    description: descriptionField.nullish().transform((v) => v ?? ''),
    type: z.enum(CUSTOM_ENTITY_TYPES, { message: M.invalidType }),
    ...contentFields,
  })
  .transform(({ name, description, type, ...content }) => ({
    name,
    description,
    type,
    content: normaliseEntityContent(type, content),
  }))
  .superRefine((body, ctx) => {
    const problem = entityContentProblem(body.type, body.content, 'create');
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  });
export type CreateEntityBody = z.infer<typeof createEntityBodySchema>;

/**
 * PUT /api/{bot}/entities: the entity named in the body gets the fields sent (the others stay);
 * the type cannot change, and fields of other types are ignored (sublists only for closed lists).
 */
export const updateEntityBodySchema = z.object({
  name: z.string({ message: M.invalidName }).max(200, M.invalidName),
  description: descriptionField.optional(),
  ...contentFields,
});
export type UpdateEntityBody = z.infer<typeof updateEntityBodySchema>;

/** PUT /api/{bot}/entities/change-name. */
export const changeEntityNameBodySchema = z.object({
  name: z.string({ message: M.invalidName }).max(200, M.invalidName),
  newName: entityNameField,
});
export type ChangeEntityNameBody = z.infer<typeof changeEntityNameBodySchema>;

/** POST /api/{bot}/entities/update-description. */
export const updateEntityDescriptionBodySchema = z.object({
  name: z.string({ message: M.invalidName }).max(200, M.invalidName),
  description: descriptionField.nullish().transform((v) => v ?? ''),
});
export type UpdateEntityDescriptionBody = z.infer<typeof updateEntityDescriptionBodySchema>;

/**
 * Reads one entity of a file. Its shape is checked here; the entity rules (names, content,
 * roles and values against the bot) are those of creating it, applied when it is imported.
 */
export const entityFileEntrySchema = z
  .object({
    name: z.string().max(200),
    description: descriptionField.nullish().transform((v) => v ?? ''),
    type: z.enum(CUSTOM_ENTITY_TYPES, { message: M.invalidType }),
    ...contentFields,
  })
  .transform(
    ({ name, description, type, ...content }): EntityFileEntry => ({
      name: name.trim(),
      description,
      type,
      ...normaliseEntityContent(type, content),
    }),
  );

/** Reads an entity file. */
export const entityFileSchema = z.object({
  format: z.literal(ENTITY_FILE_FORMAT, { message: M.notAnEntityFile }),
  version: z
    .number({ message: M.notAnEntityFile })
    .int({ message: M.notAnEntityFile })
    .min(1, { message: M.notAnEntityFile })
    .max(ENTITY_FILE_VERSION, { message: M.newerFileFormat }),
  entity: entityFileEntrySchema,
});
export type EntityFile = z.infer<typeof entityFileSchema>;
