import { RunFailure } from '../run-failure';

export type TlsMode = 'off' | 'encrypt' | 'verify';

export interface NetworkDatabase {
  host: string;
  port: number;
  user: string;
  password: string;
  database: string;
  tls: TlsMode;
}

export type SqlTarget =
  | ({ kind: 'postgres' } & NetworkDatabase)
  | ({ kind: 'mysql' } & NetworkDatabase)
  | ({ kind: 'mssql'; instanceName: string | undefined } & NetworkDatabase)
  | { kind: 'sqlite'; path: string };

export const SUPPORTED_CONNECTION_STRINGS =
  'Use postgres://, mysql://, mariadb://, mssql:// or sqlserver:// addresses, an ADO-style ' +
  "'Server=...;Database=...;User Id=...;Password=...' string, or sqlite:///path/to/file.db.";

/**
 * Reads a connection string. Failures never repeat the string: it usually holds a password.
 */
export function parseConnectionString(connectionString: string): SqlTarget {
  const text = connectionString.trim();
  if (text === '') throw new RunFailure('Please provide a connection string', SUPPORTED_CONNECTION_STRINGS);
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(text)?.[1]?.toLowerCase();
  switch (scheme) {
    case 'postgres':
    case 'postgresql':
      return { kind: 'postgres', ...parseUrl(text, 5432, 'postgres', postgresTls) };
    case 'mysql':
    case 'mariadb':
      return { kind: 'mysql', ...parseUrl(text, 3306, 'root', mysqlTls) };
    case 'mssql':
    case 'sqlserver':
      return parseSqlServerUrl(text);
    case 'sqlite':
    case 'file':
      return { kind: 'sqlite', path: sqlitePath(text) };
    default:
      if (/^\s*(server|data source|address|addr|network address)\s*=/i.test(text)) return parseAdo(text);
      if (/\.(db|sqlite|sqlite3|db3)$/i.test(text) || text.startsWith('/') || text.startsWith('./')) {
        return { kind: 'sqlite', path: text };
      }
      throw new RunFailure('The connection string is not supported', SUPPORTED_CONNECTION_STRINGS);
  }
}

