import { once } from 'node:events';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PRIVATE_NETWORK_MESSAGE, PROTECTED_ADDRESS_MESSAGE } from '../network/resolve-host';
import { runFunction } from '../run-function';
import type { RunOptions } from '../run-options';
import { failureOf, sqlFunction } from './sql-test-support';
import { startTdsTestServer, type TdsTestServer } from './tds-test-server';

/** The operator's setting that lets functions reach the database on this machine. */
const local: RunOptions = { network: { allowPrivateNetworks: true } };

// No SQL Server runs on our machines: the driver talks TDS to tds-test-server.ts, whose SQL is
// SQLite's. The connection strings are tested in connection-string.test.ts.
describe('SQL functions on SQL Server (TDS test server)', () => {
  let server: TdsTestServer;
  let connectionString: string;

  beforeAll(async () => {
    server = await startTdsTestServer();
    connectionString = server.connectionString();
    server.db.exec(`
      CREATE TABLE people (id int PRIMARY KEY, name text, born date, score real,
        seen datetime2, logged datetime, wakes time, note text);
      INSERT INTO people VALUES
        (1, 'Ada', '1815-12-10', 36.5, '2024-05-01 10:30:00', '2024-05-01 10:30:00.123', '06:15:30.5', NULL),
        (2, 'Grace', '1906-12-09', 41, '2024-05-02 08:00:00.1234567', '2024-05-02 08:00:00', '07:00', 'Navy');
      CREATE TABLE numbers (n int);
      WITH RECURSIVE s(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM s WHERE n < 1500) INSERT INTO numbers SELECT n FROM s;
    `);
  });

  afterAll(async () => {
    await server?.close();
  });

  test('rows are the output; inputs are bound, outputs read the rows', async () => {
    const result = await runFunction(
      sqlFunction(
        connectionString,
        `SELECT id, name, born FROM people WHERE id = {{id}} OR name = '{{name}}' ORDER BY id`,
        [{ name: 'id', defaultValue: '2' }, { name: 'name' }],
        [{ variableName: 'first', propertyPath: '[0].name' }],
      ),
      { name: 'Ada' },
      local,
    );
    expect(result.output).toEqual([
      { id: 1, name: 'Ada', born: '1815-12-10' },
      { id: 2, name: 'Grace', born: '1906-12-09' },
    ]);
    expect(result.outputs).toEqual({ first: 'Ada' });
  });

  test('dates and times read as written, numbers as numbers, NULL as null', async () => {
    const result = await runFunction(
      sqlFunction(connectionString, 'SELECT score, seen, logged, wakes, note FROM people ORDER BY id'),
      {},
      local,
    );
    expect(result.output).toEqual([
      {
        score: 36.5,
        seen: '2024-05-01 10:30:00',
        logged: '2024-05-01 10:30:00.123',
        wakes: '06:15:30.5',
        note: null,
      },
      {
        score: 41,
        seen: '2024-05-02 08:00:00.1234567',
        logged: '2024-05-02 08:00:00',
        wakes: '07:00:00',
        note: 'Navy',
      },
    ]);
  });

  test('bigint is a number while exact, text beyond', async () => {
    const result = await runFunction(
      sqlFunction(connectionString, 'SELECT 3000000000 AS exact, 9007199254740993 AS large, 7 AS small'),
      {},
      local,
    );
    expect(result.output).toEqual([{ exact: 3000000000, large: '9007199254740993', small: 7 }]);
  });

  test('inputs of every kind are bound as parameters of a fitting type', async () => {
    const names = ['small', 'large', 'fraction', 'text', 'missing', 'flag', 'list'];
    const result = await runFunction(
      sqlFunction(
        connectionString,
        `SELECT ${names.map((name) => `{{${name}}} AS ${name}`).join(', ')}`,
        names.map((name) => ({ name })),
      ),
      {
        small: 7,
        large: 3000000000,
        fraction: 2.5,
        text: 'Grüße',
        missing: null,
        flag: true,
        list: [1, 'a'],
      },
      local,
    );
    expect(result.output).toEqual([
      { small: 7, large: 3000000000, fraction: 2.5, text: 'Grüße', missing: null, flag: 1, list: '[1,"a"]' },
    ]);
  });

  test('an input that looks like SQL stays a value', async () => {
    const result = await runFunction(
      sqlFunction(connectionString, 'SELECT count(*) AS n FROM people WHERE name = {{name}}', [
        { name: 'name' },
      ]),
      { name: `x' OR '1'='1` },
      local,
    );
    expect(result.output).toEqual([{ n: 0 }]);
  });

  test('a write answers the rows it changed; quotes in inputs arrive intact', async () => {
    const name = `O'Brien "Bob"; DROP TABLE people; --`;
    const insert = await runFunction(
      sqlFunction(connectionString, 'INSERT INTO people (id, name) VALUES ({{id}}, {{name}})', [
        { name: 'id', defaultValue: '3' },
        { name: 'name' },
      ]),
      { name },
      local,
    );
    expect(insert.output).toEqual({ rowsAffected: 1 });
    expect(server.db.prepare('SELECT name FROM people WHERE id = 3').pluck().get()).toBe(name);
    // A second row of this test's own (the rows the other tests read stay as they are).
    server.db.prepare("INSERT INTO people (id, name) VALUES (4, 'Dora')").run();
    try {
      const update = await runFunction(
        sqlFunction(connectionString, 'UPDATE people SET note = {{note}} WHERE id >= 3', [{ name: 'note' }]),
        { note: 'checked' },
        local,
      );
      expect(update.output).toEqual({ rowsAffected: 2 });
      const remove = await runFunction(
        sqlFunction(connectionString, 'DELETE FROM people WHERE id = 3'),
        {},
        local,
      );
      expect(remove.output).toEqual({ rowsAffected: 1 });
    } finally {
      server.db.prepare('DELETE FROM people WHERE id = 4').run();
    }
  });

  test('more rows than the cap are cut off with a notice, and the server is told to stop', async () => {
    const attentionsBefore = server.counters.attentions;
    const result = await runFunction(
      sqlFunction(connectionString, 'SELECT n FROM numbers WHERE n <= 50 ORDER BY n'),
      {},
      { ...local, maxRows: 10 },
    );
    expect(result.output).toEqual(Array.from({ length: 10 }, (_, index) => ({ n: index + 1 })));
    expect(result.notice).toBe('The command returned more than 10 rows; the output holds the first 10.');
    expect(server.counters.attentions).toBe(attentionsBefore + 1);
    const exact = await runFunction(
      sqlFunction(connectionString, 'SELECT n FROM numbers WHERE n <= 10'),
      {},
      { ...local, maxRows: 10 },
    );
    expect(exact.output).toHaveLength(10);
    expect(exact.notice).toBeUndefined();
    expect(server.counters.attentions).toBe(attentionsBefore + 1);
  });

  test('the default cap is 1000 rows', async () => {
    const result = await runFunction(sqlFunction(connectionString, 'SELECT n FROM numbers'), {}, local);
    expect(result.output).toHaveLength(1000);
    expect(result.notice).toBe('The command returned more than 1000 rows; the output holds the first 1000.');
  });

  test('a slow command ends at the time limit, and its connection with it', async () => {
    const started = Date.now();
    const error = await failureOf(
      runFunction(
        sqlFunction(connectionString, "WAITFOR DELAY '00:00:05'"),
        {},
        { ...local, timeoutMs: 500 },
      ),
    );
    expect(error.message).toBe('The function took longer than 500 ms');
    expect(error.functionType).toBe('sql');
    expect(Date.now() - started).toBeLessThan(2000);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(server.counters.openConnections).toBe(0);
  });

  test('SQL errors say so with the server message', async () => {
    const bad = await failureOf(runFunction(sqlFunction(connectionString, 'SELEC 1'), {}, local));
    expect(bad.message).toBe('The SQL command failed');
    expect(bad.details).toMatch(/syntax error/);
    const missing = await failureOf(
      runFunction(sqlFunction(connectionString, 'SELECT * FROM nowhere'), {}, local),
    );
    expect(missing.message).toBe('The SQL command failed');
    expect(missing.details).toMatch(/no such table: nowhere/);
  });

  test('a wrong password or a missing database is a connection failure', async () => {
    const password = await failureOf(
      runFunction(sqlFunction(server.connectionString({ password: 'wrong' }), 'SELECT 1'), {}, local),
    );
    expect(password.message).toBe('Could not connect to the database');
    expect(password.details).toMatch(/Login failed for user 'sa'/);
    const database = await failureOf(
      runFunction(
        sqlFunction(server.connectionString({ database: 'no_such_database_here' }), 'SELECT 1'),
        {},
        local,
      ),
    );
    expect(database.message).toBe('Could not connect to the database');
    // SQL Server's last word on a missing database (after 4060) is 18456, which tedious reports.
    expect(database.details).toMatch(/Login failed for user 'sa'/);
  });

  test('an empty command is refused', async () => {
    const error = await failureOf(runFunction(sqlFunction(connectionString, '  '), {}, local));
    expect(error.message).toBe('Please provide an SQL command');
  });

  test('each run closes its connection', async () => {
    for (let i = 0; i < 3; i++)
      await runFunction(sqlFunction(connectionString, 'SELECT 1 AS one'), {}, local);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(server.counters.openConnections).toBe(0);
  });

  test('a server offering no encryption gets no login when the connection string asks for it', async () => {
    const loginsBefore = server.counters.logins;
    const encrypted = connectionString.replace('encrypt=false', 'encrypt=true&trustServerCertificate=true');
    const error = await failureOf(runFunction(sqlFunction(encrypted, 'SELECT 1'), {}, local));
    expect(error.message).toBe('Could not connect to the database');
    expect(error.details).toMatch(/does not offer encryption/);
    expect(server.counters.logins).toBe(loginsBefore);
  });

  test('the local database is refused unless the operator allows private networks', async () => {
    const error = await failureOf(runFunction(sqlFunction(connectionString, 'SELECT 1')));
    expect(error.message).toBe(PRIVATE_NETWORK_MESSAGE);
  });
});

