import { createHash } from 'node:crypto';
import type { DirectoryMode } from '@parley/contracts';
import { EncryptJWT, jwtDecrypt } from 'jose';

/** What the callback must know about the sign-in it completes. */
export interface DirectoryFlow {
  state: string;
  nonce: string;
  codeVerifier: string;
  mode: DirectoryMode;
  signup?: { invitationCode: string; name: string; organization: string };
}

const FLOW_TTL_SECONDS = 600;
const AUDIENCE = 'parley:directory-flow';
const COOKIE_PREFIX = 'parley_directory_';
const COOKIE_PATH = '/api/auth/directory/callback';
const STATE_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

/**
 * The short-lived state of a directory sign-in travels in an encrypted, httpOnly cookie
 * rather than in process memory, so whichever process receives the callback can finish it.
 * The cookie is named after the flow's `state`, so sign-ins in two tabs do not collide.
 */
export function directoryFlowCookies(jwtSecret: string, publicUrl: string) {
  // A key of its own, derived from the session secret: a flow cookie can never pass as a session token.
  const key = createHash('sha256').update(`parley directory flow\0${jwtSecret}`).digest();
  const attributes = `Path=${COOKIE_PATH}; HttpOnly; SameSite=Lax${publicUrl.startsWith('https://') ? '; Secure' : ''}`;

  return {
    /** The Set-Cookie header value that carries a new flow. */
    async seal(flow: DirectoryFlow): Promise<string> {
      const sealed = await new EncryptJWT({ flow: { ...flow } })
        .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${FLOW_TTL_SECONDS}s`)
        .encrypt(key);
      return `${COOKIE_PREFIX}${flow.state}=${sealed}; ${attributes}; Max-Age=${FLOW_TTL_SECONDS}`;
    },

    /** The flow a callback's `state` names, from the request's Cookie header; undefined when missing, forged or expired. */
    async open(state: unknown, cookieHeader: string | undefined): Promise<DirectoryFlow | undefined> {
      if (typeof state !== 'string' || !STATE_PATTERN.test(state) || !cookieHeader) return undefined;
      const sealed = readCookie(cookieHeader, `${COOKIE_PREFIX}${state}`);
      if (!sealed) return undefined;
      try {
        const { payload } = await jwtDecrypt(sealed, key, { audience: AUDIENCE });
        const flow = payload.flow as DirectoryFlow | undefined;
        return flow?.state === state ? flow : undefined;
      } catch {
        return undefined;
      }
    },

    /** The Set-Cookie header value that removes a finished flow's cookie. */
    clear(state: string): string {
      return `${COOKIE_PREFIX}${STATE_PATTERN.test(state) ? state : 'x'}=; ${attributes}; Max-Age=0`;
    },
  };
}

function readCookie(header: string, name: string): string | undefined {
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}
