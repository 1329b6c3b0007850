import { SYNC_HEARTBEAT_MS } from '@parley/contracts';

/**
 * Calls `beat` every `everyMs` until the answered stop is called, so that other processes see
 * the sync's process alive (a sync whose beats stop is ended as failed). The timer is unref()'d:
 * it never keeps a process alive on its own. A beat still pending skips the next tick; a failed
 * beat goes to `onError` and the next tick tries again.
 */
export function startHeartbeat(
  beat: () => Promise<void>,
  onError: (error: unknown) => void,
  everyMs: number = SYNC_HEARTBEAT_MS,
): () => void {
  let isBeating = false;
  const timer = setInterval(() => {
    if (isBeating) return;
    isBeating = true;
    beat()
      .catch(onError)
      .finally(() => {
        isBeating = false;
      });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
