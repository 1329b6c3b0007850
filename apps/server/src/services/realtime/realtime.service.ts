import { type ServerMessage, type TenantsChangedMessage, WEBSOCKET_CLOSE } from '@parley/contracts';
import type { WebSocket } from 'ws';
import { authenticate } from '../../auth/guard';
import type { Principal } from '../../auth/principal';
import type { AppContext } from '../../context';
import { SYNC_PROGRESS_CHANNEL, type SyncProgressEvent } from '../publishing/synchronization-events';
import { TENANTS_CHANNEL } from '../tenancy/tenant-events.service';

interface Connection {
  socket: WebSocket;
  token: string;
  userId: string;
}

/**
 * The websocket gateway of one process: it keeps this process's sockets and forwards what
 * any process published on the pub/sub to the sockets allowed to see it.
 */
export function createRealtimeGateway(ctx: AppContext) {
  const connections = new Set<Connection>();
  let unsubscribe: (() => Promise<void>) | undefined;

  const send = (socket: WebSocket, message: ServerMessage) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
  };

  /**
   * Rights are checked at delivery, not only at connect: a logged-out session or a revoked
   * master role stops the events at once. Tenant changes are rare, so the check is cheap.
   */
  async function stillAllowed(connection: Connection): Promise<Principal | undefined> {
    try {
      return await authenticate(ctx, connection.token);
    } catch {
      connection.socket.close(WEBSOCKET_CLOSE.sessionEnded, 'session ended');
      connections.delete(connection);
      return undefined;
    }
  }

  async function deliverTenantChange(message: TenantsChangedMessage): Promise<void> {
    await Promise.all(
      [...connections].map(async (connection) => {
        const principal = await stillAllowed(connection);
        if (principal?.isMasterTenantAdmin) send(connection.socket, message);
      }),
    );
  }

  /** A publish's progress goes to the sockets of users who can see the bot, in its tenant. */
  async function deliverSyncProgress(event: SyncProgressEvent): Promise<void> {
    await Promise.all(
      [...connections].map(async (connection) => {
        const principal = await stillAllowed(connection);
        if (!principal || principal.tenantId !== event.tenantId) return;
        const seesBot =
          principal.isTenantAdmin ||
          (await principal.scope.botRoles.forUser(principal.user.id)).some((r) => r.botId === event.botId);
        if (seesBot) send(connection.socket, event.message);
      }),
    );
  }

  let unsubscribeSync: (() => Promise<void>) | undefined;

  return {
    async start(): Promise<void> {
      unsubscribeSync = await ctx.shared.pubsub.subscribe(SYNC_PROGRESS_CHANNEL, (message) => {
        const event = message as Partial<SyncProgressEvent>;
        if (typeof event?.tenantId !== 'string' || event.message?.type !== 'sync:progress-state') return;
        deliverSyncProgress(event as SyncProgressEvent).catch((error) =>
          ctx.log.error({ err: error }, 'sync progress could not be delivered'),
        );
      });
      unsubscribe = await ctx.shared.pubsub.subscribe(TENANTS_CHANNEL, (message) => {
        const m = message as Partial<TenantsChangedMessage>;
        if (m?.type !== 'tenants:changed' || typeof m.tenantId !== 'string') return;
        deliverTenantChange(m as TenantsChangedMessage).catch((error) =>
          ctx.log.error({ err: error }, 'tenant change could not be delivered'),
        );
      });
    },
    async stop(): Promise<void> {
      await unsubscribe?.();
      await unsubscribeSync?.();
      connections.clear();
    },
    /** Keeps an authenticated socket until it closes. */
    add(socket: WebSocket, principal: Principal, token: string): void {
      const connection: Connection = { socket, token, userId: principal.user.id };
      connections.add(connection);
      socket.on('close', () => connections.delete(connection));
      send(socket, { type: 'connected', userId: principal.user.id });
    },
    send,
    get size(): number {
      return connections.size;
    },
  };
}

export type RealtimeGateway = ReturnType<typeof createRealtimeGateway>;
