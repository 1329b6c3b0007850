import { setImmediate as nextLoopTurn } from 'node:timers/promises';
import { describe, expect, test } from 'vitest';
import { admitTurn } from './turn-admission';

/** Busy work of about `ms` milliseconds, as a turn's statements on SQLite are. */
const busy = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

describe('turn admission', () => {
  test('a turn on a quiet server starts at once', async () => {
    await nextLoopTurn();
    await nextLoopTurn();
    expect(admitTurn()).toBeUndefined();
  });

  test('a flood of turns starts a batch per turn of the event loop, in order, so other work runs between', async () => {
    await nextLoopTurn();
    await nextLoopTurn();
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
        await admitTurn();
        started.push(i);
        busy(0.2);
      }),
    );
    isDone = true;
    expect(started).toEqual(Array.from({ length: 300 }, (_, i) => i));
    // 300 turns of 0.2 ms are 60 ms of work: at most a batch of about 10 ms runs per loop turn.
    expect(loopTurnsSeen).toBeGreaterThanOrEqual(5);
  });
});
