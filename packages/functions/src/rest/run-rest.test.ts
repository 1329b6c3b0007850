import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { functionDefinitionSchema } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { FunctionRunError } from '../function-run-error';
import type { HostResolver } from '../network/resolve-host';
import { runFunction } from '../run-function';
import type { RunOptions } from '../run-options';

/** What the local API saw of a request. */
interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  form?: Record<string, string>;
}

let server: http.Server;
let base: string;
let port: number;

beforeAll(async () => {
  server = http.createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(request.url ?? '/', 'http://local');
    const seen: Seen = {
      method: request.method ?? '',
      url: request.url ?? '',
      headers: request.headers,
      body: body.toString(),
    };
    if (request.headers['content-type']?.startsWith('multipart/form-data')) {
      const form = await new Response(body, {
        headers: { 'content-type': request.headers['content-type'] },
      }).formData();
      seen.form = Object.fromEntries([...form].map(([key, value]) => [key, String(value)]));
    }
    switch (url.pathname) {
      case '/text':
        response.setHeader('content-type', 'text/plain');
        response.end('plain words');
        return;
      case '/missing':
        response.statusCode = 404;
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify({ error: 'no such order' }));
        return;
      case '/slow':
        setTimeout(() => response.end('late'), Number(url.searchParams.get('ms') ?? 3000)).unref();
        return;
      case '/big':
        response.setHeader('content-type', 'text/plain');
        response.end('x'.repeat(Number(url.searchParams.get('bytes'))));
        return;
      case '/big-stream': {
        // No content-length: the cap must hold while reading.
        const piece = 'y'.repeat(64 * 1024);
        for (let sent = 0; sent < Number(url.searchParams.get('bytes')); sent += piece.length) {
          if (!response.write(piece)) await once(response, 'drain');
        }
        response.end();
        return;
      }
      case '/redirect':
        response.statusCode = Number(url.searchParams.get('status') ?? 302);
        response.setHeader('location', url.searchParams.get('to') ?? '/echo');
        response.end();
        return;
      case '/loop':
        response.statusCode = 302;
        response.setHeader('location', '/loop');
        response.end();
        return;
      default:
        response.setHeader('content-type', 'application/json; charset=utf-8');
        response.setHeader('x-served-by', 'local-api');
        response.end(JSON.stringify(seen));
    }
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});

afterAll(() => {
  server.closeAllConnections();
  server.close();
});

/** The operator's setting that lets functions reach this machine's own test server. */
const local: RunOptions = { network: { allowPrivateNetworks: true } };

const rest = (fields: Record<string, unknown>) =>
  functionDefinitionSchema.parse({ type: 'rest', name: 'call api', ...fields });

async function failureOf(promise: Promise<unknown>): Promise<FunctionRunError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(FunctionRunError);
  return error as FunctionRunError;
}

