import { z } from 'zod';
import {
  BELOW_THRESHOLD_LIMIT_RANGE,
  BOT_CREATE_TYPES,
  botNameProblem,
  CONFIDENCE_RANGE,
  IDLE_TEXT_MAX_LENGTH,
  IDLE_TIMEOUT_RANGE_S,
  LOW_CONFIDENCE_RANGE,
  BOT_MESSAGES as M,
  RESPONSE_DELAY_RANGE_MS,
} from './bot-model';
import { type BotRegion, botRegionOf } from './bot-regions';
import {
  type EngineId,
  engineById,
  initialRecognizer,
  isSelectableRecognizer,
  languageChoices,
  NO_RECOGNIZER,
} from './engines';
import { systemMessagesSchema } from './system-messages';

/** Request schemas of the bot calls (spec 01 section 3 'Bot create payload', spec 04 section 3.1). */

const engineOrNone = z
  .string()
  .refine((v) => engineById(v) !== undefined, 'Unknown engine.')
  .nullable();

/**
 * The settings every bot has from its creation (spec 04 section 3.1, the part the create
 * payload decides). The settings screens add their fields to this schema.
 */
export const botSettingsSchema = z.object({
  language: z.string().min(1),
  supportedLanguages: z.array(z.string().min(1)),
  /** null: the bot has no recognizer (the create dialog's None); intents and entities are off. */
  intentRecognizerProvider: engineOrNone,
  entityExtractorProvider: engineOrNone,
  sentimentAnalysisProvider: z.string().nullable(),
  /** Parley keeps testing the recognizers that fit the language and picks the best. */
  nluAutomate: z.boolean(),
  disableTestInteractions: z.boolean(),
  /** High confidence threshold (fraction). */
  confidence: z.number().min(CONFIDENCE_RANGE.min).max(CONFIDENCE_RANGE.max),
  /** Low confidence threshold (fraction). */
  lowConfidence: z.number().min(LOW_CONFIDENCE_RANGE.min).max(LOW_CONFIDENCE_RANGE.max),
  /** In-between response delay in milliseconds: the pause between two messages of one answer. */
  delay: z
    .number({ message: M.invalidDelay })
    .min(RESPONSE_DELAY_RANGE_MS.min, M.invalidDelay)
    .max(RESPONSE_DELAY_RANGE_MS.max, M.invalidDelay)
    .default(0),
  /** A user who comes back continues their last conversation instead of starting a new one. */
  continueOldConversations: z.boolean().default(false),
  /** Seconds of silence before the bot says `idleText` (nothing is said while `idleText` is blank). */
  idleTimeout: z
    .number({ message: M.invalidIdleTimeout })
    .min(IDLE_TIMEOUT_RANGE_S.min, M.invalidIdleTimeout)
    .max(IDLE_TIMEOUT_RANGE_S.max, M.invalidIdleTimeout)
    .default(1),
  idleText: z.string().max(IDLE_TEXT_MAX_LENGTH, M.idleTextTooLong).default(''),
  /** An LLM's answer reaches the user sentence by sentence, each its own message. */
  llmSplitSentences: z.boolean().default(false),
  /** An LLM's answer is sent while its output guardrails run; a failed check then takes back what follows. */
  llmAsyncGuardrails: z.boolean().default(false),
  /** Below the low threshold the chit-chat LLM answers, `belowThresholdLimit` times in a row at most. */
  chitChatEnabled: z.boolean().default(false),
  belowThresholdLimit: z
    .number()
    .int()
    .min(BELOW_THRESHOLD_LIMIT_RANGE.min)
    .max(BELOW_THRESHOLD_LIMIT_RANGE.max)
    .default(3),
  /** The id of the tenant's LLM that answers chit-chat (null: none chosen). */
  chitChatModel: z.string().nullable().default(null),
  /** The System Messages tab's texts by language; defaults where left out (system-messages.ts). */
  systemMessages: systemMessagesSchema.optional(),
});
export type BotSettings = z.infer<typeof botSettingsSchema>;

const flag = (field: string) => z.boolean({ message: `${field} must be true or false.` });

/**
 * POST /api/bot (spec 01 section 3 'Bot create payload'). Language and recognizer belong to
 * the scratch case (a template brings its own). `recognizer` 'none' means no recognizer;
 * left out, it is Parley NLU, or with `nluAutomate` the first choosable engine that knows the
 * language. `acceptAdditionalCost` is the caller's consent to a bot beyond the plan's free
 * bots when the plan charges for them (docs/decisions.md 'Bots').
 */
export const createBotBodySchema = z
  .object({
    name: z
      .string({ message: M.invalidBotName })
      .superRefine((value, ctx) => {
        const problem = botNameProblem(value);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      })
      .transform((v) => v.trim()),
    region: z
      .string({ message: M.selectRegion })
      .refine((v) => botRegionOf(v) !== undefined, M.selectRegion)
      .transform((v) => botRegionOf(v) as BotRegion),
    language: z
      .string({ message: M.selectLanguage })
      .trim()
      .max(20, M.invalidLanguage)
      .transform((v) => v.toLowerCase())
      .optional(),
    recognizer: z.string({ message: M.invalidRecognizer }).max(50, M.invalidRecognizer).optional(),
    nluAutomate: flag('nluAutomate').default(false),
    createType: z
      .enum(BOT_CREATE_TYPES, { message: "createType must be 'scratch' or 'template'." })
      .default('scratch'),
    template: z.string({ message: M.selectTemplate }).max(200, M.selectTemplate).optional(),
    acceptAdditionalCost: flag('acceptAdditionalCost').default(false),
  })
  .superRefine((body, ctx) => {
    const fail = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (body.createType === 'template') {
      if (!body.template?.trim().endsWith('.enc')) fail('template', M.selectTemplate);
      return;
    }
    const { recognizer } = body;
    if (recognizer !== undefined && recognizer !== NO_RECOGNIZER) {
      const engine = engineById(recognizer);
      if (!engine?.roles.includes('intentRecognizer')) return fail('recognizer', M.invalidRecognizer);
      if (engine.isRetired) return fail('recognizer', M.retiredRecognizer(engine.label));
      if (!engine.isConfigurable) return fail('recognizer', M.unconfigurableRecognizer(engine.label));
      if (!isSelectableRecognizer(engine)) return fail('recognizer', M.unavailableRecognizer(engine.label));
    }
    if (recognizer === NO_RECOGNIZER && body.nluAutomate)
      return fail('nluAutomate', M.automateNeedsRecognizer);
    if (!body.language) return fail('language', M.selectLanguage);
    if (!languageChoices(recognizer, body.nluAutomate).includes(body.language))
      fail('language', M.invalidLanguage);
  });
export type CreateBotBody = z.infer<typeof createBotBodySchema>;

/** The recognizer a valid scratch payload gives the new bot (null: none). */
export function recognizerOfCreateBody(body: CreateBotBody): EngineId | null {
  return initialRecognizer(body.recognizer, body.nluAutomate, body.language ?? '') ?? null;
}
