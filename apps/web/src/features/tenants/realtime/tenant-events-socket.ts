import type { TenantsChangedMessage } from '@parley/contracts';
import { connectRealtime } from '../../../api/realtime-socket';

interface TenantEventHandlers {
  onChange: (message: TenantsChangedMessage) => void;
  /** The socket is back after a drop: whatever changed meanwhile was missed. */
  onReconnected: () => void;
}

/** Listens to tenant creations and deletions over the websocket gateway until the returned function is called. */
export function connectTenantEvents({ onChange, onReconnected }: TenantEventHandlers): () => void {
  return connectRealtime({
    onMessage: ({ type, tenantId, change }) => {
      if (
        type === 'tenants:changed' &&
        typeof tenantId === 'string' &&
        (change === 'created' || change === 'deleted')
      )
        onChange({ type, tenantId, change });
    },
    onReconnected,
  });
}
