import net from 'node:net';
import Database from 'better-sqlite3';
import { type ServerCounters, type ServerSettings, TdsConnection } from './tds-test-server/connection';

/**
 * TEST SUPPORT ONLY: a small server speaking TDS 7.4 (MS-TDS), the protocol of SQL Server,
 * over an in-memory SQLite database, so that the SQL Server driver (mssql with tedious) runs
 * against a real protocol peer. No SQL Server can run on our machines. It is no SQL Server:
 * the SQL is SQLite's.
 *
 * What it speaks:
 * - PRELOGIN, answered with ENCRYPT_NOT_SUP: no TLS, so clients must ask for none.
 * - LOGIN7 with SQL authentication: the user and password (de-obfuscated) must match, and a
 *   named database must be the server's; failures answer 18456 'Login failed for user ...'
 *   (after 4060 for a missing database). Success answers ENVCHANGE (database, collation,
 *   language, packet size), LOGINACK and DONE; with `routeTo`, also a routing ENVCHANGE.
 * - SQL_BATCH and RPC sp_executesql, one statement each, `@name` parameters bound by name.
 *   Parameter types: see parameter-values.ts. Result columns: see result-columns.ts. SQLite
 *   errors answer an ERROR token with a SQL Server-like number and SQLite's message.
 * - `WAITFOR DELAY 'hh:mm:ss'` waits without blocking; SET-only batches are accepted.
 * - ATTENTION: the response stops at the next token and a DONE with the attention bit follows.
 * - Messages of several packets both ways; `packetSize` makes the server ask for small ones.
 *
 * Not supported: TLS, MARS, transactions, output parameters, stored procedures other than
 * sp_executesql, several statements per request, integrated or Azure AD logins.
 */
export interface TdsTestServerOptions {
  user?: string;
  password?: string;
  database?: string;
  packetSize?: number;
  routeTo?: { host: string; port: number };
}

export interface TdsTestServer {
  port: number;
  /** The database behind the server, for a test's setup and checks. */
  db: Database.Database;
  counters: Readonly<ServerCounters>;
  /** An mssql:// address of this server without encryption; parts can be replaced. */
  connectionString(parts?: { user?: string; password?: string; database?: string }): string;
  close(): Promise<void>;
}

export async function startTdsTestServer(options: TdsTestServerOptions = {}): Promise<TdsTestServer> {
  const settings: ServerSettings = {
    user: options.user ?? 'sa',
    password: options.password ?? 'Parley-test-1',
    database: options.database ?? 'parley',
    serverName: 'parley-tds-test',
    packetSize: options.packetSize,
    routeTo: options.routeTo,
  };
  const counters: ServerCounters = { openConnections: 0, logins: 0, attentions: 0, interruptedResponses: 0 };
  const db = new Database(':memory:');
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    counters.openConnections++;
    socket.on('close', () => {
      sockets.delete(socket);
      counters.openConnections--;
    });
    new TdsConnection(socket, db, settings, counters);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    db,
    counters,
    connectionString: (parts = {}) => {
      const user = encodeURIComponent(parts.user ?? settings.user);
      const password = encodeURIComponent(parts.password ?? settings.password);
      return `mssql://${user}:${password}@127.0.0.1:${port}/${encodeURIComponent(parts.database ?? settings.database)}?encrypt=false`;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      db.close();
    },
  };
}
