import { z } from 'zod';
import { hasControlCharacters } from '../validators';
import { entityFileEntrySchema } from './entities';
import { FLOW_XML_MAX_BYTES } from './flow-model';
import {
  INTENT_FILE_FORMAT,
  INTENT_FILE_VERSION,
  INTENT_LIMITS,
  INTENT_MIN_EXAMPLES,
  INTENT_TYPES,
  identicalExamples,
  isValidIntentName,
  INTENT_MESSAGES as M,
} from './intent-model';

/** Request schemas of the intent calls and the intent file (spec 02 section 7 'Intents'). */

// --- fields ------------------------------------------------------------------------------

export const intentNameField = z
  .string({ message: M.invalidName })
  .transform((v) => v.trim())
  .refine(isValidIntentName, M.invalidName);

const plainText = (field: string, max: number) =>
  z
    .string({ message: `The ${field} must be text.` })
    .max(max, M.tooLong(field, max))
    .refine((v) => !hasControlCharacters(v.replace(/[\n\r\t]/g, '')), M.controlCharacters(field));

const descriptionField = plainText('description', INTENT_LIMITS.description)
  .nullish()
  .transform((v) => (v ?? '').trim());

/** One example's text: trimmed, more than 1 character, one line. */
export const exampleTextField = z
  .string({ message: M.utteranceTooShort })
  .transform((v) => v.trim())
  .refine((v) => v.length > 1, M.utteranceTooShort)
  .refine((v) => v.length <= INTENT_LIMITS.example, M.exampleTooLong(INTENT_LIMITS.example))
  .refine((v) => !hasControlCharacters(v), M.controlCharacters('example'));

/** Examples come as texts or as `{ text }` objects (what GET answers), so a list can be sent back. */
const exampleEntry = z.union([z.string(), z.object({ text: z.string() })], { message: M.utteranceTooShort });
const exampleList = z
  .array(exampleEntry, { message: 'The examples must be a list.' })
  .max(INTENT_LIMITS.examplesPerIntent, M.tooManyExamples(INTENT_LIMITS.examplesPerIntent))
  .nullish()
  .transform((list) => (list ?? []).map((e) => (typeof e === 'string' ? e : e.text)))
  .pipe(z.array(exampleTextField));

// --- requests ----------------------------------------------------------------------------

/**
 * POST /api/{bot}/intents. Utterances and patterns are one list of examples to the server,
 * which decides which is which with the bot's entities (docs/decisions.md, Intents).
 */
export const createIntentBodySchema = z
  .object({
    name: intentNameField,
    description: descriptionField,
    isRedirect: z.boolean({ message: 'isRedirect must be true or false.' }).default(false),
    template: z
      .string({ message: 'The template must be text.' })
      .max(INTENT_LIMITS.template, M.tooLong('template', INTENT_LIMITS.template))
      .nullish()
      .transform((v) => (v?.trim() ? v.trim() : null)),
    utterances: exampleList,
    patterns: exampleList,
    type: z.enum(INTENT_TYPES, { message: "type must be 'normal' or 'faq'." }).default('normal'),
    answer: plainText('answer', INTENT_LIMITS.answer)
      .nullish()
      .transform((v) => (v ?? '').trim()),
  })
  .superRefine((body, ctx) => {
    const fail = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    const examples = [...body.utterances, ...body.patterns];
    const same = identicalExamples(examples);
    if (same) return fail('utterances', M.identicalExamples(same[0], same[1]));
    if (!body.isRedirect) {
      if (examples.length === 0) return fail('utterances', M.atLeastOneUtterance);
      if (examples.length < INTENT_MIN_EXAMPLES) return fail('utterances', M.notEnoughExamples);
    }
    if (body.type === 'faq' && body.answer === '') fail('answer', M.faqAnswerRequired);
  });
export type CreateIntentBody = z.infer<typeof createIntentBodySchema>;

/** PUT /api/{bot}/intents/change-name. */
export const changeIntentNameBodySchema = z.object({
  name: z.string({ message: M.invalidName }).max(200, M.invalidName),
  newName: intentNameField,
});
export type ChangeIntentNameBody = z.infer<typeof changeIntentNameBodySchema>;

/** POST /api/{bot}/intents/update-description. */
export const updateIntentDescriptionBodySchema = z.object({
  intentName: z.string({ message: M.invalidName }).max(200, M.invalidName),
  description: descriptionField,
});
export type UpdateIntentDescriptionBody = z.infer<typeof updateIntentDescriptionBodySchema>;

