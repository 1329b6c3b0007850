import { z } from 'zod';
import {
  CONSENT_URL_MAX_LENGTH,
  type CustomWidget,
  DASHBOARD_COLUMN_MAX,
  type Dashboard,
  FEATURE_MESSAGE_MAX_LENGTH,
  GDPR_MESSAGE_LABELS,
  type GdprSettings,
  HANDOVER_LIMIT_LABELS,
  HANDOVER_MESSAGE_LABELS,
  type HandoverSettings,
  isHandoverLimit,
  isTimeOfDay,
  isTimeZone,
  isValidConsentUrl,
  FEATURES_MESSAGES as M,
  MASKING_PATTERN_MAX_LENGTH,
  MASKING_PATTERN_NAME_MAX_LENGTH,
  MASKING_PATTERNS_MAX,
  maskingPatternsProblem,
  requiredGdprMessages,
  SUPPORTED_LANGUAGES_MAX,
  type SupportedLanguagesBody,
  WIDGET_FORMULA_MAX_LENGTH,
  WIDGET_TEXT_MAX_LENGTH,
  widgetsProblem,
} from './bot-features-model';

/**
 * Request schemas of the Features tab (spec 04 sections 3.7-3.9, 5, 7.2). Each PUT carries the
 * whole sub-tab. Whether a masking pattern compiles is the server's check with its RE2 engine
 * (`maskingPatternsProblem` with the safe regex checker), as for entities' regexes.
 */

const flag = (field: string) => z.boolean({ message: M.flag(field) });

/** A message: trimmed, at most 1,000 characters; whether it may be blank is the object's rule. */
const message = (label: string) =>
  z
    .string({ message: M.messageTooLong(label) })
    .max(FEATURE_MESSAGE_MAX_LENGTH + 200, M.messageTooLong(label))
    .transform((v) => v.trim())
    .refine((v) => v.length <= FEATURE_MESSAGE_MAX_LENGTH, M.messageTooLong(label));

const G = GDPR_MESSAGE_LABELS;

/** PUT /api/bots/{bot}/gdpr/settings (spec 04 section 3.7). */
export const gdprSettingsBodySchema = z
  .object({
    askForConsent: flag('askForConsent'),
    canDisable: flag('canDisable'),
    consentMessage: message(G.consentMessage),
    consentAgreeMessage: message(G.consentAgreeMessage),
    consentRejectMessage: message(G.consentRejectMessage),
    consentUrl: z
      .string({ message: M.consentUrl })
      .max(CONSENT_URL_MAX_LENGTH + 200, M.consentUrlTooLong)
      .transform((v) => v.trim())
      .refine((v) => v.length <= CONSENT_URL_MAX_LENGTH, M.consentUrlTooLong)
      .refine(isValidConsentUrl, M.consentUrl),
    disableMessage: message(G.disableMessage),
    removeUserData: flag('removeUserData'),
    removeUserDataMessage: message(G.removeUserDataMessage),
    maskPersonalData: flag('maskPersonalData'),
    maskAIData: flag('maskAIData'),
    maskingPatterns: z
      .array(
        z.object(
          {
            name: z
              .string({ message: M.maskingPatternNameMissing })
              .max(MASKING_PATTERN_NAME_MAX_LENGTH + 50, M.maskingPatternNameTooLong)
              .transform((v) => v.trim()),
            pattern: z
              .string({ message: M.maskingPatternMissing })
              .max(MASKING_PATTERN_MAX_LENGTH, M.maskingPatternTooLong),
          },
          { message: M.maskingPatternsList },
        ),
        { message: M.maskingPatternsList },
      )
      .max(MASKING_PATTERNS_MAX, M.tooManyMaskingPatterns),
  })
  .superRefine((body, ctx) => {
    for (const field of requiredGdprMessages(body)) {
      if (body[field] === '')
        ctx.addIssue({ code: 'custom', path: [field], message: M.messageMissing(G[field]) });
    }
    const problem = maskingPatternsProblem(body.maskingPatterns);
    if (problem) ctx.addIssue({ code: 'custom', path: problem.field.split('.'), message: problem.message });
  }) satisfies z.ZodType<GdprSettings, unknown>;
