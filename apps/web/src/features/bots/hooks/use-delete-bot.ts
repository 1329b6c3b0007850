import type { BotView } from '@parley/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { handleApiError } from '../../../api/error-reactions';
import { popup } from '../../../ui';
import { ADMIN_KEYS } from '../../administration/hooks/admin-query-keys';
import { deleteBot } from '../api/bots-api';
import { BOT_KEYS } from './bot-query-keys';

/**
 * Delete Bot from the card menu: a confirmation (Cancel has the focus), then the 'Deleting {bot}'
 * loader until the overview has reloaded without the bot. A failure goes to the global handler.
 */
export function useDeleteBot() {
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState<string | undefined>();

  const requestDelete = async (bot: BotView) => {
    const isConfirmed = await popup.confirm({
      title: `Delete ${bot.displayName}?`,
      text: 'The bot and everything in it (intents, entities, functions, flows and settings) will be deleted. This cannot be undone.',
      actionText: 'Delete',
      isDanger: true,
    });
    if (!isConfirmed) return;
    setDeleting(bot.displayName);
    try {
      await deleteBot(bot.botName);
      queryClient.removeQueries({ queryKey: BOT_KEYS.bot(bot.botName) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: BOT_KEYS.list }),
        queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.permissions }),
      ]);
    } catch (error) {
      handleApiError(error);
    } finally {
      setDeleting(undefined);
    }
  };

  return { deleting, requestDelete };
}
