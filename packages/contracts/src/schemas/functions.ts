import { z } from 'zod';
import { hasControlCharacters } from '../validators';
import { FLOW_XML_MAX_BYTES } from './flow-model';
import {
  CODE_LANGUAGES,
  DEFAULT_REST_METHOD,
  FUNCTION_FILE_FORMAT,
  FUNCTION_FILE_VERSION,
  FUNCTION_MESSAGES,
  type FunctionType,
  isValidFunctionName,
  parsePropertyPath,
  REST_BODY_TYPES,
  REST_METHODS,
  STORAGE_TYPES,
} from './function-model';

export * from './function-model';

/**
 * Functions of a bot (spec 02 sections 2.4, 3, 4, 5 and 9). Each function type is declared
 * once: its fields here, its label and badge, its creation tab and filter, and whether Run
 * Function runs it in function-model.ts (zod-free, for the browser). The runners (server
 * only) live in @parley/functions.
 */

// --- field helpers ---------------------------------------------------------------------------

const LIMITS = {
  description: 1000,
  group: 100,
  inputName: 100,
  inputValue: 10_000,
  url: 8192,
  headerKey: 1000,
  headerValue: 8192,
  body: 1_000_000,
  sql: 100_000,
  connectionString: 2000,
  code: 200_000,
  cardJson: 1_000_000,
  event: 100_000,
  storageKey: 200,
} as const;

const text = (field: string, max: number) =>
  z
    .string({ message: `The ${field} must be text.` })
    .max(max, FUNCTION_MESSAGES.tooLong(field, max))
    .nullish()
    .transform((v) => v ?? '');

const keyValueList = (field: string) =>
  z
    .array(
      z.object({
        key: text(`${field} key`, LIMITS.headerKey).transform((v) => v.trim()),
        value: text(`${field} value`, LIMITS.headerValue),
      }),
      { message: `The ${field} must be a list of key and value pairs.` },
    )
    .max(200)
    .nullish()
    // A row without a key says nothing; the editor leaves such rows behind.
    .transform((rows) => (rows ?? []).filter((row) => row.key !== ''));

const functionNameField = z
  .string({ message: FUNCTION_MESSAGES.invalidName })
  .refine(isValidFunctionName, FUNCTION_MESSAGES.invalidName)
  .transform((v) => v.trim());

const inputsField = z
  .array(
    z.object({
      name: text('input name', LIMITS.inputName)
        .transform((v) => v.trim())
        .refine((v) => !hasControlCharacters(v), 'An input name cannot contain control characters.'),
      // Stored as typed; the runner converts it to a number or JSON when it can.
      defaultValue: z
        .union([z.string().max(LIMITS.inputValue), z.number(), z.boolean()], {
          message: 'An input default value must be text.',
        })
        .nullish()
        .transform((v) => (v === null || v === undefined ? '' : String(v))),
    }),
    { message: 'The inputs must be a list of names and default values.' },
  )
  .max(100)
  .nullish()
  .transform((inputs) => (inputs ?? []).filter((input) => input.name !== ''))
  .superRefine((inputs, ctx) => {
    const seen = new Set<string>();
    for (const input of inputs) {
      if (seen.has(input.name)) {
        ctx.addIssue({ code: 'custom', message: FUNCTION_MESSAGES.duplicateInput(input.name) });
        return;
      }
      seen.add(input.name);
    }
  });

const outputsField = z
  .array(
    z.object({
      variableName: text('output variable name', LIMITS.inputName).transform((v) => v.trim()),
      propertyPath: text('output property path', 1000)
        .transform((v) => v.trim())
        .refine(
          (v) => parsePropertyPath(v) !== null,
          'A property path reads like data.items[0].id (names, dots and [index] or ["key"]).',
        ),
    }),
    { message: 'The outputs must be a list of variable names and property paths.' },
  )
  .max(100)
  .nullish()
  .transform((outputs) => (outputs ?? []).filter((output) => output.variableName !== ''));

/** Fields every function has. botId is the server's to set (absent means prebuilt). */
const commonFields = {
  name: functionNameField,
  description: text('description', LIMITS.description),
  group: text('group', LIMITS.group),
  isGlobal: z
    .boolean({ message: 'isGlobal must be true or false.' })
    .nullish()
    .transform((v) => v ?? false),
  inputs: inputsField,
  outputs: outputsField,
};

