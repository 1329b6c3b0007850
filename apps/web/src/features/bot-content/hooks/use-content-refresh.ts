import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { BOT_KEYS } from '../../bots';
import { CONTENT_KEYS } from './content-query-keys';

/**
 * After any change to intents or entities: both lists (an entity rename rewrites patterns) and
 * the bot itself (it is now unpublished, so its banner shows) are read again.
 */
export function useContentRefresh(botName: string): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: CONTENT_KEYS.intents(botName) }),
      queryClient.invalidateQueries({ queryKey: CONTENT_KEYS.entities(botName) }),
      queryClient.invalidateQueries({ queryKey: BOT_KEYS.bot(botName) }),
    ]);
  }, [queryClient, botName]);
}