describe('SQL Server messages of several packets', () => {
  let server: TdsTestServer;

  beforeAll(async () => {
    server = await startTdsTestServer({ packetSize: 512 });
  });

  afterAll(async () => {
    await server?.close();
  });

  test('a long input and its result cross many small packets both ways', async () => {
    // Over 4000 characters: tedious sends it as NVARCHAR(MAX), in PLP chunks.
    const text = 'Grüße 👋 — '.repeat(600);
    const result = await runFunction(
      sqlFunction(server.connectionString(), 'SELECT {{text}} AS text, length({{text}}) AS n', [
        { name: 'text' },
      ]),
      { text },
      local,
    );
    expect(result.output).toEqual([{ text, n: [...text].length }]);
  });

  test('the row cap stops a long result while it is still being sent', async () => {
    server.db.exec(`
      CREATE TABLE pages (n int, body text);
      WITH RECURSIVE s(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM s WHERE n < 1000)
      INSERT INTO pages SELECT n, printf('%.2000c', 'x') FROM s;
    `);
    const result = await runFunction(
      sqlFunction(server.connectionString(), 'SELECT n, body FROM pages ORDER BY n'),
      {},
      { ...local, maxRows: 10 },
    );
    expect(result.output).toHaveLength(10);
    expect(result.notice).toBe('The command returned more than 10 rows; the output holds the first 10.');
    expect(server.counters.interruptedResponses).toBe(1);
  });
});

