import { setImmediate as nextTurn } from 'node:timers/promises';
import type { ControlledTransaction, Kysely } from 'kysely';
import { isPostgres } from './dialect';
import type { Database } from './schema';

/** How long one transaction of a sliced write may hold the database before the next begins. */
export const SLICE_MS = 5;

/**
 * On SQLite the sliced writes of this process take turns, one slice at a time: a request that
 * needs the one connection waits for one slice at most, not for one slice of every import
 * running at once. PostgreSQL gives each its own connection, so they run side by side.
 */
let lastTurn: Promise<void> = Promise.resolve();
async function takeTurn(): Promise<() => void> {
  const before = lastTurn;
  let release = () => {};
  lastTurn = new Promise<void>((resolve) => {
    release = resolve;
  });
  await before;
  return release;
}

/** Between the items of a long write: ends the slice once it has held the database long enough. */
export type SliceBreak = () => Promise<void>;

/**
 * Runs a long write (thousands of rows) as a series of short transactions: `work` gets a Kysely
 * handle that always stands for the current transaction, and calls `breakSlice()` between its
 * items; once the current transaction has held the database for SLICE_MS, it is committed, other
 * requests get their turn (on SQLite the one connection, on any database the event loop), and a
 * new transaction begins once the other sliced writes of the process have had theirs. The last one is committed when `work` resolves; a throw rolls back only
 * the current slice. What earlier slices wrote stays: the caller writes where nothing else looks
 * until it is complete (a bot that is still importing), and removes it when the work fails.
 */
export async function inSlices<T>(
  db: Kysely<Database>,
  work: (trx: Kysely<Database>, breakSlice: SliceBreak) => Promise<T>,
  sliceMs = SLICE_MS,
): Promise<T> {
  const isShared = !isPostgres(db);
  const turn = async () => (isShared ? takeTurn() : () => {});
  let release = await turn();
  let current: ControlledTransaction<Database>;
  try {
    current = await db.startTransaction().execute();
  } catch (error) {
    release();
    throw error;
  }
  let startedAt = performance.now();
  // The repositories are made once, over this handle; each call reaches the transaction of the moment.
  const handle = new Proxy(current, {
    get(_target, property) {
      const value = Reflect.get(current, property, current);
      return typeof value === 'function' ? value.bind(current) : value;
    },
  }) as Kysely<Database>;
  const breakSlice: SliceBreak = async () => {
    if (performance.now() - startedAt < sliceMs) return;
    await current.commit().execute();
    release();
    await nextTurn();
    release = await turn();
    current = await db.startTransaction().execute();
    startedAt = performance.now();
  };
  try {
    const result = await work(handle, breakSlice);
    await current.commit().execute();
    return result;
  } catch (error) {
    if (!current.isCommitted && !current.isRolledBack) await current.rollback().execute();
    throw error;
  } finally {
    release();
  }
}
