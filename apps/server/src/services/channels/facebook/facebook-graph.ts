import { createHmac } from 'node:crypto';
import type { AppContext } from '../../../context';

/** How long a Graph API call may take before Parley gives up on it (a retry job sends again). */
const GRAPH_TIMEOUT_MS = 15_000;

/** The Graph API's error answer: `{error: {message, type, code}}`. */
export class GraphError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: number | undefined,
  ) {
    super(message);
  }
}

export interface GraphCredentials {
  accessToken: string;
  /** When set, every call carries appsecret_proof (apps with 'Require App Secret' refuse calls without it). */
  appSecret?: string | undefined;
}

/** The query of an authenticated Graph call: the token and the proof that the caller knows the app secret. */
function authQuery(credentials: GraphCredentials): URLSearchParams {
  const query = new URLSearchParams({ access_token: credentials.accessToken });
  if (credentials.appSecret)
    query.set(
      'appsecret_proof',
      createHmac('sha256', credentials.appSecret).update(credentials.accessToken).digest('hex'),
    );
  return query;
}

/** One Graph API call; a non-2xx answer is a GraphError with Graph's own message. */
export async function graphCall<T>(
  ctx: AppContext,
  credentials: GraphCredentials,
  path: string,
  options: { query?: Record<string, string>; body?: unknown } = {},
): Promise<T> {
  const query = authQuery(credentials);
  for (const [name, value] of Object.entries(options.query ?? {})) query.set(name, value);
  const response = await fetch(`${ctx.config.platforms.facebookGraph}/${path}?${query}`, {
    method: options.body === undefined ? 'GET' : 'POST',
    ...(options.body === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(options.body) }),
    signal: AbortSignal.timeout(GRAPH_TIMEOUT_MS),
  });
  const text = await response.text();
  let answer: unknown;
  try {
    answer = JSON.parse(text);
  } catch {
    answer = undefined;
  }
  if (!response.ok) {
    const error = (answer as { error?: { message?: unknown; code?: unknown } } | undefined)?.error;
    throw new GraphError(
      response.status,
      typeof error?.message === 'string' ? error.message : `Graph API answered ${response.status}`,
      typeof error?.code === 'number' ? error.code : undefined,
    );
  }
  return answer as T;
}
