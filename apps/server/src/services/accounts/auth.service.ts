import { AppError, type LoginBody, type LoginResponse, MESSAGES, notFound } from '@parley/contracts';
import { isoIn, normaliseEmail } from '@parley/db';
import { loginAttempts } from '../../auth/login-attempts';
import { dummyPasswordHash, verifyPassword } from '../../auth/passwords';
import { type Principal, resolvePrincipal, visibleTenantIds } from '../../auth/principal';
import type { AppContext } from '../../context';
import { directoryLogoutUrl } from './directory.service';
import { buildUserInfo } from './user-info.service';

/**
 * Opens a session for a known user and returns what login answers. A session opened through
 * the directory keeps the directory's ID token, for logging out there too.
 */
export async function openSession(
  ctx: AppContext,
  userId: string,
  directory?: { idToken: string | undefined },
): Promise<LoginResponse> {
  const sessionId = crypto.randomUUID();
  const principal = await resolvePrincipal(ctx.repos, userId, sessionId);
  const tenant = await ctx.repos.tenants.get(principal.tenantId);
  if (tenant && !tenant.isConfirmed) throw new AppError('tenant_not_confirmed_code');
  await ctx.repos.sessions.create({
    id: sessionId,
    userId: principal.user.id,
    expiresAt: isoIn(ctx.tokens.ttlMs),
    ...(directory?.idToken ? { idToken: directory.idToken } : {}),
  });
  const { token } = await ctx.tokens.sign({ userId: principal.user.id, sessionId });
  return { user: await buildUserInfo(ctx.repos, principal), token };
}

/**
 * Platform login. Attempts are limited per account and per address; a wrong e-mail and a
 * wrong password answer the same, after the same amount of work.
 */
export async function login(ctx: AppContext, body: LoginBody, address: string): Promise<LoginResponse> {
  const email = normaliseEmail(body.userId);
  const attempts = loginAttempts(ctx, email, address);
  await attempts.reserve();

  const user = await ctx.repos.users.get(email);
  const isValid = user
    ? user.identity === 'platform' && (await verifyPassword(user.passwordHash, body.password))
    : (await verifyPassword(await dummyPasswordHash(), body.password)) && false;
  if (!user || !isValid) {
    throw new AppError('unauthorised_error_code', MESSAGES.invalidCredentials);
  }
  await attempts.succeeded();
  return openSession(ctx, user.id);
}

/**
 * DELETE /api/auth/logout: ends the session on every process at once; for a directory session,
 * where the browser ends the directory's session too.
 */
export async function logout(
  ctx: AppContext,
  principal: Principal,
): Promise<{ directoryLogoutUrl?: string }> {
  const { sessionId } = principal;
  const directoryLogout = await directoryLogoutUrl(ctx, sessionId);
  await ctx.repos.sessions.revoke(sessionId);
  await ctx.principals.announce({ sessionIds: [sessionId] });
  return directoryLogout ? { directoryLogoutUrl: directoryLogout } : {};
}

/** PUT /api/users/selected-tenant: one of the caller's tenants becomes the one they work in. */
export async function selectTenant(
  ctx: AppContext,
  principal: Principal,
  tenantId: string,
): Promise<{ selectedTenantId: string }> {
  const visible = await visibleTenantIds(ctx.repos, principal.user.id);
  if (!visible.ids.includes(tenantId)) throw notFound('Tenant not found');
  await ctx.repos.users.update(principal.user.id, { selectedTenantId: tenantId });
  await ctx.principals.announce({ userIds: [principal.user.id] });
  return { selectedTenantId: tenantId };
}
