import { NLU_STATUS_MESSAGES as M, Permission } from '@parley/contracts';
import { Button, EmptyState, formatDateTime, Spinner, Table, type TableColumn } from '../../../ui';
import type { SettingsTabProps } from '../../bot-settings';
import { isAnySyncActive, useSyncStatus } from '../../publishing';
import { useNluProviders, useNluStatuses } from '../hooks/use-nlu-status';
import { useProviderActions } from '../hooks/use-provider-actions';
import { usePublishedRefresh } from '../hooks/use-published-refresh';
import { listedProviders, type NluStatusRow, nluStatusRows } from './nlu-status-rows';
import { PublishNluButton } from './PublishNluButton';
import './nlu-status.css';

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');
const dateTime = (iso: string | null) => (iso ? formatDateTime(iso) : M.never);

/**
 * The NLU Status tab (spec 04 sections 2.3 and 4 'NLU provider'): the bot's primary recognizer
 * and every other configured provider, whether each is configured and holds the latest
 * publish; Configure and Remove need ManageEngines, publishing PublishIntentsAndEntities.
 * It has no save.
 */
export function NluStatusTab({ bot, permissions }: SettingsTabProps) {
  const providers = useNluProviders(bot.botName);
  const listed = providers.data ? listedProviders(providers.data) : [];
  const statuses = useNluStatuses(bot.botName, listed);
  const sync = useSyncStatus(bot.botName);
  usePublishedRefresh(bot.botName, sync.data?.lastSyncId, isAnySyncActive(sync.data));
  const actions = useProviderActions(bot.botName);
  const canManage = permissions.includes(Permission.ManageEngines);
  const canPublish = permissions.includes(Permission.PublishIntentsAndEntities);

  if (providers.isPending) return <Spinner label="Loading the NLU providers" />;
  if (providers.isError) return <EmptyState title="The NLU providers could not be loaded" />;

  const rows = nluStatusRows(providers.data, statuses, sync.data, bot.isPublished);
  const configuredCount = rows.filter((r) => r.status?.isConfigured).length;
  const progressOf = (row: NluStatusRow) =>
    actions.progress?.provider === row.provider ? actions.progress.text : undefined;

  const columns: TableColumn<NluStatusRow>[] = [
    {
      key: 'provider',
      header: 'Provider',
      render: (row) => (
        <span className="nlu-status__provider">
          {row.label}
          {row.isPrimary && <span className="nlu-status__primary">Primary</span>}
        </span>
      ),
    },
    {
      key: 'configured',
      header: 'Is configured',
      render: (row) => {
        const progress = progressOf(row);
        if (progress)
          return (
            <span className="nlu-status__progress">
              <Spinner size="sm" label="" />
              {progress}
            </span>
          );
        if (row.problem) return <span className="nlu-status__problem">{row.problem}</span>;
        return row.status ? yesNo(row.status.isConfigured) : <Spinner size="sm" label="Checking" />;
      },
    },
    { key: 'last', header: 'Last publish', render: (row) => dateTime(row.lastPublish) },
    { key: 'latest', header: 'Is latest publish', render: (row) => yesNo(row.isLatest) },
  ];
  if (canManage)
    columns.push({
      key: 'actions',
      header: <span className="visually-hidden">Actions</span>,
      align: 'end',
      render: (row) => {
        const isIdle = !actions.progress;
        const exists = row.status ? row.status.hasResource || row.status.hasNlu : false;
        return (
          <span className="nlu-status__actions">
            <Button
              size="sm"
              variant="secondary"
              disabled={!isIdle || !row.status || row.status.isConfigured}
              onClick={() => actions.configure(row.provider)}
            >
              {M.configure}
            </Button>
            <Button
              size="sm"
              variant="danger"
              disabled={!isIdle || !exists}
              onClick={() =>
                actions.remove(row.provider, row.status?.isConfigured === true && configuredCount === 1)
              }
            >
              {M.remove}
            </Button>
          </span>
        );
      },
    });

  return (
    <section className="nlu-status" aria-label={M.tabTitle}>
      {canPublish && (
        <div className="nlu-status__toolbar">
          <PublishNluButton botName={bot.botName} />
        </div>
      )}
      <Table
        caption={M.tabTitle}
        columns={columns}
        rows={rows}
        rowKey={(row) => row.provider}
        isRowBusy={(row) => progressOf(row) !== undefined}
        emptyText="This bot has no NLU provider: choose an intent recognizer in its configuration."
      />
    </section>
  );
}
