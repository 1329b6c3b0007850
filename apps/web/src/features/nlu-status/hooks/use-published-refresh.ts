import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { BOT_KEYS } from '../../bots';

/**
 * 'Is latest publish' reads the bot's published flag; a publish that starts or ends (a new
 * last sync) changes it, so the bot is read again then (not when the status first arrives).
 */
export function usePublishedRefresh(
  botName: string,
  lastSyncId: string | null | undefined,
  isActive: boolean,
) {
  const client = useQueryClient();
  const signature = lastSyncId === undefined ? undefined : `${lastSyncId}|${isActive}`;
  const seen = useRef(signature);
  useEffect(() => {
    const previous = seen.current;
    seen.current = signature;
    if (previous === undefined || signature === undefined || previous === signature) return;
    void client.invalidateQueries({ queryKey: BOT_KEYS.bot(botName) });
  }, [client, botName, signature]);
}