describe('REST functions against a local API', () => {
  test.each(['get', 'post', 'put', 'patch', 'delete'])('%s is sent with its method', async (method) => {
    const result = await runFunction(rest({ url: `${base}/echo`, method, body: 'hello' }), {}, local);
    const data = (result.output as { data: Seen }).data;
    expect(data.method).toBe(method.toUpperCase());
    // The spec offers no body for GET and DELETE, and none is sent.
    expect(data.body).toBe(method === 'get' || method === 'delete' ? '' : 'hello');
  });

  test('status, headers and a JSON body make the output; outputs read property paths', async () => {
    const result = await runFunction(
      rest({
        url: `${base}/echo?city={{city}}`,
        inputs: [{ name: 'city', defaultValue: 'São Paulo & Rio' }],
        outputs: [
          { variableName: 'method', propertyPath: 'data.method' },
          { variableName: 'server', propertyPath: 'headers["x-served-by"]' },
          { variableName: 'status', propertyPath: 'status' },
          { variableName: 'nothing', propertyPath: 'data.none[3]' },
        ],
      }),
      {},
      local,
    );
    expect(result.output).toMatchObject({ status: 200, headers: { 'x-served-by': 'local-api' } });
    expect((result.output as { data: Seen }).data.url).toBe('/echo?city=S%C3%A3o%20Paulo%20%26%20Rio');
    expect(result.outputs).toEqual({ method: 'GET', server: 'local-api', status: 200, nothing: null });
    expect(result.durationMs).toBeGreaterThanOrEqual(0);
  });

  test('headers carry input values; several values of one header are all sent', async () => {
    const result = await runFunction(
      rest({
        url: `${base}/echo`,
        headers: [
          { key: 'Authorization', value: 'Bearer {{token}}' },
          { key: 'X-Tag', value: 'a' },
          { key: 'X-Tag', value: 'b' },
        ],
        inputs: [{ name: 'token', defaultValue: 's3cret' }],
      }),
      {},
      local,
    );
    const headers = (result.output as { data: Seen }).data.headers;
    expect(headers.authorization).toBe('Bearer s3cret');
    expect(headers['x-tag']).toBe('a, b');
  });

  test('a raw JSON body with input values is sent as application/json', async () => {
    const result = await runFunction(
      rest({
        url: `${base}/echo`,
        method: 'post',
        body: '{"order": {{order}}, "note": "{{note}}"}',
        inputs: [
          { name: 'order', defaultValue: '{"id": 7, "items": [1, 2]}' },
          { name: 'note', defaultValue: 'ring twice' },
        ],
      }),
      {},
      local,
    );
    const data = (result.output as { data: Seen }).data;
    expect(data.headers['content-type']).toBe('application/json');
    expect(JSON.parse(data.body)).toEqual({ order: { id: 7, items: [1, 2] }, note: 'ring twice' });
  });

  test('a raw text body is sent as text, unless the author set a content type', async () => {
    const plain = await runFunction(
      rest({ url: `${base}/echo`, method: 'put', body: 'just text' }),
      {},
      local,
    );
    expect((plain.output as { data: Seen }).data.headers['content-type']).toBe('text/plain;charset=utf-8');
    const xml = await runFunction(
      rest({
        url: `${base}/echo`,
        method: 'post',
        body: '<a/>',
        headers: [{ key: 'Content-Type', value: 'application/xml' }],
      }),
      {},
      local,
    );
    expect((xml.output as { data: Seen }).data).toMatchObject({
      body: '<a/>',
      headers: { 'content-type': 'application/xml' },
    });
  });

  test('form-data is sent as multipart with each field', async () => {
    const result = await runFunction(
      rest({
        url: `${base}/echo`,
        method: 'post',
        bodyType: 'form-data',
        // The author's content type would lose the boundary; it is replaced.
        headers: [{ key: 'Content-Type', value: 'multipart/form-data' }],
        formData: [
          { key: 'name', value: '{{name}}' },
          { key: 'comment', value: 'ünïcode & spaces = fine' },
        ],
        inputs: [{ name: 'name', defaultValue: 'Ada' }],
      }),
      {},
      local,
    );
    const data = (result.output as { data: Seen }).data;
    expect(data.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(data.form).toEqual({ name: 'Ada', comment: 'ünïcode & spaces = fine' });
  });

  test('x-www-form-urlencoded is sent encoded', async () => {
    const result = await runFunction(
      rest({
        url: `${base}/echo`,
        method: 'patch',
        bodyType: 'x-www-form-urlencoded',
        formData: [
          { key: 'q', value: 'a&b=c' },
          { key: 'n', value: '{{n}}' },
        ],
        inputs: [{ name: 'n', defaultValue: '5' }],
      }),
      {},
      local,
    );
    const data = (result.output as { data: Seen }).data;
    expect(data.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(data.body).toBe('q=a%26b%3Dc&n=5');
  });

  test('a text response is text; an error status is an output the author sees, marked as a failed call', async () => {
    const text = await runFunction(rest({ url: `${base}/text` }), {}, local);
    expect(text.output).toMatchObject({ status: 200, data: 'plain words' });
    expect(text.failure).toBeUndefined();
    const missing = await runFunction(
      rest({ url: `${base}/missing`, outputs: [{ variableName: 'why', propertyPath: 'data.error' }] }),
      {},
      local,
    );
    expect(missing.output).toMatchObject({ status: 404, data: { error: 'no such order' } });
    expect(missing.outputs).toEqual({ why: 'no such order' });
    expect(missing.failure).toBe('The API answered 404 Not Found');
  });

  test('the base address may come from an input, used as written', async () => {
    const result = await runFunction(
      rest({ url: '{{api}}/echo/{{id}}', inputs: [{ name: 'api' }, { name: 'id' }] }),
      { api: base, id: 'a/b' },
      local,
    );
    expect((result.output as { data: Seen }).data.url).toBe('/echo/a%2Fb');
  });

  test('a slow API ends at the time limit', async () => {
    const started = Date.now();
    const error = await failureOf(
      runFunction(rest({ url: `${base}/slow` }), {}, { ...local, timeoutMs: 300 }),
    );
    expect(error.message).toBe('The function took longer than 300 ms');
    expect(error.functionType).toBe('rest');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  test("the operator's network limit applies, and the time left of a turn caps it", async () => {
    const configured = await failureOf(
      runFunction(rest({ url: `${base}/slow` }), {}, { ...local, networkTimeoutMs: 250 }),
    );
    expect(configured.message).toBe('The function took longer than 250 ms');
    const capped = await failureOf(
      runFunction(rest({ url: `${base}/slow` }), {}, { ...local, networkTimeoutMs: 5000, timeLeftMs: 200 }),
    );
    expect(capped.message).toBe('The function took longer than 200 ms');
  });

  test('the default time limit is 10 seconds', async () => {
    const error = await failureOf(
      runFunction(rest({ url: `${base}/slow?ms=12000` }), {}, { ...local, timeoutMs: undefined }),
    );
    expect(error.message).toBe('The function took longer than 10000 ms');
  }, 15_000);

  test('a response over the size cap is refused, announced or streamed', async () => {
    const announced = await failureOf(
      runFunction(rest({ url: `${base}/big?bytes=${2 * 1024 * 1024}` }), {}, local),
    );
    expect(announced.message).toBe('The response is larger than 1 MiB');
    const streamed = await failureOf(
      runFunction(
        rest({ url: `${base}/big-stream?bytes=${300 * 1024}` }),
        {},
        { ...local, maxResponseBytes: 256 * 1024 },
      ),
    );
    expect(streamed.message).toBe('The response is larger than 256 KiB');
    const fits = await runFunction(
      rest({ url: `${base}/big?bytes=1000` }),
      {},
      { ...local, maxResponseBytes: 1000 },
    );
    expect((fits.output as { data: string }).data).toHaveLength(1000);
  });

  test('redirects are followed; 303 continues as GET without the body', async () => {
    const followed = await runFunction(
      rest({ url: `${base}/redirect?status=307&to=/echo/after`, method: 'post', body: 'kept' }),
      {},
      local,
    );
    expect((followed.output as { data: Seen }).data).toMatchObject({
      method: 'POST',
      url: '/echo/after',
      body: 'kept',
    });
    const seeOther = await runFunction(
      rest({ url: `${base}/redirect?status=303&to=/echo/other`, method: 'post', body: 'dropped' }),
      {},
      local,
    );
    expect((seeOther.output as { data: Seen }).data).toMatchObject({
      method: 'GET',
      url: '/echo/other',
      body: '',
    });
  });

  test('more than 5 redirects end the run', async () => {
    const error = await failureOf(runFunction(rest({ url: `${base}/loop` }), {}, local));
    expect(error.message).toBe('The API redirected more than 5 times');
  });

  test('a closed port is a clear failure', async () => {
    const closed = http.createServer();
    closed.listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const closedPort = (closed.address() as AddressInfo).port;
    closed.close();
    const error = await failureOf(runFunction(rest({ url: `http://127.0.0.1:${closedPort}/` }), {}, local));
    expect(error.message).toBe('The request failed');
    expect(error.details).toMatch(/ECONNREFUSED/);
  });

  test.each([
    ['ftp://example.com/file', 'The API path must start with http:// or https://'],
    ['example.com/path', 'The API path must start with http:// or https://'],
    ['http://exa mple.com/', 'The API path is not a valid URL'],
  ])('%s is refused', async (url, message) => {
    const error = await failureOf(runFunction(rest({ url }), {}, local));
    expect(error.message).toBe(message);
  });

  test('header values cannot smuggle line breaks', async () => {
    const error = await failureOf(
      runFunction(
        rest({ url: `${base}/echo`, headers: [{ key: 'X-A', value: '{{v}}' }], inputs: [{ name: 'v' }] }),
        { v: 'a\r\nInjected: yes' },
        local,
      ),
    );
    expect(error.message).toBe('The value of the header "x-a" contains line breaks or control characters');
  });
});

describe('the SSRF guard on REST functions', () => {
  test.each([
    'http://127.0.0.1/',
    'http://[::1]/',
    'http://169.254.169.254/latest/meta-data/',
    'http://10.0.0.1/',
    'http://0.0.0.0/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::127.0.0.1]/',
    'http://[64:ff9b::127.0.0.1]/',
  ])('%s is refused by default', async (url) => {
    const error = await failureOf(runFunction(rest({ url }), {}));
    expect(error.message).toMatch(/^Requests to private or local network addresses are not allowed\. /);
    expect(error.functionType).toBe('rest');
  });

  test('the local test server itself is refused by default, naming the settings that open it', async () => {
    const error = await failureOf(runFunction(rest({ url: `${base}/echo` }), {}));
    expect(error.message).toBe(
      "Requests to private or local network addresses are not allowed. The server's operator can open them with FUNCTIONS_ALLOW_PRIVATE_NETWORKS=true, or allow this host in FUNCTIONS_ALLOWED_HOSTS.",
    );
    expect(error.details).toBe('127.0.0.1 (loopback)');
  });

  test('cloud metadata is refused naming the allow-list only', async () => {
    const error = await failureOf(runFunction(rest({ url: 'http://169.254.169.254/latest/' }), {}, local));
    expect(error.message).toContain('allow this host in FUNCTIONS_ALLOWED_HOSTS');
    expect(error.message).not.toContain('FUNCTIONS_ALLOW_PRIVATE_NETWORKS=true');
    expect(error.details).toBe('169.254.169.254 (link-local, cloud metadata)');
  });

  test('a name resolving to a private address is refused', async () => {
    const resolveHost: HostResolver = async () => [{ address: '192.168.10.20', family: 4 }];
    const error = await failureOf(runFunction(rest({ url: 'http://intranet.test/' }), {}, { resolveHost }));
    expect(error.details).toBe('intranet.test resolves to 192.168.10.20 (private network)');
  });

  test('an allow-listed name connects to the address checked, resolved once (no rebinding)', async () => {
    let lookups = 0;
    const resolveHost: HostResolver = async (host) => {
      lookups++;
      if (host !== 'api.test') throw new Error('unknown');
      return [{ address: '127.0.0.1', family: 4 }];
    };
    const result = await runFunction(
      rest({ url: `http://api.test:${port}/echo` }),
      {},
      { resolveHost, network: { allowedHosts: ['api.test'] } },
    );
    expect((result.output as { data: Seen }).data.headers.host).toBe(`api.test:${port}`);
    expect(lookups).toBe(1);
  });

  test('a redirect to 127.0.0.1 is refused, even from an allowed host', async () => {
    const resolveHost: HostResolver = async () => [{ address: '127.0.0.1', family: 4 }];
    const options: RunOptions = { resolveHost, network: { allowedHosts: ['api.test'] } };
    const error = await failureOf(
      runFunction(rest({ url: `http://api.test:${port}/redirect?to=${base}/echo` }), {}, options),
    );
    expect(error.message).toMatch(/^Requests to private or local network addresses are not allowed\. /);
    expect(error.details).toBe('127.0.0.1 (loopback)');
  });

  test('a redirect to a name resolving to a private address is refused', async () => {
    const resolveHost: HostResolver = async (host) => [
      { address: host === 'api.test' ? '127.0.0.1' : '10.1.1.1', family: 4 },
    ];
    const error = await failureOf(
      runFunction(
        rest({ url: `http://api.test:${port}/redirect?to=http://evil.test/` }),
        {},
        { resolveHost, network: { allowedHosts: ['api.test'] } },
      ),
    );
    expect(error.details).toBe('evil.test resolves to 10.1.1.1 (private network)');
  });

  test('an allow-listed CIDR opens its addresses', async () => {
    const result = await runFunction(
      rest({ url: `${base}/echo` }),
      {},
      { network: { allowedHosts: ['127.0.0.0/8'] } },
    );
    expect(result.output).toMatchObject({ status: 200 });
  });
});
