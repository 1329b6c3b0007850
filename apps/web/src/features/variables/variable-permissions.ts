import { Permission } from '@parley/contracts';

/** What the caller may do on the Variables page (spec 02 section 6). */
export interface VariablePermissions {
  /** Add, edit and delete variables and objects. */
  canManage: boolean;
  /** The Global toggle, and changing or deleting global ones (ManageGlobalBotData). */
  canMakeGlobal: boolean;
}

export function variablePermissions(permissions: readonly number[]): VariablePermissions {
  const canManage = permissions.includes(Permission.ManageVariablesAndObjects);
  return { canManage, canMakeGlobal: canManage && permissions.includes(Permission.MakeGlobal) };
}
