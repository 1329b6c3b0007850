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

describe('fair sharing between owners', () => {
  test('one owner never holds every slot: another owner starts at once', async () => {
    const slots = new ProcessSlots(2, 50);
    const signal = new AbortController().signal;
    const flood = Array.from({ length: 10 }, () => later());
    const started: string[] = [];
    const floodRuns = flood.map((gate, i) =>
      slots.run(
        async () => {
          started.push(`a${i}`);
          await gate.promise;
        },
        signal,
        'tenant-a',
      ),
    );
    const other = slots.run(
      async () => {
        started.push('b');
        return 'b ran';
      },
      signal,
      'tenant-b',
    );
    await expect(other).resolves.toBe('b ran');
    expect(started).toEqual(['a0', 'b']);
    for (const gate of flood) gate.finish();
    await Promise.all(floodRuns);
  });

  test('freed slots go to the waiting owners in turn', async () => {
    const slots = new ProcessSlots(1, 50, 1);
    const signal = new AbortController().signal;
    const gates = new Map<string, ReturnType<typeof later>>();
    const order: string[] = [];
    const run = (owner: string, id: string) => {
      const gate = later();
      gates.set(id, gate);
      return slots.run(
        async () => {
          order.push(id);
          await gate.promise;
        },
        signal,
        owner,
      );
    };
    const runs = [
      run('a', 'a1'),
      run('a', 'a2'),
      run('a', 'a3'),
      run('b', 'b1'),
      run('c', 'c1'),
      run('b', 'b2'),
    ];
    for (const id of ['a1', 'a2', 'b1', 'c1', 'a3', 'b2']) {
      await expect.poll(() => order.at(-1)).toBe(id);
      gates.get(id)?.finish();
    }
    await Promise.all(runs);
    expect(order).toEqual(['a1', 'a2', 'b1', 'c1', 'a3', 'b2']);
  });
});