function parseUrl(
  text: string,
  defaultPort: number,
  defaultUser: string,
  tlsOf: (params: URLSearchParams) => TlsMode,
): NetworkDatabase {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new RunFailure('The connection string is not a valid address', SUPPORTED_CONNECTION_STRINGS);
  }
  return {
    host: decode(url.hostname) || 'localhost',
    port: portOf(url.port, defaultPort),
    user: decode(url.username) || defaultUser,
    password: decode(url.password),
    database: decode(url.pathname.replace(/^\//, '')),
    tls: tlsOf(url.searchParams),
  };
}

/** libpq's sslmode: require encrypts without checking the certificate, verify-* checks it. */
function postgresTls(params: URLSearchParams): TlsMode {
  const mode = (params.get('sslmode') ?? '').toLowerCase();
  if (mode === 'verify-ca' || mode === 'verify-full') return 'verify';
  if (mode === 'require' || mode === 'no-verify') return 'encrypt';
  if (mode === '' && /^(true|1)$/i.test(params.get('ssl') ?? '')) return 'verify';
  return 'off';
}

function mysqlTls(params: URLSearchParams): TlsMode {
  const mode = (params.get('ssl-mode') ?? params.get('sslmode') ?? '').toUpperCase();
  if (mode === 'VERIFY_CA' || mode === 'VERIFY_IDENTITY') return 'verify';
  if (mode === 'REQUIRED') return 'encrypt';
  if (mode === '' && /^(true|1)$/i.test(params.get('ssl') ?? '')) return 'verify';
  return 'off';
}

/**
 * `mssql://user:pass@host:1433/db?encrypt=true` and the JDBC form
 * `sqlserver://host:1433;databaseName=db;user=u;password=p`.
 */
function parseSqlServerUrl(text: string): SqlTarget {
  const [address = '', ...propertyParts] = text.split(';');
  const properties = readProperties(propertyParts.join(';'));
  let url: URL;
  try {
    url = new URL(address.replace(/^sqlserver:/i, 'mssql:'));
  } catch {
    throw new RunFailure('The connection string is not a valid address', SUPPORTED_CONNECTION_STRINGS);
  }
  const query = Object.fromEntries([...url.searchParams].map(([key, value]) => [key.toLowerCase(), value]));
  const all = { ...query, ...properties };
  const [host, instanceFromHost] = decode(url.hostname).split('\\');
  return sqlServerTarget({
    host: host || 'localhost',
    instanceName: pick(all, 'instancename') ?? instanceFromHost,
    port: pick(all, 'port') ?? url.port,
    user: pick(all, 'user', 'username', 'user id', 'uid') ?? decode(url.username),
    password: pick(all, 'password', 'pwd') ?? decode(url.password),
    database:
      pick(all, 'databasename', 'database', 'initial catalog') ?? decode(url.pathname.replace(/^\//, '')),
    encrypt: pick(all, 'encrypt'),
    trust: pick(all, 'trustservercertificate'),
  });
}

/** `Server=tcp:host,1433;Database=db;User Id=u;Password=p;Encrypt=True;TrustServerCertificate=True`. */
function parseAdo(text: string): SqlTarget {
  const properties = readProperties(text);
  const server = (pick(properties, 'server', 'data source', 'address', 'addr', 'network address') ?? '')
    .replace(/^tcp:/i, '')
    .trim();
  const [hostPart = '', portPart] = server.split(',');
  const [host = '', instanceName] = hostPart.split('\\');
  return sqlServerTarget({
    host: host === '.' || host.toLowerCase() === '(local)' || host === '' ? 'localhost' : host,
    instanceName,
    port: portPart?.trim(),
    user: pick(properties, 'user id', 'uid', 'user', 'username') ?? '',
    password: pick(properties, 'password', 'pwd') ?? '',
    database: pick(properties, 'database', 'initial catalog') ?? '',
    encrypt: pick(properties, 'encrypt'),
    trust: pick(properties, 'trustservercertificate', 'trust server certificate'),
  });
}

function sqlServerTarget(parts: {
  host: string;
  instanceName: string | undefined;
  port: string | undefined;
  user: string;
  password: string;
  database: string;
  encrypt: string | undefined;
  trust: string | undefined;
}): SqlTarget {
  // Encrypted by default, as the SQL Server drivers of today are.
  const encrypt = parts.encrypt === undefined ? true : /^(true|yes|1|strict|mandatory)$/i.test(parts.encrypt);
  const trust = /^(true|yes|1)$/i.test(parts.trust ?? '');
  return {
    kind: 'mssql',
    host: parts.host,
    instanceName: parts.instanceName || undefined,
    port: portOf(parts.port ?? '', 1433),
    user: parts.user,
    password: parts.password,
    database: parts.database,
    tls: !encrypt ? 'off' : trust ? 'encrypt' : 'verify',
  };
}

/** `key=value;key2="value; with semicolon";key3={braced}` with case-insensitive keys. */
function readProperties(text: string): Record<string, string> {
  const properties: Record<string, string> = {};
  const pattern = /\s*([^=;]+?)\s*=\s*("(?:[^"]|"")*"|'(?:[^']|'')*'|\{(?:[^}]|\}\})*\}|[^;]*)\s*(?:;|$)/gy;
  for (const match of text.matchAll(pattern)) {
    const [, key = '', raw = ''] = match;
    if (key === '') continue;
    properties[key.toLowerCase()] = unquote(raw.trim());
  }
  return properties;
}

function unquote(value: string): string {
  if (/^".*"$/s.test(value)) return value.slice(1, -1).replaceAll('""', '"');
  if (/^'.*'$/s.test(value)) return value.slice(1, -1).replaceAll("''", "'");
  if (/^\{.*\}$/s.test(value)) return value.slice(1, -1).replaceAll('}}', '}');
  return value;
}

function pick(properties: Record<string, string>, ...keys: string[]): string | undefined {
  for (const key of keys) {
    const value = properties[key];
    if (value !== undefined) return value;
  }
  return undefined;
}

function portOf(text: string, fallback: number): number {
  if (text.trim() === '') return fallback;
  const port = Number(text);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new RunFailure('The connection string has an invalid port', String(text));
  }
  return port;
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** sqlite:///abs/file.db, sqlite://relative.db, sqlite:relative.db, file:/abs/file.db. */
function sqlitePath(text: string): string {
  const rest = text.replace(/^(sqlite|file):/i, '');
  const withoutQuery = rest.split('?')[0] ?? '';
  const path = withoutQuery.startsWith('//') ? withoutQuery.slice(2) : withoutQuery;
  return decode(path);
}
