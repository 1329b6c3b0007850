import { AppError, MESSAGES, TENANT_IN_VIEW_HEADER, type TenantSwitchedData } from '@parley/contracts';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { type Principal, visibleTenantIds } from './principal';

const HEADER = TENANT_IN_VIEW_HEADER.toLowerCase();

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route answers the same whichever tenant the calling tab shows (signing out, reading the
     * user info, switching the tenant): the tenant-in-view check leaves it alone.
     */
    isTenantNeutral?: boolean;
  }
}

/**
 * A tab that shows another tenant than the user's selected one (it was switched in another tab,
 * window or device) may not act on the selected one by mistake: its calls are refused with a 409
 * that names the selected tenant, and the tab follows it. Callers that send no header (API
 * clients, scripts) are not concerned.
 */
export async function assertTenantInView(
  ctx: AppContext,
  request: FastifyRequest,
  principal: Principal,
): Promise<void> {
  if (request.routeOptions.config.isTenantNeutral) return;
  const shown = request.headers[HEADER];
  if (typeof shown !== 'string' || shown === '' || shown === principal.tenantId) return;
  const [tenant, visible] = await Promise.all([
    ctx.repos.tenants.get(principal.tenantId),
    visibleTenantIds(ctx.repos, principal.user.id),
  ]);
  const data: TenantSwitchedData = {
    selectedTenantId: principal.tenantId,
    selectedTenantName: tenant?.displayName ?? principal.tenantId,
    reason: visible.ids.includes(shown) ? 'switched' : 'gone',
  };
  const { refused, refusedGone } = MESSAGES.tenantSwitched;
  throw new AppError('cohesion_error', data.reason === 'gone' ? refusedGone : refused, { ...data });
}
