import { z } from 'zod';
import {
  VARIABLE_MESSAGES as M,
  objectPropertiesProblem,
  VARIABLE_LIMITS,
  variableNameKey,
  variableNameProblem,
  variableValueProblem,
} from './variable-model';

/** Request schemas of the variable and object calls (spec 02 section 7 'Variables and objects'). */

/** Text checked by one of the model's rules; the rule's message is the issue's. */
const checkedText = (typeMessage: string, problem: (value: string) => string | undefined) =>
  z.string({ message: typeMessage }).superRefine((value, ctx) => {
    const message = problem(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  });

const nameField = checkedText(M.nameRequired, (v) => variableNameProblem(v)).transform((v) => v.trim());
const isGlobalField = z.boolean({ message: M.isGlobalFlag }).optional();

/**
 * PUT /api/{bot}/variables: adds or changes one or many variables. A variable of that exact
 * name changes its value; a new name is added. `isGlobal: true` makes it global (needs
 * MakeGlobal); a global one cannot be made bot-only again.
 */
export const putVariablesBodySchema = z
  .object({
    variables: z
      .array(
        z.object(
          {
            key: nameField,
            value: checkedText(M.valueRequired, (v) => variableValueProblem(v)),
            isGlobal: isGlobalField,
          },
          { message: M.variablesList },
        ),
        { message: M.variablesList },
      )
      .min(1, M.atLeastOneVariable)
      .max(VARIABLE_LIMITS.variablesPerRequest, M.tooMany('variables', VARIABLE_LIMITS.variablesPerRequest)),
  })
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    for (const [index, variable] of body.variables.entries()) {
      const key = variableNameKey(variable.key);
      if (seen.has(key))
        ctx.addIssue({
          code: 'custom',
          path: ['variables', index, 'key'],
          message: M.nameTaken(variable.key),
        });
      seen.add(key);
    }
  });
export type PutVariablesBody = z.infer<typeof putVariablesBodySchema>;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The spec's `properties.variables`: a map of key to `{key, value, isSystem?}` (the fields
 * `botId` and `isGlobal` of an answer may come back and are ignored: they follow the object).
 * Read as a list of entries, so a `__proto__` key is a key like any other; an entry without
 * `key` takes its map key.
 */
const propertiesField = z
  .object(
    {
      variables: z.preprocess(
        (value) =>
          isPlainObject(value)
            ? Object.entries(value).map(([mapKey, entry]) =>
                isPlainObject(entry) ? { ...entry, mapKey } : entry,
              )
            : null,
        z
          .array(
            z.object(
              {
                mapKey: z.string(),
                key: z.string({ message: M.keyRequired }).optional(),
                value: z.string({ message: 'The property value must be text.' }),
                isSystem: z.boolean({ message: M.isSystemFlag }).optional(),
              },
              { message: M.propertiesMap },
            ),
            { message: M.propertiesMap },
          )
          .transform((entries) =>
            entries.map((entry) => ({
              key: (entry.key ?? entry.mapKey).trim(),
              value: entry.value,
              isSystem: entry.isSystem ?? false,
            })),
          )
          .superRefine((properties, ctx) => {
            const problem = objectPropertiesProblem(properties);
            if (problem)
              ctx.addIssue({
                code: 'custom',
                path: problem.index === undefined ? [] : [problem.index, problem.field],
                message: problem.message,
              });
          }),
      ),
    },
    { message: M.propertiesMap },
  )
  .transform((properties) => properties.variables);

/** PUT /api/{bot}/objects: adds an object or replaces its properties; `isGlobal` as for variables. */
export const putObjectBodySchema = z.object({
  name: nameField,
  properties: propertiesField,
  isGlobal: isGlobalField,
});
export type PutObjectBody = z.infer<typeof putObjectBodySchema>;
