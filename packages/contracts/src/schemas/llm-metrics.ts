import { z } from 'zod';

/**
 * The LLM statistics (spec 04 section 3.11 'LLM metrics', 4 'LLM statistics default to monthly,
 * earliest 2025-05-01', 7.3, 9 '5 decimals; ms shown as s'). Times are milliseconds in the API;
 * the Statistics tab shows them as seconds with 5 decimals.
 */
export const LLM_METRIC_NAMES = [
  'inputGuardrailsTime',
  'inputGuardrailsBlockingTime',
  'outputGuardrailsTime',
  'outputGuardrailsBlockingTime',
  'firstSentenceTime',
  'ragFilterTime',
  'ragChainTime',
  'totalChainTime',
  'llmExecutionTotalTime',
  'responseTime',
  'llmBlockTotalTime',
] as const;
export type LlmMetricKey = (typeof LLM_METRIC_NAMES)[number];

export const LLM_METRIC_LABELS: Record<LlmMetricKey, string> = {
  inputGuardrailsTime: 'Input guardrails time',
  inputGuardrailsBlockingTime: 'Input guardrails blocking time',
  outputGuardrailsTime: 'Output guardrails time',
  outputGuardrailsBlockingTime: 'Output guardrails blocking time',
  firstSentenceTime: 'First sentence time',
  ragFilterTime: 'RAG filter time',
  ragChainTime: 'RAG chain time',
  totalChainTime: 'Total chain time',
  llmExecutionTotalTime: 'LLM execution total time',
  responseTime: 'Response time',
  llmBlockTotalTime: 'LLM block total time',
};

/** Spec 04 section 4: the earliest date the statistics offer. */
export const LLM_METRICS_EARLIEST = '2025-05-01';
export const LLM_METRIC_PERIODS = ['month', 'day'] as const;
export type LlmMetricPeriod = (typeof LLM_METRIC_PERIODS)[number];
/** Spec 04 section 9. */
export const LLM_METRIC_DECIMALS = 5;

export const LLM_METRICS_MESSAGES = {
  period: "The period is 'month' or 'day'.",
  month: 'The month is a number from 1 to 12.',
  year: 'The year is a number from 2025.',
  day: 'The day is a day of that month.',
  tooEarly: `LLM statistics start on ${LLM_METRICS_EARLIEST}.`,
} as const;

const metricValues = z.record(z.enum(LLM_METRIC_NAMES), z.number().nullable());

export const llmMetricsBlockSchema = z.object({
  interactions: z.number().int(),
  averages: metricValues,
  maximums: metricValues,
});

export const llmMetricsSchema = z.object({
  period: z.enum(LLM_METRIC_PERIODS),
  /** The first and last day (YYYY-MM-DD) counted. */
  from: z.string(),
  to: z.string(),
  interactions: z.number().int(),
  averages: metricValues,
  maximums: metricValues,
  /** Keyed by date (YYYY-MM-DD); days without answers are absent. */
  dailyMetrics: z.record(z.string(), llmMetricsBlockSchema),
  tokens: z.array(
    z.object({
      model: z.string(),
      interactions: z.number().int(),
      inputTokens: z.number().int(),
      outputTokens: z.number().int(),
    }),
  ),
});
export type LlmMetrics = z.infer<typeof llmMetricsSchema>;

const wholeNumber = (message: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && /^\d{1,4}$/.test(value) ? Number(value) : value),
    z.number(message).int(message),
  );

/** ?month&year (and &day for a day's figures); month and year default to the current UTC month. */
export const llmMetricsQuerySchema = z.object({
  month: wholeNumber(LLM_METRICS_MESSAGES.month)
    .pipe(z.number().min(1, LLM_METRICS_MESSAGES.month).max(12, LLM_METRICS_MESSAGES.month))
    .optional(),
  year: wholeNumber(LLM_METRICS_MESSAGES.year)
    .pipe(z.number().min(2025, LLM_METRICS_MESSAGES.year).max(9999, LLM_METRICS_MESSAGES.year))
    .optional(),
  day: wholeNumber(LLM_METRICS_MESSAGES.day)
    .pipe(z.number().min(1, LLM_METRICS_MESSAGES.day).max(31, LLM_METRICS_MESSAGES.day))
    .optional(),
});
export type LlmMetricsQuery = z.input<typeof llmMetricsQuerySchema>;
