import { useQuery } from '@tanstack/react-query';
import { fetchLlm, fetchLlms } from '../api/llms-api';
import { LLM_KEYS } from './llm-query-keys';

export const useLlms = () => useQuery({ queryKey: LLM_KEYS.list, queryFn: ({ signal }) => fetchLlms(signal) });

/** The detail page's LLM; the page itself reacts to a refusal (back to the list). */
export const useLlm = (llmId: string) =>
  useQuery({
    queryKey: LLM_KEYS.llm(llmId),
    queryFn: ({ signal }) => fetchLlm(llmId, signal),
    meta: { handlesErrors: true },
  });
