import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { startHeartbeat } from './synchronization-heartbeat';

describe('startHeartbeat', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  test('given a running sync, when time passes, then it beats once per period until stopped', async () => {
    const beat = vi.fn(async () => {});
    const stop = startHeartbeat(beat, () => {}, 10_000);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(beat).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(beat).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(beat).toHaveBeenCalledTimes(4);
    stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(beat).toHaveBeenCalledTimes(4);
    expect(vi.getTimerCount()).toBe(0);
  });

  test('given a slow beat, when the next tick comes, then it is skipped rather than piled up', async () => {
    let finish: () => void = () => {};
    const beat = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const stop = startHeartbeat(beat, () => {}, 1_000);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(beat).toHaveBeenCalledTimes(1);
    finish();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(beat).toHaveBeenCalledTimes(2);
    stop();
  });

  test('given a failing beat, when it fails, then the error is reported and the next tick beats again', async () => {
    const failure = new Error('database gone');
    const beat = vi.fn().mockRejectedValueOnce(failure).mockResolvedValue(undefined);
    const onError = vi.fn();
    const stop = startHeartbeat(beat, onError, 1_000);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(onError).toHaveBeenCalledWith(failure);
    expect(beat).toHaveBeenCalledTimes(2);
    stop();
  });

  test('the timer does not keep the process alive', () => {
    const unref = vi.fn();
    const spy = vi.spyOn(globalThis, 'setInterval').mockReturnValue({ unref } as unknown as NodeJS.Timeout);
    startHeartbeat(
      async () => {},
      () => {},
      1_000,
    );
    expect(unref).toHaveBeenCalledOnce();
    spy.mockRestore();
  });
});
