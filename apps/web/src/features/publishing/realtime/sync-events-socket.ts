import type { SyncProgressStateMessage } from '@parley/contracts';
import { connectRealtime } from '../../../api/realtime-socket';

function isProgress(message: Record<string, unknown>): boolean {
  return (
    message.type === 'sync:progress-state' &&
    typeof message.botName === 'string' &&
    typeof message.provider === 'string' &&
    typeof message.syncId === 'string' &&
    typeof message.progress === 'object'
  );
}

/**
 * Follows a bot's publishing topic: its `sync:progress-state` pushes (spec 02 section 4) until
 * the returned function is called; polling covers the gaps while the socket reconnects.
 */
export function connectSyncEvents(
  botId: string,
  onProgress: (message: SyncProgressStateMessage) => void,
): () => void {
  return connectRealtime({
    topics: [{ kind: 'bot-publishing', botId }],
    onMessage: (message) => {
      if (isProgress(message)) onProgress(message as unknown as SyncProgressStateMessage);
    },
  });
}
