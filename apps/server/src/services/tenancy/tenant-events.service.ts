import type { TenantsChangedMessage } from '@parley/contracts';
import type { AppContext } from '../../context';

/** The pub/sub channel of tenant creations and deletions (every process's gateway listens). */
export const TENANTS_CHANNEL = 'parley:tenants:changed';

/**
 * Tells every process that a tenant appeared or went away. The change itself is already
 * committed, so a failing broadcast is logged rather than turned into a failed request.
 */
export async function publishTenantChange(
  ctx: AppContext,
  tenantId: string,
  change: TenantsChangedMessage['change'],
): Promise<void> {
  const message: TenantsChangedMessage = { type: 'tenants:changed', tenantId, change };
  try {
    // Master administrators see every tenant, and a deleted tenant takes members with it.
    await ctx.principals.announce({ everyone: true });
    await ctx.shared.pubsub.publish(TENANTS_CHANNEL, message);
  } catch (error) {
    ctx.log.error({ err: error, tenantId, change }, 'tenant change could not be broadcast');
  }
}
