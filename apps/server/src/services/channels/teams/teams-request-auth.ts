import { createRemoteJWKSet, errors, type JWTPayload, jwtVerify } from 'jose';
import type { AppContext } from '../../../context';

/**
 * The Bot Framework's authentication of the requests its channel service sends to a bot
 * ('Authenticate requests from the Bot Connector service'): a JWT in Authorization, signed with a
 * key of the OpenID metadata's JWKS, issued by https://api.botframework.com for the bot's app id,
 * not expired (five minutes of clock skew), naming the activity's serviceUrl, and signed by a key
 * endorsed for the activity's channel.
 */
export const BOT_FRAMEWORK_ISSUER = 'https://api.botframework.com';
const CLOCK_SKEW = '5m';
/** Microsoft rotates its signing keys rarely; the metadata is read again after a day. */
const METADATA_MAX_AGE_MS = 24 * 3_600_000;
const FETCH_TIMEOUT_MS = 10_000;

type RemoteKeys = ReturnType<typeof createRemoteJWKSet>;
const keySetsByMetadata = new Map<string, { keys: RemoteKeys; fetchedAt: number }>();

async function signingKeysOf(metadataUrl: string): Promise<RemoteKeys> {
  const cached = keySetsByMetadata.get(metadataUrl);
  if (cached && Date.now() - cached.fetchedAt < METADATA_MAX_AGE_MS) return cached.keys;
  const response = await fetch(metadataUrl, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`the Bot Framework OpenID metadata answered ${response.status}`);
  const metadata = (await response.json()) as { jwks_uri?: unknown };
  if (typeof metadata.jwks_uri !== 'string' || !URL.canParse(metadata.jwks_uri))
    throw new Error('the Bot Framework OpenID metadata names no jwks_uri');
  const keys = createRemoteJWKSet(new URL(metadata.jwks_uri), { timeoutDuration: FETCH_TIMEOUT_MS });
  keySetsByMetadata.set(metadataUrl, { keys, fetchedAt: Date.now() });
  return keys;
}

/** What the request carries besides the token: the activity's own serviceUrl and channel. */
export interface ActivityIdentity {
  serviceUrl: string;
  channelId: string;
}

export type RequestAuthOutcome = { ok: true; claims: JWTPayload } | { ok: false; reason: string };

/** The Authorization header's bearer token, checked for the bot's app id; never throws for a bad token. */
export async function verifyBotFrameworkToken(
  ctx: AppContext,
  authorization: string | undefined,
  appId: string,
): Promise<RequestAuthOutcome & { kid?: string }> {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
  if (!match?.[1]) return { ok: false, reason: 'no bearer token' };
  if (appId === '') return { ok: false, reason: 'the bot has no app id' };
  try {
    const keys = await signingKeysOf(ctx.config.platforms.botFrameworkOpenId);
    const { payload, protectedHeader } = await jwtVerify(match[1], keys, {
      issuer: BOT_FRAMEWORK_ISSUER,
      audience: appId,
      algorithms: ['RS256'],
      clockTolerance: CLOCK_SKEW,
      requiredClaims: ['exp'],
    });
    return { ok: true, claims: payload, ...(protectedHeader.kid ? { kid: protectedHeader.kid } : {}) };
  } catch (error) {
    if (error instanceof errors.JOSEError) return { ok: false, reason: error.code };
    // The metadata or the keys could not be read: nothing can be trusted.
    ctx.log.warn({ err: error }, 'Teams: the Bot Framework signing keys could not be read');
    return { ok: false, reason: 'signing keys unavailable' };
  }
}

/**
 * The token's claims about the activity: its serviceurl is the activity's, and the key that
 * signed it is endorsed for the activity's channel when the key lists endorsements.
 */
export async function tokenVouchesFor(
  ctx: AppContext,
  claims: JWTPayload,
  kid: string | undefined,
  activity: ActivityIdentity,
): Promise<boolean> {
  const serviceUrl = claims.serviceurl ?? claims.serviceUrl;
  if (typeof serviceUrl !== 'string' || !sameServiceUrl(serviceUrl, activity.serviceUrl)) return false;
  const keys = await signingKeysOf(ctx.config.platforms.botFrameworkOpenId);
  const signingKey = keys.jwks()?.keys.find((key) => key.kid === kid) as
    | { endorsements?: unknown }
    | undefined;
  const endorsements = signingKey?.endorsements;
  if (endorsements === undefined) return true;
  return Array.isArray(endorsements) && endorsements.includes(activity.channelId);
}

/** Service URLs compare without a trailing slash (the claim and the activity may differ in it). */
const sameServiceUrl = (a: string, b: string) => a.replace(/\/+$/, '') === b.replace(/\/+$/, '');
