import { lookup } from 'node:dns/promises';
import { RunFailure } from '../run-failure';
import {
  isHostNameAllowListed,
  isIpAddress,
  isOpenedByPrivateNetworks,
  judgeAddress,
  type NetworkPolicy,
  normaliseHostName,
} from './network-policy';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Host name to every address it has (A and AAAA). */
export type HostResolver = (hostName: string) => Promise<ResolvedAddress[]>;

const REFUSED = 'Requests to private or local network addresses are not allowed.';

/**
 * The refusals name the operator's settings that open them, so a designer knows whom to ask
 * and for what: loopback and private ranges open with either setting, the rest (link-local and
 * cloud metadata, multicast, unspecified) only by naming the host.
 */
export const PRIVATE_NETWORK_MESSAGE = `${REFUSED} The server's operator can open them with FUNCTIONS_ALLOW_PRIVATE_NETWORKS=true, or allow this host in FUNCTIONS_ALLOWED_HOSTS.`;
export const PROTECTED_ADDRESS_MESSAGE = `${REFUSED} The server's operator can allow this host in FUNCTIONS_ALLOWED_HOSTS (FUNCTIONS_ALLOW_PRIVATE_NETWORKS does not open link-local, cloud metadata, multicast or unspecified addresses).`;

/** The system resolver, as a connection would use it (hosts file included). */
export const systemResolver: HostResolver = async (hostName) => {
  const found = await lookup(hostName, { all: true, verbatim: true });
  return found.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
};

/**
 * Resolves a host and checks every address it has: one forbidden address refuses the
 * host, so round-robin DNS cannot slip one past. The caller must connect to the
 * addresses returned, never resolve again (DNS rebinding).
 */
export async function resolveCheckedAddresses(
  host: string,
  policy: NetworkPolicy,
  resolve: HostResolver,
): Promise<ResolvedAddress[]> {
  const hostName = normaliseHostName(host);
  if (hostName === '') throw new RunFailure('The address has no host name');
  const addresses = isIpAddress(hostName)
    ? [{ address: hostName, family: hostName.includes(':') ? 6 : 4 } as ResolvedAddress]
    : await resolveName(hostName, resolve);
  if (isHostNameAllowListed(policy, hostName)) return addresses;
  for (const { address } of addresses) {
    const verdict = judgeAddress(policy, address);
    if (!verdict.isAllowed) {
      const via = address === hostName ? address : `${hostName} resolves to ${address}`;
      const message = isOpenedByPrivateNetworks(verdict.range)
        ? PRIVATE_NETWORK_MESSAGE
        : PROTECTED_ADDRESS_MESSAGE;
      throw new RunFailure(message, `${via} (${describeRange(verdict.range)})`);
    }
  }
  return addresses;
}

async function resolveName(hostName: string, resolve: HostResolver): Promise<ResolvedAddress[]> {
  let addresses: ResolvedAddress[];
  try {
    addresses = await resolve(hostName);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new RunFailure('The host name could not be resolved', `${hostName}${code ? `: ${code}` : ''}`);
  }
  if (addresses.length === 0) throw new RunFailure('The host name could not be resolved', hostName);
  return addresses;
}

const RANGE_NAMES: Record<string, string> = {
  loopback: 'loopback',
  private: 'private network',
  uniqueLocal: 'unique local network',
  linkLocal: 'link-local, cloud metadata',
  carrierGradeNat: 'carrier-grade NAT',
  unspecified: 'unspecified address',
  multicast: 'multicast',
  broadcast: 'broadcast',
};

function describeRange(range: string): string {
  return RANGE_NAMES[range] ?? `${range} range`;
}
