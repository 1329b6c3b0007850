import { ERROR_CATALOGUE, type ErrorCode } from './errors';
import { permissionErrorMessage } from './messages';
import { permissionLabel } from './permissions';

/**
 * A failure the user can act on. Services, the runtime and the CLI throw these; only the
 * server's error handler turns them into `{ code, message, ...data }` with the catalogue's
 * HTTP status (or the status given here, where one call answers differently).
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly data: Record<string, unknown> = {},
    readonly status: number = ERROR_CATALOGUE[code].status,
  ) {
    super(message ?? ERROR_CATALOGUE[code].message);
  }
}

export const validationError = (fieldName: string, message: string) =>
  new AppError('validation_error', message, { fieldName });

export const notFound = (details: string) => new AppError('not-found_error', undefined, { details });

export const conflict = (message: string, data: Record<string, unknown> = {}) =>
  new AppError('cohesion_error', message, data);

export const customError = (message: string, status = 400) =>
  new AppError('custom_error', message, {}, status);

export const permissionDenied = (permissionId: number) =>
  new AppError('permission_error', permissionErrorMessage(permissionLabel(permissionId)), {
    requiredPermission: permissionId,
  });

/** Admin-only actions: the permission named is the administrator role itself. */
export const adminRequired = (role: 'account administrator' | 'master tenant administrator') =>
  new AppError('permission_error', permissionErrorMessage(role), { requiredPermission: role });

/** Seeing a bot at all needs a role on it (account administrators see every bot). */
export const botAccessDenied = () =>
  new AppError('permission_error', permissionErrorMessage('bot access'), {
    requiredPermission: 'bot access',
  });
