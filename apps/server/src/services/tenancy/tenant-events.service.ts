import type { TenantsChangedMessage } from '@parley/contracts';
import type { AppContext } from '../../context';
import { publishTopicEvent } from '../realtime/topic-events';

/**
 * Tells every process's sockets that follow the tenants topic that a tenant appeared or went
 * away. The change itself is already committed, so a failing broadcast is logged rather than
 * turned into a failed request.
 */
export async function publishTenantChange(
  ctx: AppContext,
  tenantId: string,
  change: TenantsChangedMessage['change'],
): Promise<void> {
  try {
    // Master administrators see every tenant, and a deleted tenant takes members with it.
    await ctx.principals.announce({ everyone: true });
    await publishTopicEvent(ctx.shared.pubsub, {
      type: 'tenants:changed',
      topic: { kind: 'tenants' },
      tenantId,
      change,
    });
  } catch (error) {
    ctx.log.error({ err: error, tenantId, change }, 'tenant change could not be broadcast');
  }
}
