import { setImmediate as nextLoopTurn } from 'node:timers/promises';
import { describe, expect, test } from 'vitest';
import { admitTurn } from './turn-admission';

/** Busy work of about `ms` milliseconds, as a turn's statements on SQLite are. */
const busy = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

/** A quiet moment: the admission's batch of the previous test has ended. */
const quiet = async () => {
  await nextLoopTurn();
  await nextLoopTurn();
};

describe('turn admission', () => {
  test('a turn on a quiet server starts at once, before the event loop turns', async () => {
    await quiet();
    const order: string[] = [];
    setImmediate(() => order.push('loop turned'));
    const leave = await admitTurn();
    order.push('turn started');
    leave();
    expect(order).toEqual(['turn started']);
  });

  test('a flood of turns starts a batch per turn of the event loop, in order, so other work runs between', async () => {
    await quiet();
    const started: number[] = [];
    let loopTurnsSeen = 0;
    let isDone = false;
    // Another request's work: it needs the event loop to turn.
    void (async () => {
      while (!isDone) {
        await nextLoopTurn();
        loopTurnsSeen++;
      }
    })();
    await Promise.all(
      Array.from({ length: 300 }, async (_, i) => {
        const leave = await admitTurn();
        started.push(i);
        busy(0.2);
        leave();
      }),
    );
    isDone = true;
    expect(started).toEqual(Array.from({ length: 300 }, (_, i) => i));
    // 300 turns of 0.2 ms are 60 ms of work: at most a batch of about 10 ms runs per loop turn.
    expect(loopTurnsSeen).toBeGreaterThanOrEqual(5);
  });

  test('at most 128 turns run at once; the next starts when one ends', async () => {
    await quiet();
    const leaves: Array<() => void> = [];
    let waitingStarted = false;
    const running = Array.from({ length: 128 }, () => admitTurn().then((leave) => leaves.push(leave)));
    await Promise.all(running);
    const next = admitTurn().then((leave) => {
      waitingStarted = true;
      return leave;
    });
    for (let i = 0; i < 5; i++) await nextLoopTurn();
    expect(waitingStarted).toBe(false);
    leaves.pop()?.();
    (await next)();
    expect(waitingStarted).toBe(true);
    for (const leave of leaves) leave();
  });
});
