import { once } from 'node:events';
import net from 'node:net';
import { describe, expect, test } from 'vitest';
import { runFunction } from '../run-function';
import { failureOf, sqlFunction } from './sql-test-support';

// No SQL Server runs on our machines: these tests cover the guard and the driver's failure
// path; the connection strings are tested in connection-string.test.ts.
describe('SQL functions on SQL Server', () => {
  test('a server on the local network is refused by default', async () => {
    const error = await failureOf(
      runFunction(sqlFunction('Server=127.0.0.1,1433;Database=x;User Id=sa;Password=p', 'SELECT 1')),
    );
    expect(error.message).toBe('Requests to private or local network addresses are not allowed');
    expect(error.functionType).toBe('sql');
  });

  test('a port where no SQL Server listens gives a connection failure', async () => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as net.AddressInfo;
    server.close();
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
