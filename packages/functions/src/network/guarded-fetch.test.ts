import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { guardedFetch, NetworkRefusal } from './guarded-fetch';
import type { HostResolver } from './resolve-host';

let server: Server;
let port: number;
const seen: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(req.url ?? '');
    if (req.url === '/moved') {
      res.writeHead(302, { location: `http://127.0.0.1:${port}/elsewhere` });
      res.end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"ok":true}');
  }).listen(0, '127.0.0.1');
  await once(server, 'listening');
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((done) => server.close(done)));

/** What failed, the guard's refusal found through the fetch's causes. */
async function refusalOf(promise: Promise<unknown>): Promise<NetworkRefusal | undefined> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  for (let current = error; current; current = (current as { cause?: unknown }).cause) {
    if (current instanceof NetworkRefusal) return current;
  }
  return undefined;
}

describe('guardedFetch: a user’s address under the functions’ network rules', () => {
  test('a loopback address is refused before anything is sent; opened, it is reached', async () => {
    seen.length = 0;
    const refusal = await refusalOf(guardedFetch({})(`http://127.0.0.1:${port}/v1/models`));
    expect(refusal?.message).toMatch(
      /^Requests to private or local network addresses are not allowed\..*FUNCTIONS_ALLOW_PRIVATE_NETWORKS/,
    );
    expect(refusal?.details).toBe('127.0.0.1 (loopback)');
    expect(seen).toEqual([]);

    const response = await guardedFetch({ allowPrivateNetworks: true })(`http://127.0.0.1:${port}/v1/models`);
    expect(await response.json()).toEqual({ ok: true });
    expect(seen).toEqual(['/v1/models']);
  });

  test('a name resolving to loopback is refused; one named in the allowed hosts is reached', async () => {
    seen.length = 0;
    const dns: HostResolver = async () => [{ address: '127.0.0.1', family: 4 }];
    expect((await refusalOf(guardedFetch({}, dns)(`http://llm.test:${port}/v1`)))?.details).toBe(
      'llm.test resolves to 127.0.0.1 (loopback)',
    );
    expect(seen).toEqual([]);
    const response = await guardedFetch({ allowedHosts: ['llm.test'] }, dns)(`http://llm.test:${port}/v1`);
    expect(response.status).toBe(200);
  });

  test('a name that answers a public address first and loopback on connecting (DNS rebinding) is refused', async () => {
    seen.length = 0;
    let asked = 0;
    const rebinding: HostResolver = async () =>
      asked++ === 0 ? [{ address: '93.184.215.14', family: 4 }] : [{ address: '127.0.0.1', family: 4 }];
    const refusal = await refusalOf(guardedFetch({}, rebinding)(`http://rebind.test:${port}/v1`));
    expect(refusal?.details).toBe('rebind.test resolves to 127.0.0.1 (loopback)');
    expect(asked).toBe(2);
    expect(seen).toEqual([]);
  });

  test('cloud metadata stays closed even with private networks open; other schemes and redirects are refused', async () => {
    const metadata = await refusalOf(
      guardedFetch({ allowPrivateNetworks: true })('http://169.254.169.254/latest/meta-data/'),
    );
    expect(metadata?.details).toBe('169.254.169.254 (link-local, cloud metadata)');
    expect(
      (await refusalOf(guardedFetch({ allowPrivateNetworks: true })('file:///etc/passwd')))?.message,
    ).toBe('Only http and https addresses can be reached');
    seen.length = 0;
    await expect(
      guardedFetch({ allowPrivateNetworks: true })(`http://127.0.0.1:${port}/moved`),
    ).rejects.toThrow();
    expect(seen).toEqual(['/moved']);
  });
});
