import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FunctionRunResponse } from '@parley/contracts';
import { processSlots } from '@parley/functions';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { as, expectStatus, selectTenant } from './support/admin-world';
import { buildContentWorld, type ContentWorld, refusal } from './support/bot-content';
import { createBot } from './support/bots';
import { testDatabases } from './support/databases';
import { createFunction, functionPath, functionsPath, listFunctions, runFailure } from './support/functions';
import { ownContentBot } from './support/own-content-bot';
import { startTestServer, type TestServer } from './support/test-server';

const PRIVATE_NETWORK_MESSAGE =
  "Requests to private or local network addresses are not allowed. The server's operator can open them with FUNCTIONS_ALLOW_PRIVATE_NETWORKS=true, or allow this host in FUNCTIONS_ALLOWED_HOSTS.";
const PROTECTED_ADDRESS_MESSAGE =
  "Requests to private or local network addresses are not allowed. The server's operator can allow this host in FUNCTIONS_ALLOWED_HOSTS (FUNCTIONS_ALLOW_PRIVATE_NETWORKS does not open link-local, cloud metadata, multicast or unspecified addresses).";

/** A local API the REST functions call: it echoes what it was sent. */
async function startEchoServer(): Promise<{ url: string; close(): Promise<void> }> {
  const echo = http.createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    response.setHeader('content-type', 'application/json');
    response.end(
      JSON.stringify({
        method: request.method,
        url: request.url,
        token: request.headers['x-token'] ?? null,
        body: Buffer.concat(chunks).toString(),
        weather: { city: new URL(request.url ?? '/', 'http://x').searchParams.get('city'), temp: 21.5 },
      }),
    );
  });
  await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
  const { port } = echo.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => echo.close(() => resolve())),
  };
}

/** A stored code function: 2 + 40 by default. */
const TOTAL = {
  type: 'code',
  name: 'Total',
  code: "console.log('adding', a, b); return { sum: a + b, items: [a, b] };",
  inputs: [
    { name: 'a', defaultValue: '2' },
    { name: 'b', defaultValue: '40' },
  ],
  outputs: [
    { variableName: 'total', propertyPath: 'sum' },
    { variableName: 'second', propertyPath: 'items[1]' },
    { variableName: 'absent', propertyPath: 'nothing.here' },
  ],
};

const run = (w: ContentWorld, bot: string, name: string, body: Record<string, unknown> = {}) =>
  w.admin('POST', `${functionPath(bot, name)}/output`, body);

const ran = async (w: ContentWorld, bot: string, name: string, body: Record<string, unknown> = {}) =>
  expectStatus(await run(w, bot, name, body), 200).json() as FunctionRunResponse;

