import { createElement, useCallback, useState } from 'react';
import { isApiError } from '../../../api/api-error';
import { handleApiError } from '../../../api/error-reactions';
import { runFunction } from '../api/functions-api';
import { type OutputContent, OutputModal } from '../components/modals/OutputModal';
import { outcomeOfError } from '../components/modals/run-outcome';
import { type FunctionDraft, requestOf } from '../function-draft';

/** Run Function and Show Adaptive Card: both open the Output window. */
export function useOutputWindow(botName: string) {
  const [content, setContent] = useState<OutputContent | undefined>(undefined);

  const run = useCallback(
    async (draft: FunctionDraft) => {
      setContent({ kind: 'run', outcome: { kind: 'running' } });
      try {
        const result = await runFunction(botName, requestOf(draft));
        setContent((open) => open && { kind: 'run', outcome: { kind: 'result', result } });
      } catch (error) {
        // An ended session is the global handler's (it logs out); anything else is the window's.
        if (isApiError(error) && (error.is('expired_jwt_code') || error.is('invalid_jwt_code'))) {
          handleApiError(error);
          setContent(undefined);
          return;
        }
        setContent((open) => open && { kind: 'run', outcome: outcomeOfError(error) });
      }
    },
    [botName],
  );

  const showCard = useCallback(
    (draft: FunctionDraft) => setContent({ kind: 'card', json: draft.json, inputs: draft.inputs }),
    [],
  );

  const window = content
    ? createElement(OutputModal, { content, onClose: () => setContent(undefined) })
    : null;
  return { run, showCard, window };
}
