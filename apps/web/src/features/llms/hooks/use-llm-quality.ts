import { useQuery } from '@tanstack/react-query';
import { fetchEvaluationRun, fetchEvaluations, fetchLlmMetrics } from '../api/llm-quality-api';
import { LLM_KEYS } from './llm-query-keys';

/** How often a running evaluation is asked where it stands. */
export const EVALUATION_POLL_MS = 1000;

export const evaluationsKey = (llmId: string) => [...LLM_KEYS.llm(llmId), 'evaluations'];

/** The LLM's datasets and runs, asked again every second while a run is running. */
export const useEvaluations = (llmId: string) =>
  useQuery({
    queryKey: evaluationsKey(llmId),
    queryFn: ({ signal }) => fetchEvaluations(llmId, signal),
    refetchInterval: (query) =>
      query.state.data?.runs.some((run) => run.state === 'running') ? EVALUATION_POLL_MS : false,
  });

export const useEvaluationRun = (llmId: string, runId: string | undefined, isRunning: boolean) =>
  useQuery({
    queryKey: [...evaluationsKey(llmId), runId, isRunning],
    queryFn: ({ signal }) => fetchEvaluationRun(llmId, runId as string, signal),
    enabled: runId !== undefined,
  });

export const useLlmMetrics = (
  llmId: string,
  period: { year: number; month: number; day?: number } | undefined,
) =>
  useQuery({
    queryKey: [...LLM_KEYS.llm(llmId), 'metrics', period],
    queryFn: ({ signal }) => fetchLlmMetrics(llmId, period as NonNullable<typeof period>, signal),
    enabled: period !== undefined,
  });
