import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { connectSyncEvents } from '../realtime/sync-events-socket';
import { PUBLISHING_KEYS } from './publishing-keys';

/** While `isWatching`, pushes of this bot's sync progress update the panel at once. */
export function useSyncEvents(botName: string, botId: string, isWatching: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!isWatching) return;
    return connectSyncEvents(botId, (message) => {
      if (message.botName.toLowerCase() !== botName.toLowerCase()) return;
      queryClient.setQueryData(
        PUBLISHING_KEYS.progress(botName, message.provider, message.syncId),
        message.progress,
      );
      if (message.progress.isDone)
        void queryClient.invalidateQueries({ queryKey: PUBLISHING_KEYS.status(botName) });
    });
  }, [botName, botId, isWatching, queryClient]);
}
