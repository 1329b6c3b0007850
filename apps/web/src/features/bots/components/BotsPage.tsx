import { type BotView, Permission } from '@parley/contracts';
import { useState } from 'react';
import { handleApiError } from '../../../api/error-reactions';
import { BotIcon, Button, EmptyState, PageHeader, PlusIcon, UploadIcon } from '../../../ui';
import { downloadMessageHistory } from '../api/bots-api';
import { runIfPermitted } from '../hooks/run-if-permitted';
import { useBots } from '../hooks/use-bots';
import { useDeleteBot } from '../hooks/use-delete-bot';
import { useOverviewPermissions } from '../hooks/use-overview-permissions';
import { useCanImportExport } from '../hooks/use-tenant-plan';
import { CreateBotDialog } from './create/CreateBotDialog';
import { useCreateBotLauncher } from './create/use-create-bot-launcher';
import { ExportBotDialog } from './export/ExportBotDialog';
import { ImportBotDialog } from './import/ImportBotDialog';
import { BotCard } from './overview/BotCard';
import type { BotCardAction } from './overview/BotCardMenu';
import { BotsLoading } from './overview/BotsLoading';
import { DeletingBotOverlay } from './overview/DeletingBotOverlay';
import { LegacyEngineBanner } from './overview/LegacyEngineBanner';
import './overview/overview.css';

/**
 * /bots, the landing screen after sign-in (spec 01 section 2 'Bot overview'): the caller's bots
 * as cards, the create and import dialogs, and the banners that concern them. Import a bot and
 * Export Bot are there when the plan allows them (hasImportExport).
 */
export function BotsPage() {
  const bots = useBots();
  const may = useOverviewPermissions();
  const launcher = useCreateBotLauncher();
  const canImportExport = useCanImportExport();
  const { deleting, requestDelete } = useDeleteBot();
  const [exporting, setExporting] = useState<string | undefined>();

  const actionsFor = (bot: BotView): BotCardAction[] => {
    const actions: BotCardAction[] = [];
    if (canImportExport && may(bot.id, Permission.ExportBots)) {
      actions.push({
        label: 'Export Bot',
        onSelect: () => runIfPermitted(may(bot.id, Permission.ExportBots), () => setExporting(bot.botName)),
      });
    }
    if (may(bot.id, Permission.ExportLogs)) {
      actions.push({
        label: 'Download Logs',
        onSelect: () =>
          runIfPermitted(may(bot.id, Permission.ExportLogs), () => {
            downloadMessageHistory(bot.botName).catch(handleApiError);
          }),
      });
    }
    if (may(bot.id, Permission.DeleteBot)) {
      actions.push({
        label: 'Delete Bot',
        isDanger: true,
        onSelect: () => runIfPermitted(may(bot.id, Permission.DeleteBot), () => void requestDelete(bot)),
      });
    }
    return actions;
  };

  const createButton = (
    <Button
      icon={<PlusIcon />}
      onClick={() => void launcher.open('create')}
      isLoading={launcher.isChecking === 'create'}
    >
      Create a bot
    </Button>
  );
  const importButton = canImportExport && (
    <Button
      variant="secondary"
      icon={<UploadIcon />}
      onClick={() => void launcher.open('import')}
      isLoading={launcher.isChecking === 'import'}
    >
      Import a bot
    </Button>
  );
  const newBotButtons = (
    <>
      {importButton}
      {createButton}
    </>
  );

  return (
    <div className="bots-overview">
      <PageHeader title="Bot Overview" actions={newBotButtons} />
      {bots.data && <LegacyEngineBanner bots={bots.data} />}
      {bots.isPending ? (
        <BotsLoading />
      ) : bots.data && bots.data.length > 0 ? (
        <div className="bots-grid">
          {bots.data.map((bot) => (
            <BotCard key={bot.id} bot={bot} actions={actionsFor(bot)} />
          ))}
        </div>
      ) : (
        <EmptyState
          icon={<BotIcon />}
          title="No bots yet"
          description={
            canImportExport
              ? 'Create your first bot from scratch or from a starter template, or import one exported from Parley.'
              : 'Create your first bot from scratch or from a starter template to start building.'
          }
          action={bots.isError ? undefined : newBotButtons}
        />
      )}
      {deleting && <DeletingBotOverlay botName={deleting} />}
      {exporting && <ExportBotDialog botName={exporting} onClose={() => setExporting(undefined)} />}
      {launcher.dialog?.kind === 'create' && (
        <CreateBotDialog
          acceptAdditionalCost={launcher.dialog.acceptAdditionalCost}
          onClose={launcher.close}
        />
      )}
      {launcher.dialog?.kind === 'import' && (
        <ImportBotDialog
          acceptAdditionalCost={launcher.dialog.acceptAdditionalCost}
          existingNames={bots.data?.map((b) => b.botName) ?? []}
          onClose={launcher.close}
        />
      )}
    </div>
  );
}
