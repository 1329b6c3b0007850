import {
  AppError,
  type DirectoryStartQuery,
  directorySignupStartUrl,
  type ErrorCode,
  isValidEmail,
  MESSAGES,
  type SignupUserData,
  validationError,
} from '@parley/contracts';
import { normaliseEmail } from '@parley/db';
import * as oidc from 'openid-client';
import { type DirectoryFlow, directoryFlowCookies } from '../../auth/directory-flow';
import { oidcConfiguration } from '../../auth/oidc-configuration';
import type { Config } from '../../config';
import type { AppContext } from '../../context';
import { openSession } from './auth.service';
import { assertInvitationUsable, createAccount } from './signup.service';

export const DIRECTORY_CALLBACK_PATH = '/api/auth/directory/callback';

type OidcSettings = NonNullable<Config['oidc']>;

/** The directory settings, or 400 configuration_error when the operator has not set OIDC_*. */
export function requireDirectory(ctx: AppContext): OidcSettings {
  if (!ctx.config.oidc) throw new AppError('configuration_error');
  return ctx.config.oidc;
}

async function clientFor(settings: OidcSettings, ctx: AppContext): Promise<oidc.Configuration> {
  try {
    return await oidcConfiguration(settings);
  } catch (error) {
    ctx.log.error({ err: error, issuer: settings.issuer }, 'directory provider discovery failed');
    throw new AppError('configuration_error', MESSAGES.directory.unreachable, {}, 502);
  }
}

export const flowCookiesFor = (ctx: AppContext) =>
  directoryFlowCookies(ctx.config.jwtSecret, ctx.config.publicUrl);

/**
 * POST /api/users/signup with the directory identity: checks what can be checked before the
 * user leaves (configuration, invitation code) and answers the start address to open.
 */
export async function directorySignupUrl(ctx: AppContext, data: SignupUserData): Promise<string> {
  requireDirectory(ctx);
  await assertInvitationUsable(ctx, data.invitationCode);
  return directorySignupStartUrl({
    invitationCode: data.invitationCode.trim(),
    name: data.name.trim(),
    organization: data.organization.trim(),
    loginHint: data.workEmail.trim(),
  });
}

/**
 * GET /api/auth/directory/start: an authorization-code request with PKCE, state and nonce.
 * Answers where to send the browser and the cookie that carries the flow to the callback.
 */
export async function startDirectorySignIn(
  ctx: AppContext,
  query: DirectoryStartQuery,
): Promise<{ location: string; flowCookie: string }> {
  const settings = requireDirectory(ctx);
  if (query.mode === 'signup') await assertInvitationUsable(ctx, query.signup.invitationCode);
  const client = await clientFor(settings, ctx);

  const flow: DirectoryFlow = {
    state: oidc.randomState(),
    nonce: oidc.randomNonce(),
    codeVerifier: oidc.randomPKCECodeVerifier(),
    mode: query.mode,
    ...(query.mode === 'signup' ? { signup: query.signup } : {}),
  };
  const parameters: Record<string, string> = {
    redirect_uri: `${ctx.config.publicUrl}${DIRECTORY_CALLBACK_PATH}`,
    scope: 'openid email profile',
    code_challenge: await oidc.calculatePKCECodeChallenge(flow.codeVerifier),
    code_challenge_method: 'S256',
    state: flow.state,
    nonce: flow.nonce,
  };
  if (query.loginHint) parameters.login_hint = query.loginHint;
  return {
    location: oidc.buildAuthorizationUrl(client, parameters).href,
    flowCookie: await flowCookiesFor(ctx).seal(flow),
  };
}

/**
 * GET /api/auth/directory/callback: exchanges the code and signs the user in, or creates the
 * account first (sign-up). Always answers where the browser goes next: `/login#token=...` on
 * success, `/login#error=<code>` (or back to the sign-up form) otherwise.
 */
export async function finishDirectorySignIn(
  ctx: AppContext,
  flow: DirectoryFlow | undefined,
  callbackQuery: string,
): Promise<string> {
  const settings = requireDirectory(ctx);
  try {
    if (!flow) throw new AppError('unauthorised_error_code', MESSAGES.directory.flowExpired);
    const identity = await exchangeCode(ctx, settings, flow, callbackQuery);
    const userId = flow.signup
      ? await signUpFromDirectory(ctx, identity, flow.signup)
      : await findDirectoryUser(ctx, identity);
    const { token } = await openSession(ctx, userId, { idToken: identity.idToken });
    return `/login#token=${encodeURIComponent(token)}`;
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500) {
      ctx.log.warn({ err: error }, 'directory sign-in failed');
    }
    // The sign-in screen says what the catalogue says of the code; the sign-up form the server's words.
    return directoryFailureLocation(error, flow?.signup?.invitationCode, flow?.signup !== undefined);
  }
}

/**
 * Where the browser goes when a directory sign-in fails, at its start or on its way back: the
 * sign-in screen (or the sign-up form it came from) with the error in the fragment, never a
 * bare JSON answer in the browser's window.
 */
