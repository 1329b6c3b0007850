/** Where a visitor goes after signing in: back to the page that needed it, else the bot overview. */
export const HOME_PATH = '/bots';

/** /login, with the page to return to when it is not the overview (an invitation link, a bot's tab). */
export function loginPathFor(location: { pathname: string; search: string }): string {
  const target = `${location.pathname}${location.search}`;
  return target === HOME_PATH || target === '/' ? '/login' : `/login?next=${encodeURIComponent(target)}`;
}

/** The `next` of the login's address, if it is a path of this site; otherwise the overview. */
export function pathAfterLogin(next: string | null): string {
  // Only a local path: '//host' or a scheme would take the visitor to another site.
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return HOME_PATH;
  return next.startsWith('/login') ? HOME_PATH : next;
}
