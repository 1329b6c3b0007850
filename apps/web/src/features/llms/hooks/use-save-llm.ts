import { LLM_MESSAGES, type Llm, type LlmUpdateBody } from '@parley/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { handleApiError } from '../../../api/error-reactions';
import { popup } from '../../../ui';
import { updateLlm } from '../api/llms-api';
import { LLM_KEYS } from './llm-query-keys';

/**
 * A tab's Save (spec 04 sections 4 and 8): loading while it runs, then 'Done saving your
 * updates'; `isSilent` for saves the user did not ask for as such (a document's delete icon).
 * Answers whether it was saved; a refusal goes to the global handler.
 */
export function useSaveLlm(llmId: string) {
  const queryClient = useQueryClient();
  const [isSaving, setIsSaving] = useState(false);
  const save = async (body: LlmUpdateBody, { isSilent = false } = {}): Promise<boolean> => {
    setIsSaving(true);
    try {
      const saved = await updateLlm(llmId, body);
      queryClient.setQueryData<Llm>(LLM_KEYS.llm(llmId), saved);
      void queryClient.invalidateQueries({ queryKey: LLM_KEYS.list });
      if (!isSilent) void popup.info({ title: LLM_MESSAGES.saved });
      return true;
    } catch (error) {
      handleApiError(error);
      return false;
    } finally {
      setIsSaving(false);
    }
  };
  return { isSaving, save };
}
