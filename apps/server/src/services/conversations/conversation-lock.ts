/**
 * Turns of one conversation run one at a time: two messages sent at once are answered in the
 * order they arrived, each seeing the state the other left. In-process; across processes the
 * conversation's row is the arbiter (see conversation-turns.service.ts).
 */
const tails = new Map<string, Promise<unknown>>();

export async function oneAtATime<T>(key: string, work: () => Promise<T>): Promise<T> {
  const before = tails.get(key) ?? Promise.resolve();
  const run = before.then(work, work);
  const tail = run.catch(() => undefined);
  tails.set(key, tail);
  try {
    return await run;
  } finally {
    if (tails.get(key) === tail) tails.delete(key);
  }
}
