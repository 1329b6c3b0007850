import type { LookupAddress, LookupOptions } from 'node:dns';
import { Agent, fetch as undiciFetch } from 'undici';
import { RunFailure } from '../run-failure';
import type { NetworkAccess } from '../run-options';
import { createNetworkPolicy } from './network-policy';
import { type HostResolver, resolveCheckedAddresses, systemResolver } from './resolve-host';

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** A refusal of the guard: the address is not one users may reach (the message names the settings that open it). */
export class NetworkRefusal extends Error {
  constructor(
    message: string,
    readonly details: string,
  ) {
    super(message);
    this.name = 'NetworkRefusal';
  }
}

/**
 * A fetch for addresses users typed (an LLM provider's base URL) under the functions' network
 * rules: the host is checked before the request, and every connection's own DNS answer is checked
 * again as the socket opens (DNS rebinding), so no request reaches an address the rules close.
 * Redirects are refused: a provider's API does not redirect, and a redirect could point anywhere.
 */
export function guardedFetch(
  access: NetworkAccess,
  resolveHost: HostResolver = systemResolver,
): typeof globalThis.fetch {
  const policy = createNetworkPolicy(access);
  const check = async (host: string) => {
    try {
      return await resolveCheckedAddresses(host, policy, resolveHost);
    } catch (error) {
      if (error instanceof RunFailure) throw new NetworkRefusal(error.message, error.details);
      throw error;
    }
  };
  const lookup = (name: string, options: LookupOptions, callback: LookupCallback) => {
    check(name).then(
      (addresses) => {
        const first = addresses[0];
        if (options.all)
          callback(
            null,
            addresses.map(({ address, family }) => ({ address, family })),
          );
        else if (first) callback(null, first.address, first.family);
      },
      (error: Error) => callback(Object.assign(error, { code: 'ENOTFOUND' }), ''),
    );
  };
  const agent = new Agent({ connect: { lookup } });
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : input);
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new NetworkRefusal('Only http and https addresses can be reached', url.protocol);
    // An address literal opens no DNS lookup: it is judged here.
    await check(url.hostname);
    return undiciFetch(url, { ...(init as object), redirect: 'error', dispatcher: agent } as Parameters<
      typeof undiciFetch
    >[1]);
  }) as typeof globalThis.fetch;
}
