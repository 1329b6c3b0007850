import type { NluSyncRecord } from '@parley/db';
import type { AppContext } from '../../context';
import { publishTopicEvent } from '../realtime/topic-events';
import { toProgressView } from './synchronization-views';

/** A provider's progress, to the sockets (on any process) that follow the bot's publishing. */
export async function publishSyncProgress(
  ctx: AppContext,
  botName: string,
  sync: NluSyncRecord,
): Promise<void> {
  try {
    await publishTopicEvent(ctx.shared.pubsub, {
      type: 'sync:progress-state',
      topic: { kind: 'bot-publishing', botId: sync.botId },
      botName,
      provider: sync.provider,
      syncId: sync.syncId,
      progress: toProgressView(sync),
    });
  } catch (error) {
    // The push is a courtesy: the web polls GET /progress when no push arrives.
    ctx.log.warn({ err: error }, 'sync progress could not be pushed');
  }
}
