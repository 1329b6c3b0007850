import { useCallback, useRef, useState } from 'react';
import { isApiError } from '../../../api/api-error';
import { handleApiError } from '../../../api/error-reactions';
import { runFunction } from '../api/functions-api';
import { outcomeOfError, type RunOutcome } from '../components/modals/run-outcome';
import { type FunctionDraft, requestOf } from '../function-draft';

/**
 * A test call from the editor: the function as it stands runs on the server (the same call as
 * Run Function, so the same network rules and limits as in a conversation). The newest call's
 * outcome wins; an ended session is the global handler's.
 */
export function useTestCall(botName: string) {
  const [outcome, setOutcome] = useState<RunOutcome | undefined>(undefined);
  const latest = useRef(0);

  const call = useCallback(
    async (draft: FunctionDraft) => {
      const id = ++latest.current;
      setOutcome({ kind: 'running' });
      try {
        const result = await runFunction(botName, requestOf(draft));
        if (id === latest.current) setOutcome({ kind: 'result', result });
      } catch (error) {
        if (id !== latest.current) return;
        if (isApiError(error) && (error.is('expired_jwt_code') || error.is('invalid_jwt_code'))) {
          handleApiError(error);
          setOutcome(undefined);
          return;
        }
        setOutcome(outcomeOfError(error));
      }
    },
    [botName],
  );

  return { outcome, call };
}
