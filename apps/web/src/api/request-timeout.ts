import { MESSAGES } from '@parley/contracts';

/** How long a call may go unanswered before the screen says so: no spinner turns forever. */
export const API_TIMEOUT_MS = 60_000;
/** Files take longer to send and to make (uploads, exports). */
export const FILE_TIMEOUT_MS = 5 * 60_000;

/** A call the server did not answer (headers and body) within its time. */
export class RequestTimeoutError extends Error {
  override readonly name = 'RequestTimeoutError';

  constructor() {
    super(MESSAGES.requestTimedOut);
  }
}

export const isRequestTimeout = (error: unknown): error is RequestTimeoutError =>
  error instanceof RequestTimeoutError;

/**
 * Runs one call (its fetch and the reading of its body) with a signal that aborts after `ms`, or
 * when the caller's own signal does. Past its time it throws RequestTimeoutError; the caller's
 * abort stays an AbortError. The time is a timer of the page, not AbortSignal.timeout, so a test's
 * clock can run it.
 */
export async function withTimeout<T>(
  ms: number,
  signal: AbortSignal | undefined,
  call: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  let isTimedOut = false;
  const timer = setTimeout(() => {
    isTimedOut = true;
    controller.abort();
  }, ms);
  const follow = () => controller.abort(signal?.reason);
  if (signal?.aborted) follow();
  else signal?.addEventListener('abort', follow, { once: true });
  try {
    return await call(controller.signal);
  } catch (error) {
    throw isTimedOut ? new RequestTimeoutError() : error;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', follow);
  }
}
