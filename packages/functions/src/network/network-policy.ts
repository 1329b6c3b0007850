import ipaddr from 'ipaddr.js';
import type { NetworkAccess } from '../run-options';

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/** Which outgoing addresses user-defined functions may reach. */
export interface NetworkPolicy {
  allowPrivateNetworks: boolean;
  hostNames: ReadonlySet<string>;
  /** `*.corp.example` entries, kept as '.corp.example'. */
  hostSuffixes: readonly string[];
  ranges: ReadonlyArray<[Address, number]>;
}

/**
 * Ranges that allowPrivateNetworks opens. Link-local (cloud metadata at 169.254.169.254),
 * unspecified, multicast and broadcast stay closed: only an explicit allow-list entry opens them.
 */
const PRIVATE_RANGES = new Set([
  'loopback',
  'private',
  'uniqueLocal',
  'carrierGradeNat',
  'deprecatedSiteLocal',
  'reserved',
  'benchmarking',
]);

/** Reads the operator's settings; throws on an entry that is neither a host name, an address nor a CIDR. */
export function createNetworkPolicy(access: NetworkAccess = {}): NetworkPolicy {
  const hostNames = new Set<string>();
  const hostSuffixes: string[] = [];
  const ranges: Array<[Address, number]> = [];
  for (const raw of access.allowedHosts ?? []) {
    const entry = raw.trim().toLowerCase();
    if (entry === '') continue;
    if (entry.includes('/')) {
      const [address, bits] = parseCidr(entry);
      ranges.push([address, bits]);
    } else if (ipaddr.isValid(stripBrackets(entry))) {
      const address = normalise(ipaddr.parse(stripBrackets(entry)));
      ranges.push([address, address.kind() === 'ipv4' ? 32 : 128]);
    } else if (/^\*\.[a-z0-9.-]+$/.test(entry)) {
      hostSuffixes.push(normaliseHostName(entry.slice(1)));
    } else if (/^[a-z0-9.-]+$/.test(entry)) {
      hostNames.add(normaliseHostName(entry));
    } else {
      throw new Error(`Not a host name, address or CIDR: ${raw}`);
    }
  }
  return { allowPrivateNetworks: access.allowPrivateNetworks === true, hostNames, hostSuffixes, ranges };
}

function parseCidr(entry: string): [Address, number] {
  try {
    const [address, bits] = ipaddr.parseCIDR(entry);
    // 10.0.0.0/8 written as ::ffff:10.0.0.0/104 still means the IPv4 range.
    if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress() && bits >= 96) {
      return [(address as ipaddr.IPv6).toIPv4Address(), bits - 96];
    }
    return [address, bits];
  } catch {
    throw new Error(`Not a host name, address or CIDR: ${entry}`);
  }
}

export function stripBrackets(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}

export function normaliseHostName(host: string): string {
  return stripBrackets(host.trim().toLowerCase()).replace(/\.$/, '');
}

/**
 * An IPv6 address that carries an IPv4 address is judged as that IPv4 address: mapped
 * (::ffff:127.0.0.1), IPv4-compatible (::127.0.0.1, which URL parsers print as ::7f00:1),
 * NAT64 (64:ff9b::/96) and 6to4 (2002:AABB:CCDD::/48). Otherwise ::7f00:1 looks like a public
 * unicast address while the kernel routes it to loopback.
 */
function normalise(address: Address): Address {
  if (address.kind() === 'ipv4') return address;
  const ipv6 = address as ipaddr.IPv6;
  const parts = ipv6.parts;
  const embedded = (high: number, low: number) =>
    ipaddr.fromByteArray([high >> 8, high & 0xff, low >> 8, low & 0xff]) as ipaddr.IPv4;
  if (ipv6.isIPv4MappedAddress()) return ipv6.toIPv4Address();
  const isCompatible = parts.slice(0, 6).every((part) => part === 0) && (parts[6] ?? 0) !== 0;
  const isNat64 = parts[0] === 0x64 && parts[1] === 0xff9b && parts.slice(2, 6).every((part) => part === 0);
  if (isCompatible || isNat64) return embedded(parts[6] ?? 0, parts[7] ?? 0);
  if (parts[0] === 0x2002) return embedded(parts[1] ?? 0, parts[2] ?? 0);
  return address;
}

export function isHostNameAllowListed(policy: NetworkPolicy, hostName: string): boolean {
  const host = normaliseHostName(hostName);
  return policy.hostNames.has(host) || policy.hostSuffixes.some((suffix) => host.endsWith(suffix));
}

export interface AddressVerdict {
  isAllowed: boolean;
  /** ipaddr.js's name of the range: unicast, loopback, private, linkLocal, ... */
  range: string;
}

/** Whether one resolved address may be connected to. */
export function judgeAddress(policy: NetworkPolicy, text: string): AddressVerdict {
  if (!ipaddr.isValid(text)) return { isAllowed: false, range: 'invalid' };
  const address = normalise(ipaddr.parse(text));
  const range = address.range();
  const isListed = policy.ranges.some(
    ([base, bits]) => base.kind() === address.kind() && address.match(base as never, bits),
  );
  if (isListed || range === 'unicast') return { isAllowed: true, range };
  return { isAllowed: policy.allowPrivateNetworks && isOpenedByPrivateNetworks(range), range };
}

/** Whether FUNCTIONS_ALLOW_PRIVATE_NETWORKS opens addresses of this range (ipaddr.js's name). */
export function isOpenedByPrivateNetworks(range: string): boolean {
  return PRIVATE_RANGES.has(range);
}

export function isIpAddress(host: string): boolean {
  return ipaddr.isValid(stripBrackets(host));
}
