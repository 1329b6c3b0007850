import { LLM_METRIC_DECIMALS, LLM_METRICS_EARLIEST } from '@parley/contracts';

/** Spec 04 section 9: times in ms are shown as seconds, with 5 decimals; none as a dash. */
export const secondsOf = (ms: number | null | undefined): string =>
  ms === null || ms === undefined ? '–' : (ms / 1000).toFixed(LLM_METRIC_DECIMALS);

/** A rate 0-1 as a percentage with one decimal; none as a dash. */
export const percentOf = (rate: number | null | undefined): string =>
  rate === null || rate === undefined ? '–' : `${(rate * 100).toFixed(1)}%`;

/** Scores 0-1 with 5 decimals (spec 04 section 9's metrics). */
export const scoreOf = (score: number | null | undefined): string =>
  score === null || score === undefined ? '–' : score.toFixed(LLM_METRIC_DECIMALS);

/**
 * The earliest date the Statistics tab offers (spec 04 section 4): the LLM's creation day, or
 * 2025-05-01 when it has none (or an earlier one).
 */
export function earliestStatisticsDate(dateCreated: string | null | undefined): string {
  const created = dateCreated?.slice(0, 10);
  return created && /^\d{4}-\d{2}-\d{2}$/.test(created) && created > LLM_METRICS_EARLIEST
    ? created
    : LLM_METRICS_EARLIEST;
}

/** A month input's value (YYYY-MM) or a date input's (YYYY-MM-DD) as the API's period. */
export function periodOf(value: string): { year: number; month: number; day?: number } | undefined {
  const match = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/.exec(value);
  if (!match) return undefined;
  const period = { year: Number(match[1]), month: Number(match[2]) };
  return match[3] ? { ...period, day: Number(match[3]) } : period;
}

/** Today's month (YYYY-MM) and day (YYYY-MM-DD) in UTC, as the statistics count days. */
export const currentMonth = (now = new Date()) => now.toISOString().slice(0, 7);
export const currentDay = (now = new Date()) => now.toISOString().slice(0, 10);
