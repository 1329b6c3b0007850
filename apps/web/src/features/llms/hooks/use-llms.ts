import { useQuery } from '@tanstack/react-query';
import { fetchLlm, fetchLlms } from '../api/llms-api';
import { LLM_KEYS } from './llm-query-keys';
import { TRAINING_POLL_MS } from './use-train-llm';

export const useLlms = () =>
  useQuery({ queryKey: LLM_KEYS.list, queryFn: ({ signal }) => fetchLlms(signal) });

/**
 * The detail page's LLM, asked again every second while it trains (the RAG and Data tabs show the
 * progress). The page itself reacts to a refusal (back to the list).
 */
export const useLlm = (llmId: string) =>
  useQuery({
    queryKey: LLM_KEYS.llm(llmId),
    queryFn: ({ signal }) => fetchLlm(llmId, signal),
    meta: { handlesErrors: true },
    refetchInterval: (query) => (query.state.data?.training.state === 'running' ? TRAINING_POLL_MS : false),
  });
