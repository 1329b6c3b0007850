import { type ApiErrorBody, type ErrorCode, isApiErrorBody, MESSAGES } from '@parley/contracts';

/** The extra fields each catalogue code carries (spec 01 section 8). */
export interface ErrorDataByCode {
  flow_error: { blockId?: string };
  function_error: { functionType?: string; details?: string };
  validation_error: { fieldName?: string };
  'not-found_error': { details?: string };
  permission_error: { requiredPermission?: number | string };
  stripe_error: { additionalMessage?: string };
  stripe_payment_error: { additionalMessage?: string };
  sync_error: { provider?: string; internalMessage?: string };
  sync_warning: { provider?: string; internalMessage?: string };
  rate_limit_error: { retryAfterSeconds?: number };
}

export type ErrorData<C extends ErrorCode> = (C extends keyof ErrorDataByCode
  ? ErrorDataByCode[C]
  : unknown) &
  Record<string, unknown>;

/**
 * A failure the server answered, rebuilt into its kind from `{ code, message, ...data }`.
 * `error.is('validation_error')` narrows `data` to that code's fields.
 */
export class ApiError<C extends ErrorCode = ErrorCode> extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly code: C,
    message: string,
    readonly status: number,
    readonly data: ErrorData<C>,
  ) {
    super(message);
  }

  is<K extends ErrorCode>(code: K): this is ApiError<K> {
    return (this.code as ErrorCode) === code;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * Any non-success answer becomes an ApiError. A body outside the catalogue (a proxy's HTML
 * error page, say) is the default kind, internal_error.
 */
export function toApiError(status: number, body: unknown): ApiError {
  if (isApiErrorBody(body)) {
    const { code, message, ...data } = body as ApiErrorBody;
    return new ApiError(code, message, status, data as ErrorData<typeof code>);
  }
  return new ApiError(
    'internal_error',
    MESSAGES.serverError.title,
    status,
    {} as ErrorData<'internal_error'>,
  );
}
