import { hasControlCharacters, isValidEmail, MESSAGES, validationError } from '@parley/contracts';
import { normaliseEmail } from '@parley/db';
import type { FastifyReply } from 'fastify';

/** An e-mail address in a path ({email}): well formed, or a 400 naming the field. */
export function emailParam(value: unknown, fieldName = 'email'): string {
  if (typeof value !== 'string' || !isValidEmail(value.trim()))
    throw validationError(fieldName, MESSAGES.admin.invalidUserEmail);
  return normaliseEmail(value);
}

/** A numeric id in a path ({roleId}, {permissionId}). */
export function idParam(value: unknown, fieldName: string): number {
  if (typeof value !== 'string' || !/^\d{1,9}$/.test(value))
    throw validationError(fieldName, `${fieldName} must be a number.`);
  return Number(value);
}

/** A short opaque id in a path or query ({tenantId}, {botId}). */
export function textParam(value: unknown, fieldName: string, maxLength = 200): string {
  if (
    typeof value !== 'string' ||
    value.length === 0 ||
    value.length > maxLength ||
    hasControlCharacters(value)
  )
    throw validationError(fieldName, `${fieldName} is not valid.`);
  return value;
}

/** A bare JSON value (true, 42): the spec answers some calls with a boolean, not an object. */
export function sendJsonValue(reply: FastifyReply, value: boolean | number): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(JSON.stringify(value));
}
