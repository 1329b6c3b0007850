import { request } from 'undici';
import { RunFailure } from '../run-failure';
import { MAX_REDIRECTS, type NetworkAccess } from '../run-options';
import { createNetworkPolicy } from './network-policy';
import { pinnedAgent } from './pinned-agent';
import { type HostResolver, resolveCheckedAddresses, systemResolver } from './resolve-host';

export interface GuardedGetOptions {
  /** The operator's rules for outgoing connections, as for REST functions. */
  network?: NetworkAccess | undefined;
  resolveHost?: HostResolver | undefined;
  timeoutMs: number;
  /** The body is read up to this size; a larger one fails the request. */
  maxBytes: number;
  headers?: Record<string, string> | undefined;
  signal?: AbortSignal | undefined;
}

export interface GuardedResponse {
  /** The address answered, after redirects. */
  url: string;
  status: number;
  contentType: string | undefined;
  body: Buffer;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * A GET through the functions' SSRF guard, for any server feature that fetches an address a
 * user gave (an LLM's Url documents): each hop (at most 5 redirects) is resolved, checked
 * against the network rules, and connected to only at the address checked. Throws an Error
 * whose message says what was refused or failed.
 */
export async function guardedGet(address: string, options: GuardedGetOptions): Promise<GuardedResponse> {
  const policy = createNetworkPolicy(options.network);
  const resolve = options.resolveHost ?? systemResolver;
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new RunFailure(`The request took longer than ${options.timeoutMs} ms`)),
    options.timeoutMs,
  );
  const abortWith = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', abortWith, { once: true });
  try {
    let url = new URL(address);
    for (let hop = 0; ; hop++) {
      if (url.protocol !== 'http:' && url.protocol !== 'https:')
        throw new RunFailure('Only http and https addresses can be fetched', url.href);
      const hostName = url.hostname.toLowerCase();
      const addresses = await resolveCheckedAddresses(hostName, policy, resolve);
      const agent = pinnedAgent(hostName, addresses, options.timeoutMs);
      try {
        const response = await request(url, {
          method: 'GET',
          headers: options.headers,
          dispatcher: agent,
          signal: controller.signal,
        });
        const location = response.headers.location;
        if (REDIRECTS.has(response.statusCode) && typeof location === 'string') {
          await response.body.dump();
          if (hop >= MAX_REDIRECTS)
            throw new RunFailure(`The address redirected more than ${MAX_REDIRECTS} times`);
          url = new URL(location, url);
          continue;
        }
        const body = await readUpTo(response.body, response.headers['content-length'], options.maxBytes);
        const contentType = response.headers['content-type'];
        return {
          url: url.href,
          status: response.statusCode,
          contentType: typeof contentType === 'string' ? contentType : undefined,
          body,
        };
      } finally {
        void agent.close();
      }
    }
  } catch (error) {
    if (controller.signal.aborted && controller.signal.reason instanceof Error)
      throw controller.signal.reason;
    throw error;
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', abortWith);
  }
}

async function readUpTo(
  body: AsyncIterable<Buffer> & { destroy(): void },
  declaredLength: string | string[] | undefined,
  limit: number,
): Promise<Buffer> {
  const declared = Number(declaredLength);
  const tooLarge = () => new RunFailure(`The answer is larger than ${Math.round(limit / 1024)} KiB`);
  if (Number.isFinite(declared) && declared > limit) {
    body.destroy();
    throw tooLarge();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > limit) {
      body.destroy();
      throw tooLarge();
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
