import type { Kysely } from 'kysely';
import type { Database } from '../schema';
import { conversationHotQueries, type TurnRow } from './conversation-hot-queries';

/** A turn waiting to be stored: its conversation, the state it read, what it stores and logs. */
export interface TurnToStore {
  tenantId: string;
  botId: string;
  conversationId: string;
  readAtTurn: number;
  state: string;
  at: string;
  isTouchless: boolean;
  /** The rows to log, numbered once the conversation's last seq is known. */
  log: (firstSeq: number) => TurnRow[];
  logged: number;
}

/** Stored: the seq of each logged row; undefined when another turn of the conversation came first. */
export type StoredTurn = { seqs: number[] } | undefined;

interface Waiting {
  turn: TurnToStore;
  resolve(stored: StoredTurn): void;
  reject(error: unknown): void;
}

/**
 * Group commit of turns (issue 21): the turns that finish while the database is busy with the
 * previous commit are stored together, in one transaction, in the order they came. A turn is
 * answered only once its transaction committed, so an acknowledged turn survives a crash as
 * before; an idle server commits each turn at once. Each turn keeps its own check (the turn count
 * it read): one that lost to another process stores nothing, the others go on. Should the shared
 * transaction fail, each of its turns is stored again on its own, so one turn never fails another.
 */
function createTurnWriter(db: Kysely<Database>) {
  let queue: Waiting[] = [];
  let isWriting = false;
  let isScheduled = false;

  async function storeIn(trx: Pick<Kysely<Database>, 'executeQuery' | 'getExecutor'>, turn: TurnToStore) {
    const queries = conversationHotQueries(db, turn.tenantId, turn.botId).in(trx);
    const last = await queries.storeState(turn.conversationId, turn.readAtTurn, {
      state: turn.state,
      at: turn.at,
      isTouchless: turn.isTouchless,
      logged: turn.logged,
    });
    if (last === undefined) return undefined;
    const rows = turn.log(last - turn.logged + 1);
    if (rows.length > 0) await queries.insertTurns(rows);
    return { seqs: rows.map((row) => row.seq) };
  }

  async function write(batch: Waiting[]): Promise<void> {
    try {
      const stored = await db.transaction().execute(async (trx) => {
        const results: StoredTurn[] = [];
        for (const { turn } of batch) results.push(await storeIn(trx, turn));
        return results;
      });
      for (const [index, waiting] of batch.entries()) waiting.resolve(stored[index]);
    } catch (error) {
      if (batch.length === 1) {
        batch[0]?.reject(error);
        return;
      }
      for (const waiting of batch) {
        try {
          waiting.resolve(await db.transaction().execute((trx) => storeIn(trx, waiting.turn)));
        } catch (own) {
          waiting.reject(own);
        }
      }
    }
  }

  async function drain(): Promise<void> {
    isWriting = true;
    try {
      while (queue.length > 0) {
        const batch = queue;
        queue = [];
        await write(batch);
      }
    } finally {
      isWriting = false;
    }
  }

  return {
    store(turn: TurnToStore): Promise<StoredTurn> {
      return new Promise<StoredTurn>((resolve, reject) => {
        queue.push({ turn, resolve, reject });
        // The turns that finish in this turn of the event loop go together (SQLite commits without
        // waiting, so only they would share a commit); later ones wait while it commits.
        if (!isWriting && !isScheduled) {
          isScheduled = true;
          setImmediate(() => {
            isScheduled = false;
            if (!isWriting) void drain();
          });
        }
      });
    },
  };
}

const writers = new WeakMap<Kysely<Database>, ReturnType<typeof createTurnWriter>>();

/** The one turn writer of a database handle (turns of all its tenants and bots commit together). */
export function turnWriterOf(db: Kysely<Database>) {
  let writer = writers.get(db);
  if (!writer) {
    writer = createTurnWriter(db);
    writers.set(db, writer);
  }
  return writer;
}
