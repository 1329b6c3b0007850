import { STATUS_CODES } from 'node:http';
import type { FunctionDefinitionOf } from '@parley/contracts';
import { request } from 'undici';
import { pinnedAgent } from '../network/pinned-agent';
import { resolveCheckedAddresses } from '../network/resolve-host';
import { RunFailure, timeLimitFailure } from '../run-failure';
import { MAX_REDIRECTS } from '../run-options';
import type { RunContext, RunnerResult } from '../runner';
import { parseBody, plainHeaders, readLimitedBody } from './read-response';
import { buildRestRequest, type RestRequest } from './rest-request';

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * Calls the API a REST function describes. Every hop (the first request and each
 * redirect, at most 5) is checked by the SSRF guard and connects only to the address
 * checked. The output is `{ status, headers, data }`; an answer that is not 2xx is an output
 * too (the author sees it), marked as a failed call.
 */
export async function runRest(
  definition: FunctionDefinitionOf<'rest'>,
  inputs: Record<string, unknown>,
  context: RunContext,
): Promise<RunnerResult> {
  const timeoutMs = context.timeoutMs;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(timeLimitFailure(timeoutMs)), timeoutMs);
  try {
    let current = buildRestRequest(definition, inputs);
    for (let hop = 0; ; hop++) {
      const response = await send(current, context, controller.signal);
      const location = response.headers.location;
      if (REDIRECTS.has(response.statusCode) && typeof location === 'string') {
        await response.body.dump();
        if (hop >= MAX_REDIRECTS) {
          throw new RunFailure(`The API redirected more than ${MAX_REDIRECTS} times`, current.url.href);
        }
        current = followRedirect(current, response.statusCode, location);
        continue;
      }
      const body = await readLimitedBody(response, context.maxResponseBytes);
      const contentType = response.headers['content-type'];
      const status = response.statusCode;
      return {
        output: {
          status,
          headers: plainHeaders(response.headers),
          data: parseBody(body, typeof contentType === 'string' ? contentType : undefined),
        },
        ...(isSuccess(status) ? {} : { failure: answeredFailure(status) }),
      };
    }
  } catch (error) {
    if (controller.signal.aborted) throw timeLimitFailure(timeoutMs);
    if (error instanceof RunFailure) throw error;
    throw requestFailure(error);
  } finally {
    clearTimeout(timer);
  }
}

async function send(current: RestRequest, context: RunContext, signal: AbortSignal) {
  const addresses = await untilAborted(
    resolveCheckedAddresses(current.url.hostname, context.policy, context.resolveHost),
    signal,
  );
  const agent = pinnedAgent(current.url.hostname.toLowerCase(), addresses, context.timeoutMs);
  try {
    const response = await request(current.url, {
      method: current.method,
      headers: current.headers,
      body: current.makeBody?.(),
      dispatcher: agent,
      signal,
    });
    // The body is read while the agent lives; closing it afterwards waits for that.
    response.body.once('close', () => void agent.close());
    return response;
  } catch (error) {
    void agent.destroy();
    throw error;
  }
}

/** 303, and 301/302 after a POST, continue as GET without a body, as browsers do. */
function followRedirect(current: RestRequest, status: number, location: string): RestRequest {
  let url: URL;
  try {
    url = new URL(location, current.url);
  } catch {
    throw new RunFailure('The API redirected to an invalid address', location);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new RunFailure('The API redirected to an address that is not http or https', url.href);
  }
  const headers = { ...current.headers };
  const becomesGet = status === 303 || ((status === 301 || status === 302) && current.method === 'POST');
  if (becomesGet) delete headers['content-type'];
  // Credentials belong to the origin they were written for.
  if (url.origin !== current.url.origin) {
    delete headers.authorization;
    delete headers.cookie;
  }
  return {
    method: becomesGet ? 'GET' : current.method,
    url,
    headers,
    makeBody: becomesGet ? undefined : current.makeBody,
  };
}

const isSuccess = (status: number) => status >= 200 && status < 300;

/** 'The API answered 404 Not Found': the status with its reason phrase. */
function answeredFailure(status: number): string {
  const reason = STATUS_CODES[status];
  return `The API answered ${status}${reason ? ` ${reason}` : ''}`;
}

function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function requestFailure(error: unknown): RunFailure {
  const failure = error as NodeJS.ErrnoException & { cause?: NodeJS.ErrnoException };
  const cause = failure.cause ?? failure;
  const code = cause.code ?? failure.code;
  return new RunFailure('The request failed', [code, cause.message].filter(Boolean).join(': '));
}
