import { ACCOUNT_ADMIN_ROLE_ID, type RoleView } from '@parley/contracts';
import type { SelectOption } from '../../../../ui';
import { removeBotRole, setBotRole } from '../../api/users-api';

/** 'No role selected': the select's placeholder, never a choice (docs/decisions.md). */
export const NO_ROLE = '';
/** 'Remove role for this user'. */
export const REMOVE_ROLE = 'remove';

/** The spec's bot role choices: No role selected, Remove role for this user, the tenant roles. */
export function botRoleOptions(roles: readonly RoleView[] | undefined): SelectOption[] {
  return [
    { value: NO_ROLE, label: 'No role selected', isDisabled: true },
    { value: REMOVE_ROLE, label: 'Remove role for this user' },
    // The Account administrator role is never assignable.
    ...(roles ?? [])
      .filter((role) => role.roleId !== ACCOUNT_ADMIN_ROLE_ID)
      .map((role) => ({ value: String(role.roleId), label: role.roleName })),
  ];
}

/** The choice a saved role starts as: its id, or No role selected when there is none. */
export const choiceOf = (roleId: number | undefined): string =>
  roleId === undefined ? NO_ROLE : String(roleId);

/**
 * The call that turns one saved role into the chosen one, or none when nothing changes
 * (the same role, No role selected, or removing a role that is not there).
 */
export function roleChangeStep(
  userEmail: string,
  botName: string,
  savedRoleId: number | undefined,
  choice: string,
): (() => Promise<unknown>) | undefined {
  if (choice === choiceOf(savedRoleId) || choice === NO_ROLE) return undefined;
  if (choice === REMOVE_ROLE)
    return savedRoleId === undefined ? undefined : () => removeBotRole(userEmail, botName);
  return () => setBotRole(userEmail, botName, Number(choice));
}
