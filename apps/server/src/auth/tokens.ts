import { createHash, randomBytes } from 'node:crypto';
import { AppError } from '@parley/contracts';
import { errors, jwtVerify, SignJWT } from 'jose';

export interface TokenClaims {
  userId: string;
  sessionId: string;
}

/** Tokens whose signature one process remembers having checked; the oldest go first. */
const MAX_VERIFIED_TOKENS = 10_000;

/** Session tokens: HS256 JWTs naming the user and the session row that keeps them revocable. */
export function createTokenService(secret: string, ttlMs: number) {
  const key = new TextEncoder().encode(secret);
  // A token's signature is checked once: the same string always carries the same claims, so a
  // session's later requests only check the expiry (WebCrypto's HMAC was most of a read's cost).
  const verified = new Map<string, { claims: TokenClaims; expiresAtMs: number }>();
  return {
    ttlMs,
    async sign(claims: TokenClaims): Promise<{ token: string; expiresAt: Date }> {
      const expiresAt = new Date(Date.now() + ttlMs);
      const token = await new SignJWT({ sid: claims.sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.userId)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key);
      return { token, expiresAt };
    },
    /** Throws expired_jwt_code or invalid_jwt_code. */
    async verify(token: string): Promise<TokenClaims> {
      const known = verified.get(token);
      if (known) {
        if (known.expiresAtMs > Date.now()) return known.claims;
        verified.delete(token);
        throw new AppError('expired_jwt_code');
      }
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string')
          throw new AppError('invalid_jwt_code');
        const claims = { userId: payload.sub, sessionId: payload.sid };
        if (verified.size >= MAX_VERIFIED_TOKENS) verified.delete(verified.keys().next().value as string);
        verified.set(token, { claims, expiresAtMs: (payload.exp ?? 0) * 1000 });
        return claims;
      } catch (error) {
        if (error instanceof AppError) throw error;
        if (error instanceof errors.JWTExpired) throw new AppError('expired_jwt_code');
        throw new AppError('invalid_jwt_code');
      }
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;

/** A url-safe random secret for links and codes. */
export const randomToken = (bytes = 24): string => randomBytes(bytes).toString('base64url');

/** Links are stored hashed: a leaked table does not hand out working links. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
