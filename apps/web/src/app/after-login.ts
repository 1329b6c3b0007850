/** Where a visitor goes after signing in: back to the page that needed it, else the bot overview. */
export const HOME_PATH = '/bots';

/**
 * Pages a visitor arrives at from a link in a mail, and comes back to after signing in. Others
 * are not: a session that ends (logout, account deleted, expiry) starts again at the overview.
 */
const RETURN_AFTER_LOGIN = ['/join'];

/** /login, with the page to return to when it is a mailed link's (an invitation). */
export function loginPathFor(location: { pathname: string; search: string }): string {
  if (!RETURN_AFTER_LOGIN.includes(location.pathname)) return '/login';
  return `/login?next=${encodeURIComponent(`${location.pathname}${location.search}`)}`;
}

/** The `next` of the login's address, if it is a path of this site; otherwise the overview. */
export function pathAfterLogin(next: string | null): string {
  // Only a local path: '//host' or a scheme would take the visitor to another site.
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return HOME_PATH;
  return next.startsWith('/login') ? HOME_PATH : next;
}
