/** Shared validators (spec 01 section 5): the same rule in the browser and on the server. */
import { MESSAGES } from './messages';

// Pragmatic RFC 5322 subset: one @, no spaces, a dot in the domain, sane length.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export const EMAIL_MAX_LENGTH = 254;
export const PASSWORD_MIN_LENGTH = 8;
export const STRICT_PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 200;

/** Control characters (NUL and friends) belong in no name or address; PostgreSQL cannot even store NUL. */
export function hasControlCharacters(value: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
  return /[\u0000-\u001f\u007f]/.test(value);
}

export function isValidEmail(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.length <= EMAIL_MAX_LENGTH &&
    EMAIL_PATTERN.test(value) &&
    !hasControlCharacters(value)
  );
}

/** Sign-up and reset: at least 8 characters once trimmed. */
export function isLongEnoughPassword(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.trim().length >= PASSWORD_MIN_LENGTH &&
    value.length <= PASSWORD_MAX_LENGTH
  );
}

/** New users: 8+ characters with an uppercase letter and a special character. */
export function isValidNewUserPassword(value: unknown): value is string {
  return isLongEnoughPassword(value) && /[A-Z]/.test(value) && /[^A-Za-z0-9]/.test(value);
}

/** The stricter shared validator: 12+ characters, an uppercase letter and a non-alphanumeric. */
export function isStrictPassword(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.length >= STRICT_PASSWORD_MIN_LENGTH &&
    value.length <= PASSWORD_MAX_LENGTH &&
    /[A-Z]/.test(value) &&
    /[^A-Za-z0-9]/.test(value)
  );
}

export const USER_NAME_MAX_LENGTH = 50;

/** New user names: _ . - letters and digits, at most 50. */
export function isValidUserName(value: unknown): value is string {
  return typeof value === 'string' && value.length <= USER_NAME_MAX_LENGTH && /^[A-Za-z0-9_.-]+$/.test(value);
}

/** Why a new user's name is refused: its length, or its characters; undefined when it is fine. */
export function userNameProblem(value: unknown): string | undefined {
  if (isValidUserName(value)) return undefined;
  if (typeof value === 'string' && value.length > USER_NAME_MAX_LENGTH)
    return MESSAGES.admin.userNameTooLong(value.length);
  return MESSAGES.admin.invalidUserName;
}

/** Names shown to people (sign-up name, organization): 2-50 characters, not blank. */
export function isValidDisplayName(value: unknown): value is string {
  return typeof value === 'string' && value.trim().length >= 2 && value.trim().length <= 50;
}

/** Identifier of 2-50 word characters. */
export function isValidIdentifier(value: unknown): value is string {
  return typeof value === 'string' && /^\w{2,50}$/.test(value);
}

export function isNonBlank(value: unknown): value is string {
  return typeof value === 'string' && value.trim().length > 0;
}

/** Bot names: letters, digits, dash, underscore and whitespace. */
export function isValidBotName(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.trim().length > 0 &&
    value.length <= 50 &&
    /^[-a-zA-Z0-9_\s]+$/.test(value)
  );
}

/** Invitation codes are the url-safe codes the server generates (the spec leaves the bound open). */
export function isWellFormedInvitationCode(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{6,64}$/.test(value.trim());
}

export function fileTooBigMessage(limitBytes: number): string {
  return `File is too big. Accepted size is ${Math.floor(limitBytes / 1024)}KB`;
}
