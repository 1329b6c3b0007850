import type { MasterTenantInfo, TenantSummary, UserInfo } from '@parley/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Banner, Button, PlusIcon, popup, Spinner, Table, type TableColumn, TrashIcon } from '../../../ui';
import { selectTenant, USER_INFO_KEY } from '../../account';
import { useRowDeletion } from '../../administration';
import { deleteTenant } from '../api/master-tenant-api';
import { MASTER_TENANT_INFO_KEY, useMasterTenantInfo } from '../hooks/use-master-tenant-info';
import { NewTenantDialog } from './NewTenantDialog';

const count = (value: number | undefined) => (value ?? 0).toLocaleString('en');

/** The master tenant first, then by name. */
const inDisplayOrder = (tenants: TenantSummary[]) =>
  [...tenants].sort(
    (a, b) => Number(b.isMaster) - Number(a.isMaster) || a.displayName.localeCompare(b.displayName),
  );

const membersOf = (info: MasterTenantInfo, tenantId: string) =>
  info.users.filter((u) => u.tenantRoles[tenantId] !== undefined).length;

/** The master administrator's Tenants tab: list with usage, new tenant, delete tenant. */
export function TenantsTab({ user }: { user: UserInfo }) {
  const queryClient = useQueryClient();
  const info = useMasterTenantInfo();
  const [isCreating, setIsCreating] = useState(false);

  const reload = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: MASTER_TENANT_INFO_KEY }),
      queryClient.invalidateQueries({ queryKey: USER_INFO_KEY }),
    ]);

  const deletion = useRowDeletion(deleteTenant, async (tenantId) => {
    // Deleting the selected tenant switches to the first visible one (spec 01 section 4).
    if (tenantId === user.selectedTenantId) {
      const next = user.visibleTenants.find((t) => t.id !== tenantId);
      if (next) await selectTenant(next.id);
      await queryClient.invalidateQueries();
      return;
    }
    await reload();
  });

  const confirmDeletion = async (tenant: TenantSummary) => {
    const isConfirmed = await popup.confirm({
      title: 'Delete tenant?',
      text: `${tenant.displayName} is deleted with its memberships, roles, bot roles and log. Users left without any tenant are deleted too. This cannot be undone.`,
      actionText: 'Delete',
      isDanger: true,
    });
    if (isConfirmed) await deletion.deleteRow(tenant.id);
  };

  if (info.isPending) {
    return (
      <div className="admin-loading">
        <Spinner label="Loading tenants" />
      </div>
    );
  }
  if (info.isError) return <Banner tone="error">The tenants could not be loaded.</Banner>;

  const columns: TableColumn<TenantSummary>[] = [
    {
      key: 'name',
      header: 'Name',
      render: (tenant) => (
        <span className="admin-table__primary">
          {tenant.displayName}
          {tenant.isMaster && <span className="admin-badge admin-badge--accent">Master</span>}
          {tenant.id === user.selectedTenantId && <span className="admin-badge">Selected</span>}
        </span>
      ),
    },
    {
      key: 'users',
      header: 'Users',
      align: 'end',
      width: '7rem',
      render: (t) => count(membersOf(info.data, t.id)),
    },
    { key: 'bots', header: 'Bots', align: 'end', width: '7rem', render: (t) => count(info.data.bots[t.id]) },
    {
      key: 'interactions',
      header: 'Interactions',
      align: 'end',
      width: '9rem',
      render: (t) => count(info.data.interactions[t.id]),
    },
    {
      key: 'actions',
      header: <span className="visually-hidden">Actions</span>,
      align: 'end',
      width: '5rem',
      render: (tenant) =>
        deletion.isDeleting(tenant.id) ? (
          <span className="admin-row-actions">
            <Spinner size="sm" label={`Deleting ${tenant.displayName}`} />
          </span>
        ) : (
          <span className="admin-row-actions">
            {/* The master tenant can never be deleted. */}
            {!tenant.isMaster && (
              <Button
                variant="ghost"
                size="sm"
                icon={<TrashIcon />}
                aria-label={`Delete ${tenant.displayName}`}
                title="Delete"
                onClick={() => void confirmDeletion(tenant)}
              />
            )}
          </span>
        ),
    },
  ];

  return (
    <div className="admin-section">
      <div className="admin-toolbar">
        <p className="admin-toolbar__text">
          {info.data.tenants.length} {info.data.tenants.length === 1 ? 'tenant' : 'tenants'}, updated live.
        </p>
        <div className="admin-toolbar__actions">
          <Button icon={<PlusIcon />} onClick={() => setIsCreating(true)}>
            New tenant
          </Button>
        </div>
      </div>
      <Table
        caption="Tenants"
        columns={columns}
        rows={inDisplayOrder(info.data.tenants)}
        rowKey={(tenant) => tenant.id}
        isRowBusy={(tenant) => deletion.isDeleting(tenant.id)}
      />
      {isCreating && <NewTenantDialog onCreated={reload} onClose={() => setIsCreating(false)} />}
    </div>
  );
}
