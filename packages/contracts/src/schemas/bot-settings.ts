import { z } from 'zod';
import {
  BELOW_THRESHOLD_LIMIT_RANGE,
  BOT_MESSAGES as BM,
  CONFIDENCE_RANGE,
  IDLE_TEXT_MAX_LENGTH,
  IDLE_TIMEOUT_RANGE_S,
  LOW_CONFIDENCE_RANGE,
  RESPONSE_DELAY_RANGE_MS,
} from './bot-model';
import {
  displayNameProblem,
  type GeneralSettingsBody,
  isOnStep,
  isValidIdleTimeout,
  isValidThreshold,
  GENERAL_SETTINGS_MESSAGES as M,
  type SystemMessagesBody,
} from './bot-settings-model';
import { SYSTEM_MESSAGE_KEYS, SYSTEM_MESSAGE_MAX_LENGTH } from './system-messages';

/** Request schemas of the General Settings and System Messages tabs (spec 04 sections 3.1, 5). */

const flag = (field: string) => z.boolean({ message: M.flag(field) });

/** PUT /api/bots/{bot}/settings/general: every field of the tab. */
export const generalSettingsBodySchema = z.object({
  displayName: z
    .string({ message: M.displayNameMissing })
    .superRefine((value, ctx) => {
      const problem = displayNameProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .transform((v) => v.trim()),
  /** Milliseconds, 0-10,000 in steps of 100 (0-10 s in steps of 0.1). */
  delay: z
    .number({ message: BM.invalidDelay })
    .min(RESPONSE_DELAY_RANGE_MS.min, BM.invalidDelay)
    .max(RESPONSE_DELAY_RANGE_MS.max, BM.invalidDelay)
    .refine((ms) => isOnStep(ms, RESPONSE_DELAY_RANGE_MS.stepMs), M.delayStep)
    .transform((ms) => Math.round(ms)),
  continueOldConversations: flag('continueOldConversations'),
  /** Seconds, 0.5-10 in steps of 0.1. */
  idleTimeout: z
    .number({ message: BM.invalidIdleTimeout })
    .min(IDLE_TIMEOUT_RANGE_S.min - 1e-9, BM.invalidIdleTimeout)
    .max(IDLE_TIMEOUT_RANGE_S.max + 1e-9, BM.invalidIdleTimeout)
    .refine(isValidIdleTimeout, M.idleTimeoutStep)
    .transform((s) => Math.round(s * 10) / 10),
  idleText: z.string({ message: BM.idleTextTooLong }).max(IDLE_TEXT_MAX_LENGTH, BM.idleTextTooLong),
  /**
   * Fractions: high 0.6-1, low 0.2-0.55, both on whole steps of 5 percent. The two ranges do not
   * meet, so the low threshold is always below the high one.
   */
  confidence: z
    .number({ message: M.confidence })
    .refine((v) => isValidThreshold(v, CONFIDENCE_RANGE), M.confidence)
    .transform((v) => Math.round(v * 100) / 100),
  lowConfidence: z
    .number({ message: M.lowConfidence })
    .refine((v) => isValidThreshold(v, LOW_CONFIDENCE_RANGE), M.lowConfidence)
    .transform((v) => Math.round(v * 100) / 100),
  // Left out: kept as stored (callers written before these fields existed still save the rest).
  llmSplitSentences: flag('llmSplitSentences').optional(),
  llmAsyncGuardrails: flag('llmAsyncGuardrails').optional(),
  chitChatEnabled: flag('chitChatEnabled').optional(),
  belowThresholdLimit: z
    .number({ message: M.belowThresholdLimit })
    .int(M.belowThresholdLimit)
    .min(BELOW_THRESHOLD_LIMIT_RANGE.min, M.belowThresholdLimit)
    .max(BELOW_THRESHOLD_LIMIT_RANGE.max, M.belowThresholdLimit)
    .optional(),
  /** An LLM id of the tenant; whether it is one is the service's check. */
  chitChatModel: z
    .string({ message: M.chitChatModelMissing })
    .trim()
    .min(1, M.chitChatModelMissing)
    .max(100, M.chitChatModelUnknown)
    .nullable()
    .optional(),
}) satisfies z.ZodType<GeneralSettingsBody, unknown>;

const languageMessages = z.record(
  z.string(),
  z.string({ message: M.systemMessageTooLong }).max(SYSTEM_MESSAGE_MAX_LENGTH, M.systemMessageTooLong),
  { message: M.systemMessagesMissing },
);

/**
 * PUT /api/bots/{bot}/settings/system-messages. Each language given replaces that language's
 * messages; a message left out or blank is the default. Whether the languages are the bot's
 * is the service's check (it knows the bot).
 */
export const systemMessagesBodySchema = z.object({
  systemMessages: z
    .record(z.string(), languageMessages, { message: M.systemMessagesMissing })
    .superRefine((byLanguage, ctx) => {
      for (const [language, messages] of Object.entries(byLanguage)) {
        for (const key of Object.keys(messages)) {
          if (!(SYSTEM_MESSAGE_KEYS as readonly string[]).includes(key))
            ctx.addIssue({
              code: 'custom',
              path: [language, key],
              message: M.unknownSystemMessage(key.slice(0, 50)),
            });
        }
      }
    }),
}) satisfies z.ZodType<SystemMessagesBody, unknown>;