/** PATCH /api/{bot}/intents/{intent}: a new FAQ answer, or the type change FAQ to normal. */
export const patchIntentBodySchema = z
  .object({
    answer: plainText('answer', INTENT_LIMITS.answer)
      .optional()
      .transform((v) => v?.trim()),
    type: z.enum(INTENT_TYPES, { message: "type must be 'normal' or 'faq'." }).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.answer === undefined && body.type === undefined)
      ctx.addIssue({ code: 'custom', path: ['answer'], message: M.faqAnswerEmpty });
    else if (body.answer === '')
      ctx.addIssue({ code: 'custom', path: ['answer'], message: M.faqAnswerEmpty });
    else if (body.type === 'faq')
      ctx.addIssue({ code: 'custom', path: ['type'], message: M.onlyFaqToNormal });
  });
export type PatchIntentBody = z.infer<typeof patchIntentBodySchema>;

/** POST /api/{bot}/intents/{intent}/examples. */
export const addExampleBodySchema = z.object({ text: exampleTextField });
export type AddExampleBody = z.infer<typeof addExampleBodySchema>;

/** PUT /api/{bot}/intents/{intent}/examples: an existing example (by ids.internal) gets a new text. */
export const updateExampleBodySchema = z.object({
  example: z.object(
    {
      text: exampleTextField,
      ids: z.object({ internal: z.string().min(1).max(100) }, { message: M.exampleNotFound }),
    },
    { message: M.exampleNotFound },
  ),
});
export type UpdateExampleBody = z.infer<typeof updateExampleBodySchema>;

/** POST /api/examples/is-pattern: the example and the entities it may name. */
export const isPatternBodySchema = z.object({
  example: z.string({ message: M.utteranceTooShort }).max(INTENT_LIMITS.example * 4),
  entities: z
    .array(
      z.union([
        z.string().max(100),
        z.object({
          name: z.string().max(100),
          roles: z
            .array(z.union([z.string().max(100), z.object({ name: z.string().max(100) })]))
            .max(1000)
            .optional(),
        }),
      ]),
      { message: 'entities must be a list of entities.' },
    )
    .max(5000)
    .default([])
    .transform((list) => list.map((e) => (typeof e === 'string' ? { name: e } : e))),
});
export type IsPatternBody = z.infer<typeof isPatternBodySchema>;

/** Reads the intent of an intent file (its shape; the intent rules apply when it is imported). */
export const intentFileSchema = z.object({
  format: z.literal(INTENT_FILE_FORMAT, { message: M.notAnIntentFile }),
  version: z
    .number({ message: M.notAnIntentFile })
    .int({ message: M.notAnIntentFile })
    .min(1, { message: M.notAnIntentFile })
    .max(INTENT_FILE_VERSION, { message: M.newerFileFormat }),
  intent: z.object(
    {
      name: z.string({ message: M.notAnIntentFile }).max(200),
      description: z
        .string()
        .max(INTENT_LIMITS.description)
        .nullish()
        .transform((v) => (v ?? '').trim()),
      isRedirect: z.boolean().default(false),
      type: z.enum(INTENT_TYPES).default('normal'),
      answer: z
        .string()
        .max(INTENT_LIMITS.answer)
        .nullish()
        .transform((v) => (v ?? '').trim()),
      utterances: z.array(z.string()).max(INTENT_LIMITS.examplesPerIntent).default([]),
      patterns: z.array(z.string()).max(INTENT_LIMITS.examplesPerIntent).default([]),
    },
    { message: M.notAnIntentFile },
  ),
  entities: z.array(entityFileEntrySchema).max(1000).default([]),
  /** The newest version of the intent's flow, if it has one (the import checks it as a flow). */
  flow: z
    .object({ xml: z.string().min(1).max(FLOW_XML_MAX_BYTES) }, { message: M.notAnIntentFile })
    .nullish()
    .transform((v) => v ?? null),
});
export type IntentFile = z.infer<typeof intentFileSchema>;

/**
 * POST /api/{bot}/intents/utterances/generate (the Create Intent modal): what the intent is
 * about so far. The name may still be half-typed: it is only a hint for the model.
 */
export const generateUtterancesBodySchema = z.object({
  intentName: z.string({ message: M.invalidName }).max(200, M.invalidName).default(''),
  intentDescription: descriptionField,
  utterances: exampleList,
});
export type GenerateUtterancesBody = z.input<typeof generateUtterancesBodySchema>;

/** What Auto generate answers: proposals the designer reviews before any is added. */
export interface GeneratedUtterances {
  utterances: string[];
  patterns: string[];
}
