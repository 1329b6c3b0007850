import type { BotView } from '@parley/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { handleApiError } from '../../../api/error-reactions';
import { popup } from '../../../ui';
import { ADMIN_KEYS } from '../../administration';
import { deleteBot } from '../api/bots-api';
import { BOT_KEYS } from './bot-query-keys';

/**
 * Deleting a bot wherever it is offered: a confirmation (Cancel has the focus), the deletion,
 * then the bot's cached answers go and the lists reload. `whileDeleting` shows the screen's
 * loader; `afterDeleted` runs before the reload (a screen of the bot leaves it first). A
 * failure goes to the global handler.
 */
export function useBotRemoval() {
  const queryClient = useQueryClient();
  return async (
    bot: Pick<BotView, 'botName' | 'displayName'>,
    whileDeleting: (isDeleting: boolean) => void,
    afterDeleted?: () => void,
  ): Promise<void> => {
    const isConfirmed = await popup.confirm({
      title: `Delete ${bot.displayName}?`,
      text: 'The bot and everything in it (intents, entities, functions, flows and settings) will be deleted. This cannot be undone.',
      actionText: 'Delete',
      isDanger: true,
    });
    if (!isConfirmed) return;
    whileDeleting(true);
    try {
      await deleteBot(bot.botName);
      afterDeleted?.();
      queryClient.removeQueries({ queryKey: BOT_KEYS.bot(bot.botName) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: BOT_KEYS.list }),
        queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.permissions }),
      ]);
    } catch (error) {
      handleApiError(error);
    } finally {
      whileDeleting(false);
    }
  };
}

/** Delete Bot from the card menu, with the 'Deleting {bot}' loader until the overview has reloaded. */
export function useDeleteBot() {
  const removeBot = useBotRemoval();
  const [deleting, setDeleting] = useState<string | undefined>();
  const requestDelete = (bot: BotView) =>
    removeBot(bot, (isDeleting) => setDeleting(isDeleting ? bot.displayName : undefined));
  return { deleting, requestDelete };
}
