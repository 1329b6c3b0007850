import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { AppError, SNIPPET_MESSAGES } from '@parley/contracts';
import { jwtVerify, SignJWT } from 'jose';

/** What a chat widget visitor token stands for: one visitor of one snippet, on one site. */
export interface WidgetVisitorClaims {
  tenantId: string;
  botId: string;
  snippetId: string;
  /** The user key of the visitor's conversations. */
  userKey: string;
  /** The page's origin the token was given to ('' when the request had none). */
  origin: string;
}

const VISITOR_TYPE = 'parley-widget-visitor';
const KEY_PREFIX = 'v1';

/**
 * The chat widget's credentials, signed with keys derived from the server's secret for this
 * purpose only (never accepted as a sign-in or a test chat token):
 * - the visitor key the widget keeps in the page's storage: a random id with its MAC, so a
 *   visitor cannot make up another's key, and a key of one bot is worth nothing on another;
 * - the visitor token for the websocket, short-lived, naming the snippet, the visitor and the origin.
 */
export function createWidgetTokens(serverSecret: string, now: () => number = Date.now) {
  const keyFor = (purpose: string) => new Uint8Array(hkdfSync('sha256', serverSecret, 'parley', purpose, 32));
  const tokenKey = keyFor('chat-widget-visitor-tokens');
  const visitorKeyKey = Buffer.from(keyFor('chat-widget-visitor-keys'));
  const ended = () => new AppError('unauthorised_error_code', SNIPPET_MESSAGES.visitorEnded);

  const macOf = (botId: string, id: string) =>
    createHmac('sha256', visitorKeyKey)
      .update(`${botId}\n${id}`)
      .digest()
      .subarray(0, 16)
      .toString('base64url');

  return {
    /** A new visitor key for a bot: 'v1.{id}.{mac}'. */
    newVisitorKey(botId: string): string {
      const id = randomBytes(16).toString('base64url');
      return `${KEY_PREFIX}.${id}.${macOf(botId, id)}`;
    },
    /** The visitor id of a key this server made for this bot; undefined for any other text. */
    visitorIdOf(botId: string, key: string): string | undefined {
      const [prefix, id, mac, ...rest] = key.split('.');
      if (prefix !== KEY_PREFIX || !id || !mac || rest.length > 0 || !/^[A-Za-z0-9_-]{22}$/.test(id))
        return undefined;
      const expected = Buffer.from(macOf(botId, id));
      const given = Buffer.from(mac);
      return given.length === expected.length && timingSafeEqual(given, expected) ? id : undefined;
    },
    async signVisitor(claims: WidgetVisitorClaims, ttlMs: number) {
      const expiresAt = new Date(now() + ttlMs);
      const token = await new SignJWT({
        typ: VISITOR_TYPE,
        tid: claims.tenantId,
        bot: claims.botId,
        snp: claims.snippetId,
        ori: claims.origin,
      })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.userKey)
        .setJti(randomBytes(12).toString('base64url'))
        .setIssuedAt(Math.floor(now() / 1000))
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(tokenKey);
      return { token, expiresAt };
    },
    /** The claims of a good, unexpired visitor token; throws unauthorised_error_code otherwise. */
    async verifyVisitor(token: string): Promise<WidgetVisitorClaims & { expiresAtMs: number }> {
      if (token.length > 4096) throw ended();
      let payload: Record<string, unknown>;
      try {
        ({ payload } = await jwtVerify(token, tokenKey, {
          algorithms: ['HS256'],
          currentDate: new Date(now()),
        }));
      } catch {
        throw ended();
      }
      const { typ, tid, bot, snp, ori, sub, exp } = payload;
      if (
        typ !== VISITOR_TYPE ||
        typeof tid !== 'string' ||
        typeof bot !== 'string' ||
        typeof snp !== 'string' ||
        typeof ori !== 'string' ||
        typeof sub !== 'string' ||
        typeof exp !== 'number'
      )
        throw ended();
      return {
        tenantId: tid,
        botId: bot,
        snippetId: snp,
        origin: ori,
        userKey: sub,
        expiresAtMs: exp * 1000,
      };
    },
  };
}