export function directoryFailureLocation(
  error: unknown,
  signupInvitationCode: string | undefined,
  hasMessage: boolean,
): string {
  const code: ErrorCode = error instanceof AppError ? error.code : 'unauthorised_error_code';
  const message = error instanceof AppError ? error.message : MESSAGES.directory.failed;
  const fragment = new URLSearchParams({ error: code, ...(hasMessage ? { message } : {}) });
  if (signupInvitationCode === undefined) return `/login#${fragment}`;
  return `/signup?${new URLSearchParams({ invitationCode: signupInvitationCode })}#${fragment}`;
}

interface DirectoryIdentity {
  /** Issuer and subject together: subjects are only unique per issuer. */
  subject: string;
  email: string | undefined;
  isEmailVerified: boolean;
  /** Kept with the session: the directory's logout wants it back as `id_token_hint`. */
  idToken: string | undefined;
}

async function exchangeCode(
  ctx: AppContext,
  settings: OidcSettings,
  flow: DirectoryFlow,
  callbackQuery: string,
): Promise<DirectoryIdentity> {
  const client = await clientFor(settings, ctx);
  const currentUrl = new URL(`${ctx.config.publicUrl}${DIRECTORY_CALLBACK_PATH}`);
  currentUrl.search = callbackQuery;
  const tokens = await oidc.authorizationCodeGrant(client, currentUrl, {
    pkceCodeVerifier: flow.codeVerifier,
    expectedState: flow.state,
    expectedNonce: flow.nonce,
    idTokenExpected: true,
  });
  const idClaims = tokens.claims();
  if (!idClaims) throw new AppError('unauthorised_error_code', MESSAGES.directory.failed);
  // Providers that follow the spec strictly put e-mail and name only into the userinfo answer.
  const userInfo = client.serverMetadata().userinfo_endpoint
    ? await oidc.fetchUserInfo(client, tokens.access_token, idClaims.sub)
    : {};
  const claims: Record<string, unknown> = { ...userInfo, ...idClaims };

  const email = typeof claims.email === 'string' && isValidEmail(claims.email) ? claims.email : undefined;
  // Microsoft Entra ID often sends no `email`; its sign-in name is the address then.
  const signInName =
    typeof claims.preferred_username === 'string' && isValidEmail(claims.preferred_username)
      ? claims.preferred_username
      : undefined;
  return {
    subject: `${idClaims.iss}|${idClaims.sub}`,
    email: email ? normaliseEmail(email) : signInName ? normaliseEmail(signInName) : undefined,
    isEmailVerified: !!email && (claims.email_verified === true || claims.email_verified === 'true'),
    idToken: tokens.id_token,
  };
}

/**
 * Login: the account bound to this directory subject; else a directory account with the same,
 * provider-verified e-mail that has no subject yet (an administrator created it), which is
 * bound now. Anything else is user_not_found_code.
 */
async function findDirectoryUser(ctx: AppContext, identity: DirectoryIdentity): Promise<string> {
  const bound = await ctx.repos.users.getByDirectorySubject(identity.subject);
  if (bound) return bound.id;
  if (identity.email && identity.isEmailVerified) {
    const user = await ctx.repos.users.get(identity.email);
    if (user?.identity === 'microsoft' && !user.directorySubject) {
      await ctx.repos.users.update(user.id, { directorySubject: identity.subject });
      await ctx.principals.announce({ userIds: [user.id] });
      ctx.log.info({ userId: user.id }, 'directory account bound to its directory subject');
      return user.id;
    }
  }
  throw new AppError('user_not_found_code');
}

/** Sign-up: the account is created like a password sign-up, with the directory's e-mail and no password. */
async function signUpFromDirectory(
  ctx: AppContext,
  identity: DirectoryIdentity,
  signup: NonNullable<DirectoryFlow['signup']>,
): Promise<string> {
  // Someone who already has an account just signs in; the invitation code stays unused.
  const existing = await ctx.repos.users.getByDirectorySubject(identity.subject);
  if (existing) return existing.id;
  if (!identity.email) throw validationError('workEmail', MESSAGES.directory.noEmail);
  const { userId } = await createAccount(ctx, {
    email: identity.email,
    name: signup.name,
    organization: signup.organization,
    invitationCode: signup.invitationCode,
    identity: 'microsoft',
    passwordHash: null,
    directorySubject: identity.subject,
  });
  return userId;
}

/**
 * Where the browser goes to end the directory's own session after a Parley logout: the
 * provider's end-session endpoint (OpenID Connect RP-initiated logout) with the session's ID
 * token, coming back to /login. Undefined for platform sessions, without OIDC settings, or
 * when the provider offers no end-session endpoint (then the Parley logout is all there is).
 */
export async function directoryLogoutUrl(ctx: AppContext, sessionId: string): Promise<string | undefined> {
  const settings = ctx.config.oidc;
  if (!settings) return undefined;
  const idToken = await ctx.repos.sessions.idTokenOf(sessionId);
  if (!idToken) return undefined;
  let client: oidc.Configuration;
  try {
    client = await oidcConfiguration(settings);
  } catch (error) {
    ctx.log.warn({ err: error }, 'directory unreachable at logout; the Parley session ends anyway');
    return undefined;
  }
  if (!client.serverMetadata().end_session_endpoint) return undefined;
  return oidc.buildEndSessionUrl(client, {
    id_token_hint: idToken,
    post_logout_redirect_uri: `${ctx.config.publicUrl}/login`,
  }).href;
}
