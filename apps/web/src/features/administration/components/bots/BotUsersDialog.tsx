import { type BotView, MESSAGES, Permission } from '@parley/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Banner, Button, Modal, popup, Select, Spinner } from '../../../../ui';
import { USER_INFO_KEY } from '../../../account';
import { BOT_KEYS } from '../../../bots';
import { ADMIN_KEYS } from '../../hooks/admin-query-keys';
import { useFreshBotPermissionIds, useRoles, useUsersForBot } from '../../hooks/use-admin-queries';
import { botRoleOptions, choiceOf, roleChangeStep } from '../users/bot-role-choices';

interface BotUsersDialogProps {
  bot: BotView;
  tenantId: string;
  currentUserId: string;
  onClose: () => void;
}

/**
 * A bot's users and their roles (spec 01 section 6). The role selects change roles only with
 * Manage bot permissions (3) on this bot, asked afresh from the bot's permissions; without it
 * they are disabled and there is no Save. Saving sends each changed role, one call after
 * another; a refusal stops there with the global reaction.
 */
export function BotUsersDialog({ bot, tenantId, currentUserId, onClose }: BotUsersDialogProps) {
  const queryClient = useQueryClient();
  const users = useUsersForBot(tenantId, bot.id);
  const roles = useRoles();
  const permissions = useFreshBotPermissionIds(bot.botName);
  const canManage = permissions.data?.includes(Permission.ManageBotPermissions) ?? false;
  const [choices, setChoices] = useState<Record<string, string>>({});

  const holders = users.data ?? [];
  const choiceFor = (id: string, roleId: number) => choices[id] ?? choiceOf(roleId);
  const steps = holders.flatMap(({ id, roleId }) => {
    const step = roleChangeStep(id, bot.botName, roleId, choiceFor(id, roleId));
    return step ? [step] : [];
  });
  const changesSelf = holders.some(
    ({ id, roleId }) => id === currentUserId && choiceFor(id, roleId) !== choiceOf(roleId),
  );

  const save = useMutation({
    mutationFn: async (planned: Array<() => Promise<unknown>>) => {
      for (const step of planned) await step();
    },
    onSuccess: onClose,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.usersForBot(bot.id) }),
        queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.users }),
      ]);
      // One's own role decides what this page, the overview and the shell offer.
      if (changesSelf) {
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.permissions }),
          queryClient.invalidateQueries({ queryKey: BOT_KEYS.permissions(bot.botName) }),
          queryClient.invalidateQueries({ queryKey: USER_INFO_KEY }),
        ]);
      }
    },
  });

  const submit = () => {
    if (steps.length === 0) {
      void popup.info({ title: MESSAGES.admin.noDataToSave });
      return;
    }
    save.mutate(steps);
  };

  const options = botRoleOptions(roles.data);
  const isLoading = users.isPending || roles.isPending || permissions.isPending;

  return (
    <Modal
      title={`Users of ${bot.displayName}`}
      description="The users holding a role on this bot, and their roles."
      onClose={onClose}
      isDirty={steps.length > 0}
      footer={(close) => (
        <>
          <Button variant="secondary" onClick={close}>
            {canManage ? 'Cancel' : 'Close'}
          </Button>
          {canManage && (
            <Button onClick={submit} isLoading={save.isPending}>
              Save
            </Button>
          )}
        </>
      )}
    >
      <div className="admin-form">
        {isLoading ? (
          <Spinner size="sm" label="Loading the bot's users" />
        ) : users.isError ? (
          <Banner tone="error">The users of this bot could not be loaded.</Banner>
        ) : holders.length === 0 ? (
          <p className="admin-muted">No user holds a role on this bot yet.</p>
        ) : (
          <>
            {!canManage && <p className="admin-muted">{MESSAGES.admin.noPermission}</p>}
            {holders.map(({ id, name, roleId }) => (
              <Select
                key={id}
                label={`${name} (${id})`}
                options={options}
                value={choiceFor(id, roleId)}
                disabled={!canManage}
                onChange={(event) => {
                  const value = event.target.value;
                  setChoices((current) => ({ ...current, [id]: value }));
                }}
              />
            ))}
          </>
        )}
      </div>
    </Modal>
  );
}
