import type { HostResolver } from './network/resolve-host';

/** What the operator and the caller may set for a run; every field has a safe default. */
export interface RunOptions {
  /** Outgoing connections of REST and SQL functions (the SSRF guard). Default: public addresses only. */
  network?: NetworkAccess;
  /** Resolves host names to addresses; tests pass their own instead of the system DNS. */
  resolveHost?: HostResolver;
  /** Time limit of the whole run. Default: code 1000 ms; REST and SQL `networkTimeoutMs`. */
  timeoutMs?: number;
  /** Time limit of REST and SQL runs (FUNCTIONS_TIMEOUT_SECONDS). Default 10000 ms. */
  networkTimeoutMs?: number;
  /**
   * The run must end within this whatever its limit (a conversation turn's time left), so a
   * call that times out still leaves the flow time to take its failure path.
   */
  timeLeftMs?: number;
  /** Largest REST response body, and largest code result as JSON. Default 1 MiB. */
  maxResponseBytes?: number;
  /** Rows an SQL command may return; more are cut off with a notice. Default 1000. */
  maxRows?: number;
  /** Heap limit of the JavaScript sandbox. Default 32 MB. */
  memoryLimitMb?: number;
  /**
   * The one folder SQLite functions may open files in. Unset (the default): SQLite
   * connection strings are refused, since a path is a read of the server's own disk.
   */
  sqliteDirectory?: string;
  /**
   * Whose run this is (the tenant): sandbox and SQLite processes are shared fairly between
   * owners, and no owner holds every slot. Default: one shared owner.
   */
  owner?: string;
}

export interface NetworkAccess {
  /** Opens loopback, RFC 1918, ULA and CGNAT addresses (FUNCTIONS_ALLOW_PRIVATE_NETWORKS). */
  allowPrivateNetworks?: boolean;
  /** Host names (`api.local`, `*.corp.example`), addresses or CIDRs always allowed (FUNCTIONS_ALLOWED_HOSTS). */
  allowedHosts?: readonly string[];
}

export const DEFAULT_CODE_TIMEOUT_MS = 1000;
export const DEFAULT_NETWORK_TIMEOUT_MS = 10_000;
export const DEFAULT_MAX_RESPONSE_BYTES = 1024 * 1024;
export const DEFAULT_MAX_ROWS = 1000;
export const DEFAULT_MEMORY_LIMIT_MB = 32;
export const MAX_REDIRECTS = 5;
