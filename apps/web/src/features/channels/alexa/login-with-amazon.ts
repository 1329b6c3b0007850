/**
 * Login with Amazon in the browser (implicit grant): a sign-in window asks the user's Amazon
 * account for the Skill Management API's skills and models scopes with the operator's client id,
 * and returns to Parley's return page with an access token in its address, which the dialog reads
 * (same origin) and sends with create_skill / delete_skill. The token is never stored.
 */
export const LOGIN_WITH_AMAZON_AUTHORIZE_URL = 'https://www.amazon.com/ap/oa';
export const LOGIN_WITH_AMAZON_RETURN_PATH = '/api/amazon/login-callback';
export const SKILL_SCOPES = ['alexa::ask:skills:readwrite', 'alexa::ask:models:readwrite'] as const;

export const LOGIN_WITH_AMAZON_MESSAGES = {
  blocked: 'The Login with Amazon window was blocked: allow pop-ups for this site and try again.',
  closed: 'The Login with Amazon window was closed before signing in.',
  refused: (reason: string) => `Login with Amazon did not sign you in: ${reason}`,
} as const;

export function authorizeUrlOf(clientId: string, returnUrl: string, state: string): string {
  const query = new URLSearchParams({
    client_id: clientId,
    scope: SKILL_SCOPES.join(' '),
    response_type: 'token',
    redirect_uri: returnUrl,
    state,
  });
  return `${LOGIN_WITH_AMAZON_AUTHORIZE_URL}?${query.toString()}`;
}

export type ReturnOutcome = { token: string } | { error: string } | undefined;

/**
 * What the return page's address says: the token (fragment), or Amazon's error (fragment or
 * query); undefined while it is not the return page of this sign-in (another state).
 */
export function outcomeOfReturn(href: string, state: string): ReturnOutcome {
  const url = new URL(href);
  if (url.pathname !== LOGIN_WITH_AMAZON_RETURN_PATH) return undefined;
  const fragment = new URLSearchParams(url.hash.replace(/^#/, ''));
  const params = fragment.has('state') ? fragment : url.searchParams;
  if (params.get('state') !== state) return undefined;
  const token = params.get('access_token');
  if (token) return { token };
  return { error: params.get('error_description') ?? params.get('error') ?? 'no token' };
}

/** Opens the sign-in window and answers the access token once Amazon returned it. */
export function signInWithAmazon(clientId: string): Promise<string> {
  const state = crypto.randomUUID();
  const returnUrl = `${window.location.origin}${LOGIN_WITH_AMAZON_RETURN_PATH}`;
  const signIn = window.open(
    authorizeUrlOf(clientId, returnUrl, state),
    'login-with-amazon',
    'width=480,height=640',
  );
  if (!signIn) return Promise.reject(new Error(LOGIN_WITH_AMAZON_MESSAGES.blocked));
  return new Promise((resolve, reject) => {
    const timer = window.setInterval(() => {
      if (signIn.closed) {
        window.clearInterval(timer);
        reject(new Error(LOGIN_WITH_AMAZON_MESSAGES.closed));
        return;
      }
      let href: string;
      try {
        // Readable only once the window is back on Parley's origin.
        href = signIn.location.href;
      } catch {
        return;
      }
      const outcome = href.startsWith(window.location.origin) ? outcomeOfReturn(href, state) : undefined;
      if (!outcome) return;
      window.clearInterval(timer);
      signIn.close();
      if ('token' in outcome) resolve(outcome.token);
      else reject(new Error(LOGIN_WITH_AMAZON_MESSAGES.refused(outcome.error)));
    }, 250);
  });
}
