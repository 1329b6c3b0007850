import { byNameThenId, type MasterTenantInfo, type MasterTenantUser, type UserInfo } from '@parley/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Banner, BuildingIcon, Button, Spinner, Table, type TableColumn } from '../../../ui';
import { USER_INFO_KEY } from '../../account';
import { InlineSwitch } from '../../administration';
import { setUserTenantRoles } from '../api/master-tenant-api';
import { MASTER_TENANT_INFO_KEY, useMasterTenantInfo } from '../hooks/use-master-tenant-info';
import { UserTenantsDialog } from './UserTenantsDialog';

function TenantList({ account, info }: { account: MasterTenantUser; info: MasterTenantInfo }) {
  const memberships = info.tenants.filter((t) => account.tenantRoles[t.id]);
  if (memberships.length === 0) return <span className="admin-muted">No tenant</span>;
  return (
    <ul className="tenant-chips">
      {memberships.map((tenant) => (
        <li key={tenant.id} className="tenant-chip">
          {tenant.displayName}
          {account.tenantRoles[tenant.id] === 'admin' && <span className="tenant-chip__role">admin</span>}
        </li>
      ))}
    </ul>
  );
}

/**
 * The master administrator's Users tab: every account on the platform, the master tenant
 * administrator toggle, and the tenants each one belongs to (PUT /api/users/tenant-roles).
 */
export function MasterUsersTab({ user }: { user: UserInfo }) {
  const queryClient = useQueryClient();
  const info = useMasterTenantInfo();
  const [editingId, setEditingId] = useState<string>();

  const toggleMaster = useMutation({
    mutationFn: ({ email, isAdmin }: { email: string; isAdmin: boolean }) => {
      const masterId = info.data?.masterTenant.id ?? '';
      return setUserTenantRoles(email, { [masterId]: isAdmin ? 'admin' : 'user' });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: MASTER_TENANT_INFO_KEY }),
  });

  if (info.isPending) {
    return (
      <div className="admin-loading">
        <Spinner label="Loading users" />
      </div>
    );
  }
  if (info.isError) return <Banner tone="error">The users could not be loaded.</Banner>;

  const masterId = info.data.masterTenant.id;
  const columns: TableColumn<MasterTenantUser>[] = [
    {
      key: 'name',
      header: 'Name',
      render: (account) => (
        <span className="admin-table__primary">
          {account.name}
          {account.id === user.id && <span className="admin-badge">You</span>}
        </span>
      ),
    },
    { key: 'email', header: 'E-mail', render: (account) => account.id },
    {
      key: 'master',
      header: 'Master administrator',
      width: '11rem',
      render: (account) => {
        const isPending = toggleMaster.isPending && toggleMaster.variables?.email === account.id;
        return (
          <span className="admin-switch-cell">
            <InlineSwitch
              label={`Master tenant administrator: ${account.name}`}
              isChecked={account.tenantRoles[masterId] === 'admin'}
              // Master administrators do not demote themselves here: another one does.
              isDisabled={account.id === user.id || toggleMaster.isPending}
              onChange={(isAdmin) => toggleMaster.mutate({ email: account.id, isAdmin })}
            />
            {isPending && <Spinner size="sm" label="Saving" />}
          </span>
        );
      },
    },
    {
      key: 'tenants',
      header: 'Tenants',
      render: (account) => <TenantList account={account} info={info.data} />,
    },
    {
      key: 'actions',
      header: <span className="visually-hidden">Actions</span>,
      align: 'end',
      width: '9rem',
      render: (account) => (
        <Button
          variant="secondary"
          size="sm"
          icon={<BuildingIcon />}
          aria-label={`Tenants of ${account.name}`}
          onClick={() => setEditingId(account.id)}
        >
          Tenants
        </Button>
      ),
    },
  ];

  const editing = info.data.users.find((account) => account.id === editingId);

  return (
    <div className="admin-section">
      <div className="admin-toolbar">
        <p className="admin-toolbar__text">Every account on this platform, in any tenant.</p>
      </div>
      <Table
        caption="Users of all tenants"
        columns={columns}
        rows={[...info.data.users].sort(byNameThenId)}
        rowKey={(account) => account.id}
      />
      {editing && (
        <UserTenantsDialog
          account={editing}
          tenants={info.data.tenants.filter((t) => !t.isMaster)}
          onSaved={async () => {
            await queryClient.invalidateQueries({ queryKey: MASTER_TENANT_INFO_KEY });
            if (editing.id === user.id) await queryClient.invalidateQueries({ queryKey: USER_INFO_KEY });
          }}
          onClose={() => setEditingId(undefined)}
        />
      )}
    </div>
  );
}
