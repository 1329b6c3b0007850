import { describe, expect, test } from 'vitest';
import { createNetworkPolicy, judgeAddress } from './network-policy';
import { PRIVATE_NETWORK_MESSAGE, PROTECTED_ADDRESS_MESSAGE, resolveCheckedAddresses } from './resolve-host';

const closed = createNetworkPolicy();
const privateOpen = createNetworkPolicy({ allowPrivateNetworks: true });

describe('addresses user-defined functions may reach by default', () => {
  test.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['::1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['fd12:3456::1', 'uniqueLocal'],
    ['169.254.169.254', 'linkLocal'],
    ['fe80::1', 'linkLocal'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['ff02::1', 'multicast'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:169.254.169.254', 'linkLocal'],
    ['255.255.255.255', 'broadcast'],
    // IPv6 addresses that carry an IPv4 address are judged as that address.
    ['::127.0.0.1', 'loopback'],
    ['::7f00:1', 'loopback'],
    ['::a00:1', 'private'],
    ['::a9fe:a9fe', 'linkLocal'],
    ['64:ff9b::7f00:1', 'loopback'],
    ['64:ff9b::a9fe:a9fe', 'linkLocal'],
    ['2002:7f00:1::', 'loopback'],
    ['2002:a00:1:5::1', 'private'],
    ['2001:0:4136:e378:8000:63bf:80ff:fffe', 'teredo'],
    ['192.0.2.1', 'reserved'],
  ])('%s (%s) is refused', (address, range) => {
    expect(judgeAddress(closed, address)).toEqual({ isAllowed: false, range });
  });

  test.each([
    '93.184.215.14',
    '8.8.8.8',
    '2606:4700:4700::1111',
    '172.32.0.1',
    '100.128.0.1',
    '64:ff9b::808:808',
  ])('%s (public) is allowed', (address) => {
    expect(judgeAddress(closed, address)).toEqual({ isAllowed: true, range: 'unicast' });
  });
});

describe('what the operator can open', () => {
  test('allowPrivateNetworks opens loopback, private, ULA and CGNAT addresses', () => {
    for (const address of ['127.0.0.1', '::1', '10.0.0.1', '192.168.0.10', 'fd00::1', '100.64.1.1']) {
      expect(judgeAddress(privateOpen, address).isAllowed, address).toBe(true);
    }
  });

  test('link-local (cloud metadata), unspecified and multicast stay closed even then', () => {
    for (const address of ['169.254.169.254', 'fe80::1', '0.0.0.0', '224.0.0.1']) {
      expect(judgeAddress(privateOpen, address).isAllowed, address).toBe(false);
    }
  });

  test('an allow-list of CIDRs and addresses opens exactly those', () => {
    const policy = createNetworkPolicy({ allowedHosts: ['10.20.0.0/16', '169.254.169.254', 'fd00::/8'] });
    expect(judgeAddress(policy, '10.20.5.5').isAllowed).toBe(true);
    expect(judgeAddress(policy, '::ffff:10.20.5.5').isAllowed).toBe(true);
    expect(judgeAddress(policy, '10.21.0.1').isAllowed).toBe(false);
    expect(judgeAddress(policy, '169.254.169.254').isAllowed).toBe(true);
    expect(judgeAddress(policy, 'fd12::1').isAllowed).toBe(true);
    expect(judgeAddress(policy, '127.0.0.1').isAllowed).toBe(false);
  });

  test('entries that are neither host names, addresses nor CIDRs are refused at start', () => {
    expect(() => createNetworkPolicy({ allowedHosts: ['10.0.0.0/40'] })).toThrow(/10.0.0.0\/40/);
    expect(() => createNetworkPolicy({ allowedHosts: ['http://x'] })).toThrow(/host name/);
  });
});

describe('host names are resolved and every address is checked', () => {
  const resolver = (table: Record<string, string[]>) => async (host: string) => {
    const addresses = table[host];
    if (!addresses) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }) as const);
  };
  const dns = resolver({
    'public.test': ['93.184.215.14'],
    'internal.test': ['10.0.0.7'],
    'mixed.test': ['93.184.215.14', '127.0.0.1'],
    'metadata.test': ['169.254.169.254'],
    'v6local.test': ['::1'],
  });

  test('a name resolving to a public address passes, with its addresses', async () => {
    await expect(resolveCheckedAddresses('public.test', closed, dns)).resolves.toEqual([
      { address: '93.184.215.14', family: 4 },
    ]);
  });

  test.each([
    ['internal.test', 'internal.test resolves to 10.0.0.7 (private network)', PRIVATE_NETWORK_MESSAGE],
    ['mixed.test', 'mixed.test resolves to 127.0.0.1 (loopback)', PRIVATE_NETWORK_MESSAGE],
    [
      'metadata.test',
      'metadata.test resolves to 169.254.169.254 (link-local, cloud metadata)',
      PROTECTED_ADDRESS_MESSAGE,
    ],
    ['v6local.test', 'v6local.test resolves to ::1 (loopback)', PRIVATE_NETWORK_MESSAGE],
    ['127.0.0.1', '127.0.0.1 (loopback)', PRIVATE_NETWORK_MESSAGE],
    ['[::1]', '::1 (loopback)', PRIVATE_NETWORK_MESSAGE],
    ['[::ffff:7f00:1]', '::ffff:7f00:1 (loopback)', PRIVATE_NETWORK_MESSAGE],
  ])('%s is refused', async (host, details, message) => {
    await expect(resolveCheckedAddresses(host, closed, dns)).rejects.toMatchObject({ message, details });
  });

  test('the refusal names the settings that open it', () => {
    expect(PRIVATE_NETWORK_MESSAGE).toBe(
      "Requests to private or local network addresses are not allowed. The server's operator can open them with FUNCTIONS_ALLOW_PRIVATE_NETWORKS=true, or allow this host in FUNCTIONS_ALLOWED_HOSTS.",
    );
    // Only the allow-list opens link-local (cloud metadata): the message does not promise otherwise.
    expect(PROTECTED_ADDRESS_MESSAGE).toContain('allow this host in FUNCTIONS_ALLOWED_HOSTS');
    expect(PROTECTED_ADDRESS_MESSAGE).toContain('FUNCTIONS_ALLOW_PRIVATE_NETWORKS does not open link-local');
  });

  test('an allow-listed host name passes whatever it resolves to; wildcards match subdomains', async () => {
    const policy = createNetworkPolicy({ allowedHosts: ['internal.test', '*.corp.test'] });
    const corp = resolver({ 'db.corp.test': ['10.9.9.9'], 'internal.test': ['10.0.0.7'] });
    await expect(resolveCheckedAddresses('INTERNAL.test.', policy, corp)).resolves.toHaveLength(1);
    await expect(resolveCheckedAddresses('db.corp.test', policy, corp)).resolves.toHaveLength(1);
    await expect(resolveCheckedAddresses('mixed.test', policy, dns)).rejects.toThrow(PRIVATE_NETWORK_MESSAGE);
  });

  test('an unknown name says so', async () => {
    await expect(resolveCheckedAddresses('nowhere.test', closed, dns)).rejects.toMatchObject({
      message: 'The host name could not be resolved',
      details: 'nowhere.test: ENOTFOUND',
    });
  });
});