// --- one declaration per type ----------------------------------------------------------------

const sqlFields = {
  connectionString: text('connection string', LIMITS.connectionString).transform((v) => v.trim()),
  sqlCommand: text('SQL command', LIMITS.sql),
};

const restFields = {
  method: z
    .preprocess(
      (v) => (typeof v === 'string' ? v.toLowerCase() : v),
      z.enum(REST_METHODS, { message: 'The method must be GET, POST, PUT, PATCH or DELETE.' }),
    )
    .nullish()
    .transform((v) => v ?? DEFAULT_REST_METHOD),
  url: z
    .string({ message: FUNCTION_MESSAGES.apiPathRequired })
    .trim()
    .min(1, FUNCTION_MESSAGES.apiPathRequired)
    .max(LIMITS.url, FUNCTION_MESSAGES.tooLong('API path', LIMITS.url)),
  headers: keyValueList('header'),
  bodyType: z
    .enum(REST_BODY_TYPES, { message: 'The body type must be raw, form-data or x-www-form-urlencoded.' })
    .nullish()
    .transform((v) => v ?? 'raw'),
  body: text('body', LIMITS.body),
  formData: keyValueList('form data'),
};

const adaptiveCardFields = {
  // The card is edited as JSON text; an imported card object is kept as that text.
  json: z.preprocess(
    (v) => (v !== null && typeof v === 'object' ? JSON.stringify(v, null, 2) : v),
    text('adaptive card JSON', LIMITS.cardJson),
  ),
  skipUserInput: z
    .boolean({ message: 'skipUserInput must be true or false.' })
    .nullish()
    .transform((v) => v ?? false),
};

const codeFields = {
  language: z
    .enum(CODE_LANGUAGES, { message: 'The language must be JS.' })
    .nullish()
    .transform(() => 'JS' as const),
  code: text('code', LIMITS.code),
};

const captureStorageFields = {
  variables: z
    .array(
      z.object({
        name: text('variable name', LIMITS.inputName).transform((v) => v.trim()),
        storageType: z.enum(STORAGE_TYPES, { message: 'The storage type must be local, session or cookie.' }),
        key: text('storage key', LIMITS.storageKey).transform((v) => v.trim()),
      }),
      { message: 'The variables must be a list of name, storage type and key.' },
    )
    .max(100)
    .nullish()
    .transform((rows) => (rows ?? []).filter((row) => row.name !== '')),
};

const sendEventFields = {
  event: text('event', LIMITS.event),
};

const llmFields = {
  model: z.string().max(200).nullish(),
  engine: z.string().max(200).nullish(),
  completionsData: z
    .looseObject({ stop: z.array(z.string().max(200)).max(20).nullish() })
    .nullish()
    .transform((v) => ({ ...v, stop: v?.stop ?? [] })),
};

const schemaOf = <T extends FunctionType, F extends z.ZodRawShape>(type: T, fields: F) =>
  z.object({ type: z.literal(type), ...commonFields, ...fields });

export const sqlFunctionSchema = schemaOf('sql', sqlFields);
export const restFunctionSchema = schemaOf('rest', restFields);
export const adaptiveCardFunctionSchema = schemaOf('adaptiveCard', adaptiveCardFields);
export const flowFunctionSchema = schemaOf('flow', {});
export const codeFunctionSchema = schemaOf('code', codeFields);
export const captureStorageFunctionSchema = schemaOf('captureStorage', captureStorageFields);
export const sendEventFunctionSchema = schemaOf('sendEvent', sendEventFields);
export const llmFunctionSchema = schemaOf('llm', llmFields);

/** A function as the author defines it: the create/update body and what the runners take. */
export const functionDefinitionSchema = z.discriminatedUnion(
  'type',
  [
    sqlFunctionSchema,
    restFunctionSchema,
    adaptiveCardFunctionSchema,
    flowFunctionSchema,
    codeFunctionSchema,
    captureStorageFunctionSchema,
    sendEventFunctionSchema,
    llmFunctionSchema,
  ],
  { message: FUNCTION_MESSAGES.invalidType },
);
export type FunctionDefinition = z.output<typeof functionDefinitionSchema>;
export type FunctionDefinitionInput = z.input<typeof functionDefinitionSchema>;
export type FunctionDefinitionOf<T extends FunctionType> = Extract<FunctionDefinition, { type: T }>;
export type FunctionInput = FunctionDefinition['inputs'][number];
export type FunctionOutput = FunctionDefinition['outputs'][number];