describe.each(testDatabases())('Run Function on %s', (kind) => {
  let echo: Awaited<ReturnType<typeof startEchoServer>>;
  let sqliteDir: string;
  let guarded: TestServer;
  let open: TestServer;
  let w: ContentWorld;
  let o: ContentWorld;
  const bot = 'Run Bot';

  /**
   * A bot of the test's own in tenant B (Pat its Designer) holding the code function Total,
   * for the tests that run a stored function.
   */
  async function botWithTotal(label: string): Promise<string> {
    const name = await ownContentBot(w, label);
    await createFunction(w.admin, name, TOTAL);
    return name;
  }

  beforeAll(async () => {
    echo = await startEchoServer();
    sqliteDir = mkdtempSync(path.join(tmpdir(), 'parley-functions-sqlite-'));
    const file = new Database(path.join(sqliteDir, 'shop.db'));
    file.exec("CREATE TABLE orders (id INTEGER, status TEXT); INSERT INTO orders VALUES (7, 'shipped');");
    file.close();
    // The default server: the SSRF guard closed. The other: opened by the operator.
    guarded = await startTestServer(kind);
    open = await startTestServer(kind, {
      FUNCTIONS_ALLOW_PRIVATE_NETWORKS: 'true',
      FUNCTIONS_SQLITE_DIR: sqliteDir,
    });
    w = await buildContentWorld(guarded, bot);
    o = await buildContentWorld(open, bot);
  });
  afterAll(async () => {
    await guarded?.close();
    await open?.close();
    await echo?.close();
    rmSync(sqliteDir, { recursive: true, force: true });
  });

  test("one tenant's endless functions do not stop another tenant's: sandbox slots are shared fairly", async () => {
    const master = as(guarded, w.world.master);
    await selectTenant(guarded, w.world.master, w.world.masterTenantId);
    await createBot(master, 'Other Tenant Bot');
    const finished: string[] = [];
    const endless = Array.from({ length: 3 }, (_, i) =>
      run(w, bot, `Loop${i}`, {
        flowFunction: { type: 'code', name: `Loop${i}`, code: 'while (true) {}' },
      }).then((answer) => {
        finished.push(`loop${i}`);
        return answer;
      }),
    );
    // Barrier: every loop holds a slot or waits for one before the other tenant asks.
    await expect.poll(() => processSlots.usage().running + processSlots.usage().waiting).toBe(3);
    const other = await master('POST', `${functionPath('Other Tenant Bot', 'Quick')}/output`, {
      flowFunction: { type: 'code', name: 'Quick', code: 'return 42;' },
    });
    finished.push('quick');
    expect(other.statusCode, other.body).toBe(200);
    expect(other.json().output).toBe(42);
    // It did not wait for tenant B's loops, which run until their time limit.
    expect(finished).toEqual(['quick']);
    for (const answer of await Promise.all(endless)) expect(answer.json().code).toBe('function_error');
  });

  test('a code function: its return value, the outputs read from it and its console lines', async () => {
    const bot = await botWithTotal('Code Bot');
    const result = await ran(w, bot, 'total');
    expect(result).toMatchObject({
      output: { sum: 42, items: [2, 40] },
      outputs: { total: 42, second: 40, absent: null },
      logs: ['log: adding 2 40'],
    });
    const given = await ran(w, bot, 'Total', { inputValues: { a: '1.5', b: 1 } });
    expect(given.outputs.total).toBe(2.5);
  });

  test('the editor’s unsaved function runs as sent; text output comes back as text', async () => {
    const result = await ran(w, bot, 'Not saved yet', {
      flowFunction: {
        type: 'code',
        name: 'Not saved yet',
        code: "return 'Hello ' + who;",
        inputs: [{ name: 'who', defaultValue: 'Ada' }],
      },
    });
    expect(result).toMatchObject({ output: 'Hello Ada', text: 'Hello Ada' });
    expect((await listFunctions(w.admin, bot)).map((f) => f.name)).not.toContain('Not saved yet');
  });

  test('code that loops forever: a clear 422 function_error, and the server stays healthy', async () => {
    const bot = await botWithTotal('Total Bot');
    const started = Date.now();
    const failure = runFailure(
      await run(w, bot, 'Loop', { flowFunction: { type: 'code', name: 'Loop', code: 'while (true) {}' } }),
    );
    expect(failure).toMatchObject({ message: 'The function took longer than 1000 ms', functionType: 'code' });
    expect(Date.now() - started).toBeLessThan(5000);
    expectStatus(await guarded.request({ method: 'GET', url: '/healthz' }), 200);
    expect((await ran(w, bot, 'Total')).outputs.total).toBe(42);
  });

  test('code that allocates without end: a clear 422 function_error, and the server stays healthy', async () => {
    const bot = await botWithTotal('Total Bot');
    const failure = runFailure(
      await run(w, bot, 'Hog', {
        flowFunction: {
          type: 'code',
          name: 'Hog',
          code: 'const all = []; while (true) all.push(new Array(100000).fill(1));',
        },
      }),
    );
    expect(failure).toMatchObject({ message: 'The function used more than 32 MB', functionType: 'code' });
    expect(failure.details).toBe('Look for data that grows without end.');
    expect((await ran(w, bot, 'Total')).output).toEqual({ sum: 42, items: [2, 40] });
    expect(process.memoryUsage().heapUsed).toBeLessThan(1024 * 1024 * 1024);
  });

  test('code that does not compile, or throws: the message, then the details', async () => {
    const syntax = runFailure(
      await run(w, bot, 'Bad', { flowFunction: { type: 'code', name: 'Bad', code: 'return (' } }),
    );
    expect(syntax.functionType).toBe('code');
    expect(syntax.details).not.toBe('');
    const thrown = runFailure(
      await run(w, bot, 'Thrower', {
        flowFunction: { type: 'code', name: 'Thrower', code: "throw new Error('no stock');" },
      }),
    );
    expect(`${thrown.message} ${thrown.details}`).toContain('no stock');
  });

  test('a REST function pointed at 127.0.0.1 is refused by default, naming the settings that open it', async () => {
    await createFunction(w.admin, bot, {
      type: 'rest',
      name: 'Local weather',
      url: `${echo.url}/weather?city={{city}}`,
    });
    const failure = runFailure(await run(w, bot, 'Local weather'));
    expect(failure.message).toBe(PRIVATE_NETWORK_MESSAGE);
    expect(failure.functionType).toBe('rest');
    expect(failure.details).toContain('127.0.0.1');
    const metadata = runFailure(
      await run(w, bot, 'Metadata', {
        flowFunction: { type: 'rest', name: 'Metadata', url: 'http://169.254.169.254/latest/meta-data/' },
      }),
    );
    expect(metadata.message).toBe(PROTECTED_ADDRESS_MESSAGE);
  });

  test('with FUNCTIONS_ALLOW_PRIVATE_NETWORKS=true the REST function reaches the local server', async () => {
    await createFunction(o.admin, bot, {
      type: 'rest',
      name: 'Local weather',
      url: `${echo.url}/weather?city={{city}}`,
      headers: [{ key: 'X-Token', value: 'secret-{{city}}' }],
      inputs: [{ name: 'city', defaultValue: 'Berlin' }],
      outputs: [{ variableName: 'temperature', propertyPath: 'data.weather.temp' }],
    });
    const result = await ran(o, bot, 'Local weather', { inputValues: { city: 'São Paulo' } });
    expect(result.output).toMatchObject({
      status: 200,
      data: { method: 'GET', token: 'secret-São Paulo', weather: { city: 'São Paulo', temp: 21.5 } },
    });
    expect(result.outputs).toEqual({ temperature: 21.5 });
    const posted = await ran(o, bot, 'Poster', {
      flowFunction: {
        type: 'rest',
        name: 'Poster',
        method: 'post',
        url: `${echo.url}/orders`,
        body: '{"id": {{id}}}',
        inputs: [{ name: 'id', defaultValue: '7' }],
      },
    });
    expect(posted.output).toMatchObject({
      status: 200,
      data: { method: 'POST', url: '/orders', body: '{"id": 7}' },
    });
  });

  test('SQL: in-memory SQLite always; SQLite files only inside FUNCTIONS_SQLITE_DIR', async () => {
    const memory = await ran(w, bot, 'Memory', {
      flowFunction: {
        type: 'sql',
        name: 'Memory',
        connectionString: 'sqlite::memory:',
        sqlCommand: 'SELECT {{n}} * 2 AS doubled',
        inputs: [{ name: 'n', defaultValue: '21' }],
      },
    });
    expect(memory.output).toEqual([{ doubled: 42 }]);
    const shop = {
      type: 'sql',
      name: 'Shop orders',
      connectionString: `sqlite://${path.join(sqliteDir, 'shop.db')}`,
      sqlCommand: 'SELECT status FROM orders WHERE id = {{id}}',
      inputs: [{ name: 'id', defaultValue: '7' }],
      outputs: [{ variableName: 'status', propertyPath: '[0].status' }],
    };
    expect(runFailure(await run(w, bot, 'Shop orders', { flowFunction: shop })).functionType).toBe('sql');
    const opened = await ran(o, bot, 'Shop orders', { flowFunction: shop });
    expect(opened).toMatchObject({ output: [{ status: 'shipped' }], outputs: { status: 'shipped' } });
    const outside = runFailure(
      await run(o, bot, 'Outside', {
        flowFunction: { ...shop, name: 'Outside', connectionString: 'sqlite:///etc/passwd' },
      }),
    );
    expect(outside.functionType).toBe('sql');
    expect(`${outside.message} ${outside.details}`).not.toContain('root:');
  });

  test('FUNCTIONS_SQLITE_DIR must name an existing folder, or the server does not start', () => {
    expect(() => loadConfig({ FUNCTIONS_SQLITE_DIR: path.join(sqliteDir, 'missing') })).toThrow(ConfigError);
    expect(() => loadConfig({ FUNCTIONS_SQLITE_DIR: path.join(sqliteDir, 'shop.db') })).toThrow(
      /FUNCTIONS_SQLITE_DIR: must be an existing folder/,
    );
    expect(
      loadConfig({ FUNCTIONS_SQLITE_DIR: sqliteDir, JWT_SECRET: 'x'.repeat(32) }).functions.sqliteDirectory,
    ).toBe(sqliteDir);
  });

  if (kind === 'postgres') {
    test('SQL against the local PostgreSQL (opened to private networks by the operator)', async () => {
      const connectionString = process.env.TEST_DATABASE_URL as string;
      const definition = {
        type: 'sql',
        name: 'Postgres now',
        connectionString,
        sqlCommand: "SELECT {{n}}::int + 1 AS next, 'ok' AS state",
        inputs: [{ name: 'n', defaultValue: '41' }],
        outputs: [{ variableName: 'next', propertyPath: '[0].next' }],
      };
      expect(runFailure(await run(w, bot, 'Postgres now', { flowFunction: definition })).message).toBe(
        PRIVATE_NETWORK_MESSAGE,
      );
      const result = await ran(o, bot, 'Postgres now', { flowFunction: definition });
      expect(result).toMatchObject({ output: [{ next: 42, state: 'ok' }], outputs: { next: 42 } });
      const failed = runFailure(
        await run(o, bot, 'Broken SQL', {
          flowFunction: { ...definition, name: 'Broken SQL', sqlCommand: 'SELEKT 1' },
        }),
      );
      expect(failed.functionType).toBe('sql');
      expect(JSON.stringify(failed)).not.toContain(connectionString);
    });
  }

  test('capture storage and send event answer what they would do on the chat page', async () => {
    const stored = await ran(w, bot, 'Keep', {
      flowFunction: {
        type: 'captureStorage',
        name: 'Keep',
        variables: [{ name: 'lang', storageType: 'cookie', key: 'user-{{lang}}' }],
        inputs: [{ name: 'lang', defaultValue: 'de' }],
      },
    });
    expect(stored.output).toEqual({
      writes: [{ variable: 'lang', storageType: 'cookie', key: 'user-de', value: 'de' }],
    });
    expect(stored.notice).toBeTruthy();
    const event = await ran(w, bot, 'Tell', {
      flowFunction: {
        type: 'sendEvent',
        name: 'Tell',
        event: '{"name":"{{what}}"}',
        inputs: [{ name: 'what', defaultValue: 'paid' }],
      },
    });
    expect(event.output).toEqual({ event: { name: 'paid' } });
  });

  test('sub flows and adaptive cards are not run: a 422 function_error says where they are tried', async () => {
    await createFunction(w.admin, bot, { type: 'flow', name: 'Sub steps' });
    expect(runFailure(await w.admin('POST', `${functionPath(bot, 'Sub steps')}/output`, {}))).toMatchObject({
      functionType: 'flow',
    });
    const card = runFailure(
      await run(w, bot, 'Card', { flowFunction: { type: 'adaptiveCard', name: 'Card', json: '{}' } }),
    );
    expect(card.functionType).toBe('adaptiveCard');
  });

  test('bad input is a 400 and runs nothing; an unknown stored function is 404', async () => {
    const bot = await botWithTotal('Total Bot');
    expect(refusal(await run(w, bot, 'X', { flowFunction: { type: 'rest', name: 'No url' } }))).toEqual([
      'flowFunction.url',
      'Please provide API path',
    ]);
    expect(refusal(await run(w, bot, 'X', { inputValues: { a: { nested: true } } }))[0]).toBe(
      'inputValues.a',
    );
    expect(refusal(await run(w, bot, 'X', { inputValues: 'city=Berlin' }))[0]).toBe('inputValues');
    expect((await run(w, bot, 'Ghost')).statusCode).toBe(404);
    expect((await w.stranger('POST', `${functionPath(bot, 'Total')}/output`, {})).statusCode).toBe(403);
    expect(
      expectStatus(await w.designer('POST', `${functionPath(bot, 'Total')}/output`, {}), 200).json().outputs
        .total,
    ).toBe(42);
    expectStatus(await w.admin('GET', functionsPath(bot)), 200);
  });
});
