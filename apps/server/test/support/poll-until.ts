/**
 * Reads `read()` until `isDone` says yes, and answers that value; fails with a message naming
 * `what` and the last value when `timeoutMs` passes. The one way tests wait for work that
 * finishes after the answer (mail, publishing, NLU tests): a hand-written loop that ran out
 * without failing let a test go on with unfinished work.
 */
export async function pollUntil<T>(
  what: string,
  read: () => T | Promise<T>,
  isDone: (value: T) => boolean,
  options: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<T> {
  const { timeoutMs = 10_000, intervalMs = 25 } = options;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (isDone(value)) return value;
    if (Date.now() > deadline) {
      const last = JSON.stringify(value)?.slice(0, 300);
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}; last value: ${last}`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