describe('SQL Server redirects', () => {
  let target: TdsTestServer;
  let redirecting: TdsTestServer;
  let outward: TdsTestServer;

  beforeAll(async () => {
    target = await startTdsTestServer();
    target.db.exec("CREATE TABLE place (name text); INSERT INTO place VALUES ('target')");
    redirecting = await startTdsTestServer({ routeTo: { host: '127.0.0.1', port: target.port } });
    outward = await startTdsTestServer({ routeTo: { host: '169.254.169.254', port: 1433 } });
  });

  afterAll(async () => {
    await Promise.all([target, redirecting, outward].map((server) => server?.close()));
  });

  test('a redirect is followed to a host the network guard allows', async () => {
    const result = await runFunction(
      sqlFunction(redirecting.connectionString(), 'SELECT name FROM place'),
      {},
      local,
    );
    expect(result.output).toEqual([{ name: 'target' }]);
    // mssql logs in twice per run (a trial connection, then the pool's): each time redirected.
    expect(target.counters.logins).toBeGreaterThan(0);
    expect(target.counters.logins).toBe(redirecting.counters.logins);
  });

  test('a redirect to a host the network guard refuses is refused', async () => {
    const error = await failureOf(
      runFunction(sqlFunction(outward.connectionString(), 'SELECT 1'), {}, local),
    );
    expect(error.message).toBe(PROTECTED_ADDRESS_MESSAGE);
    expect(error.details).toMatch(/169\.254\.169\.254/);
  });
});

describe('SQL Server without a server', () => {
  test('a server on the local network is refused by default', async () => {
    const error = await failureOf(
      runFunction(sqlFunction('Server=127.0.0.1,1433;Database=x;User Id=sa;Password=p', 'SELECT 1')),
    );
    expect(error.message).toBe(PRIVATE_NETWORK_MESSAGE);
    expect(error.functionType).toBe('sql');
  });

  test('a port where no SQL Server listens gives a connection failure', async () => {
    const listener = net.createServer();
    listener.listen(0, '127.0.0.1');
    await once(listener, 'listening');
    const { port } = listener.address() as net.AddressInfo;
    listener.close();
    const error = await failureOf(
      runFunction(
        sqlFunction(`mssql://sa:secret@127.0.0.1:${port}/master?encrypt=false`, 'SELECT 1'),
        {},
        { network: { allowPrivateNetworks: true } },
      ),
    );
    expect(error.message).toBe('Could not connect to the database');
    expect(error.details).toMatch(/ECONNREFUSED|Failed to connect/);
  });
});
