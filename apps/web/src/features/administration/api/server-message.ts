import { isApiError } from '../../../api/api-error';

/** The most telling text of a failure: a not-found's details, else the server's message. */
export function serverMessageOf(error: unknown): string | undefined {
  if (!isApiError(error)) return undefined;
  if (error.is('not-found_error') && typeof error.data.details === 'string') return error.data.details;
  return error.message;
}

/** An ended session: the global handler logs out, wherever the failure happened. */
export const isSessionError = (error: unknown): boolean =>
  isApiError(error) && (error.is('expired_jwt_code') || error.is('invalid_jwt_code'));
