import { type ErrorCode, isTenantSwitchedData, MESSAGES } from '@parley/contracts';
import { popup } from '../ui/popup/popup-service';
import { type ApiError, isApiError } from './api-error';
import { isRequestTimeout } from './request-timeout';
import { clearSession } from './session';

/** Logout on this device, then the login screen loaded afresh (no state of the old session survives). */
export function logOutToLogin(): void {
  clearSession();
  window.location.assign('/login');
}

type Reaction = (error: ApiError) => void | Promise<void>;

const showError = (title: string) => (error: ApiError) => popup.error({ title, text: error.message });
const showWarning = (title: string) => (error: ApiError) => popup.warning({ title, text: error.message });
const field = (error: ApiError, name: string): string | undefined =>
  typeof error.data[name] === 'string' ? (error.data[name] as string) : undefined;

/** Whatever the table gives no own reaction: the server's message under 'Error!'. */
const otherServerError: Reaction = showError(MESSAGES.errorTitle);

/** The UI reaction to every catalogue code (spec 01 section 8), in one table. */
export const ERROR_REACTIONS: Record<ErrorCode, Reaction> = {
  internal_error: () => popup.error({ title: MESSAGES.serverError.title, text: MESSAGES.serverError.text }),
  configuration_error: showWarning(MESSAGES.configurationError),
  custom_error: showError(MESSAGES.errorTitle),
  expired_jwt_code: logOutToLogin,
  invalid_jwt_code: logOutToLogin,
  flow_error: showWarning(MESSAGES.flowDesignError),
  function_error: otherServerError,
  cohesion_error: showWarning(MESSAGES.dataConflict),
  validation_error: showError(MESSAGES.invalidData),
  'not-found_error': (error) =>
    popup.error({ title: MESSAGES.notFoundTitle, text: field(error, 'details') ?? error.message }),
  permission_error: showError(MESSAGES.accessDenied),
  stripe_error: (error) =>
    popup.error({ title: error.message, text: field(error, 'additionalMessage') ?? '' }),
  stripe_payment_error: (error) =>
    popup.error({ title: error.message, text: field(error, 'additionalMessage') ?? '' }),
  sync_error: otherServerError,
  sync_warning: (error) =>
    popup.warning({ title: error.message, text: field(error, 'internalMessage') ?? '' }),
  unauthorised_error_code: showError(MESSAGES.plainErrorTitle),
  user_not_assigned_to_tenant_error: showError(MESSAGES.errorTitle),
  tenant_not_confirmed_code: async () => {
    await popup.error({ title: MESSAGES.accountNotConfirmed, text: MESSAGES.accountNotConfirmedText });
    logOutToLogin();
  },
  user_not_found_code: async () => {
    await popup.error({ title: MESSAGES.accessDenied, text: MESSAGES.userNotFoundText });
    logOutToLogin();
  },
  users_limit_error: showError(MESSAGES.maxUsersReached),
  rate_limit_error: (error) => popup.warning({ title: error.message }),
};

/**
 * The global error handler: every API failure a screen does not handle itself ends here.
 * A failure without any answer (network down) has no catalogue code; it says the server
 * cannot be reached, or, for a call left unanswered past its time, that it did not answer.
 */
export function handleApiError(error: unknown): void {
  if (!isApiError(error)) {
    if (error instanceof DOMException && error.name === 'AbortError') return;
    if (isRequestTimeout(error)) {
      void popup.error({ title: MESSAGES.plainErrorTitle, text: error.message });
      return;
    }
    void popup.error({ title: MESSAGES.plainErrorTitle, text: MESSAGES.noServerConnection });
    return;
  }
  // A call refused because the tenant was switched elsewhere: the tab follows and says so itself.
  if (error.is('cohesion_error') && isTenantSwitchedData(error.data)) return;
  void ERROR_REACTIONS[error.code](error);
}
