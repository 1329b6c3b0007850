/**
 * Turns start in batches, one batch per turn of the event loop (issue 22). On SQLite a turn's
 * statements resolve without waiting, so a turn runs from its message to its commit in one go:
 * when 1,000 test chats talk at once, one turn of the event loop took every message that had
 * arrived and ran hundreds of turns back to back, and /healthz (any request) waited up to a
 * second behind them. The batch doubles while the loop turns within TARGET_MS and shrinks in
 * proportion when it does not; a quiet server starts each turn at once.
 */
const TARGET_MS = 10;
const MAX_BATCH = 256;

const waiting: Array<() => void> = [];
let batch = 16;
let admitted = 0;
let tickStartedAt = 0;
let isScheduled = false;

function scheduleTick(): void {
  if (isScheduled) return;
  isScheduled = true;
  tickStartedAt = performance.now();
  setImmediate(nextTick);
}

function nextTick(): void {
  isScheduled = false;
  const elapsed = performance.now() - tickStartedAt;
  if (elapsed > TARGET_MS) batch = Math.max(1, Math.floor((batch * TARGET_MS) / elapsed));
  else if (admitted >= batch) batch = Math.min(MAX_BATCH, batch * 2);
  admitted = 0;
  while (waiting.length > 0 && admitted < batch) {
    admitted++;
    waiting.shift()?.();
  }
  // The turns let in now are measured by the next tick; an idle loop stops ticking.
  if (waiting.length > 0 || admitted > 0) scheduleTick();
}

/**
 * Waits until this turn may start: at once while this turn of the event loop has room, else in a
 * later one, in the order the turns came. Resolves synchronously (undefined) in the first case.
 */
export function admitTurn(): Promise<void> | undefined {
  if (waiting.length === 0 && admitted < batch) {
    admitted++;
    scheduleTick();
    return undefined;
  }
  const admission = new Promise<void>((resolve) => waiting.push(resolve));
  scheduleTick();
  return admission;
}
