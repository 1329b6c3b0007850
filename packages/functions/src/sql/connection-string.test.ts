import { describe, expect, test } from 'vitest';
import { RunFailure } from '../run-failure';
import { parseConnectionString } from './connection-string';

describe('connection strings', () => {
  test.each([
    [
      'postgres://app:p%40ss@db.example.com:6543/shop?sslmode=require',
      {
        kind: 'postgres',
        host: 'db.example.com',
        port: 6543,
        user: 'app',
        password: 'p@ss',
        database: 'shop',
        tls: 'encrypt',
      },
    ],
    [
      'postgresql://db.example.com/shop?sslmode=verify-full',
      {
        kind: 'postgres',
        host: 'db.example.com',
        port: 5432,
        user: 'postgres',
        password: '',
        database: 'shop',
        tls: 'verify',
      },
    ],
    [
      'mysql://root:secret@10.0.0.5/test',
      {
        kind: 'mysql',
        host: '10.0.0.5',
        port: 3306,
        user: 'root',
        password: 'secret',
        database: 'test',
        tls: 'off',
      },
    ],
    [
      'mariadb://shop@maria.example.com:3307/orders?ssl=true',
      {
        kind: 'mysql',
        host: 'maria.example.com',
        port: 3307,
        user: 'shop',
        database: 'orders',
        tls: 'verify',
      },
    ],
  ])('%s', (text, expected) => {
    expect(parseConnectionString(text)).toMatchObject(expected);
  });

  describe('SQL Server', () => {
    test.each([
      [
        'mssql://sa:Str0ng!@sql.example.com:1444/sales?encrypt=true&trustServerCertificate=true',
        {
          host: 'sql.example.com',
          port: 1444,
          user: 'sa',
          password: 'Str0ng!',
          database: 'sales',
          tls: 'encrypt',
        },
      ],
      [
        'sqlserver://sql.example.com:1433;databaseName=sales;user=app;password=a;b=c;encrypt=false',
        { host: 'sql.example.com', port: 1433, user: 'app', password: 'a', database: 'sales', tls: 'off' },
      ],
      [
        'Server=tcp:sql.example.com,1435;Database=sales;User Id=app;Password="p;w""d";Encrypt=True;TrustServerCertificate=False',
        {
          host: 'sql.example.com',
          port: 1435,
          user: 'app',
          password: 'p;w"d',
          database: 'sales',
          tls: 'verify',
        },
      ],
      [
        'Data Source=sql.example.com\\SQLEXPRESS;Initial Catalog=crm;UID=u;PWD={a}}b};',
        {
          host: 'sql.example.com',
          instanceName: 'SQLEXPRESS',
          user: 'u',
          password: 'a}b',
          database: 'crm',
          tls: 'verify',
        },
      ],
      ['Server=.;Database=x;User Id=u;Password=p', { host: 'localhost', port: 1433, database: 'x' }],
      ['server=(local);database=x', { host: 'localhost' }],
    ])('%s', (text, expected) => {
      expect(parseConnectionString(text)).toMatchObject({ kind: 'mssql', ...expected });
    });
  });

  test.each([
    ['sqlite:///var/data/shop.db', '/var/data/shop.db'],
    ['sqlite://shop.db', 'shop.db'],
    ['sqlite:shop.db', 'shop.db'],
    ['file:///var/data/shop.db', '/var/data/shop.db'],
    ['/var/data/shop.sqlite', '/var/data/shop.sqlite'],
    ['orders.db', 'orders.db'],
    ['sqlite::memory:', ':memory:'],
  ])('%s is the SQLite file %s', (text, path) => {
    expect(parseConnectionString(text)).toEqual({ kind: 'sqlite', path });
  });

  test.each([
    ['', 'Please provide a connection string'],
    ['mongodb://db/x', 'The connection string is not supported'],
    ['just words', 'The connection string is not supported'],
    ['postgres://db:99999/x', 'The connection string is not a valid address'],
    ['postgres://db:0/x', 'The connection string has an invalid port'],
    ['Server=db,http;Database=x', 'The connection string has an invalid port'],
  ])('%j is refused', (text, message) => {
    expect(() => parseConnectionString(text)).toThrow(message);
  });

  test('failures never repeat the password', () => {
    try {
      parseConnectionString('redis://user:hunter2@db:6379');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(RunFailure);
      expect(`${(error as RunFailure).message} ${(error as RunFailure).details}`).not.toContain('hunter2');
    }
  });
});
