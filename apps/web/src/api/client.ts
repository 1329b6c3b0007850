import { isTenantSwitchedData } from '@parley/contracts';
import { toApiError } from './api-error';
import { API_TIMEOUT_MS, withTimeout } from './request-timeout';
import { getToken } from './session';
import { noticeSelectedTenant, selectionMark, tenantInViewHeader } from './tenant-in-view';

/**
 * The manual is public: its calls never carry the token (spec 01 section 7). Nor do the public
 * test chat's, which carry their own session token instead.
 */
const TOKENLESS_PREFIXES = ['/api/user-manual/', '/api/test-chat/'];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiResponse<T> {
  status: number;
  data: T;
}

interface RequestOptions {
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** How long the call may take, answer included; API_TIMEOUT_MS when left out. */
  timeoutMs?: number;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  if (response.headers.get('content-type')?.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

/**
 * Sends one request to the API and answers its status and body. Error answers throw an
 * ApiError of the catalogue kind; a network failure (no response at all) is rethrown as is, and
 * a call left unanswered past its time throws RequestTimeoutError.
 */
export async function apiRequest<T>(
  method: HttpMethod,
  path: string,
  { body, signal, headers: extraHeaders, timeoutMs = API_TIMEOUT_MS }: RequestOptions = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { Accept: 'application/json', ...extraHeaders };
  const token = getToken();
  if (token && !TOKENLESS_PREFIXES.some((prefix) => path.startsWith(prefix))) {
    headers.AuthToken = token;
    Object.assign(headers, tenantInViewHeader());
  }
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  const mark = selectionMark();
  const { response, data } = await withTimeout(timeoutMs, signal, async (timed) => {
    const answered = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: timed,
    });
    return { response: answered, data: await readBody(answered) };
  });
  if (!response.ok) {
    const error = toApiError(response.status, data);
    // The tenant was switched elsewhere: this tab follows it (the call itself was not done).
    if (error.is('cohesion_error') && isTenantSwitchedData(error.data))
      noticeSelectedTenant(
        {
          tenantId: error.data.selectedTenantId,
          name: error.data.selectedTenantName,
          isShownGone: error.data.reason === 'gone',
        },
        mark,
      );
    throw error;
  }
  return { status: response.status, data: data as T };
}

/** Shorthands answering only the body. */
export const api = {
  get: <T>(path: string, signal?: AbortSignal) => apiRequest<T>('GET', path, { signal }).then((r) => r.data),
  post: <T>(path: string, body?: unknown) => apiRequest<T>('POST', path, { body }).then((r) => r.data),
  put: <T>(path: string, body?: unknown) => apiRequest<T>('PUT', path, { body }).then((r) => r.data),
  patch: <T>(path: string, body?: unknown) => apiRequest<T>('PATCH', path, { body }).then((r) => r.data),
  delete: <T = void>(path: string) => apiRequest<T>('DELETE', path).then((r) => r.data),
};
