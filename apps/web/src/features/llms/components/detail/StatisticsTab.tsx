import { LLM_METRIC_LABELS, LLM_METRIC_NAMES, type LlmMetricKey } from '@parley/contracts';
import { useEffect, useRef, useState } from 'react';
import { Select, Spinner, Table, TextField } from '../../../../ui';
import { useLlmMetrics } from '../../hooks/use-llm-quality';
import {
  currentDay,
  currentMonth,
  earliestStatisticsDate,
  periodOf,
  secondsOf,
} from '../../llm-metrics-format';
import type { LlmTabProps } from './llm-tabs';
import './llm-quality.css';

type Period = 'month' | 'day';

/**
 * Statistics (spec 04 sections 2.5, 3.11, 4, 9): a month (the default) or a day, and the table of
 * the timing metrics' averages and maximums in seconds with 5 decimals; for a month, each day's
 * answers and average response time; tokens per model. The earliest date is the LLM's creation,
 * 2025-05-01 at the earliest.
 */
export function StatisticsTab({ llm }: LlmTabProps) {
  const earliest = earliestStatisticsDate(llm.dateCreated);
  const [period, setPeriod] = useState<Period>('month');
  const [month, setMonth] = useState(() =>
    currentMonth() < earliest.slice(0, 7) ? earliest.slice(0, 7) : currentMonth(),
  );
  const [day, setDay] = useState(() => (currentDay() < earliest ? earliest : currentDay()));
  const chosen = period === 'month' ? month : day;
  const tooEarly = period === 'month' ? month < earliest.slice(0, 7) : day < earliest;
  const metrics = useLlmMetrics(llm.llmId, tooEarly ? undefined : periodOf(chosen));
  const data = metrics.data;
  // The page keeps every tab mounted: the figures are asked again whenever the tab comes into view.
  const ref = useRef<HTMLDivElement>(null);
  const { refetch } = metrics;
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new IntersectionObserver(([entry]) => {
      if (entry?.isIntersecting && !tooEarly) void refetch();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [refetch, tooEarly]);

  return (
    <div className="llm-tab llm-statistics" ref={ref}>
      <div className="llm-tab__pair">
        <Select
          label="Period"
          options={[
            { value: 'month', label: 'Month' },
            { value: 'day', label: 'Day' },
          ]}
          value={period}
          onChange={(event) => setPeriod(event.target.value as Period)}
        />
        {period === 'month' ? (
          <TextField
            label="Month"
            type="month"
            min={earliest.slice(0, 7)}
            value={month}
            error={tooEarly ? `Statistics start in ${earliest.slice(0, 7)}.` : undefined}
            onChange={(event) => setMonth(event.target.value)}
          />
        ) : (
          <TextField
            label="Day"
            type="date"
            min={earliest}
            value={day}
            error={tooEarly ? `Statistics start on ${earliest}.` : undefined}
            onChange={(event) => setDay(event.target.value)}
          />
        )}
      </div>
      {metrics.isFetching && !data ? <Spinner label="Loading the statistics" /> : null}
      {data ? (
        <>
          <p className="llm-statistics__interactions">
            Interactions: <strong>{data.interactions}</strong>
          </p>
          <Table
            caption="Timing metrics"
            rows={[...LLM_METRIC_NAMES]}
            rowKey={(name) => name}
            columns={[
              { key: 'metric', header: 'Metric', render: (name: LlmMetricKey) => LLM_METRIC_LABELS[name] },
              {
                key: 'average',
                header: 'Average (s)',
                align: 'end',
                render: (name) => secondsOf(data.averages[name]),
              },
              {
                key: 'maximum',
                header: 'Maximum (s)',
                align: 'end',
                render: (name) => secondsOf(data.maximums[name]),
              },
            ]}
          />
          {period === 'month' ? (
            <Table
              caption="Daily metrics"
              rows={Object.entries(data.dailyMetrics)}
              rowKey={([date]) => date}
              emptyText="No answers in this month."
              columns={[
                { key: 'date', header: 'Date', render: ([date]) => date },
                {
                  key: 'interactions',
                  header: 'Interactions',
                  align: 'end',
                  render: ([, d]) => d.interactions,
                },
                {
                  key: 'response',
                  header: 'Average response time (s)',
                  align: 'end',
                  render: ([, d]) => secondsOf(d.averages.responseTime),
                },
                {
                  key: 'responseMax',
                  header: 'Maximum response time (s)',
                  align: 'end',
                  render: ([, d]) => secondsOf(d.maximums.responseTime),
                },
              ]}
            />
          ) : null}
          <Table
            caption="Tokens per model"
            rows={data.tokens}
            rowKey={(row) => row.model}
            emptyText="No tokens counted in this period."
            columns={[
              { key: 'model', header: 'Model', render: (row) => row.model },
              {
                key: 'interactions',
                header: 'Interactions',
                align: 'end',
                render: (row) => row.interactions,
              },
              { key: 'input', header: 'Input tokens', align: 'end', render: (row) => row.inputTokens },
              { key: 'output', header: 'Output tokens', align: 'end', render: (row) => row.outputTokens },
            ]}
          />
        </>
      ) : null}
    </div>
  );
}
