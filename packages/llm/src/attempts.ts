import { LlmProviderError } from './errors.ts';
import { type AttemptEnd, retryAfterMs, toProviderError } from './failure.ts';
import { type LlmProviderId, providerLabel } from './providers.ts';

export type RetryPolicy = {
  /** Tries after the first, on 429 and 5xx (and on a connection that could not be made). */
  maxRetries: number;
  /** First wait, doubled each try, when the provider does not say how long (retry-after). */
  initialBackoffMs: number;
  /** A provider asking to wait longer than this is not waited for: the call fails as rate limited. */
  maxRetryAfterMs: number;
  /** Time limit of one attempt; for a stream, of the wait for each next part. */
  timeoutMs: number;
};

/** One attempt's own abort signal: the caller's signal, or the attempt's time limit, whichever first. */
export type Attempt = {
  signal: AbortSignal;
  /** Restart the time limit (a stream that delivered a part). */
  touch(): void;
  /** Mark that text already reached the caller: the attempt can no longer be retried. */
  delivered(): void;
};

/**
 * Runs `run` with a time limit per attempt, retrying on 429 (after the provider's retry-after when it
 * gives one) and on 5xx with exponential backoff. The caller's own abort is passed through as is.
 */
export async function withAttempts<T>(
  provider: LlmProviderId,
  policy: RetryPolicy,
  callerSignal: AbortSignal | undefined,
  run: (attempt: Attempt) => Promise<T>,
): Promise<T> {
  for (let tried = 0; ; tried++) {
    callerSignal?.throwIfAborted();
    const controller = new AbortController();
    let timedOut = false;
    let deliveredAny = false;
    let timer: NodeJS.Timeout | undefined;
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        timedOut = true;
        controller.abort(new DOMException(`${providerLabel(provider)} time limit`, 'TimeoutError'));
      }, policy.timeoutMs);
    };
    const onCallerAbort = () => controller.abort(callerSignal?.reason);
    callerSignal?.addEventListener('abort', onCallerAbort, { once: true });
    arm();
    try {
      return await run({
        signal: controller.signal,
        touch: arm,
        delivered: () => {
          deliveredAny = true;
        },
      });
    } catch (error) {
      if (callerSignal?.aborted) throw callerSignal.reason ?? error;
      const end: AttemptEnd = timedOut
        ? {
            timedOutAfterMs: policy.timeoutMs,
            firstTokenTimeout: !deliveredAny,
            afterFirstDelta: deliveredAny,
          }
        : { afterFirstDelta: deliveredAny };
      const failure = toProviderError(provider, error, end);
      const retryable = !deliveredAny && (failure.kind === 'rate_limited' || failure.kind === 'unavailable');
      if (!retryable) throw failure;
      const asked = retryAfterMs(failure);
      if (asked !== undefined && asked > policy.maxRetryAfterMs) throw withTries(failure, tried + 1, asked);
      if (tried >= policy.maxRetries) throw withTries(failure, tried + 1);
      await sleep(asked ?? policy.initialBackoffMs * 2 ** tried, callerSignal);
    } finally {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', onCallerAbort);
    }
  }
}

function withTries(failure: LlmProviderError, tries: number, askedMs?: number): LlmProviderError {
  const note =
    askedMs !== undefined
      ? ` It asked to wait ${Math.ceil(askedMs / 1000)} s, longer than Parley waits.`
      : tries > 1
        ? ` Tried ${tries} times.`
        : '';
  return new LlmProviderError(failure.provider, failure.kind, `${failure.message}${note}`, {
    ...(failure.status === undefined ? {} : { status: failure.status }),
    cause: failure.cause,
  });
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
