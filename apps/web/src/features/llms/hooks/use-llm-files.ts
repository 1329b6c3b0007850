import type { LlmSummary } from '@parley/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../api/api-error';
import { showFailure } from '../../../api/server-error';
import { useCurrentUser } from '../../account';
import { useCanImportExport } from '../../bots';
import { exportLlmFile, importLlmFile } from '../api/llms-api';
import { isLlmLimitRefusal, reactToLlmLimit } from '../components/create/llm-limit-dialogs';
import { llmPagePath } from '../components/LlmCard';
import { LLM_KEYS } from './llm-query-keys';

/**
 * Export LLM and Import LLM (ExportLLMs 51). Export is offered to tenant administrators and holders
 * of 51, import to those who may create LLMs (canSeeLLMs: administrators and ManageLLMs 50), both
 * when the plan has import and export (hasImportExport), as for bots. A refusal shows the server's
 * message; an imported LLM opens.
 */
export function useLlmFiles() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: user } = useCurrentUser();
  const planAllows = useCanImportExport();
  const [exportingIds, setExportingIds] = useState<ReadonlySet<string>>(new Set());
  const [isImporting, setIsImporting] = useState(false);

  const exportLlm = async (llm: Pick<LlmSummary, 'llmId' | 'llmDisplayName'>) => {
    setExportingIds((ids) => new Set(ids).add(llm.llmId));
    try {
      await exportLlmFile(llm.llmId, llm.llmDisplayName);
    } catch (error) {
      showFailure('Failed to export LLM!', error);
    } finally {
      setExportingIds((ids) => {
        const next = new Set(ids);
        next.delete(llm.llmId);
        return next;
      });
    }
  };

  const importLlm = async (file: File, acceptAdditionalCost = false): Promise<void> => {
    setIsImporting(true);
    try {
      const llm = await importLlmFile(file, acceptAdditionalCost);
      await queryClient.invalidateQueries({ queryKey: LLM_KEYS.list });
      navigate(llmPagePath(llm.llmId));
    } catch (error) {
      if (isApiError(error) && isLlmLimitRefusal(error.data.llmLimit)) {
        if (await reactToLlmLimit(error.data.llmLimit)) return importLlm(file, true);
        return;
      }
      showFailure('Failed to import LLM!', error);
    } finally {
      setIsImporting(false);
    }
  };

  return {
    canExport: planAllows && !!user?.canExportLLMs,
    canImport: planAllows && !!user?.canSeeLLMs,
    exportingIds,
    isImporting,
    exportLlm,
    importLlm,
  };
}
