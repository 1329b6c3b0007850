import { setImmediate as nextTurn } from 'node:timers/promises';

/** How long main-thread work may hold the event loop before it lets others run. */
const SLICE_MS = 15;
let sliceStartedAt = performance.now();

/**
 * Long work that must run on the main thread (an import writing thousands of rows through the
 * one database connection) calls this between items: once it has held the event loop for a
 * slice, other requests, websockets and timers get their turn before it goes on.
 */
export async function shareEventLoop(): Promise<void> {
  if (performance.now() - sliceStartedAt < SLICE_MS) return;
  await nextTurn();
  sliceStartedAt = performance.now();
}
