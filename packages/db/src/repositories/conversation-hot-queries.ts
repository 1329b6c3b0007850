import { CompiledQuery, type Kysely, type Selectable } from 'kysely';
import { isPostgres } from '../dialect';
import type { ConversationTable, Database } from '../schema';

/** A logged activity's row as the hot path inserts it (tenant and bot are the repository's). */
export interface TurnRow {
  id: string;
  seq: number;
  conversation_id: string;
  at: string;
  direction: 'in' | 'out';
  activity: string;
  intent: string | null;
  confidence: number | null;
  flow: string | null;
  hits: string | null;
  counted: string | null;
  sentiment: number | null;
}

const TURN_COLUMNS = [
  'id',
  'seq',
  'conversation_id',
  'tenant_id',
  'bot_id',
  'at',
  'direction',
  'activity',
  'intent',
  'confidence',
  'flow',
  'hits',
  'counted',
  'sentiment',
] as const;

/** Turns with more logged activities than this are inserted by an unnamed statement. */
const PREPARED_TURN_ROWS = 12;

type Dialect = 'postgres' | 'sqlite';

/**
 * The SQL of a conversation's turn, written once per dialect (issue 21: Kysely built these same
 * statements on every turn, and SQLite parsed them again). On PostgreSQL each runs as a named
 * prepared statement (`/*prepared:NAME*\/`, see connect.ts); SQLite keeps its prepared statements
 * by their text.
 */
function sqlOf(dialect: Dialect) {
  let n = 0;
  const p = () => (dialect === 'postgres' ? `$${++n}` : '?');
  const named = (name: string, text: string) =>
    dialect === 'postgres' ? `/*prepared:${name}*/ ${text}` : text;
  const reset = () => {
    n = 0;
  };
  const text = {
    conversation: (() => {
      reset();
      return named(
        'conversation_of_bot',
        `select * from conversations where tenant_id = ${p()} and bot_id = ${p()} and id = ${p()}`,
      );
    })(),
    storeState: (() => {
      reset();
      const [state, at, logged, touchless, tenant, bot, id, turn] = Array.from({ length: 8 }, p);
      const isTouchless =
        dialect === 'postgres' ? `is_touchless or ${touchless}` : `max(is_touchless, ${touchless})`;
      return named(
        'conversation_store_turn',
        `update conversations set state = ${state}, last_activity_at = ${at}, turn_count = turn_count + 1, ` +
          `last_seq = last_seq + ${logged}, is_touchless = ${isTouchless} ` +
          `where tenant_id = ${tenant} and bot_id = ${bot} and id = ${id} and turn_count = ${turn} returning last_seq`,
      );
    })(),
    reserveSeqs: (() => {
      reset();
      return named(
        'conversation_reserve_seqs',
        `update conversations set last_seq = last_seq + ${p()}, last_activity_at = ${p()} ` +
          `where tenant_id = ${p()} and bot_id = ${p()} and id = ${p()} returning last_seq`,
      );
    })(),
  };
  const inserts = new Map<number, string>();
  const insertTurns = (rows: number) => {
    let known = inserts.get(rows);
    if (!known) {
      reset();
      const values = Array.from({ length: rows }, () => `(${TURN_COLUMNS.map(p).join(', ')})`).join(', ');
      const statement = `insert into turns (${TURN_COLUMNS.join(', ')}) values ${values}`;
      known = rows <= PREPARED_TURN_ROWS ? named(`turns_insert_${rows}`, statement) : statement;
      if (rows <= PREPARED_TURN_ROWS) inserts.set(rows, known);
    }
    return known;
  };
  return { ...text, insertTurns };
}

const SQL = { postgres: sqlOf('postgres'), sqlite: sqlOf('sqlite') };

/** Anything that runs a compiled query: the database or a transaction of it. */
type Executor = Pick<Kysely<Database>, 'executeQuery' | 'getExecutor'>;

/** The hot path's statements of one bot's conversations, on the database or in a transaction. */
export function conversationHotQueries(db: Kysely<Database>, tenantId: string, botId: string) {
  const dialect: Dialect = isPostgres(db) ? 'postgres' : 'sqlite';
  const sql = SQL[dialect];
  const flag = (value: boolean) => (dialect === 'postgres' ? value : value ? 1 : 0);
  const lastSeqOf = (rows: unknown[]) => {
    const row = rows[0] as { last_seq: number | string } | undefined;
    return row === undefined ? undefined : Number(row.last_seq);
  };
  return {
    in(executor: Executor) {
      const run = <R>(text: string, parameters: unknown[]) =>
        executor.executeQuery<R>(CompiledQuery.raw(text, parameters));
      return {
        async conversation(id: string): Promise<Selectable<ConversationTable> | undefined> {
          const { rows } = await run<Selectable<ConversationTable>>(sql.conversation, [tenantId, botId, id]);
          return rows[0];
        },
        /** Stores a turn's state when the turn count is still `readAtTurn`: the new last seq, else undefined. */
        async storeState(
          id: string,
          readAtTurn: number,
          turn: { state: string; at: string; isTouchless: boolean; logged: number },
        ): Promise<number | undefined> {
          const { rows } = await run(sql.storeState, [
            turn.state,
            turn.at,
            turn.logged,
            flag(turn.isTouchless),
            tenantId,
            botId,
            id,
            readAtTurn,
          ]);
          return lastSeqOf(rows);
        },
        /** Takes `count` numbers for activities logged outside a turn: the last of them, else undefined. */
        async reserveSeqs(id: string, count: number, at: string): Promise<number | undefined> {
          const { rows } = await run(sql.reserveSeqs, [count, at, tenantId, botId, id]);
          return lastSeqOf(rows);
        },
        async insertTurns(rows: readonly TurnRow[]): Promise<void> {
          const parameters: unknown[] = [];
          for (const row of rows) {
            parameters.push(
              row.id,
              row.seq,
              row.conversation_id,
              tenantId,
              botId,
              row.at,
              row.direction,
              row.activity,
              row.intent,
              row.confidence,
              row.flow,
              row.hits,
              row.counted,
              row.sentiment,
            );
          }
          await run(sql.insertTurns(rows.length), parameters);
        },
      };
    },
  };
}
