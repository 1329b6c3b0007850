import { setImmediate as nextTurn } from 'node:timers/promises';
import type { ControlledTransaction, Kysely } from 'kysely';
import type { Database } from './schema';

/** How long one transaction of a sliced write may hold the database before the next begins. */
export const SLICE_MS = 15;

/** Between the items of a long write: ends the slice once it has held the database long enough. */
export type SliceBreak = () => Promise<void>;

/**
 * Runs a long write (thousands of rows) as a series of short transactions: `work` gets a Kysely
 * handle that always stands for the current transaction, and calls `breakSlice()` between its
 * items; once the current transaction has held the database for SLICE_MS, it is committed, other
 * requests get their turn (on SQLite the one connection, on any database the event loop), and a
 * new transaction begins. The last one is committed when `work` resolves; a throw rolls back only
 * the current slice. What earlier slices wrote stays: the caller writes where nothing else looks
 * until it is complete (a bot that is still importing), and removes it when the work fails.
 */
export async function inSlices<T>(
  db: Kysely<Database>,
  work: (trx: Kysely<Database>, breakSlice: SliceBreak) => Promise<T>,
  sliceMs = SLICE_MS,
): Promise<T> {
  let current: ControlledTransaction<Database> = await db.startTransaction().execute();
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
    await nextTurn();
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
  }
}
