import type { CataloguedRoute } from '../../src/http/route-catalogue';
import type { AdminWorld } from './admin-world';

/**
 * Plausible values for path parameters, by name, so a walk reaches each route's handler
 * shape; a parameter nobody has named yet gets a harmless word.
 */
export function plausibleParams(world: AdminWorld, tenantId = world.tenantB): Record<string, string> {
  return {
    email: world.plainUser.email,
    bot: 'support-bot',
    botName: 'support-bot',
    botId: `${tenantId}-support-bot`,
    tenantId,
    id: tenantId,
    roleId: '1',
    permissionId: '3',
    token: 'not-a-real-token',
    conversationId: 'c1',
    llmid: 'l1',
    '*': 'anything',
  };
}

/** The route's URL with every `:param` (and a trailing `*`) filled in. */
export function fillPath(url: string, values: Record<string, string>): string {
  return url
    .replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(values[name] ?? 'x'))
    .replace(/\*$/, values['*'] ?? 'x');
}

/** Routes of the API that need a caller (skips the web app's static files and public routes). */
export function guardedRoutes(routes: readonly CataloguedRoute[]): CataloguedRoute[] {
  return routes.filter((r) => r.access !== undefined && r.access !== 'public' && r.method !== 'HEAD');
}

const describeAccess = (access: CataloguedRoute['access']) => {
  if (typeof access !== 'object') return access;
  return 'botPermission' in access
    ? `botPermission ${access.botPermission}`
    : `tenantPermission ${access.tenantPermission}`;
};

export const describeRoute = (r: CataloguedRoute) => `${r.method} ${r.url} (${describeAccess(r.access)})`;
