import { z } from 'zod';
import { hasControlCharacters } from '../validators';
import {
  BOT_BUNDLE_MESSAGES,
  BOT_BUNDLE_PASSPHRASE_MAX_LENGTH,
  BOT_BUNDLE_PASSPHRASE_MIN_LENGTH,
} from './bot-bundle-model';
import { type BotRegion, botRegionOf } from './bot-regions';
import { botSettingsSchema, createBotBodySchema } from './bots';
import { CONNECTION_CATALOGUES } from './channels';
import { entityFileEntrySchema } from './entities';
import { ENTITY_MESSAGES, entityContentProblem, isValidEntityName } from './entity-model';
import { FLOW_OWNER_KINDS, FLOW_TARGETS, FLOW_VERSION_STATUSES, FLOW_XML_MAX_BYTES } from './flow-model';
import { functionDefinitionSchema } from './functions';
import { INTENT_MESSAGES, identicalExamples, isNoneIntent } from './intent-model';
import { createIntentBodySchema } from './intents';
import { NLU_DATASET_MAX_ROWS } from './nlu-performance-model';
import {
  objectPropertiesProblem,
  VARIABLE_MESSAGES,
  variableNameProblem,
  variableValueProblem,
} from './variable-model';

/**
 * The sections of a bot bundle (docs/bot-bundle-format.md), one schema per kind of content, in
 * the form the bundle carries it. The server's kind declarations (apps/server/src/bot-bundle)
 * pair each schema with its export and import; the rules that need the rest of the bot (names
 * against other kinds, values across entities, regexes run by RE2) are the import's, as for any
 * other way content is created. Every section defaults to empty, so a bundle written before a
 * kind existed still reads.
 */

export const BOT_BUNDLE_FORMAT = 'parley-bot';

/** How many of each kind a bundle may hold, besides its size limits. */
export const BOT_BUNDLE_LIMITS = {
  intents: 10_000,
  entities: 5_000,
  functions: 2_000,
  variables: 10_000,
  objects: 5_000,
  flows: 12_000,
  /** Versions of one flow. */
  flowVersions: 1_000,
} as const;

const plainText = (field: string, max: number) =>
  z
    .string({ message: `The ${field} must be text.` })
    .max(max, `The ${field} can be at most ${max} characters long.`)
    .refine((v) => !hasControlCharacters(v), `The ${field} cannot contain control characters.`);

/** The bot itself: its name and region as exported (the import dialog lets both change). */
export const bundleBotSchema = z.object({
  botName: plainText('bot name', 200),
  displayName: plainText('display name', 200),
  region: z
    .string({ message: 'The region must be eu-west or us-east.' })
    .refine((v) => botRegionOf(v) !== undefined, 'The region must be eu-west or us-east.')
    .transform((v) => botRegionOf(v) as BotRegion),
});
export type BundleBot = z.infer<typeof bundleBotSchema>;

/** Settings: the fields of botSettingsSchema (later settings add theirs there, secrets excluded). */
export const settingsSectionSchema = botSettingsSchema;
export type SettingsSection = z.infer<typeof settingsSectionSchema>;

/**
 * An intent with its utterances and patterns. The create rules apply, except that an intent
 * may hold a single example (deleting keeps the last one, so a bot can have such intents);
 * None and redirect intents may hold none.
 */
export const bundleIntentSchema = z
  .object({
    ...createIntentBodySchema.shape,
    utterances: createIntentBodySchema.shape.utterances.default([]),
    patterns: createIntentBodySchema.shape.patterns.default([]),
  })
  .superRefine((intent, ctx) => {
    const fail = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    const examples = [...intent.utterances, ...intent.patterns];
    const same = identicalExamples(examples);
    if (same) return fail('utterances', INTENT_MESSAGES.identicalExamples(same[0], same[1]));
    if (!intent.isRedirect && !isNoneIntent(intent.name) && examples.length === 0)
      return fail('utterances', INTENT_MESSAGES.atLeastOneUtterance);
    if (intent.type === 'faq' && intent.answer === '') fail('answer', INTENT_MESSAGES.faqAnswerRequired);
  });
export type BundleIntent = z.infer<typeof bundleIntentSchema>;

export const intentsSectionSchema = z
  .array(bundleIntentSchema, { message: 'The intents must be a list.' })
  .max(BOT_BUNDLE_LIMITS.intents, `At most ${BOT_BUNDLE_LIMITS.intents} intents are allowed.`)
  .superRefine((intents, ctx) => {
    // None too may be there once only: its examples are added to the new bot's None.
    const seen = new Set<string>();
    for (const [index, intent] of intents.entries()) {
      const key = intent.name.toLowerCase();
      if (seen.has(key))
        return ctx.addIssue({ code: 'custom', path: [index, 'name'], message: INTENT_MESSAGES.nameTaken });
      seen.add(key);
    }
  })
  .default([]);

