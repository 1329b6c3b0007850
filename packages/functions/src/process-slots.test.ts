import { describe, expect, test } from 'vitest';
import { ProcessSlots } from './process-slots';

const later = () => {
  let finish = () => {};
  const promise = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return { promise, finish };
};

describe('process slots', () => {
  test('at most `limit` runs at once; the next waits for a free slot', async () => {
    const slots = new ProcessSlots(2, 10);
    const signal = new AbortController().signal;
    const gates = [later(), later(), later()];
    let active = 0;
    let peak = 0;
    const runs = gates.map((gate) =>
      slots.run(async () => {
        active++;
        peak = Math.max(peak, active);
        await gate.promise;
        active--;
      }, signal),
    );
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(active).toBe(2);
    for (const gate of gates) gate.finish();
    await Promise.all(runs);
    expect(peak).toBe(2);
  });

  test('a full queue refuses, and a run that gives up while waiting leaves the queue', async () => {
    const slots = new ProcessSlots(1, 1);
    const gate = later();
    const signal = new AbortController().signal;
    const first = slots.run(() => gate.promise, signal);
    const patience = new AbortController();
    const waiting = slots.run(async () => 'ran', patience.signal);
    await expect(slots.run(async () => 'x', signal)).rejects.toThrow(
      'The server is busy running other functions',
    );
    patience.abort(new Error('gave up'));
    await expect(waiting).rejects.toThrow('gave up');
    const third = slots.run(async () => 'third', signal);
    gate.finish();
    await first;
    await expect(third).resolves.toBe('third');
  });
});
