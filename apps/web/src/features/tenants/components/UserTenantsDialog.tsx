import { type MasterTenantUser, MESSAGES, type TenantRoleValue, type TenantSummary } from '@parley/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, Checkbox, Modal, popup } from '../../../ui';
import { InlineSwitch } from '../../administration';
import { setUserTenantRoles } from '../api/master-tenant-api';

type Choice = TenantRoleValue | null;

interface UserTenantsDialogProps {
  account: MasterTenantUser;
  /** The child tenants (the master tenant has its own toggle in the table). */
  tenants: TenantSummary[];
  onSaved: () => Promise<unknown>;
  onClose: () => void;
}

/** Assigns an account to tenants, removes it from them, and sets it as a tenant's administrator. */
export function UserTenantsDialog({ account, tenants, onSaved, onClose }: UserTenantsDialogProps) {
  const saved = (tenantId: string): Choice => account.tenantRoles[tenantId] ?? null;
  const [choices, setChoices] = useState<Record<string, Choice>>(() =>
    Object.fromEntries(tenants.map((t) => [t.id, saved(t.id)])),
  );
  const choiceOf = (tenantId: string): Choice =>
    tenantId in choices ? (choices[tenantId] ?? null) : saved(tenantId);
  const changed = tenants.filter((t) => choiceOf(t.id) !== saved(t.id));

  const save = useMutation({
    mutationFn: () =>
      setUserTenantRoles(account.id, Object.fromEntries(changed.map((t) => [t.id, choiceOf(t.id)]))),
    onSuccess: async () => {
      await onSaved();
      onClose();
    },
  });

  const submit = () => {
    if (changed.length === 0) {
      void popup.info({ title: MESSAGES.admin.noDataToSave });
      return;
    }
    save.mutate();
  };

  const choose = (tenantId: string, choice: Choice) =>
    setChoices((current) => ({ ...current, [tenantId]: choice }));

  return (
    <Modal
      title={`Tenants of ${account.name}`}
      description={account.id}
      onClose={onClose}
      isDirty={changed.length > 0}
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
      {tenants.length === 0 ? (
        <p className="admin-muted">There are no tenants besides the master tenant yet.</p>
      ) : (
        <table className="tenant-assignments">
          <caption className="visually-hidden">Tenant memberships</caption>
          <thead>
            <tr>
              <th scope="col">Tenant</th>
              <th scope="col">Account administrator</th>
            </tr>
          </thead>
          <tbody>
            {tenants.map((tenant) => {
              const choice = choiceOf(tenant.id);
              return (
                <tr key={tenant.id}>
                  <td>
                    <Checkbox
                      label={tenant.displayName}
                      checked={choice !== null}
                      onChange={(event) => choose(tenant.id, event.target.checked ? 'user' : null)}
                    />
                  </td>
                  <td>
                    <InlineSwitch
                      label={`Account administrator of ${tenant.displayName}`}
                      isChecked={choice === 'admin'}
                      isDisabled={choice === null}
                      onChange={(isAdmin) => choose(tenant.id, isAdmin ? 'admin' : 'user')}
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </Modal>
  );
}
