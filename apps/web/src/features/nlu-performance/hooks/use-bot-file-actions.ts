import { type BotDetails, Permission } from '@parley/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { handleApiError } from '../../../api/error-reactions';
import { popup } from '../../../ui';
import { ADMIN_KEYS } from '../../administration/hooks/admin-query-keys';
import { exportBotFile } from '../../bots/api/bot-bundle-api';
import { deleteBot } from '../../bots/api/bots-api';
import { BOT_KEYS } from '../../bots/hooks/bot-query-keys';
import { runIfPermitted } from '../../bots/hooks/run-if-permitted';
import { useCanImportExport } from '../../bots/hooks/use-tenant-plan';

/**
 * Export bot and delete bot from the NLU Performance tab (spec 04 section 2.3), by the bot
 * overview's code: the same export call and plan rule, the same confirmation; after the
 * deletion the overview opens.
 */
export function useBotFileActions(bot: BotDetails, permissions: readonly number[]) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const canImportExport = useCanImportExport();
  const [isDeleting, setIsDeleting] = useState(false);
  const canExport = canImportExport && permissions.includes(Permission.ExportBots);
  const canDelete = permissions.includes(Permission.DeleteBot);

  const exportBot = () =>
    runIfPermitted(canExport, () => {
      exportBotFile(bot.botName).catch(handleApiError);
    });

  const removeBot = async () => {
    const isConfirmed = await popup.confirm({
      title: `Delete ${bot.displayName}?`,
      text: 'The bot and everything in it (intents, entities, functions, flows and settings) will be deleted. This cannot be undone.',
      actionText: 'Delete',
      isDanger: true,
    });
    if (!isConfirmed) return;
    setIsDeleting(true);
    try {
      await deleteBot(bot.botName);
      navigate('/bots', { replace: true });
      client.removeQueries({ queryKey: BOT_KEYS.bot(bot.botName) });
      await Promise.all([
        client.invalidateQueries({ queryKey: BOT_KEYS.list }),
        client.invalidateQueries({ queryKey: ADMIN_KEYS.permissions }),
      ]);
    } catch (error) {
      handleApiError(error);
    } finally {
      setIsDeleting(false);
    }
  };

  const deleteThisBot = () => runIfPermitted(canDelete, () => void removeBot());

  return { canExport, canDelete, isDeleting, exportBot, deleteThisBot };
}
