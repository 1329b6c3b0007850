import { MESSAGES, type RoleView } from '@parley/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { handleApiError } from '../../../../api/error-reactions';
import { useUnsavedChangesGuard } from '../../../../app/use-unsaved-changes-guard';
import { Banner, Button, popup, Spinner } from '../../../../ui';
import { deleteRole, saveRoles } from '../../api/roles-api';
import { isSessionError, serverMessageOf } from '../../api/server-message';
import { ADMIN_KEYS } from '../../hooks/admin-query-keys';
import { useRoles } from '../../hooks/use-admin-queries';
import { AddRoleForm } from './AddRoleForm';
import { PermissionGrid } from './PermissionGrid';
import { RollOverScroller } from './RollOverScroller';
import './roles.css';

const M = MESSAGES.admin;

/** The Roles tab: a toggle grid of permissions per role, saved together; add and delete roles. */
export function RolesTab() {
  const queryClient = useQueryClient();
  const roles = useRoles();
  // Unsaved permission sets by role id; the grid shows these over the stored ones.
  const [edits, setEdits] = useState<Record<number, number[]>>({});
  const [deletingIds, setDeletingIds] = useState<ReadonlySet<number>>(new Set());

  useUnsavedChangesGuard(Object.keys(edits).length > 0, 'the toggled permissions');

  const permissionsOf = (role: RoleView): ReadonlySet<number> =>
    new Set(edits[role.roleId] ?? role.permissions);

  const toggle = (roleId: number, permissionId: number) => {
    const role = roles.data?.find((r) => r.roleId === roleId);
    if (!role?.isEditable) return;
    const next = new Set(permissionsOf(role));
    if (next.has(permissionId)) next.delete(permissionId);
    else next.add(permissionId);
    setEdits((current) => ({ ...current, [roleId]: [...next].sort((a, b) => a - b) }));
  };

  const save = useMutation({
    mutationFn: (list: RoleView[]) =>
      saveRoles(
        list
          .filter((role) => role.isEditable)
          .map((role) => ({ roleId: role.roleId, permissions: [...permissionsOf(role)] })),
      ),
    meta: { handlesErrors: true },
    onSuccess: ({ status, data }) => {
      if (status !== 201) {
        void popup.error({ title: M.roleSaveError });
        return;
      }
      queryClient.setQueryData(ADMIN_KEYS.roles, data);
      setEdits({});
      void popup.info({ title: M.roleSaved });
    },
    onError: (error) => {
      if (isSessionError(error)) handleApiError(error);
      else void popup.error({ title: M.roleSaveError, text: serverMessageOf(error) ?? '' });
    },
  });

  const setDeleting = (roleId: number, isDeleting: boolean) =>
    setDeletingIds((current) => {
      const next = new Set(current);
      if (isDeleting) next.add(roleId);
      else next.delete(roleId);
      return next;
    });

  const confirmDeletion = async (role: RoleView) => {
    const isConfirmed = await popup.confirm({
      title: 'Delete role?',
      text: `"${role.roleName}" will be deleted. Users who have this role on a bot lose it there.`,
      actionText: 'Delete',
      isDanger: true,
    });
    if (!isConfirmed) return;
    setDeleting(role.roleId, true);
    try {
      await deleteRole(role.roleId);
      setEdits(({ [role.roleId]: _dropped, ...rest }) => rest);
      // Bot roles with this role are gone too.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.roles }),
        queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.users }),
      ]);
    } catch (error) {
      if (isSessionError(error)) handleApiError(error);
      else void popup.error({ title: M.roleDeleteError, text: serverMessageOf(error) ?? '' });
    } finally {
      setDeleting(role.roleId, false);
    }
  };

  if (roles.isPending) {
    return (
      <div className="admin-loading">
        <Spinner label="Loading roles" />
      </div>
    );
  }
  if (roles.isError) return <Banner tone="error">The roles could not be loaded.</Banner>;

  const hasEdits = Object.keys(edits).length > 0;

  return (
    <div className="admin-section">
      <div className="admin-toolbar admin-toolbar--form">
        <AddRoleForm />
        <div className="admin-toolbar__actions">
          {hasEdits && <span className="admin-muted">Unsaved changes</span>}
          <Button onClick={() => save.mutate(roles.data)} isLoading={save.isPending} disabled={!hasEdits}>
            Save
          </Button>
        </div>
      </div>
      <RollOverScroller label="Permissions by role">
        <PermissionGrid
          roles={roles.data}
          permissionsOf={permissionsOf}
          onToggle={toggle}
          onDelete={(role) => void confirmDeletion(role)}
          isDeleting={(roleId) => deletingIds.has(roleId)}
        />
      </RollOverScroller>
    </div>
  );
}
