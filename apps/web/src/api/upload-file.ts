import { toApiError } from './api-error';
import { FILE_TIMEOUT_MS, withTimeout } from './request-timeout';
import { getToken } from './session';

/**
 * Sends one file as a multipart form field (the spec's intent-file, entity-file ...) with the
 * AuthToken header, and answers the JSON body. Failures throw an ApiError like any call, and
 * RequestTimeoutError past FILE_TIMEOUT_MS.
 */
export async function uploadFile<T>(
  path: string,
  field: string,
  file: File,
  method: 'POST' | 'PUT' = 'POST',
  textFields: Record<string, string> = {},
): Promise<T> {
  const form = new FormData();
  // Text fields before the file: the server reads them as the file arrives.
  for (const [name, value] of Object.entries(textFields)) form.append(name, value);
  form.append(field, file, file.name);
  const token = getToken();
  const { response, text } = await withTimeout(FILE_TIMEOUT_MS, undefined, async (signal) => {
    const answered = await fetch(path, {
      method,
      headers: { Accept: 'application/json', ...(token ? { AuthToken: token } : {}) },
      body: form,
      signal,
    });
    return { response: answered, text: await answered.text() };
  });
  let body: unknown = text;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    // not JSON: toApiError makes it the default kind
  }
  if (!response.ok) throw toApiError(response.status, body);
  return body as T;
}
