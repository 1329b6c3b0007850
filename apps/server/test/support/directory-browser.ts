import type { TestServer } from './test-server';

/** Cookies of one site, by name and path, as a browser keeps them. */
class CookieJar {
  private readonly cookies = new Map<string, { name: string; value: string; path: string }>();

  store(setCookies: string[]): void {
    for (const header of setCookies) {
      const [pair = '', ...attributes] = header.split(';').map((p) => p.trim());
      const at = pair.indexOf('=');
      const name = pair.slice(0, at);
      const value = pair.slice(at + 1);
      const attribute = (key: string) =>
        attributes.find((a) => a.toLowerCase().startsWith(`${key}=`))?.slice(key.length + 1);
      const path = attribute('path') ?? '/';
      const expires = attribute('expires');
      const isRemoval =
        attribute('max-age') === '0' || (expires !== undefined && Date.parse(expires) <= Date.now());
      if (isRemoval) this.cookies.delete(`${name} ${path}`);
      else this.cookies.set(`${name} ${path}`, { name, value, path });
    }
  }

  headerFor(url: URL): string {
    return [...this.cookies.values()]
      .filter(
        (c) =>
          url.pathname === c.path ||
          url.pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`) ||
          c.path === '/',
      )
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
  }
}

export interface DirectorySignInOptions {
  /** The login name typed on the provider's sign-in page. */
  login: string;
  /** Cancel on the provider's sign-in page instead of signing in. */
  isCancelled?: boolean;
  /** Drop Parley's cookies before the callback, as a different browser (or an attacker) would. */
  isCookieDropped?: boolean;
}

export interface DirectorySignInResult {
  /** Where Parley's callback sent the browser, e.g. `/login#token=...`. */
  location: string;
  /** The provider's sign-in page as the user saw it. */
  loginPage: string;
  /** The provider's answer to Parley's callback (`code` and `state`, or `error`). */
  callbackQuery: URLSearchParams;
}

/**
 * Plays the browser through a directory sign-in: Parley's start address, the provider's
 * login and consent screens (following every redirect by hand, keeping each site's cookies),
 * and back to Parley's callback.
 */
export async function signInThroughDirectory(
  server: TestServer,
  startPath: string,
  options: DirectorySignInOptions,
): Promise<DirectorySignInResult> {
  const parleyJar = new CookieJar();
  const providerJar = new CookieJar();
  const publicUrl = server.ctx.config.publicUrl;

  const start = await server.request({ method: 'GET', url: startPath });
  if (start.statusCode !== 302) throw new Error(`start answered ${start.statusCode}: ${start.body}`);
  parleyJar.store(setCookiesOf(start.headers['set-cookie']));
  let next = new URL(String(start.headers.location));
  let request: RequestInit = { method: 'GET' };
  let loginPage = '';

  for (let step = 0; step < 20; step++) {
    if (next.href.startsWith(publicUrl)) {
      const callback = await server.request({
        method: 'GET',
        url: `${next.pathname}${next.search}`,
        headers: options.isCookieDropped ? {} : { cookie: parleyJar.headerFor(next) },
      });
      if (callback.statusCode !== 302)
        throw new Error(`callback answered ${callback.statusCode}: ${callback.body}`);
      return { location: String(callback.headers.location), loginPage, callbackQuery: next.searchParams };
    }
    const response = await fetch(next, {
      ...request,
      redirect: 'manual',
      headers: { ...(request.headers as Record<string, string>), cookie: providerJar.headerFor(next) },
    });
    providerJar.store(response.headers.getSetCookie());
    if (response.status >= 300 && response.status < 400) {
      next = new URL(response.headers.get('location') ?? '', next);
      request = { method: 'GET' };
      continue;
    }
    const page = await response.text();
    if (response.status !== 200) throw new Error(`provider answered ${response.status}: ${page}`);
    const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
    const prompt = /name="prompt" value="(\w+)"/.exec(page)?.[1];
    if (!action || !prompt) throw new Error(`unexpected provider page:\n${page}`);
    const form = new URLSearchParams({ prompt });
    if (prompt === 'login') {
      loginPage = page;
      if (options.isCancelled) {
        const abort = /href="([^"]*\/abort)"/.exec(page)?.[1];
        if (!abort) throw new Error('no abort link on the login page');
        next = new URL(abort.replace(/&amp;/g, '&'), next);
        continue;
      }
      form.set('login', options.login);
      form.set('password', 'any password');
    }
    next = new URL(action.replace(/&amp;/g, '&'), next);
    request = {
      method: 'POST',
      body: form.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    };
  }
  throw new Error('too many redirects');
}

function setCookiesOf(header: string | string[] | undefined): string[] {
  if (!header) return [];
  return Array.isArray(header) ? header : [header];
}

/** The session token a successful directory sign-in hands to the web app. */
export function tokenFrom(location: string): string {
  const match = /^\/login#token=(.+)$/.exec(location);
  if (!match?.[1]) throw new Error(`not signed in: ${location}`);
  return decodeURIComponent(match[1]);
}
