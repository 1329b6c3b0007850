import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PRIVATE_NETWORK_MESSAGE } from '../network/resolve-host';
import { runFunction } from '../run-function';
import type { RunOptions } from '../run-options';
import { failureOf, sqlFunction, uniqueTableName } from './sql-test-support';

const url = process.env.TEST_MYSQL_URL;
if (!url) console.info('TEST_MYSQL_URL is not set: the MySQL/MariaDB function tests do not run');

describe.runIf(url)('SQL functions on MySQL/MariaDB', () => {
  const connectionString = url ?? '';
  const table = uniqueTableName();
  /** The operator's setting that lets functions reach the database on this machine. */
  const local: RunOptions = { network: { allowPrivateNetworks: true } };
  let admin: mysql.Connection;

  beforeAll(async () => {
    admin = await mysql.createConnection(connectionString);
    await admin.query(`CREATE TABLE ${table} (id int PRIMARY KEY, name varchar(50), born date)`);
    await admin.query(`INSERT INTO ${table} VALUES (1, 'Ada', '1815-12-10'), (2, 'Grace', '1906-12-09')`);
  });

  afterAll(async () => {
    await admin?.query(`DROP TABLE IF EXISTS ${table}`);
    await admin?.end();
  });

  test('rows are the output; inputs are bound (prepared statement), outputs read the rows', async () => {
    const result = await runFunction(
      sqlFunction(
        connectionString,
        `SELECT id, name, born FROM ${table} WHERE id = {{id}} OR name = '{{name}}' ORDER BY id`,
        [{ name: 'id', defaultValue: '2' }, { name: 'name' }],
        [{ variableName: 'born', propertyPath: '[1].born' }],
      ),
      { name: 'Ada' },
      local,
    );
    expect(result.output).toEqual([
      { id: 1, name: 'Ada', born: '1815-12-10' },
      { id: 2, name: 'Grace', born: '1906-12-09' },
    ]);
    expect(result.outputs).toEqual({ born: '1906-12-09' });
  });

  test('without inputs the command runs as a plain query', async () => {
    const result = await runFunction(
      sqlFunction(connectionString, `SELECT count(*) AS n FROM ${table}`),
      {},
      local,
    );
    expect(result.output).toEqual([{ n: 2 }]);
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

  test('a write answers the rows it changed', async () => {
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
        sqlFunction(connectionString, `UPDATE ${table} SET name = upper(name) WHERE id >= 3`),
        {},
        local,
      );
      expect(update.output).toEqual({ rowsAffected: 2 });
    } finally {
      await admin.query(`DELETE FROM ${table} WHERE id >= 3`);
    }
  });

  test('more rows than the cap are cut off with a notice', async () => {
    const many =
      'SELECT seq FROM (WITH RECURSIVE s(seq) AS (SELECT 1 UNION ALL SELECT seq + 1 FROM s WHERE seq < 50) SELECT seq FROM s) t';
    const result = await runFunction(sqlFunction(connectionString, many), {}, { ...local, maxRows: 10 });
    expect(result.output).toHaveLength(10);
    expect(result.notice).toBe('The command returned more than 10 rows; the output holds the first 10.');
  });

  test('a slow command ends at the time limit', async () => {
    const started = Date.now();
    const error = await failureOf(
      runFunction(sqlFunction(connectionString, 'SELECT SLEEP(5)'), {}, { ...local, timeoutMs: 500 }),
    );
    expect(error.message).toBe('The function took longer than 500 ms');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  test('SQL errors, several statements and connection errors say which', async () => {
    const bad = await failureOf(runFunction(sqlFunction(connectionString, 'SELEC 1'), {}, local));
    expect(bad.message).toBe('The SQL command failed');
    expect(bad.details).toMatch(/syntax/i);
    const two = await failureOf(runFunction(sqlFunction(connectionString, 'SELECT 1; SELECT 2'), {}, local));
    expect(two.message).toBe('The SQL command failed');
    const missing = new URL(connectionString);
    missing.pathname = '/no_such_database_here';
    const connect = await failureOf(runFunction(sqlFunction(missing.href, 'SELECT 1'), {}, local));
    expect(connect.message).toBe('Could not connect to the database');
    expect(connect.details).toMatch(/no_such_database_here/);
  });

  test('mariadb:// addresses reach the same server', async () => {
    const result = await runFunction(
      sqlFunction(connectionString.replace(/^mysql:/, 'mariadb:'), 'SELECT 1 AS one'),
      {},
      local,
    );
    expect(result.output).toEqual([{ one: 1 }]);
  });

  test('the local database is refused unless the operator allows private networks', async () => {
    const error = await failureOf(runFunction(sqlFunction(connectionString, 'SELECT 1')));
    expect(error.message).toBe(PRIVATE_NETWORK_MESSAGE);
  });
});
