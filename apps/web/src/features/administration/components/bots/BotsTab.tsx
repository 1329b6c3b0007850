import { type BotView, botRegionLabel, languageName, Permission, type UserInfo } from '@parley/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  Banner,
  Button,
  popup,
  Spinner,
  Table,
  type TableColumn,
  TrashIcon,
  UsersIcon,
} from '../../../../ui';
import { BOT_KEYS, deleteBot, permissionsOnBot, useBots } from '../../../bots';
import { ADMIN_KEYS } from '../../hooks/admin-query-keys';
import { usePermissionsData } from '../../hooks/use-admin-queries';
import { useRowDeletion } from '../../hooks/use-row-deletion';
import { BotUsersDialog } from './BotUsersDialog';
import { useBotUserCounts } from './use-bot-user-counts';

/**
 * The Bots tab (spec 01 sections 2 and 6): every bot for account administrators; for a plain
 * user the bots they manage permissions on. A row opens the bot's users and roles; Delete is
 * offered where the caller holds Delete bot (2).
 */
export function BotsTab({ user }: { user: UserInfo }) {
  const queryClient = useQueryClient();
  const bots = useBots();
  const permissions = usePermissionsData();
  const [openBotId, setOpenBotId] = useState<string>();
  const tenantId = user.selectedTenantId;

  const may = (bot: BotView, permissionId: number) =>
    !!permissions.data && permissionsOnBot(permissions.data, bot.id).includes(permissionId);
  const rows = (bots.data ?? []).filter(
    (bot) => user.isTenantAdmin || may(bot, Permission.ManageBotPermissions),
  );
  const userCount = useBotUserCounts(tenantId, rows, user.isTenantAdmin);

  const deletion = useRowDeletion(deleteBot, async (botName) => {
    queryClient.removeQueries({ queryKey: BOT_KEYS.bot(botName) });
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: BOT_KEYS.list }),
      queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.permissions }),
      queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.users }),
      queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.botIdNames }),
    ]);
  });

  const confirmDeletion = async (bot: BotView) => {
    const isConfirmed = await popup.confirm({
      title: `Delete ${bot.displayName}?`,
      text: 'The bot and everything in it (intents, entities, functions, flows and settings) will be deleted. This cannot be undone.',
      actionText: 'Delete',
      isDanger: true,
    });
    if (isConfirmed) await deletion.deleteRow(bot.botName);
  };

  const columns: TableColumn<BotView>[] = [
    {
      key: 'name',
      header: 'Bot',
      render: (bot) => (
        <button type="button" className="admin-link-button" onClick={() => setOpenBotId(bot.id)}>
          {bot.displayName}
        </button>
      ),
    },
    { key: 'language', header: 'Language', render: (bot) => languageName(bot.settings.language) },
    { key: 'region', header: 'Region', render: (bot) => botRegionLabel(bot.region) },
    {
      key: 'users',
      header: 'Users',
      align: 'end',
      width: '6rem',
      render: (bot) => userCount(bot.id) ?? <Spinner size="sm" label="Counting users" />,
    },
    {
      key: 'actions',
      header: <span className="visually-hidden">Actions</span>,
      align: 'end',
      width: '7rem',
      render: (bot) =>
        deletion.isDeleting(bot.botName) ? (
          <span className="admin-row-actions">
            <Spinner size="sm" label={`Deleting ${bot.displayName}`} />
          </span>
        ) : (
          <div className="admin-row-actions">
            <Button
              variant="ghost"
              size="sm"
              icon={<UsersIcon />}
              aria-label={`Users of ${bot.displayName}`}
              title="Users and roles"
              onClick={() => setOpenBotId(bot.id)}
            />
            {may(bot, Permission.DeleteBot) && (
              <Button
                variant="ghost"
                size="sm"
                icon={<TrashIcon />}
                aria-label={`Delete ${bot.displayName}`}
                title="Delete"
                onClick={() => void confirmDeletion(bot)}
              />
            )}
          </div>
        ),
    },
  ];

  const openBot = rows.find((bot) => bot.id === openBotId);

  return (
    <div className="admin-section">
      <div className="admin-toolbar">
        <p className="admin-toolbar__text">
          {user.isTenantAdmin ? (
            <>
              The bots of <strong>{user.selectedTenant.displayName}</strong> and who holds a role on them.
            </>
          ) : (
            'The bots on which you manage permissions, and who holds a role on them.'
          )}
        </p>
      </div>
      {bots.isPending || permissions.isPending ? (
        <div className="admin-loading">
          <Spinner label="Loading bots" />
        </div>
      ) : bots.isError || permissions.isError ? (
        <Banner tone="error">The bots could not be loaded.</Banner>
      ) : (
        <Table
          caption="Bots"
          columns={columns}
          rows={rows}
          rowKey={(bot) => bot.id}
          isRowBusy={(bot) => deletion.isDeleting(bot.botName)}
          emptyText="No bots yet"
        />
      )}
      {openBot && (
        <BotUsersDialog
          bot={openBot}
          tenantId={tenantId}
          currentUserId={user.id}
          onClose={() => setOpenBotId(undefined)}
        />
      )}
    </div>
  );
}
