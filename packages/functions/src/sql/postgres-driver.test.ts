import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PRIVATE_NETWORK_MESSAGE } from '../network/resolve-host';
import { runFunction } from '../run-function';
import type { RunOptions } from '../run-options';
import { failureOf, sqlFunction, uniqueTableName } from './sql-test-support';

const url = process.env.TEST_DATABASE_URL;
if (!url) console.info('TEST_DATABASE_URL is not set: the PostgreSQL function tests do not run');

describe.runIf(url)('SQL functions on PostgreSQL', () => {
  const connectionString = url ?? '';
  const table = uniqueTableName();
  /** The operator's setting that lets functions reach the database on this machine. */
  const local: RunOptions = { network: { allowPrivateNetworks: true } };
  let admin: pg.Client;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString });
    await admin.connect();
    await admin.query(`CREATE TABLE ${table} (id int PRIMARY KEY, name text, born date)`);
    await admin.query(`INSERT INTO ${table} VALUES (1, 'Ada', '1815-12-10'), (2, 'Grace', '1906-12-09')`);
  });

  afterAll(async () => {
    await admin?.query(`DROP TABLE IF EXISTS ${table}`);
    await admin?.end();
  });

  test('rows are the output; inputs are bound, outputs read the rows', async () => {
    const result = await runFunction(
      sqlFunction(
        connectionString,
        `SELECT id, name, born FROM ${table} WHERE id = {{id}} OR name = '{{name}}' ORDER BY id`,
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

  test('an input that looks like SQL stays a value', async () => {
    const result = await runFunction(
      sqlFunction(connectionString, `SELECT count(*) AS n FROM ${table} WHERE name = {{name}}`, [
        { name: 'name' },
      ]),
      { name: `x' OR '1'='1` },
      local,
    );
    expect(result.output).toEqual([{ n: 0 }]);
  });

  test('a write answers the rows it changed; RETURNING answers rows', async () => {
    const insert = await runFunction(
      sqlFunction(connectionString, `INSERT INTO ${table} (id, name) VALUES ({{id}}, {{name}})`, [
        { name: 'id', defaultValue: '3' },
        { name: 'name', defaultValue: 'Linus' },
      ]),
      {},
      local,
    );
    expect(insert.output).toEqual({ rowsAffected: 1 });
    // A second row of this test's own: the rows the other tests read stay as they are.
    await admin.query(`INSERT INTO ${table} (id, name) VALUES (4, 'Margaret')`);
    try {
      const update = await runFunction(
        sqlFunction(
          connectionString,
          `UPDATE ${table} SET name = upper(name) WHERE id >= 3 RETURNING id, name`,
        ),
        {},
        local,
      );
      expect(update.output).toEqual([
        { id: 3, name: 'LINUS' },
        { id: 4, name: 'MARGARET' },
      ]);
    } finally {
      await admin.query(`DELETE FROM ${table} WHERE id >= 3`);
    }
  });

  test('more rows than the cap are cut off with a notice', async () => {
    const result = await runFunction(
      sqlFunction(connectionString, 'SELECT n FROM generate_series(1, 50) AS n'),
      {},
      { ...local, maxRows: 10 },
    );
    expect(result.output).toHaveLength(10);
    expect(result.notice).toBe('The command returned more than 10 rows; the output holds the first 10.');
    const exact = await runFunction(
      sqlFunction(connectionString, 'SELECT n FROM generate_series(1, 10) AS n'),
      {},
      {
        ...local,
        maxRows: 10,
      },
    );
    expect(exact.output).toHaveLength(10);
    expect(exact.notice).toBeUndefined();
  });

  test('bigint is a number while exact, text beyond', async () => {
    const result = await runFunction(
      sqlFunction(connectionString, 'SELECT 42::bigint AS small, 9007199254740993::bigint AS large'),
      {},
      local,
    );
    expect(result.output).toEqual([{ small: 42, large: '9007199254740993' }]);
  });

  test('the default cap is 1000 rows', async () => {
    const result = await runFunction(
      sqlFunction(connectionString, 'SELECT n FROM generate_series(1, 5000) AS n'),
      {},
      local,
    );
    expect(result.output).toHaveLength(1000);
  });

  test('a slow command ends at the time limit, on the server too', async () => {
    const error = await failureOf(
      runFunction(sqlFunction(connectionString, 'SELECT pg_sleep(5)'), {}, { ...local, timeoutMs: 500 }),
    );
    expect(error.message).toBe('The function took longer than 500 ms');
    expect(error.functionType).toBe('sql');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const sleeping = await admin.query(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE query = 'SELECT pg_sleep(5)' AND state = 'active'",
    );
    expect(sleeping.rows[0].n).toBe(0);
  });

  test('SQL errors and connection errors say which', async () => {
    const bad = await failureOf(runFunction(sqlFunction(connectionString, 'SELEC 1'), {}, local));
    expect(bad.message).toBe('The SQL command failed');
    expect(bad.details).toMatch(/syntax error/);
    const twoStatements = await failureOf(
      runFunction(sqlFunction(connectionString, 'SELECT 1; SELECT 2'), {}, local),
    );
    expect(twoStatements.message).toBe('The SQL command failed');
    const missing = new URL(connectionString);
    missing.pathname = '/no_such_database_here';
    const connect = await failureOf(runFunction(sqlFunction(missing.href, 'SELECT 1'), {}, local));
    expect(connect.message).toBe('Could not connect to the database');
    expect(connect.details).toMatch(/no_such_database_here/);
  });

  test('an empty command is refused', async () => {
    const error = await failureOf(runFunction(sqlFunction(connectionString, '  '), {}, local));
    expect(error.message).toBe('Please provide an SQL command');
  });

  test('the local database is refused unless the operator allows private networks', async () => {
    const error = await failureOf(runFunction(sqlFunction(connectionString, 'SELECT 1')));
    expect(error.message).toBe(PRIVATE_NETWORK_MESSAGE);
  });

  test('each run closes its connection', async () => {
    for (let i = 0; i < 3; i++)
      await runFunction(sqlFunction(connectionString, 'SELECT 1 AS one'), {}, local);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const open = await admin.query(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'parley-function' AND pid <> pg_backend_pid()",
    );
    expect(open.rows[0].n).toBe(0);
  });
});
