import type { LookupAddress, LookupOptions } from 'node:dns';
import { Agent } from 'undici';
import type { ResolvedAddress } from './resolve-host';

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * An undici dispatcher that can only connect to the addresses already checked for this
 * host: the socket's lookup answers from them and never asks DNS again.
 */
export function pinnedAgent(
  hostName: string,
  addresses: readonly ResolvedAddress[],
  connectTimeoutMs: number,
) {
  const lookup = (name: string, options: LookupOptions, callback: LookupCallback) => {
    if (name.toLowerCase().replace(/\.$/, '') !== hostName) {
      const error: NodeJS.ErrnoException = new Error(`Connection to an unchecked host: ${name}`);
      error.code = 'ENOTFOUND';
      callback(error, '');
      return;
    }
    const first = addresses[0];
    if (options.all)
      callback(
        null,
        addresses.map(({ address, family }) => ({ address, family })),
      );
    else if (first) callback(null, first.address, first.family);
  };
  return new Agent({ connect: { lookup, timeout: connectTimeoutMs }, connections: 1, pipelining: 0 });
}
