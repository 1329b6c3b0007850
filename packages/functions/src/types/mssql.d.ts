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
      /** tedious's own: opens the TCP connection (options, dns lookup, abort signal). */
      connector?: (
        options: { host: string; port: number },
        lookup: unknown,
        signal: AbortSignal,
      ) => Promise<import('node:net').Socket>;
    };
  }

  /** A result column as the 'recordset' event names it; `type` is one of TYPES. */
  export interface ColumnMetadata {
    name: string;
    type: unknown;
  }

  export type RecordsetColumns = Record<string, ColumnMetadata>;

  export type SqlServerTypes = Record<
    'BigInt' | 'Date' | 'DateTime' | 'DateTime2' | 'SmallDateTime' | 'Time',
    unknown
  >;

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

  const mssql: { ConnectionPool: typeof ConnectionPool; Request: typeof Request; TYPES: SqlServerTypes };
  export default mssql;
}
