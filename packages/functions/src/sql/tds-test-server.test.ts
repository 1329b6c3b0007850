import mssql from 'mssql';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTdsTestServer, type TdsTestServer } from './tds-test-server';

interface TypedPool {
  connect(): Promise<unknown>;
  request(): {
    input(name: string, type: unknown, value: unknown): unknown;
    query(sql: string): Promise<{ recordset: Array<Record<string, unknown>> }>;
  };
  close(): Promise<void>;
}

/** mssql's data types, which the driver's own typings leave out. */
const types = mssql as unknown as Record<string, unknown> & {
  ConnectionPool: new (config: unknown) => TypedPool;
};

// The parameter types the functions' driver never sends (it binds JavaScript values), read by
// the test server and echoed back through SQLite.
describe('TDS test server: parameters of explicit types', () => {
  let server: TdsTestServer;
  let pool: TypedPool;

  beforeAll(async () => {
    server = await startTdsTestServer();
    pool = new types.ConnectionPool({
      server: '127.0.0.1',
      port: server.port,
      user: 'sa',
      password: 'Parley-test-1',
      database: 'parley',
      options: { encrypt: false },
    });
    await pool.connect();
  });

  afterAll(async () => {
    await pool?.close();
    await server?.close();
  });

  const echo = async (type: string, value: unknown) => {
    const request = pool.request();
    request.input('v', types[type], value);
    const { recordset } = await request.query('SELECT @v AS v');
    return recordset[0]?.v;
  };

  const moment = new Date(Date.UTC(2024, 4, 1, 10, 30, 5, 123));

  test.each([
    ['VarChar', 'Grüße', 'Grüße'],
    ['Char', 'abc', 'abc'],
    ['NChar', 'Grüße 👋', 'Grüße 👋'],
    ['TinyInt', 200, 200],
    ['SmallInt', -300, -300],
    ['Int', 70000, 70000],
    ['BigInt', '9007199254740993', '9007199254740993'],
    ['Bit', true, 1],
    ['Float', 2.5, 2.5],
    ['Real', 0.5, 0.5],
    ['Date', moment, '2024-05-01'],
    ['DateTime', moment, '2024-05-01 10:30:05.123'],
    ['SmallDateTime', moment, '2024-05-01 10:30:00'],
    ['DateTime2', moment, '2024-05-01 10:30:05.1230000'],
    ['Time', moment, '10:30:05.1230000'],
    ['VarBinary', Buffer.from([1, 2, 255]), Buffer.from([1, 2, 255])],
  ])('%s', async (type, value, expected) => {
    expect(await echo(type, value)).toEqual(expected);
  });

  test.each(['VarChar', 'Int', 'Bit', 'Float', 'DateTime2', 'VarBinary'])('%s NULL', async (type) => {
    expect(await echo(type, null)).toBeNull();
  });

  test('a type it does not read is refused with an error, not a hang-up', async () => {
    await expect(echo('UniqueIdentifier', '6F9619FF-8B86-D011-B42D-00C04FC964FF')).rejects.toThrow(
      /does not read parameters of type 0x24/,
    );
    expect(await echo('Int', 1)).toBe(1);
  });
});
