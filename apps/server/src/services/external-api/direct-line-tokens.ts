import { hkdfSync, randomBytes } from 'node:crypto';
import { errors, type JWTPayload, jwtVerify, SignJWT } from 'jose';

/** Who a Direct Line token lets in: one conversation of one bot, opened with one key, for one user. */
export interface DirectLineClaims {
  tenantId: string;
  botId: string;
  keyId: string;
  conversationId: string;
  userId: string;
}

/**
 * What a token is for: talking in the conversation (the client's Bearer token), opening its
 * stream (the `t` of streamUrl) or fetching a file the bot sent (the `t` of a contentUrl). Each
 * kind is refused where another is expected.
 */
export type DirectLineTokenKind = 'conversation' | 'stream' | 'file';

/** As Direct Line: a token lasts 30 minutes and the client refreshes it before. */
export const DIRECT_LINE_TOKEN_TTL_SECONDS = 1800;
/** A stream address is good for opening the socket a little while; a reconnect asks for a new one. */
export const DIRECT_LINE_STREAM_TTL_SECONDS = 300;

const TYPE_PREFIX = 'parley-direct-line-';

/**
 * Direct Line tokens, signed with a key derived from the server's secret for this purpose only:
 * never taken as a platform sign-in or a test chat token, nor those as one of these.
 */
export function createDirectLineTokens(serverSecret: string, now: () => number = Date.now) {
  const secret = new Uint8Array(hkdfSync('sha256', serverSecret, 'parley', 'direct-line-tokens', 32));
  // Imported once: every Direct Line call verifies a token (given raw bytes, jose imports them each time).
  const key = crypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
  return {
    async sign(kind: DirectLineTokenKind, claims: DirectLineClaims, ttlSeconds: number): Promise<string> {
      const at = Math.floor(now() / 1000);
      return new SignJWT({
        typ: `${TYPE_PREFIX}${kind}`,
        tid: claims.tenantId,
        bot: claims.botId,
        kid: claims.keyId,
        conv: claims.conversationId,
        // Direct Line clients read the user from the token (`user`) and keep to it.
        user: claims.userId,
      })
        .setProtectedHeader({ alg: 'HS256' })
        .setJti(randomBytes(9).toString('base64url'))
        .setIssuedAt(at)
        .setExpirationTime(at + ttlSeconds)
        .sign(await key);
    },
    /**
     * The claims of a good, unexpired token of the kind; 'expired' for one of ours of the kind
     * whose time is up (its signature checked: Direct Line clients refresh or reconnect on
     * `TokenExpired`); undefined for anything else.
     */
    async verify(
      kind: DirectLineTokenKind,
      token: string,
    ): Promise<DirectLineClaims | 'expired' | undefined> {
      if (token.length > 4096) return undefined;
      try {
        const { payload } = await jwtVerify(token, await key, {
          algorithms: ['HS256'],
          currentDate: new Date(now()),
        });
        return claimsOf(kind, payload);
      } catch (error) {
        // jose checks the signature before the time, so an expired token is one we signed.
        if (error instanceof errors.JWTExpired && claimsOf(kind, error.payload)) return 'expired';
        return undefined;
      }
    },
  };
}

/** A verified payload's claims when it is a token of the kind. */
function claimsOf(kind: DirectLineTokenKind, payload: JWTPayload): DirectLineClaims | undefined {
  const { typ, tid, bot, kid, conv, user } = payload;
  if (typ !== `${TYPE_PREFIX}${kind}`) return undefined;
  if ([tid, bot, kid, conv, user].some((value) => typeof value !== 'string')) return undefined;
  return {
    tenantId: tid as string,
    botId: bot as string,
    keyId: kid as string,
    conversationId: conv as string,
    userId: user as string,
  };
}

export type DirectLineTokens = ReturnType<typeof createDirectLineTokens>;

const tokensBySecret = new Map<string, DirectLineTokens>();

/** The tokens of one server secret, made once. */
export function directLineTokensFor(serverSecret: string): DirectLineTokens {
  let tokens = tokensBySecret.get(serverSecret);
  if (!tokens) {
    tokens = createDirectLineTokens(serverSecret);
    tokensBySecret.set(serverSecret, tokens);
  }
  return tokens;
}
