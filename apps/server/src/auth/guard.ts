import { AppError, adminRequired, botAccessDenied, permissionDenied } from '@parley/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { type Access, acceptedPermissions } from './access';
import { type BotRef, botRefFor } from './bot-ref';
import { type Principal, resolvePrincipal } from './principal';
import { assertTenantInView } from './tenant-in-view';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | undefined;
    /** The bot named by the path of a bot route (`botMember`, `{ botPermission }`); see `botOf`. */
    bot: BotRef | undefined;
  }
}

export const AUTH_HEADER = 'authtoken';

/** Reads the AuthToken header (also `Bearer` in Authorization, for API clients). */
export function tokenFrom(request: FastifyRequest): string | undefined {
  const header = request.headers[AUTH_HEADER];
  if (typeof header === 'string' && header) return header;
  const authorization = request.headers.authorization;
  if (authorization?.startsWith('Bearer ')) return authorization.slice(7);
  return undefined;
}

/** The caller of a route that declared it needs one (never undefined behind the guard). */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new AppError('unauthorised_error_code');
  return request.principal;
}

/** The bot a bot route's path names, parsed by the guard (never undefined behind a bot rule). */
export function botOf(request: FastifyRequest): BotRef {
  if (!request.bot) throw new Error(`${request.routeOptions.url} declares no bot access rule`);
  return request.bot;
}

const isBotRule = (access: Access) =>
  access === 'botMember' || (typeof access === 'object' && 'botPermission' in access);

export async function authenticate(ctx: AppContext, token: string | undefined): Promise<Principal> {
  if (!token) throw new AppError('unauthorised_error_code', 'You need to sign in.');
  const claims = await ctx.tokens.verify(token);
  // A cached principal stands for an active session: logouts and revocations evict it.
  const cached = ctx.principals.get(claims.sessionId, claims.userId);
  if (cached) return cached;
  const generation = ctx.principals.generation();
  if (!(await ctx.repos.sessions.isActive(claims.sessionId, claims.userId)))
    throw new AppError('expired_jwt_code');
  const principal = await resolvePrincipal(ctx.repos, claims.userId, claims.sessionId);
  ctx.principals.set(principal, generation);
  return principal;
}

/** Enforces each route's declared access before its handler runs. */
export function registerGuard(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('principal', undefined);
  app.decorateRequest('bot', undefined);

  app.addHook('onRoute', (route) => {
    // Static files of the web app are public; every API route must say what it needs.
    const isApi = route.url.startsWith('/api');
    if (!route.config?.access && isApi) {
      throw new Error(`Route ${route.method} ${route.url} declares no access rule`);
    }
    // A bot rule checks the bot its path names; the guard reads no other place.
    if (route.config?.access && isBotRule(route.config.access) && !/\/:bot(Name)?(\/|$)/.test(route.url)) {
      throw new Error(`Route ${route.method} ${route.url} has a bot access rule but no :bot in its path`);
    }
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (!access || access === 'public') return;
    const principal = await authenticate(ctx, tokenFrom(request));
    request.principal = principal;
    await assertTenantInView(ctx, request, principal);
    await enforce(access, principal, request);
  });
}

async function enforce(
  access: Exclude<Access, 'public'>,
  principal: Principal,
  request: FastifyRequest,
): Promise<void> {
  if (access === 'authenticated') return;
  if (access === 'tenantAdmin') {
    if (!principal.isTenantAdmin) throw adminRequired('account administrator');
    return;
  }
  if (access === 'masterAdmin') {
    if (!principal.isMasterTenantAdmin) throw adminRequired('master tenant administrator');
    return;
  }
  if (typeof access === 'object' && 'tenantPermission' in access) {
    if (principal.isTenantAdmin) return;
    const accepted = acceptedPermissions(access);
    const held = await principal.scope.botRoles.permissionsOnAnyBot(principal.user.id);
    if (!accepted.some((id) => held.includes(id))) throw permissionDenied(accepted[0] as number);
    return;
  }
  const params = request.params as Record<string, string | undefined>;
  const botName = params.bot ?? params.botName;
  const bot = botName === undefined ? undefined : botRefFor(principal.tenantId, botName);
  request.bot = bot;
  if (principal.isTenantAdmin) return;
  const accepted = access === 'botMember' ? [] : acceptedPermissions(access);
  // The refusal names the first accepted permission: the one a role usually lacks.
  const refusal = access === 'botMember' ? botAccessDenied() : permissionDenied(accepted[0] as number);
  if (!bot?.name) throw refusal;
  const botId = bot.id;
  if (access === 'botMember') {
    // A role on the bot, even one without permissions, lets its holder see the bot.
    const roles = await principal.scope.botRoles.forUser(principal.user.id);
    if (!roles.some((r) => r.botId === botId)) throw refusal;
    return;
  }
  const permissions = await principal.scope.botRoles.permissionsOn(principal.user.id, botId);
  if (!accepted.some((id) => permissions.includes(id))) throw refusal;
}