/**
 * A custom entity as entity files carry it. Its content follows the editing rules (a regex
 * entity may have lost its examples since it was created); regexes are compiled at import.
 */
export const bundleEntitySchema = entityFileEntrySchema.superRefine((entity, ctx) => {
  if (!isValidEntityName(entity.name))
    return ctx.addIssue({ code: 'custom', path: ['name'], message: ENTITY_MESSAGES.invalidName });
  const problem = entityContentProblem(entity.type, entity, 'update');
  if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
});

export const entitiesSectionSchema = z
  .array(bundleEntitySchema, { message: 'The entities must be a list.' })
  .max(BOT_BUNDLE_LIMITS.entities, `At most ${BOT_BUNDLE_LIMITS.entities} entities are allowed.`)
  .default([]);

/** Functions and sub flows as function files carry them; `isGlobal` marks the account's global ones. */
export const functionsSectionSchema = z
  .array(functionDefinitionSchema, { message: 'The functions must be a list.' })
  .max(BOT_BUNDLE_LIMITS.functions, `At most ${BOT_BUNDLE_LIMITS.functions} functions are allowed.`)
  .default([]);

const checkedText = (typeMessage: string, problem: (value: string) => string | undefined) =>
  z.string({ message: typeMessage }).superRefine((value, ctx) => {
    const message = problem(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  });

const variableName = checkedText(VARIABLE_MESSAGES.nameRequired, (v) => variableNameProblem(v)).transform(
  (v) => v.trim(),
);
const isGlobalFlag = z.boolean({ message: VARIABLE_MESSAGES.isGlobalFlag }).default(false);

export const bundleVariableSchema = z.object({
  name: variableName,
  value: checkedText(VARIABLE_MESSAGES.valueRequired, (v) => variableValueProblem(v)),
  isGlobal: isGlobalFlag,
});
export type BundleVariable = z.infer<typeof bundleVariableSchema>;

export const variablesSectionSchema = z
  .array(bundleVariableSchema, { message: 'The variables must be a list.' })
  .max(BOT_BUNDLE_LIMITS.variables, `At most ${BOT_BUNDLE_LIMITS.variables} variables are allowed.`)
  .default([]);

/** An object with its properties in order; system properties keep their mark. */
export const bundleObjectSchema = z.object({
  name: variableName,
  isGlobal: isGlobalFlag,
  properties: z
    .array(
      z.object({
        key: z.string({ message: VARIABLE_MESSAGES.keyRequired }).transform((v) => v.trim()),
        value: z.string({ message: 'The property value must be text.' }),
        isSystem: z.boolean({ message: VARIABLE_MESSAGES.isSystemFlag }).default(false),
      }),
      { message: 'The properties must be a list of key, value and isSystem.' },
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
});
export type BundleObject = z.infer<typeof bundleObjectSchema>;

export const objectsSectionSchema = z
  .array(bundleObjectSchema, { message: 'The objects must be a list.' })
  .max(BOT_BUNDLE_LIMITS.objects, `At most ${BOT_BUNDLE_LIMITS.objects} objects are allowed.`)
  .default([]);

/**
 * Flows with their versions: one entry per intent or sub flow that has a saved version, its
 * whole history (versions oldest first, activations newest first). The XML is checked as a
 * flow document by the import (packages/flows), as for a save.
 */
const flowVersionSchema = z.object({
  version: z.number().int().min(1).max(999_999_999),
  xml: z
    .string()
    .min(1)
    .max(FLOW_XML_MAX_BYTES, `A flow can be at most ${FLOW_XML_MAX_BYTES / 1024 / 1024} MB.`),
  status: z.enum(FLOW_VERSION_STATUSES),
  savedBy: plainText('savedBy', 320),
  modified: z.iso.datetime({ message: 'modified must be a date and time (ISO 8601).' }),
});

const flowActivationSchema = z.object({
  target: z.enum(FLOW_TARGETS),
  version: z.number().int().min(1).max(999_999_999),
  activatedBy: plainText('activatedBy', 320),
  activatedAt: z.iso.datetime({ message: 'activatedAt must be a date and time (ISO 8601).' }),
});

export const bundleFlowSchema = z
  .object({
    owner: z.enum(FLOW_OWNER_KINDS),
    name: plainText('name', 200).min(1),
    versions: z.array(flowVersionSchema).min(1).max(BOT_BUNDLE_LIMITS.flowVersions),
    activations: z.array(flowActivationSchema).max(BOT_BUNDLE_LIMITS.flowVersions).default([]),
  })
  .superRefine((flow, ctx) => {
    const numbers = new Set(flow.versions.map((v) => v.version));
    if (numbers.size !== flow.versions.length)
      ctx.addIssue({
        code: 'custom',
        path: ['versions'],
        message: `The flow of ${flow.name} repeats a version.`,
      });
    for (const activation of flow.activations)
      if (!numbers.has(activation.version))
        ctx.addIssue({
          code: 'custom',
          path: ['activations'],
          message: `The flow of ${flow.name} activates v${activation.version}, which it does not hold.`,
        });
  });
export type BundleFlow = z.infer<typeof bundleFlowSchema>;

export const flowsSectionSchema = z
  .array(bundleFlowSchema, { message: 'The flows must be a list.' })
  .max(BOT_BUNDLE_LIMITS.flows, `At most ${BOT_BUNDLE_LIMITS.flows} flows are allowed.`)
  .superRefine((flows, ctx) => {
    const seen = new Set<string>();
    for (const flow of flows) {
      const key = `${flow.owner}:${flow.name.toLowerCase()}`;
      if (seen.has(key))
        ctx.addIssue({ code: 'custom', message: `The ${flow.owner} ${flow.name} has two flows.` });
      seen.add(key);
    }
  })
  .default([]);

/**
 * The bot's NLU test dataset (NLU Performance), or null without one. The rows' own rules (trimmed,
 * non-empty, lengths) are the dataset's, checked by the import as for an upload.
 */
export const nluDatasetSectionSchema = z
  .object({
    fileName: plainText('dataset file name', 200),
    rows: z
      .array(z.object({ utterance: z.string(), intent: z.string() }), {
        message: 'The dataset rows must be a list of utterance and intent.',
      })
      .min(1, 'A dataset has at least one row.')
      .max(NLU_DATASET_MAX_ROWS, `A dataset has at most ${NLU_DATASET_MAX_ROWS} rows.`),
  })
  .nullable()
  .default(null);

/**
 * A channel or connector as a bundle carries it (its catalogue id as `type`): never its secrets
 * (tokens, passwords, keys), so it arrives unconnected and disabled, listed as it was, and says
 * whether it was connected where it was exported. Connectors carry `kind: 'system'`.
 */
export const bundleChannelSchema = z
  .object({
    type: plainText('channel type', 100),
    name: plainText('channel name', 200),
    connected: z.boolean(),
    kind: z.enum(['channel', 'system']).default('channel'),
  })
  .superRefine((entry, ctx) => {
    const declaration = Object.hasOwn(CONNECTION_CATALOGUES[entry.kind], entry.type)
      ? CONNECTION_CATALOGUES[entry.kind][entry.type]
      : undefined;
    if (!declaration || declaration.isHidden)
      ctx.addIssue({
        code: 'custom',
        path: ['type'],
        message: `This version of Parley has no ${entry.kind === 'channel' ? 'channel' : 'connector'} ${entry.type}.`,
      });
  });

export const channelsSectionSchema = z
  .array(bundleChannelSchema)
  .max(200, 'A bot holds at most 200 channels and connectors.')
  .default([]);

const queryFlag = (value: unknown) => (value === 'true' ? true : value === 'false' ? false : value);

/**
 * POST /api/bots/import: the query's name, region, recognizer, language and nluAutomate (and
 * acceptAdditionalCost, the consent to a bot beyond the plan's free bots) follow the create
 * payload's rules: the language must be in the chosen recognizer's list ('Invalid language').
 */
export const importBotQuerySchema = z.preprocess(
  (query) =>
    typeof query === 'object' && query !== null
      ? {
          ...query,
          nluAutomate: queryFlag((query as Record<string, unknown>).nluAutomate),
          acceptAdditionalCost: queryFlag((query as Record<string, unknown>).acceptAdditionalCost),
          createType: 'scratch',
          template: undefined,
        }
      : query,
  createBotBodySchema,
);
export type ImportBotQuery = z.infer<typeof importBotQuerySchema>;

/** A passphrase that seals (export) or opens (import) functions' credentials. */
export const bundlePassphraseSchema = z
  .string({ message: BOT_BUNDLE_MESSAGES.passphraseTooShort })
  .min(BOT_BUNDLE_PASSPHRASE_MIN_LENGTH, BOT_BUNDLE_MESSAGES.passphraseTooShort)
  .max(BOT_BUNDLE_PASSPHRASE_MAX_LENGTH, BOT_BUNDLE_MESSAGES.passphraseTooLong);

/** POST /api/bots/{bot}/export: the bot with its functions' credentials sealed with the passphrase. */
export const exportBotBodySchema = z.object({ passphrase: bundlePassphraseSchema });
export type ExportBotBody = z.infer<typeof exportBotBodySchema>;
