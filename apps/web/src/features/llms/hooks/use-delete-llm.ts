import type { LlmSummary } from '@parley/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { handleApiError } from '../../../api/error-reactions';
import { popup } from '../../../ui';
import { deleteLlm } from '../api/llms-api';
import { LLM_KEYS } from './llm-query-keys';

/**
 * Deleting an LLM (spec 04 sections 4 and 8): a confirmation first; while the call runs the LLM is
 * marked as being deleted, and it leaves the list on success. `afterDeleted` runs before the list
 * reloads (the detail page goes back to the list).
 */
export function useDeleteLlm() {
  const queryClient = useQueryClient();
  const [deletingIds, setDeletingIds] = useState<ReadonlySet<string>>(new Set());

  const mark = (llmId: string, isDeleting: boolean) =>
    setDeletingIds((current) => {
      const next = new Set(current);
      if (isDeleting) next.add(llmId);
      else next.delete(llmId);
      return next;
    });

  const requestDelete = async (
    llm: Pick<LlmSummary, 'llmId' | 'llmDisplayName'>,
    afterDeleted?: () => void,
  ) => {
    const isConfirmed = await popup.confirm({
      title: `Delete ${llm.llmDisplayName}?`,
      text: 'The LLM, its documents and its trained index will be deleted. This cannot be undone.',
      actionText: 'Delete',
      isDanger: true,
    });
    if (!isConfirmed) return;
    mark(llm.llmId, true);
    try {
      await deleteLlm(llm.llmId);
      afterDeleted?.();
      queryClient.setQueryData<LlmSummary[]>(LLM_KEYS.list, (list) =>
        list?.filter((l) => l.llmId !== llm.llmId),
      );
      queryClient.removeQueries({ queryKey: LLM_KEYS.llm(llm.llmId) });
      await queryClient.invalidateQueries({ queryKey: LLM_KEYS.list });
    } catch (error) {
      handleApiError(error);
    } finally {
      mark(llm.llmId, false);
    }
  };

  return { deletingIds, requestDelete };
}
