import { once } from 'node:events';
import net, { type AddressInfo } from 'node:net';
import { type FunctionDefinition, functionDefinitionSchema } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { checkFunctionHost, type HostCheckOptions } from './host-check';
import { type HostResolver, PRIVATE_NETWORK_MESSAGE } from './resolve-host';

const rest = (url: string, inputs: Array<{ name: string; defaultValue: string }> = []): FunctionDefinition =>
  functionDefinitionSchema.parse({ type: 'rest', name: 'Order lookup', method: 'get', url, inputs });
const sql = (connectionString: string): FunctionDefinition =>
  functionDefinitionSchema.parse({
    type: 'sql',
    name: 'Orders table',
    connectionString,
    sqlCommand: 'select 1',
  });

/** A resolver that knows a few names, as a test network's DNS would. */
const dns: HostResolver = async (name) => {
  if (name === 'shop.test') return [{ address: '127.0.0.1', family: 4 }];
  if (name === 'silent.test') return new Promise(() => {});
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
};
const open: HostCheckOptions = { network: { allowPrivateNetworks: true }, resolveHost: dns, timeoutMs: 500 };

let listener: net.Server;
let listening: number;
let closedPort: number;

beforeAll(async () => {
  listener = net.createServer((socket) => socket.end()).listen(0, '127.0.0.1');
  await once(listener, 'listening');
  listening = (listener.address() as AddressInfo).port;
  // A port that was just free: nothing listens there.
  const probe = net.createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  closedPort = (probe.address() as AddressInfo).port;
  await new Promise((done) => probe.close(done));
});
afterAll(() => new Promise((done) => listener.close(done)));

describe('a function’s host is checked before a chat calls it', () => {
  test('a host that answers passes, REST (its inputs at their defaults) and SQL alike', async () => {
    const url = 'http://{{host}}:{{port}}/api/orders/{{orderNumber}}';
    const inputs = [
      { name: 'host', defaultValue: 'shop.test' },
      { name: 'port', defaultValue: String(listening) },
      { name: 'orderNumber', defaultValue: 'ORD-1' },
    ];
    expect(await checkFunctionHost(rest(url, inputs), open)).toBeUndefined();
    expect(await checkFunctionHost(sql(`postgres://u:p@shop.test:${listening}/shop`), open)).toBeUndefined();
  });

  test('a name that does not resolve, or not in time', async () => {
    expect(await checkFunctionHost(rest('https://shop.example.com/api/orders'), open)).toEqual({
      host: 'shop.example.com',
      message: 'The host name could not be resolved',
      details: 'shop.example.com: ENOTFOUND',
    });
    expect(await checkFunctionHost(rest('https://silent.test/'), open)).toEqual({
      host: 'silent.test',
      message: 'The host name could not be resolved',
      details: 'silent.test: no answer within 500 ms',
    });
  });

  test('a port nobody listens on refuses, for REST and SQL', async () => {
    const refused = {
      host: 'shop.test',
      message: 'The host refused the connection',
      details: `shop.test:${closedPort} (127.0.0.1)`,
    };
    expect(await checkFunctionHost(rest(`http://shop.test:${closedPort}/`), open)).toEqual(refused);
    expect(await checkFunctionHost(sql(`mysql://u:p@shop.test:${closedPort}/shop`), open)).toEqual(refused);
  });

  test('the operator’s network rules apply as in a run: a local address is refused by default', async () => {
    const problem = await checkFunctionHost(rest(`http://127.0.0.1:${listening}/`), { resolveHost: dns });
    expect(problem).toEqual({
      host: '127.0.0.1',
      message: PRIVATE_NETWORK_MESSAGE,
      details: '127.0.0.1 (loopback)',
    });
  });

  test('an address that cannot be read is the problem; the connection string is never repeated', async () => {
    expect(await checkFunctionHost(rest('ftp://shop.test/orders'), open)).toMatchObject({
      host: '',
      message: 'The API path must start with http:// or https://',
    });
    const problem = await checkFunctionHost(sql('oracle://u:secret@db.test/x'), open);
    expect(problem).toMatchObject({ host: '', message: 'The connection string is not supported' });
    expect(JSON.stringify(problem)).not.toContain('secret');
  });

  test('functions that connect to no host are not checked', async () => {
    const code = functionDefinitionSchema.parse({ type: 'code', name: 'Sample', code: 'return 1;' });
    expect(await checkFunctionHost(code, open)).toBeUndefined();
    expect(await checkFunctionHost(sql('sqlite::memory:'), open)).toBeUndefined();
  });
});
