/**
 * Turns start in batches, one batch per turn of the event loop, and at most MAX_IN_FLIGHT run at
 * once (issue 22). On SQLite a turn's statements resolve without waiting, so a turn runs from its
 * message to its commit in one go: when 1,000 test chats talk at once, one turn of the event loop
 * took every message that had arrived and ran hundreds of turns back to back, and /healthz (any
 * request) waited up to a second behind them. On PostgreSQL the turns' queries queued for the
 * pool's connections instead, ahead of every other request's. The batch doubles while the loop
 * turns within TARGET_MS and shrinks in proportion when it does not; a quiet server starts each
 * turn at once.
 */
const TARGET_MS = 10;
const MAX_BATCH = 256;
/** Enough for group commit to gather turns, few enough that other requests are not queued behind them. */
const MAX_IN_FLIGHT = 128;

const waiting: Array<() => void> = [];
let batch = 16;
let admitted = 0;
let inFlight = 0;
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
  while (waiting.length > 0 && admitted < batch && inFlight < MAX_IN_FLIGHT) {
    admitted++;
    inFlight++;
    waiting.shift()?.();
  }
  // The turns let in now are measured by the next tick; an idle loop stops ticking. Turns that
  // wait for a slot are let in when one ends.
  if (admitted > 0 || (waiting.length > 0 && inFlight < MAX_IN_FLIGHT)) scheduleTick();
}

/** The end of one turn's slot, once: a turn waiting for one may start. */
function slot(): () => void {
  let isOver = false;
  return () => {
    if (isOver) return;
    isOver = true;
    inFlight--;
    if (waiting.length > 0) scheduleTick();
  };
}

/**
 * Waits until this turn may start: at once while this turn of the event loop has room and fewer
 * than MAX_IN_FLIGHT turns run, else later, in the order the turns came. Answers the function
 * that ends the turn's slot, to be called once the turn is over, however it ends.
 */
export async function admitTurn(): Promise<() => void> {
  if (waiting.length === 0 && admitted < batch && inFlight < MAX_IN_FLIGHT) {
    admitted++;
    inFlight++;
    scheduleTick();
    return slot();
  }
  await new Promise<void>((resolve) => {
    waiting.push(resolve);
    scheduleTick();
  });
  return slot();
}
