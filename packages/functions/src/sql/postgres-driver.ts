import { isIP } from 'node:net';
import pg from 'pg';
import { commandFailure, connectFailure, type SqlDriver } from './sql-driver';
import { POSTGRES_STYLE, parameterise } from './sql-parameters';

interface PgConnection {
  sync(): void;
}

/**
 * Stops after the first `rows` rows instead of fetching the rest: pg asks for the next page
 * when the server suspends the portal; this query ends the exchange there.
 */
class CappedQuery extends pg.Query {
  isTruncated = false;

  handlePortalSuspended(connection: PgConnection) {
    this.isTruncated = true;
    connection.sync();
  }
}

/** Dates and zone-less timestamps stay as the database wrote them, not shifted into the server's zone. */
const AS_TEXT = new Set([1082, 1114, 1115, 1182]);
const INT8 = 20;
/** bigint (count(*) among others) as a number while it is exact, else as text. */
const parseInt8 = (value: string) => (Number.isSafeInteger(Number(value)) ? Number(value) : value);
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (format !== 'binary' && AS_TEXT.has(oid)) return (value: string) => value;
    if (format !== 'binary' && oid === INT8) return parseInt8;
    return pg.types.getTypeParser(oid, format);
  }) as typeof pg.types.getTypeParser,
};

export const runPostgres: SqlDriver<'postgres'> = async (target, sql, inputs, context) => {
  const address = await context.addressOf(target.host);
  const client = new pg.Client({
    host: address,
    port: target.port,
    user: target.user,
    password: target.password,
    database: target.database || undefined,
    ssl:
      target.tls === 'off'
        ? false
        : {
            rejectUnauthorized: target.tls === 'verify',
            // The certificate names the host, not the address we connect to.
            ...(isIP(target.host) ? {} : { servername: target.host }),
          },
    connectionTimeoutMillis: context.timeoutMs,
    statement_timeout: context.timeoutMs,
    application_name: 'parley-function',
    types,
  });
  client.on('error', () => {});
  const end = () => void client.end().catch(() => {});
  context.signal.addEventListener('abort', end, { once: true });
  try {
    try {
      await client.connect();
    } catch (error) {
      throw connectFailure(error);
    }
    const statement = parameterise(sql, inputs, POSTGRES_STYLE);
    const query = new CappedQuery({
      text: statement.text,
      values: statement.values,
      rows: context.maxRows + 1,
    } as never);
    const result = await new Promise<pg.QueryResult>((resolve, reject) => {
      query.on('end', resolve);
      query.on('error', reject);
      client.query(query);
    }).catch((error) => {
      throw commandFailure(error);
    });
    const hasRows = result.fields.length > 0;
    const rows = hasRows ? (result.rows as Record<string, unknown>[]) : null;
    return {
      rows: rows?.slice(0, context.maxRows) ?? null,
      rowsAffected: result.rowCount ?? 0,
      isTruncated: query.isTruncated || (rows?.length ?? 0) > context.maxRows,
    };
  } finally {
    context.signal.removeEventListener('abort', end);
    end();
  }
};