export type GdprSettingsBody = z.infer<typeof gdprSettingsBodySchema>;

const H = HANDOVER_MESSAGE_LABELS;

const time = (label: string) => z.string({ message: M.time(label) }).refine(isTimeOfDay, M.time(label));

const limit = (label: string) =>
  z
    .number({ message: M.handoverLimit(label) })
    .nullable()
    .refine((v) => isHandoverLimit(v), M.handoverLimit(label));

/** PUT /api/bots/{bot}/handover/settings (spec 04 sections 3.8, 5). */
export const handoverSettingsBodySchema = z
  .object({
    isActive: flag('isActive'),
    openingTime: time('opening time'),
    closingTime: time('closing time'),
    timeZone: z.string({ message: M.timeZone }).max(64, M.timeZone).refine(isTimeZone, M.timeZone),
    queueEnterMessage: message(H.queueEnterMessage),
    chatStartMessage: message(H.chatStartMessage),
    chatEndMessage: message(H.chatEndMessage),
    notAvailableMessage: message(H.notAvailableMessage),
    negativeSentimentLimit: limit(HANDOVER_LIMIT_LABELS.negativeSentimentLimit),
    unrecognizedIntentLimit: limit(HANDOVER_LIMIT_LABELS.unrecognizedIntentLimit),
  })
  .superRefine((body, ctx) => {
    if (!body.isActive) return;
    for (const field of Object.keys(H) as Array<keyof typeof H>) {
      if (body[field] === '')
        ctx.addIssue({ code: 'custom', path: [field], message: M.messageMissing(H[field]) });
    }
  }) satisfies z.ZodType<HandoverSettings, unknown>;
export type HandoverSettingsBody = z.infer<typeof handoverSettingsBodySchema>;

const widgetSchema = z.object(
  {
    text: z.string({ message: M.emptyWidgets }).max(WIDGET_TEXT_MAX_LENGTH + 200, M.widgetTextTooLong),
    formula: z
      .string({ message: M.emptyWidgets })
      .max(WIDGET_FORMULA_MAX_LENGTH + 200, M.widgetFormulaTooLong),
  },
  { message: M.widgetsList },
);

const widgetList = z
  .array(widgetSchema, { message: M.widgetsList })
  .superRefine((widgets, ctx) => {
    const problem = widgetsProblem(widgets);
    if (problem)
      ctx.addIssue({ code: 'custom', path: problem.field.split('.').slice(1), message: problem.message });
  })
  .transform((widgets): CustomWidget[] =>
    widgets.map((w) => ({ text: w.text.trim(), formula: w.formula.trim() })),
  );

const column = z
  .array(z.string({ message: M.dashboardColumn }).max(100, M.dashboardColumn), { message: M.dashboardColumn })
  .max(DASHBOARD_COLUMN_MAX, M.dashboardColumn);

/**
 * POST /api/bots/{bot}/dashboard: the list of widgets (spec 04 section 7.2); the design may come
 * along as `{ customWidget, design }`, else the stored design stays.
 */
export const dashboardBodySchema = z.preprocess(
  (body) => (Array.isArray(body) ? { customWidget: body } : body),
  z.object(
    {
      customWidget: widgetList,
      design: z.object({ col1: column, col2: column }, { message: M.dashboardColumn }).optional(),
    },
    { message: M.widgetsList },
  ),
) satisfies z.ZodType<Omit<Dashboard, 'design'> & { design?: Dashboard['design'] }, unknown>;
export type DashboardBody = z.infer<typeof dashboardBodySchema>;

/** PUT /api/bots/{bot}/languages; whether each language fits the bot is the service's check. */
export const supportedLanguagesBodySchema = z.object({
  supportedLanguages: z
    .array(
      z
        .string({ message: M.supportedLanguagesList })
        .trim()
        .min(1, M.supportedLanguagesList)
        .max(20, M.supportedLanguagesList)
        .transform((v) => v.toLowerCase()),
      { message: M.supportedLanguagesList },
    )
    .min(1, M.supportedLanguagesList)
    .max(SUPPORTED_LANGUAGES_MAX, M.tooManyLanguages)
    .transform((codes) => [...new Set(codes)]),
}) satisfies z.ZodType<SupportedLanguagesBody, unknown>;
