import { LLM_MESSAGES, type Llm } from '@parley/contracts';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { handleApiError } from '../../../api/error-reactions';
import { popup } from '../../../ui';
import { fetchLlm, trainLlm } from '../api/llms-api';
import { LLM_KEYS } from './llm-query-keys';

/** How often a running training is asked where it stands. */
export const TRAINING_POLL_MS = 1000;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Follows a running training until it ends, keeping the LLM's cached answer fresh (the RAG tab
 * shows its progress from there); answers the LLM as it ended.
 */
async function followTraining(queryClient: QueryClient, llmId: string): Promise<Llm> {
  for (;;) {
    await wait(TRAINING_POLL_MS);
    const llm = await fetchLlm(llmId);
    queryClient.setQueryData(LLM_KEYS.llm(llmId), llm);
    if (llm.training.state !== 'running') return llm;
  }
}

/**
 * 'Train LLM', 'Retrain LLM' and 'Train RAG' (spec 04 sections 4 and 8): the info message, the
 * training job followed to its end, then 'LLM trained successfully' or 'Failed to train LLM' (with
 * the reason the server gives); the list's red or green dot follows.
 */
export function useTrainLlm() {
  const queryClient = useQueryClient();
  const [trainingIds, setTrainingIds] = useState<ReadonlySet<string>>(new Set());
  const mark = (llmId: string, isTraining: boolean) =>
    setTrainingIds((current) => {
      const next = new Set(current);
      if (isTraining) next.add(llmId);
      else next.delete(llmId);
      return next;
    });

  const train = async (llmId: string) => {
    mark(llmId, true);
    try {
      const started = await trainLlm(llmId);
      void popup.info({ title: LLM_MESSAGES.trainStarted });
      queryClient.setQueryData<Llm>(
        LLM_KEYS.llm(llmId),
        (llm) => llm && { ...llm, training: started.training },
      );
      const ended =
        started.training.state === 'running' ? await followTraining(queryClient, llmId) : undefined;
      const state = ended?.training.state ?? started.training.state;
      if (state === 'succeeded') void popup.info({ title: LLM_MESSAGES.trainSucceeded });
      else if (state === 'failed')
        void popup.error({ title: LLM_MESSAGES.trainFailed, text: ended?.training.message ?? '' });
    } catch (error) {
      handleApiError(error);
    } finally {
      mark(llmId, false);
      await queryClient.invalidateQueries({ queryKey: LLM_KEYS.all });
    }
  };

  return { trainingIds, train };
}
