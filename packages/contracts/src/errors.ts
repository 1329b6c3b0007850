/**
 * The error catalogue (spec 01 section 8). The server answers every failure as
 * `{ code, message, ...data }` with one of these codes; the web app rebuilds the kind from it.
 */
export const ERROR_CATALOGUE = {
  internal_error: { status: 500, message: 'Server error occured' },
  configuration_error: { status: 400, message: 'Failed to execute action due to a configuration error.' },
  custom_error: { status: 400, message: 'Error!' },
  expired_jwt_code: { status: 401, message: 'JWT has expired' },
  invalid_jwt_code: { status: 401, message: 'Invalid JWT token!' },
  flow_error: { status: 400, message: 'Flow design error' },
  function_error: { status: 400, message: 'Function error' },
  cohesion_error: { status: 409, message: 'Data conflict' },
  validation_error: { status: 400, message: 'Invalid data provided' },
  'not-found_error': { status: 404, message: 'The resource that you are looking for was not found.' },
  permission_error: {
    status: 403,
    message:
      "Insufficient permissions! You don't have the {permission} permission. Please contact your administrator.",
  },
  stripe_error: { status: 402, message: 'Payment error' },
  stripe_payment_error: { status: 402, message: 'Payment error' },
  sync_error: { status: 409, message: 'Synchronization error' },
  sync_warning: { status: 409, message: 'Synchronization warning' },
  unauthorised_error_code: { status: 401, message: 'Unauthorised' },
  user_not_assigned_to_tenant_error: {
    status: 403,
    message: 'Your user is not assigned to any tenant! Please, contact your tenant administrator.',
  },
  tenant_not_confirmed_code: { status: 403, message: 'Your account is not confirmed!' },
  user_not_found_code: { status: 404, message: 'User not found!' },
  users_limit_error: { status: 403, message: 'Maximum users reached' },
  rate_limit_error: { status: 429, message: 'Too many attempts. Please try again later.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

export const ERROR_CODES = Object.keys(ERROR_CATALOGUE) as ErrorCode[];

/** The body of every error answer. */
export interface ApiErrorBody {
  code: ErrorCode;
  message: string;
  [data: string]: unknown;
}

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { code?: unknown }).code === 'string' &&
    (value as { code: string }).code in ERROR_CATALOGUE
  );
}
