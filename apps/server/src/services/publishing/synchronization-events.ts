import type { SyncProgressStateMessage } from '@parley/contracts';
import type { NluSyncRecord } from '@parley/db';
import type { AppContext } from '../../context';
import { toProgressView } from './synchronization-views';

/** The pub/sub channel of sync progress: any process's gateway delivers it to its sockets. */
export const SYNC_PROGRESS_CHANNEL = 'sync:progress';

/** What travels on the channel: the socket message plus whom it concerns. */
export interface SyncProgressEvent {
  tenantId: string;
  botId: string;
  message: SyncProgressStateMessage;
}

export async function publishSyncProgress(
  ctx: AppContext,
  tenantId: string,
  botName: string,
  sync: NluSyncRecord,
): Promise<void> {
  const event: SyncProgressEvent = {
    tenantId,
    botId: sync.botId,
    message: {
      type: 'sync:progress-state',
      botName,
      provider: sync.provider,
      syncId: sync.syncId,
      progress: toProgressView(sync),
    },
  };
  try {
    await ctx.shared.pubsub.publish(SYNC_PROGRESS_CHANNEL, event);
  } catch (error) {
    // The push is a courtesy: the web polls GET /progress when no push arrives.
    ctx.log.warn({ err: error }, 'sync progress could not be pushed');
  }
}
