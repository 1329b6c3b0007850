import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runFunction } from '../run-function';
import type { RunOptions } from '../run-options';
import { failureOf, sqlFunction } from './sql-test-support';

describe('SQL functions on SQLite files', () => {
  let folder: string;
  let outside: string;
  let options: RunOptions;

  beforeAll(() => {
    folder = mkdtempSync(path.join(tmpdir(), 'parley-sqlite-'));
    outside = mkdtempSync(path.join(tmpdir(), 'parley-outside-'));
    options = { sqliteDirectory: folder };
    const db = new Database(path.join(folder, 'shop.db'));
    db.exec(
      "CREATE TABLE orders (id INTEGER PRIMARY KEY, item TEXT, paid INTEGER, photo BLOB); INSERT INTO orders VALUES (1, 'tea', 1, x'0102'), (2, 'cake', 0, NULL)",
    );
    db.close();
    new Database(path.join(outside, 'secret.db')).exec('CREATE TABLE s (v TEXT)');
    symlinkSync(path.join(outside, 'secret.db'), path.join(folder, 'link.db'));
    writeFileSync(path.join(folder, 'notes.txt'), 'not a database');
  });

  afterAll(() => {
    rmSync(folder, { recursive: true, force: true });
    rmSync(outside, { recursive: true, force: true });
  });

  test('rows are the output; inputs are bound; booleans become 1 and 0; blobs become base64', async () => {
    const result = await runFunction(
      sqlFunction(
        'sqlite://shop.db',
        "SELECT id, item, photo FROM orders WHERE paid = {{paid}} OR item = '{{item}}'",
        [{ name: 'paid', defaultValue: 'true' }, { name: 'item' }],
      ),
      { item: 'nothing' },
      options,
    );
    expect(result.output).toEqual([{ id: 1, item: 'tea', photo: 'AQI=' }]);
  });

  test('absolute paths inside the folder work too', async () => {
    const result = await runFunction(
      sqlFunction(`sqlite://${path.join(folder, 'shop.db')}`, 'SELECT count(*) AS n FROM orders'),
      {},
      options,
    );
    expect(result.output).toEqual([{ n: 2 }]);
  });

  test('a write opens the file for writing and answers the rows changed', async () => {
    const insert = await runFunction(
      sqlFunction('shop.db', 'INSERT INTO orders (item, paid) VALUES ({{item}}, 0)', [
        { name: 'item', defaultValue: 'pie' },
      ]),
      {},
      options,
    );
    expect(insert.output).toEqual({ rowsAffected: 1 });
    const check = new Database(path.join(folder, 'shop.db'), { readonly: true });
    expect(check.prepare('SELECT item FROM orders WHERE id = 3').get()).toEqual({ item: 'pie' });
    check.close();
  });

  test('more rows than the cap are cut off with a notice', async () => {
    const result = await runFunction(
      sqlFunction(
        'sqlite::memory:',
        'WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 50) SELECT x FROM n',
      ),
      {},
      { maxRows: 10 },
    );
    expect(result.output).toHaveLength(10);
    expect(result.notice).toBe('The command returned more than 10 rows; the output holds the first 10.');
  });

  test('a command that never ends is killed at the time limit, and the next run works', async () => {
    const endless = 'WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n) SELECT count(*) FROM n';
    const started = Date.now();
    const error = await failureOf(
      runFunction(sqlFunction('sqlite::memory:', endless), {}, { timeoutMs: 500 }),
    );
    expect(error.message).toBe('The function took longer than 500 ms');
    expect(Date.now() - started).toBeLessThan(2000);
    const next = await runFunction(sqlFunction('sqlite::memory:', 'SELECT 1 AS one'));
    expect(next.output).toEqual([{ one: 1 }]);
  });

  test('without a folder from the operator, SQLite files are refused', async () => {
    const error = await failureOf(
      runFunction(sqlFunction(`sqlite://${path.join(folder, 'shop.db')}`, 'SELECT 1')),
    );
    expect(error.message).toBe('SQLite files are not enabled on this server');
  });

  test.each([
    ['../escape.db', 'The SQLite file is outside the folder SQLite functions may use'],
    ['link.db', 'The SQLite file is outside the folder SQLite functions may use'],
    ['missing.db', 'The SQLite file does not exist'],
    ['.', 'The SQLite path is not a file'],
  ])('%s is refused: %s', async (file, message) => {
    const error = await failureOf(runFunction(sqlFunction(`sqlite:${file}`, 'SELECT 1'), {}, options));
    expect(error.message).toBe(message);
  });

  test('a path outside the folder is refused alike whether a file is there or not', async () => {
    for (const name of ['secret.db', 'no-such-file.db']) {
      const error = await failureOf(
        runFunction(sqlFunction(`sqlite://${path.join(outside, name)}`, 'SELECT 1'), {}, options),
      );
      expect(error.message).toBe('The SQLite file is outside the folder SQLite functions may use');
      expect(error.details).toBe(path.join(outside, name));
    }
  });

  test.each([
    [`ATTACH DATABASE '${'/etc/passwd'}' AS x`, 'SQLite functions cannot run ATTACH commands'],
    ["VACUUM INTO '/tmp/copy.db'", 'SQLite functions cannot run VACUUM commands'],
    ['PRAGMA writable_schema = 1', 'SQLite functions cannot run PRAGMA commands'],
    ["/* hidden */ -- really\n attach 'x' as y", 'SQLite functions cannot run ATTACH commands'],
  ])('%s is refused', async (sql, message) => {
    const error = await failureOf(runFunction(sqlFunction('shop.db', sql), {}, options));
    expect(error.message).toBe(message);
  });

  test('a second statement cannot ride along', async () => {
    const error = await failureOf(
      runFunction(sqlFunction('shop.db', "SELECT 1; ATTACH 'x' AS y"), {}, options),
    );
    expect(error.message).toBe('The SQL command failed');
    expect(error.details).toMatch(/more than one statement/);
  });

  test('a file that is no database says so', async () => {
    const error = await failureOf(runFunction(sqlFunction('sqlite:notes.txt', 'SELECT 1'), {}, options));
    expect(error.details).toMatch(/not a database/);
  });

  test('extensions cannot be loaded', async () => {
    const error = await failureOf(
      runFunction(sqlFunction('sqlite::memory:', "SELECT load_extension('/tmp/x.so')")),
    );
    expect(error.details).toMatch(/not authorized/);
  });
});
