import { APICallError } from 'ai';
import type { ProviderCredentials } from './credentials.ts';
import { LlmProviderError } from './errors.ts';

type FetchFunction = typeof globalThis.fetch;

/**
 * The provider's own model list over its API (the SDKs have no call for it), or undefined where the
 * provider has none Parley can read (Bedrock's needs a signed control-plane call). HTTP failures are
 * thrown as the SDK's APICallError so they are judged like any other call's.
 */
export async function fetchModelList(
  credentials: ProviderCredentials,
  signal: AbortSignal,
  fetch: FetchFunction,
): Promise<string[] | undefined> {
  const f = credentials.fields;
  switch (credentials.provider) {
    case 'openai':
    case 'openai-compatible': {
      const base = (f.baseUrl || 'https://api.openai.com/v1').replace(/\/+$/, '');
      const body = await getJson(
        fetch,
        `${base}/models`,
        f.apiKey ? { authorization: `Bearer ${f.apiKey}` } : {},
        signal,
      );
      return idsOf(body, 'data', 'id');
    }
    case 'azure-openai': {
      const url = `https://${f.resourceName}.openai.azure.com/openai/v1/models?api-version=v1`;
      const body = await getJson(fetch, url, { 'api-key': f.apiKey ?? '' }, signal);
      return idsOf(body, 'data', 'id');
    }
    case 'anthropic': {
      const base = (f.baseUrl || 'https://api.anthropic.com/v1').replace(/\/+$/, '');
      const body = await getJson(
        fetch,
        `${base}/models?limit=1000`,
        { 'x-api-key': f.apiKey ?? '', 'anthropic-version': '2023-06-01' },
        signal,
      );
      return idsOf(body, 'data', 'id');
    }
    case 'google': {
      const body = await getJson(
        fetch,
        'https://generativelanguage.googleapis.com/v1beta/models?pageSize=1000',
        { 'x-goog-api-key': f.apiKey ?? '' },
        signal,
      );
      return idsOf(body, 'models', 'name')?.map((name) => name.replace(/^models\//, ''));
    }
    case 'bedrock':
      return undefined;
  }
}

async function getJson(
  fetch: FetchFunction,
  url: string,
  headers: Record<string, string>,
  signal: AbortSignal,
): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { headers: { accept: 'application/json', ...headers }, signal });
  } catch (error) {
    // A fetch that refused for its own reasons (the server's network guard) has said what to say.
    if (signal.aborted || error instanceof LlmProviderError) throw error;
    throw new APICallError({
      message: `Cannot connect to API: ${(error as Error).message}`,
      url,
      requestBodyValues: {},
      cause: error,
      isRetryable: true,
    });
  }
  const text = await response.text();
  const responseHeaders = Object.fromEntries(response.headers.entries());
  if (!response.ok) {
    throw new APICallError({
      message: response.statusText || `HTTP ${response.status}`,
      url,
      requestBodyValues: {},
      statusCode: response.status,
      responseHeaders,
      responseBody: text,
    });
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new APICallError({
      message: 'Invalid JSON response',
      url,
      requestBodyValues: {},
      statusCode: response.status,
      responseHeaders,
      responseBody: text,
      cause: error,
    });
  }
}

function idsOf(body: unknown, listKey: string, idKey: string): string[] {
  const list = (body as Record<string, unknown> | null)?.[listKey];
  if (!Array.isArray(list)) {
    throw new APICallError({
      message: `Invalid JSON response: no ${listKey} list`,
      url: '',
      requestBodyValues: {},
      statusCode: 200,
    });
  }
  const ids = list
    .map((item) => (item as Record<string, unknown> | null)?.[idKey])
    .filter((id): id is string => typeof id === 'string');
  return [...new Set(ids)].sort();
}
