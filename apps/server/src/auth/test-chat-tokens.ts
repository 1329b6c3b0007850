import { hkdfSync, randomBytes } from 'node:crypto';
import { AppError, TEST_CHAT_LINK_MESSAGES } from '@parley/contracts';
import { jwtVerify, SignJWT } from 'jose';

/** What a public test chat session token stands for: one bot's public test chat, nothing else. */
export interface TestChatSessionClaims {
  /** The session: its conversations' user key is made from it. */
  sessionId: string;
  tenantId: string;
  botId: string;
  linkId: string;
  /** The link's password version the session was opened with; a reset ends the session. */
  passwordVersion: number;
}

const SESSION_TYPE = 'parley-test-chat-session';
const PASS_TYPE = 'parley-test-chat-pass';

/**
 * Tokens of the public test chat, signed with keys derived from the server's secret for this
 * purpose only. A platform session token is signed with the secret itself, so neither kind is
 * ever accepted as the other: a test chat token is not a sign-in, and a sign-in opens no test
 * chat without the password or a pass.
 */
export function createTestChatTokens(serverSecret: string, now: () => number = Date.now) {
  const keyFor = (purpose: string) => new Uint8Array(hkdfSync('sha256', serverSecret, 'parley', purpose, 32));
  const sessionKey = keyFor('test-chat-session-tokens');
  const passKey = keyFor('test-chat-internal-passes');
  const ended = () => new AppError('unauthorised_error_code', TEST_CHAT_LINK_MESSAGES.sessionEnded);

  async function sign(key: Uint8Array, type: string, claims: Record<string, unknown>, ttlMs: number) {
    const expiresAt = new Date(now() + ttlMs);
    const token = await new SignJWT({ ...claims, typ: type })
      .setProtectedHeader({ alg: 'HS256' })
      .setJti(randomBytes(12).toString('base64url'))
      .setIssuedAt(Math.floor(now() / 1000))
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(key);
    return { token, expiresAt };
  }

  async function verify(key: Uint8Array, type: string, token: string) {
    if (token.length > 4096) return undefined;
    try {
      const { payload } = await jwtVerify(token, key, {
        algorithms: ['HS256'],
        currentDate: new Date(now()),
      });
      return payload.typ === type ? payload : undefined;
    } catch {
      return undefined;
    }
  }

  return {
    async signSession(claims: TestChatSessionClaims, ttlMs: number) {
      return sign(
        sessionKey,
        SESSION_TYPE,
        {
          sub: claims.sessionId,
          tid: claims.tenantId,
          bot: claims.botId,
          lid: claims.linkId,
          pv: claims.passwordVersion,
        },
        ttlMs,
      );
    },
    /** The claims of a good, unexpired session token; throws unauthorised_error_code otherwise. */
    async verifySession(token: string): Promise<TestChatSessionClaims & { expiresAtMs: number }> {
      const payload = await verify(sessionKey, SESSION_TYPE, token);
      const { sub, tid, bot, lid, pv, exp } = payload ?? {};
      if (
        typeof sub !== 'string' ||
        typeof tid !== 'string' ||
        typeof bot !== 'string' ||
        typeof lid !== 'string' ||
        typeof pv !== 'number' ||
        typeof exp !== 'number'
      )
        throw ended();
      return {
        sessionId: sub,
        tenantId: tid,
        botId: bot,
        linkId: lid,
        passwordVersion: pv,
        expiresAtMs: exp * 1000,
      };
    },
    /** A pass that opens the public test chat of one link until it expires ('Open testlink'). */
    async signPass(linkId: string, ttlMs: number) {
      return sign(passKey, PASS_TYPE, { lid: linkId }, ttlMs);
    },
    /** Whether a pass is good for this link now. */
    async isPassFor(pass: string, linkId: string): Promise<boolean> {
      const payload = await verify(passKey, PASS_TYPE, pass);
      return payload?.lid === linkId;
    },
  };
}

export type TestChatTokens = ReturnType<typeof createTestChatTokens>;
