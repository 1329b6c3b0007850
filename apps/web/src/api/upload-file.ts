import { toApiError } from './api-error';
import { getToken } from './session';

/**
 * Sends one file as a multipart form field (the spec's intent-file, entity-file ...) with the
 * AuthToken header, and answers the JSON body. Failures throw an ApiError like any call.
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
  const response = await fetch(path, {
    method,
    headers: { Accept: 'application/json', ...(token ? { AuthToken: token } : {}) },
    body: form,
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    // not JSON: toApiError makes it the default kind
  }
  if (!response.ok) throw toApiError(response.status, body);
  return body as T;
}
