import {
  LLM_METRIC_NAMES,
  LLM_METRICS_EARLIEST,
  type LlmMetricKey,
  type LlmMetricPeriod,
  type LlmMetrics,
  type LlmMetricsQuery,
  type llmMetricsQuerySchema,
  LLM_METRICS_MESSAGES as M,
  validationError,
} from '@parley/contracts';
import type { LlmMetricDay } from '@parley/db';
import type { z } from 'zod';
import type { Principal } from '../../../auth/principal';
import { loadLlm } from '../llm-loading';

type Query = z.output<typeof llmMetricsQuerySchema>;
type Values = Record<LlmMetricKey, number | null>;

const pad = (n: number) => String(n).padStart(2, '0');

/** The days a period covers: a month (the default), or one day of it when `day` is given. */
export function periodRange(period: LlmMetricPeriod, query: Query, now = new Date()) {
  const year = query.year ?? now.getUTCFullYear();
  const month = query.month ?? now.getUTCMonth() + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (period === 'day') {
    const day =
      query.day ?? (year === now.getUTCFullYear() && month === now.getUTCMonth() + 1 ? now.getUTCDate() : 1);
    if (day > lastDay) throw validationError('day', M.day);
    const date = `${year}-${pad(month)}-${pad(day)}`;
    if (date < LLM_METRICS_EARLIEST) throw validationError('day', M.tooEarly);
    return { fromDay: date, toDay: date };
  }
  const fromDay = `${year}-${pad(month)}-01`;
  const toDay = `${year}-${pad(month)}-${pad(lastDay)}`;
  if (toDay < LLM_METRICS_EARLIEST) throw validationError('month', M.tooEarly);
  return { fromDay: fromDay < LLM_METRICS_EARLIEST ? LLM_METRICS_EARLIEST : fromDay, toDay };
}

const empty = (): Values => Object.fromEntries(LLM_METRIC_NAMES.map((n) => [n, null])) as Values;

/** A period's figures from its days: averages weighted by each day's answers, the largest maximum. */
export function combineDays(days: readonly LlmMetricDay[]) {
  const interactions = days.reduce((sum, d) => sum + d.interactions, 0);
  const averages = empty();
  const maximums = empty();
  for (const name of LLM_METRIC_NAMES) {
    let weighted = 0;
    let counted = 0;
    for (const day of days) {
      const average = day.averages[name];
      if (average === null) continue;
      weighted += average * day.interactions;
      counted += day.interactions;
      const max = day.maximums[name];
      if (max !== null) maximums[name] = Math.max(maximums[name] ?? max, max);
    }
    averages[name] = counted === 0 ? null : weighted / counted;
  }
  return { interactions, averages, maximums };
}

async function metricsOf(
  principal: Principal,
  period: LlmMetricPeriod,
  query: LlmMetricsQuery,
  llmId?: string,
): Promise<LlmMetrics> {
  const range = periodRange(period, query as Query);
  const filter = { ...range, ...(llmId ? { llmId } : {}) };
  const [days, tokens] = await Promise.all([
    principal.scope.llmMetrics.byDay(filter),
    principal.scope.llmMetrics.tokensByModel(filter),
  ]);
  return {
    period,
    from: range.fromDay,
    to: range.toDay,
    ...combineDays(days),
    dailyMetrics: Object.fromEntries(
      days.map((d) => [d.day, { interactions: d.interactions, averages: d.averages, maximums: d.maximums }]),
    ),
    tokens,
  };
}

/** GET /api/llm/metrics/{period}?month&year[&day]: all of the tenant's LLMs together. */
export function tenantLlmMetrics(principal: Principal, period: LlmMetricPeriod, query: LlmMetricsQuery) {
  return metricsOf(principal, period, query);
}

/** GET /api/llm/{id}/metrics?month&year[&day]: one LLM, by month (or the one day given). */
export async function llmMetrics(principal: Principal, llmId: string, query: LlmMetricsQuery) {
  const llm = await loadLlm(principal, llmId);
  return metricsOf(principal, (query as Query).day === undefined ? 'month' : 'day', query, llm.id);
}
