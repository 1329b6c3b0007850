import { popup } from '../ui';
import { isApiError } from './api-error';
import { handleApiError } from './error-reactions';

/** The field a validation refusal names, with its message; undefined for other failures. */
export function fieldErrorOf(error: unknown): { field: string; message: string } | undefined {
  if (!isApiError(error) || !error.is('validation_error')) return undefined;
  return { field: String(error.data.fieldName ?? ''), message: error.message };
}

/**
 * Shows a failure under the spec's title for it with the server's message as text (for
 * example 'Failed to save intent name!'); ended sessions and lost connections go to the global
 * handler, which knows what to do with them.
 */
export function showFailure(title: string, error: unknown): void {
  if (!isApiError(error) || error.is('expired_jwt_code') || error.is('invalid_jwt_code')) {
    handleApiError(error);
    return;
  }
  const details =
    error.is('not-found_error') && typeof error.data.details === 'string' ? error.data.details : undefined;
  void popup.error({ title, text: details ?? error.message });
}

/**
 * A save an editable field makes: a failure shows under the spec's title and is thrown again,
 * so the field keeps what the user typed; after a success `then` runs (refresh, navigate).
 */
export function savingWith(
  failureTitle: string,
  save: (value: string) => Promise<unknown>,
  then: (value: string) => Promise<void> | void,
): (value: string) => Promise<void> {
  return async (value) => {
    try {
      await save(value);
    } catch (error) {
      showFailure(failureTitle, error);
      throw error;
    }
    await then(value);
  };
}
