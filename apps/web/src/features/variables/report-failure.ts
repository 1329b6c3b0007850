import { isApiError } from '../../api/api-error';
import { handleApiError } from '../../api/error-reactions';
import { showFailure } from '../../api/server-error';

/**
 * A failed change: refusals of rights go to the global handler (spec 02 section 6: 'A server
 * 403 or a permission_error code is passed to a global handler'); the rest show the spec's title
 * ('Failed to create, delete or update variables!') with the server's message.
 */
export function reportFailure(title: string, error: unknown): void {
  if (isApiError(error) && error.is('permission_error')) handleApiError(error);
  else showFailure(title, error);
}
