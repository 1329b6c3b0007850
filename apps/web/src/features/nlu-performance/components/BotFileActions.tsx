import type { BotDetails } from '@parley/contracts';
import { Button, DownloadIcon, TrashIcon } from '../../../ui';
import { ExportBotDialog } from '../../bots';
import { useBotFileActions } from '../hooks/use-bot-file-actions';

/** Export bot and delete bot (spec 04 section 2.3), with the caller's permissions 1 and 2. */
export function BotFileActions({ bot, permissions }: { bot: BotDetails; permissions: readonly number[] }) {
  const actions = useBotFileActions(bot, permissions);
  if (!actions.canExport && !actions.canDelete) return null;
  return (
    <div className="nlu-performance__toolbar">
      {actions.canExport && (
        <Button variant="secondary" icon={<DownloadIcon />} onClick={actions.exportBot}>
          Export bot
        </Button>
      )}
      {actions.canDelete && (
        <Button
          variant="danger"
          icon={<TrashIcon />}
          isLoading={actions.isDeleting}
          onClick={actions.deleteThisBot}
        >
          Delete bot
        </Button>
      )}
      {actions.isExporting && <ExportBotDialog botName={bot.botName} onClose={actions.closeExport} />}
    </div>
  );
}
