import type { LlmSummary } from '@parley/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';

/** The tenant's LLMs a bot's chit-chat may use, labelled with their model (the flow editor's list, same key). */
export function useChitChatLlms(): Array<{ llmId: string; label: string }> {
  const llms = useQuery({
    queryKey: ['llms'],
    queryFn: () => api.get<LlmSummary[]>('/api/llm'),
  });
  return (llms.data ?? []).map((llm) => ({
    llmId: llm.llmId,
    label: `${llm.llmDisplayName} (${llm.model ?? 'Default model'})`,
  }));
}
