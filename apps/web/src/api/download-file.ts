import { toApiError } from './api-error';
import { FILE_TIMEOUT_MS, withTimeout } from './request-timeout';
import { getToken } from './session';

interface FetchFileOptions {
  /** With a body the file is made from it (POST): a passphrase, say, never goes in a URL. */
  jsonBody?: unknown;
  signal?: AbortSignal;
}

/**
 * Fetches a file as a blob with the AuthToken header (a plain link or an <img> cannot send it).
 * Failures throw an ApiError like any call, and RequestTimeoutError past FILE_TIMEOUT_MS.
 */
export async function fetchFile(path: string, { jsonBody, signal }: FetchFileOptions = {}): Promise<Blob> {
  const token = getToken();
  return withTimeout(FILE_TIMEOUT_MS, signal, async (timed) => {
    const response = await fetch(path, {
      headers: {
        ...(token ? { AuthToken: token } : {}),
        ...(jsonBody === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(jsonBody === undefined ? {} : { method: 'POST', body: JSON.stringify(jsonBody) }),
      signal: timed,
    });
    if (!response.ok) {
      const text = await response.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // not JSON: toApiError makes it the default kind
      }
      throw toApiError(response.status, body);
    }
    return response.blob();
  });
}

/** Hands a blob to the browser's downloads under `fileName`. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the object URL is not needed once it has begun.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/** Fetches a file as `fetchFile` does and hands it to the browser's downloads under `fileName`. */
export async function downloadFile(path: string, fileName: string, jsonBody?: unknown): Promise<void> {
  saveFile(await fetchFile(path, { jsonBody }), fileName);
}
