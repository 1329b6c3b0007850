import { toApiError } from '../../../api/api-error';
import { getToken } from '../../../api/session';

/**
 * Fetches a file as a blob with the AuthToken header (a plain link cannot send it) and hands
 * it to the browser's downloads under `fileName`. Failures throw an ApiError like any call.
 */
export async function downloadFile(path: string, fileName: string, jsonBody?: unknown): Promise<void> {
  const token = getToken();
  // With a body the file is made from it (POST): a passphrase, say, never goes in a URL.
  const response = await fetch(path, {
    headers: {
      ...(token ? { AuthToken: token } : {}),
      ...(jsonBody === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(jsonBody === undefined ? {} : { method: 'POST', body: JSON.stringify(jsonBody) }),
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
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the object URL is not needed once it has begun.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

export const AUDIT_LOG_FILE_NAME = 'users-log.csv';

export const downloadAuditLog = () => downloadFile('/api/tenant/audit-log', AUDIT_LOG_FILE_NAME);
