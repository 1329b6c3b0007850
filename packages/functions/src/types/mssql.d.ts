/** The part of mssql (which ships no types) that the SQL Server driver uses. */
declare module 'mssql' {
  import type { EventEmitter } from 'node:events';

  export interface config {
    server: string;
    port?: number;
    user?: string;
    password?: string;
    database?: string;
    connectionTimeout?: number;
    requestTimeout?: number;
    pool?: { max?: number; min?: number; idleTimeoutMillis?: number };
    options?: {
      encrypt?: boolean;
      trustServerCertificate?: boolean;
      instanceName?: string;
      serverName?: string;
      appName?: string;
    };
  }

  export class Request extends EventEmitter {
    stream: boolean;
    input(name: string, value: unknown): this;
    query(command: string): void;
    cancel(): boolean;
  }

  export class ConnectionPool extends EventEmitter {
    constructor(config: config);
    connect(): Promise<ConnectionPool>;
    request(): Request;
    close(): Promise<void>;
  }

  const mssql: { ConnectionPool: typeof ConnectionPool; Request: typeof Request };
  export default mssql;
}
