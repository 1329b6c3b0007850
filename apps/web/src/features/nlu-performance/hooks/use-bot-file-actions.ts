import { type BotDetails, Permission } from '@parley/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { runIfPermitted, useBotRemoval, useCanImportExport } from '../../bots';

/**
 * Export bot and delete bot from the NLU Performance tab (spec 04 section 2.3), by the bot
 * overview's code: the same export call and plan rule, the same confirmation; after the
 * deletion the overview opens.
 */
export function useBotFileActions(bot: BotDetails, permissions: readonly number[]) {
  const removeBot = useBotRemoval();
  const navigate = useNavigate();
  const canImportExport = useCanImportExport();
  const [isDeleting, setIsDeleting] = useState(false);
  const [isExporting, setIsExporting] = useState(false);
  const canExport = canImportExport && permissions.includes(Permission.ExportBots);
  const canDelete = permissions.includes(Permission.DeleteBot);

  const exportBot = () => runIfPermitted(canExport, () => setIsExporting(true));
  const closeExport = () => setIsExporting(false);

  const deleteThisBot = () =>
    runIfPermitted(canDelete, () => {
      void removeBot(bot, setIsDeleting, () => navigate('/bots', { replace: true }));
    });

  return { canExport, canDelete, isDeleting, isExporting, exportBot, closeExport, deleteThisBot };
}
