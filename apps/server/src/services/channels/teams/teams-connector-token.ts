import { createHash } from 'node:crypto';
import type { AppContext } from '../../../context';

/**
 * The token the bot's app id and password get from Microsoft's token service (OAuth client
 * credentials, scope https://api.botframework.com/.default): it authorises the bot's calls to the
 * connector service. Kept until shortly before it expires, per app and password.
 */
export const BOT_FRAMEWORK_SCOPE = 'https://api.botframework.com/.default';
const RENEW_BEFORE_MS = 5 * 60_000;
const FETCH_TIMEOUT_MS = 10_000;

export interface AppCredentials {
  appId: string;
  appPassword: string;
  /** A single-tenant bot's tenant; a multi-tenant bot's tokens come from the botframework.com tenant. */
  appTenantId?: string;
}

/** Credentials from a bot's stored Teams keys. */
export const credentialsOf = (values: Record<string, unknown>): AppCredentials => ({
  appId: String(values.appId ?? ''),
  appPassword: String(values.appPassword ?? ''),
  appTenantId: String(values.appTenantId ?? ''),
});

const MULTI_TENANT = '/botframework.com/';

/** The token service of the app's tenant: the configured one, with the tenant in place of botframework.com. */
export function tokenUrlOf(ctx: AppContext, credentials: AppCredentials): string {
  const url = ctx.config.platforms.botFrameworkToken;
  const tenant = credentials.appTenantId ?? '';
  return tenant === '' ? url : url.replace(MULTI_TENANT, `/${encodeURIComponent(tenant)}/`);
}

export type TokenOutcome =
  | { kind: 'granted'; token: string; expiresAt: number }
  /** The token service refused the app id or password (invalid_client, unauthorized_client). */
  | { kind: 'refused'; error: string }
  /** The token service could not be asked (down, unreachable). */
  | { kind: 'unreachable'; error: string };

const tokens = new Map<string, { token: string; expiresAt: number }>();
const cacheKeyOf = (ctx: AppContext, credentials: AppCredentials) =>
  createHash('sha256')
    .update(`${tokenUrlOf(ctx, credentials)}\n${credentials.appId}\n${credentials.appPassword}`)
    .digest('base64url');

/** Asks the token service for a new token (no cache): also how 'Enable teams' checks the keys. */
export async function requestConnectorToken(
  ctx: AppContext,
  credentials: AppCredentials,
): Promise<TokenOutcome> {
  let response: Response;
  try {
    response = await fetch(tokenUrlOf(ctx, credentials), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: credentials.appId,
        client_secret: credentials.appPassword,
        scope: BOT_FRAMEWORK_SCOPE,
      }),
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    });
  } catch (error) {
    return { kind: 'unreachable', error: String(error) };
  }
  const body = (await response.json().catch(() => ({}))) as {
    access_token?: unknown;
    expires_in?: unknown;
    error?: unknown;
  };
  if (response.ok && typeof body.access_token === 'string') {
    const seconds = typeof body.expires_in === 'number' ? body.expires_in : Number(body.expires_in ?? 3600);
    const granted = {
      token: body.access_token,
      expiresAt: Date.now() + (Number.isFinite(seconds) ? seconds : 3600) * 1000,
    };
    tokens.set(cacheKeyOf(ctx, credentials), granted);
    return { kind: 'granted', ...granted };
  }
  // Microsoft answers 400 or 401 with an OAuth error for an unknown app or a wrong secret.
  if (response.status === 400 || response.status === 401)
    return { kind: 'refused', error: String(body.error ?? response.status) };
  return { kind: 'unreachable', error: `token service answered ${response.status}` };
}

/** A token for the connector service: the kept one while it is fresh, else a new one; throws when refused. */
export async function connectorToken(ctx: AppContext, credentials: AppCredentials): Promise<string> {
  const kept = tokens.get(cacheKeyOf(ctx, credentials));
  if (kept && kept.expiresAt - RENEW_BEFORE_MS > Date.now()) return kept.token;
  const outcome = await requestConnectorToken(ctx, credentials);
  if (outcome.kind !== 'granted') throw new Error(`Teams: no connector token (${outcome.error})`);
  return outcome.token;
}

/** Forgets a token the connector service refused (a changed password), so the next send asks again. */
export function forgetConnectorToken(ctx: AppContext, credentials: AppCredentials): void {
  tokens.delete(cacheKeyOf(ctx, credentials));
}
