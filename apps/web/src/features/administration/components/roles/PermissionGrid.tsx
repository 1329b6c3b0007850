import { PERMISSIONS, type RoleView } from '@parley/contracts';
import { Button, cx, Spinner, TrashIcon } from '../../../../ui';
import { InlineSwitch } from '../InlineSwitch';

interface PermissionGridProps {
  roles: RoleView[];
  /** The permissions shown for a role: its unsaved edits, else what is stored. */
  permissionsOf: (role: RoleView) => ReadonlySet<number>;
  onToggle: (roleId: number, permissionId: number) => void;
  onDelete: (role: RoleView) => void;
  isDeleting: (roleId: number) => boolean;
}

/**
 * Permissions (rows) by roles (columns). The Account administrator column holds every
 * permission and cannot be changed; built-in roles have no delete action.
 */
export function PermissionGrid({
  roles,
  permissionsOf,
  onToggle,
  onDelete,
  isDeleting,
}: PermissionGridProps) {
  return (
    <table className="permission-grid">
      <caption className="visually-hidden">Permissions of each role</caption>
      <thead>
        <tr>
          <th scope="col" className="permission-grid__corner">
            Permission
          </th>
          {roles.map((role) => (
            <th key={role.roleId} scope="col" className="permission-grid__role">
              <span className="permission-grid__role-name" title={role.roleName}>
                {role.roleName}
              </span>
              <div className="permission-grid__role-meta">
                <span className="permission-grid__role-kind">
                  {!role.isEditable ? 'Every permission' : role.isBuiltIn ? 'Built-in' : 'Custom'}
                </span>
                {isDeleting(role.roleId) ? (
                  <Spinner size="sm" label={`Deleting role ${role.roleName}`} />
                ) : (
                  role.isDeletable && (
                    <Button
                      variant="ghost"
                      size="sm"
                      icon={<TrashIcon />}
                      aria-label={`Delete role ${role.roleName}`}
                      title="Delete role"
                      onClick={() => onDelete(role)}
                    />
                  )
                )}
              </div>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {PERMISSIONS.map((permission) => (
          <tr key={permission.id}>
            <th scope="row" className="permission-grid__permission">
              {permission.label}
            </th>
            {roles.map((role) => {
              const isOn = permissionsOf(role).has(permission.id);
              return (
                <td
                  key={role.roleId}
                  className={cx(isDeleting(role.roleId) && 'permission-grid__cell--busy')}
                >
                  <InlineSwitch
                    label={`${permission.label} for ${role.roleName}`}
                    isChecked={isOn}
                    isDisabled={!role.isEditable || isDeleting(role.roleId)}
                    onChange={() => onToggle(role.roleId, permission.id)}
                  />
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
