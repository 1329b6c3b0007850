import type { AdministeredUser, UserInfo } from '@parley/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  Banner,
  Button,
  DownloadIcon,
  PencilIcon,
  PlusIcon,
  popup,
  Spinner,
  Table,
  type TableColumn,
  TrashIcon,
} from '../../../../ui';
import { deleteUser, downloadAuditLog } from '../../api/users-api';
import { ADMIN_KEYS } from '../../hooks/admin-query-keys';
import { useTenantUsers } from '../../hooks/use-admin-queries';
import { useRowDeletion } from '../../hooks/use-row-deletion';
import { AddUserDialog } from './AddUserDialog';
import { EditUserDialog } from './EditUserDialog';
import { tenantRoleLabel } from './user-roles';

/** The Users tab: the selected tenant's people, add, edit, delete, and the audit log. */
export function UsersTab({ user }: { user: UserInfo }) {
  const queryClient = useQueryClient();
  const users = useTenantUsers();
  const [isAdding, setIsAdding] = useState(false);
  const [editingId, setEditingId] = useState<string>();
  const download = useMutation({ mutationFn: downloadAuditLog });
  const deletion = useRowDeletion(deleteUser, () =>
    queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.users }),
  );
  const tenantId = user.selectedTenantId;

  const confirmDeletion = async (row: AdministeredUser) => {
    const isConfirmed = await popup.confirm({
      title: 'Delete user?',
      text: `${row.name} (${row.id}) will lose access to ${user.selectedTenant.displayName}.`,
      actionText: 'Delete',
      isDanger: true,
    });
    if (isConfirmed) await deletion.deleteRow(row.id);
  };

  const columns: TableColumn<AdministeredUser>[] = [
    {
      key: 'name',
      header: 'Name',
      render: (row) => (
        <span className="admin-table__primary">
          {row.name}
          {row.id === user.id && <span className="admin-badge">You</span>}
        </span>
      ),
    },
    { key: 'email', header: 'E-mail', render: (row) => row.id },
    { key: 'role', header: 'Role', render: (row) => tenantRoleLabel(row, tenantId) },
    {
      key: 'botRoles',
      header: 'Bot roles',
      align: 'end',
      width: '7rem',
      render: (row) => Object.keys(row.botRoles).length,
    },
    {
      key: 'actions',
      header: <span className="visually-hidden">Actions</span>,
      align: 'end',
      width: '7rem',
      render: (row) =>
        deletion.isDeleting(row.id) ? (
          <span className="admin-row-actions">
            <Spinner size="sm" label={`Deleting ${row.name}`} />
          </span>
        ) : (
          <div className="admin-row-actions">
            <Button
              variant="ghost"
              size="sm"
              icon={<PencilIcon />}
              aria-label={`Edit ${row.name}`}
              title="Edit"
              onClick={() => setEditingId(row.id)}
            />
            {/* No one deletes their own row. */}
            {row.id !== user.id && (
              <Button
                variant="ghost"
                size="sm"
                icon={<TrashIcon />}
                aria-label={`Delete ${row.name}`}
                title="Delete"
                onClick={() => void confirmDeletion(row)}
              />
            )}
          </div>
        ),
    },
  ];

  const editing = users.data?.find((row) => row.id === editingId);

  return (
    <div className="admin-section">
      <div className="admin-toolbar">
        <p className="admin-toolbar__text">
          People with access to <strong>{user.selectedTenant.displayName}</strong>.
        </p>
        <div className="admin-toolbar__actions">
          <Button
            variant="secondary"
            icon={<DownloadIcon />}
            isLoading={download.isPending}
            onClick={() => download.mutate()}
          >
            Download log
          </Button>
          <Button icon={<PlusIcon />} onClick={() => setIsAdding(true)}>
            Add user
          </Button>
        </div>
      </div>
      {users.isPending ? (
        <div className="admin-loading">
          <Spinner label="Loading users" />
        </div>
      ) : users.isError ? (
        <Banner tone="error">The users could not be loaded.</Banner>
      ) : (
        <Table
          caption="Users"
          columns={columns}
          rows={users.data}
          rowKey={(row) => row.id}
          isRowBusy={(row) => deletion.isDeleting(row.id)}
          emptyText="No users yet"
        />
      )}
      {isAdding && <AddUserDialog user={user} onClose={() => setIsAdding(false)} />}
      {editing && (
        <EditUserDialog
          member={editing}
          tenantId={tenantId}
          isSelf={editing.id === user.id}
          onClose={() => setEditingId(undefined)}
        />
      )}
    </div>
  );
}
