import { type LlmProviderId, providerLabel } from './providers.ts';

/**
 * How a provider failed. rate_limited and unavailable were retried before they were thrown; refused
 * is the provider saying no (bad key, unknown model, bad request); malformed is an answer that is not
 * the protocol; dropped is a stream cut before its end.
 */
export type LlmProviderErrorKind =
  | 'rate_limited'
  | 'unavailable'
  | 'timeout'
  | 'refused'
  | 'malformed'
  | 'dropped';

/** A provider's failure, with a message a designer can act on (it names the provider and what it refused). */
export class LlmProviderError extends Error {
  override readonly name = 'LlmProviderError';
  readonly provider: LlmProviderId;
  readonly kind: LlmProviderErrorKind;
  /** The provider's HTTP status, when it answered one. */
  readonly status: number | undefined;

  constructor(
    provider: LlmProviderId,
    kind: LlmProviderErrorKind,
    message: string,
    options?: { status?: number; cause?: unknown },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.provider = provider;
    this.kind = kind;
    this.status = options?.status;
  }

  static is(error: unknown): error is LlmProviderError {
    return error instanceof LlmProviderError;
  }
}

/** "OpenAI refused the request: Incorrect API key provided (401)." */
export function describeRefusal(provider: LlmProviderId, detail: string, status: number | undefined): string {
  const said = detail.trim() || 'no reason given';
  return `${providerLabel(provider)} refused the request: ${said}${status ? ` (HTTP ${status})` : ''}.`;
}
