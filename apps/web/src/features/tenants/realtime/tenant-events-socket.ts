import type { TenantsChangedMessage } from '@parley/contracts';
import { connectRealtime } from '../../../api/realtime-socket';

interface TenantEventHandlers {
  onChange: (message: TenantsChangedMessage) => void;
  /** The socket is back after a drop: whatever changed meanwhile was missed. */
  onReconnected: () => void;
}

/**
 * Follows the tenants topic (tenant creations and deletions, for master administrators) over
 * the websocket gateway until the returned function is called.
 */
export function connectTenantEvents({ onChange, onReconnected }: TenantEventHandlers): () => void {
  return connectRealtime({
    topics: [{ kind: 'tenants' }],
    onMessage: ({ type, tenantId, change }) => {
      if (
        type === 'tenants:changed' &&
        typeof tenantId === 'string' &&
        (change === 'created' || change === 'deleted')
      )
        onChange({ type, topic: { kind: 'tenants' }, tenantId, change });
    },
    onReconnected,
  });
}
