import { type AdministeredUser, MESSAGES } from '@parley/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Banner, Button, Modal, popup, Select, Spinner, Toggle } from '../../../../ui';
import { USER_INFO_KEY } from '../../../account';
import { toggleTenantAdmin } from '../../api/users-api';
import { ADMIN_KEYS } from '../../hooks/admin-query-keys';
import { useBotIdNames, useRoles } from '../../hooks/use-admin-queries';
import { botRoleOptions, choiceOf, roleChangeStep } from './bot-role-choices';
import { isAccountAdmin } from './user-roles';

interface EditUserDialogProps {
  member: AdministeredUser;
  tenantId: string;
  isSelf: boolean;
  onClose: () => void;
}

/**
 * Edit user (spec 01 section 6): the Account Administrator toggle, and per bot a role. An
 * administrator has every role, so no per-bot roles are shown for one. Every bot of the tenant
 * is listed, with the user's role on it or No role selected.
 */
export function EditUserDialog({ member, tenantId, isSelf, onClose }: EditUserDialogProps) {
  const queryClient = useQueryClient();
  const roles = useRoles();
  const bots = useBotIdNames();
  const wasAdmin = isAccountAdmin(member, tenantId);
  const [isAdmin, setIsAdmin] = useState(wasAdmin);
  const [choices, setChoices] = useState<Record<string, string>>({});
  const savedRoleOf = (botId: string) => member.botRoles[botId]?.roleId;
  const choiceFor = (botId: string) => choices[botId] ?? choiceOf(savedRoleOf(botId));

  const save = useMutation({
    mutationFn: async (steps: Array<() => Promise<unknown>>) => {
      for (const step of steps) await step();
    },
    onSuccess: onClose,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.users });
      // Changing one's own administrator flag changes what the shell and this page show.
      if (isSelf) await queryClient.invalidateQueries({ queryKey: USER_INFO_KEY });
    },
  });

  /** The calls that turn the saved state into the chosen one, in order. */
  const plannedSteps = (): Array<() => Promise<unknown>> => {
    const steps: Array<() => Promise<unknown>> = [];
    if (isAdmin !== wasAdmin) steps.push(() => toggleTenantAdmin(member.id));
    if (isAdmin) return steps;
    for (const { id, botName } of bots.data ?? []) {
      const step = roleChangeStep(member.id, botName, savedRoleOf(id), choiceFor(id));
      if (step) steps.push(step);
    }
    return steps;
  };

  const submit = () => {
    const steps = plannedSteps();
    if (steps.length === 0) {
      void popup.info({ title: MESSAGES.admin.noDataToSave });
      return;
    }
    save.mutate(steps);
  };

  const roleOptions = botRoleOptions(roles.data);
  const isDirty = plannedSteps().length > 0;

  return (
    <Modal
      title={`Edit ${member.name}`}
      description={member.id}
      onClose={onClose}
      isDirty={isDirty}
      footer={(close) => (
        <>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button onClick={submit} isLoading={save.isPending}>
            Save
          </Button>
        </>
      )}
    >
      <div className="admin-form">
        <Toggle
          label="Account Administrator"
          description="Account administrators have every permission on every bot of this account."
          isChecked={isAdmin}
          onChange={setIsAdmin}
        />
        {!isAdmin && (
          <section className="admin-bot-roles" aria-labelledby="edit-user-bot-roles">
            <h3 id="edit-user-bot-roles" className="admin-subheading">
              Bot roles
            </h3>
            {roles.isPending || bots.isPending ? (
              <Spinner size="sm" label="Loading roles" />
            ) : bots.isError ? (
              <Banner tone="error">The bots could not be loaded.</Banner>
            ) : bots.data.length === 0 ? (
              <p className="admin-muted">This account has no bots yet.</p>
            ) : (
              bots.data.map(({ id, botName }) => (
                <Select
                  key={id}
                  label={botName}
                  options={roleOptions}
                  value={choiceFor(id)}
                  onChange={(event) => {
                    const value = event.target.value;
                    setChoices((current) => ({ ...current, [id]: value }));
                  }}
                />
              ))
            )}
          </section>
        )}
      </div>
    </Modal>
  );
}
