import { type FunctionRunResponse, FUNCTION_MESSAGES as M } from '@parley/contracts';
import { isApiError } from '../../../../api/api-error';

/** What the Output window shows of a run. */
export type RunOutcome =
  | { kind: 'running' }
  | { kind: 'result'; result: FunctionRunResponse }
  | { kind: 'error'; message: string; details: string | undefined };

/**
 * A failed run shows its message, then 'Details:' and the details (spec 02 section 8); a
 * refused function (a validation error) shows the server's message the same way.
 */
export function outcomeOfError(error: unknown): RunOutcome {
  if (!isApiError(error))
    return { kind: 'error', message: 'The server could not be reached.', details: undefined };
  const details = error.is('function_error')
    ? error.data.details
    : typeof error.data.details === 'string'
      ? error.data.details
      : undefined;
  return { kind: 'error', message: error.message, details };
}

export const DETAILS_LABEL = M.runErrorDetails;
