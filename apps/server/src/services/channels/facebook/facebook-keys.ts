import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../../context';
import type { PlatformKeys } from '../messaging/messaging-platform';

/** The keys' names in the declaration (contracts FACEBOOK_KEYS). */
export const FACEBOOK_KEY = {
  appSecret: 'appSecret',
  pageId: 'pages[0].id',
  pageToken: 'pages[0].accessToken',
  isValidated: 'isValidated',
  pageName: 'pageName',
} as const;

/** What saving the keys answers when Facebook refuses the page token (the keys call's 400). */
export const FACEBOOK_KEYS_MESSAGES = {
  tokenRefused: 'Facebook did not accept this page access token.',
  otherPage: (name: string, id: string) =>
    `This page access token is for the page ${name} (${id}), not for the page ID entered.`,
  unreachable: 'Facebook could not be reached to check the page access token. Try again later.',
} as const;

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The page Parley answers for, and what it signs and authenticates with. */
export function credentialsOf(keys: PlatformKeys) {
  return {
    appSecret: text(keys.values[FACEBOOK_KEY.appSecret]),
    pageId: text(keys.values[FACEBOOK_KEY.pageId]),
    accessToken: text(keys.values[FACEBOOK_KEY.pageToken]),
  };
}

/**
 * The verify token Meta's webhook settings ask for: derived from the server's secret and the
 * webhook's id, so it is stable, different per bot, and needs no storing; a new webhook id gives
 * a new one.
 */
export function verifyTokenOf(ctx: AppContext, webhookId: string): string {
  return createHmac('sha256', ctx.config.jwtSecret)
    .update(`facebook-verify-token:${webhookId}`)
    .digest('base64url')
    .slice(0, 32);
}

/** Compares two secrets in constant time (for equal lengths; a length says nothing secret). */
export function isSameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** X-Hub-Signature-256: 'sha256=' and the hex HMAC-SHA256 of the exact body, keyed by the app secret. */
export function isSignedByApp(body: Buffer, header: string, appSecret: string): boolean {
  const expected = `sha256=${createHmac('sha256', appSecret).update(body).digest('hex')}`;
  return isSameSecret(header.toLowerCase(), expected);
}
