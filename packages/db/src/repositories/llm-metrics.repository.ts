import type { Kysely } from 'kysely';
import { nowIso } from '../dialect';
import type { Database } from '../schema';

/** The timings of spec 04 section 3.11's LLM metrics, by their column; declared once for writes and sums. */
export const LLM_METRIC_COLUMNS = {
  inputGuardrailsTime: 'input_guardrails_ms',
  inputGuardrailsBlockingTime: 'input_guardrails_blocking_ms',
  outputGuardrailsTime: 'output_guardrails_ms',
  outputGuardrailsBlockingTime: 'output_guardrails_blocking_ms',
  firstSentenceTime: 'first_sentence_ms',
  ragFilterTime: 'rag_filter_ms',
  ragChainTime: 'rag_chain_ms',
  totalChainTime: 'total_chain_ms',
  llmExecutionTotalTime: 'llm_execution_ms',
  responseTime: 'response_ms',
  llmBlockTotalTime: 'llm_block_ms',
} as const;
export type LlmMetricName = keyof typeof LLM_METRIC_COLUMNS;

export interface LlmAnswerMetric {
  llmId: string;
  origin: 'test' | 'conversation';
  model: string | null;
  inputTokens: number;
  outputTokens: number;
  /** Milliseconds; llmBlockTotalTime only for an LLM block's answer. */
  times: Omit<Record<LlmMetricName, number>, 'llmBlockTotalTime'> & { llmBlockTotalTime?: number };
  /** When it was answered (now when absent). */
  at?: string;
}

export interface LlmMetricDay {
  day: string;
  interactions: number;
  averages: Record<LlmMetricName, number | null>;
  maximums: Record<LlmMetricName, number | null>;
}

export interface LlmModelTokens {
  model: string;
  interactions: number;
  inputTokens: number;
  outputTokens: number;
}

const NAMES = Object.keys(LLM_METRIC_COLUMNS) as LlmMetricName[];
const num = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

/** The tenant's LLM answer timings (reached through `repos.forTenant(t).llmMetrics`). */
export function llmMetricsRepository(db: Kysely<Database>, tenantId: string) {
  return {
    async record(metric: LlmAnswerMetric): Promise<void> {
      const at = metric.at ?? nowIso();
      const columns = Object.fromEntries(
        NAMES.map((name) => [LLM_METRIC_COLUMNS[name], metric.times[name] ?? null]),
      ) as Record<(typeof LLM_METRIC_COLUMNS)[LlmMetricName], number>;
      await db
        .insertInto('llm_answer_metrics')
        .values({
          id: crypto.randomUUID(),
          tenant_id: tenantId,
          llm_id: metric.llmId,
          day: at.slice(0, 10),
          answered_at: at,
          origin: metric.origin,
          model: metric.model,
          input_tokens: Math.max(0, Math.round(metric.inputTokens)),
          output_tokens: Math.max(0, Math.round(metric.outputTokens)),
          ...columns,
        })
        .execute();
    },

    /** Averages and maximums per UTC day from `fromDay` to `toDay` (inclusive), one LLM's or all of the tenant's. */
    async byDay(range: { fromDay: string; toDay: string; llmId?: string }): Promise<LlmMetricDay[]> {
      let query = db
        .selectFrom('llm_answer_metrics')
        .select((eb) => [
          'day',
          eb.fn.countAll<number>().as('interactions'),
          ...NAMES.flatMap((name) => [
            eb.fn.avg<number>(LLM_METRIC_COLUMNS[name]).as(`avg_${name}`),
            eb.fn.max<number>(LLM_METRIC_COLUMNS[name]).as(`max_${name}`),
          ]),
        ])
        .where('tenant_id', '=', tenantId)
        .where('day', '>=', range.fromDay)
        .where('day', '<=', range.toDay);
      if (range.llmId) query = query.where('llm_id', '=', range.llmId);
      const rows = (await query.groupBy('day').orderBy('day').execute()) as Array<Record<string, unknown>>;
      return rows.map((row) => ({
        day: String(row.day),
        interactions: Number(row.interactions),
        averages: Object.fromEntries(NAMES.map((n) => [n, num(row[`avg_${n}`])])) as LlmMetricDay['averages'],
        maximums: Object.fromEntries(NAMES.map((n) => [n, num(row[`max_${n}`])])) as LlmMetricDay['maximums'],
      }));
    },

    /** Tokens per model over the days, one LLM's or all of the tenant's. */
    async tokensByModel(range: {
      fromDay: string;
      toDay: string;
      llmId?: string;
    }): Promise<LlmModelTokens[]> {
      let query = db
        .selectFrom('llm_answer_metrics')
        .select((eb) => [
          'model',
          eb.fn.countAll<number>().as('interactions'),
          eb.fn.sum<number>('input_tokens').as('input_tokens'),
          eb.fn.sum<number>('output_tokens').as('output_tokens'),
        ])
        .where('tenant_id', '=', tenantId)
        .where('day', '>=', range.fromDay)
        .where('day', '<=', range.toDay)
        .where('model', 'is not', null);
      if (range.llmId) query = query.where('llm_id', '=', range.llmId);
      const rows = await query.groupBy('model').orderBy('model').execute();
      return rows.map((row) => ({
        model: String(row.model),
        interactions: Number(row.interactions),
        inputTokens: Number(row.input_tokens),
        outputTokens: Number(row.output_tokens),
      }));
    },
  };
}