// --- request bodies ----------------------------------------------------------------------------

/** POST /api/bots/{bot}/functions and PUT /{name}: the whole function as the editor holds it. */
export const saveFunctionBodySchema = functionDefinitionSchema;
export type SaveFunctionBody = FunctionDefinition;

/** The current name of a function, as the calls that change one name it (looked up ignoring case). */
const currentNameField = z
  .string({ message: 'name must be text.' })
  .trim()
  .min(1, 'Please name the function.')
  .max(200, FUNCTION_MESSAGES.tooLong('name', 200));

/** PUT /api/bots/{bot}/functions/name. */
export const renameFunctionBodySchema = z.object({ name: currentNameField, newName: functionNameField });
export type RenameFunctionBody = z.infer<typeof renameFunctionBodySchema>;

/** POST /api/bots/{bot}/functions/update-description. */
export const updateFunctionDescriptionBodySchema = z.object({
  name: currentNameField,
  description: text('description', LIMITS.description),
});
export type UpdateFunctionDescriptionBody = z.infer<typeof updateFunctionDescriptionBodySchema>;

/**
 * POST /api/bots/{bot}/functions/{name}/output. `flowFunction` is the function as the editor
 * holds it, saved or not; without it the stored function {name} runs. `inputValues` override
 * the inputs' default values.
 */
export const runFunctionBodySchema = z.object({
  flowFunction: functionDefinitionSchema.optional(),
  inputValues: z
    .record(
      z.string().max(LIMITS.inputName),
      z.union([z.string().max(LIMITS.inputValue), z.number(), z.boolean(), z.null()], {
        message: 'An input value must be text, a number or true/false.',
      }),
      { message: 'inputValues must map input names to values.' },
    )
    .refine((values) => Object.keys(values).length <= 100, 'At most 100 input values can be given.')
    .optional(),
});
export type RunFunctionBody = z.infer<typeof runFunctionBodySchema>;

/** Reads a function file (docs/function-files.md). */
export const functionFileSchema = z.object({
  format: z.literal(FUNCTION_FILE_FORMAT, { message: FUNCTION_MESSAGES.notAFunctionFile }),
  version: z
    .number({ message: FUNCTION_MESSAGES.notAFunctionFile })
    .int({ message: FUNCTION_MESSAGES.notAFunctionFile })
    .min(1, { message: FUNCTION_MESSAGES.notAFunctionFile })
    .max(FUNCTION_FILE_VERSION, { message: FUNCTION_MESSAGES.newerFileFormat }),
  function: functionDefinitionSchema,
  /** The function had credentials, which the export left out. */
  credentialsLeftOut: z.boolean().optional(),
  /** A sub flow's newest flow version, if it has one (the import checks it as a flow). */
  flow: z
    .object(
      { xml: z.string().min(1).max(FLOW_XML_MAX_BYTES) },
      { message: FUNCTION_MESSAGES.notAFunctionFile },
    )
    .nullish()
    .transform((v) => v ?? null),
});
export type FunctionFile = z.infer<typeof functionFileSchema>;

/** POST /api/functions/import/staging: the file's function, and whether its credentials were left out. */
export type StagedFunction = FunctionDefinition & { credentialsLeftOut: boolean };

/**
 * GET /api/bots/{bot}/unreachable-function-hosts: a REST or SQL function that a flow active on
 * test or in production calls, whose host a call cannot reach (the test chat warns of it).
 */
export interface UnreachableFunctionHost {
  functionName: string;
  functionType: 'rest' | 'sql';
  /** The host as the function names it ('' when its address cannot be read). */
  host: string;
  /** What a call would fail with: the network rules' refusal, a name that does not resolve, a refused or silent port. */
  message: string;
  details: string;
  /** The intents and sub flows whose active flow calls it, by name. */
  calledBy: string[];
}
