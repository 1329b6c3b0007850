import { ALL_PERMISSION_IDS, Permission, type PermissionId } from './permissions';

/** The virtual role of tenant administrators: every permission, never stored, never assignable. */
export const ACCOUNT_ADMIN_ROLE_ID = 0;
export const ACCOUNT_ADMIN_ROLE_NAME = 'Account administrator';

const P = Permission;

/**
 * Built-in roles, created in every tenant. Their permission sets are defaults that an
 * administrator may change in the Roles tab; the roles themselves cannot be deleted.
 */
export const BUILT_IN_ROLES: ReadonlyArray<{
  roleId: number;
  roleName: string;
  permissions: PermissionId[];
}> = [
  {
    // Builds conversations: content, flows and testing; no publishing or administration.
    roleId: 1,
    roleName: 'Designer',
    permissions: [
      P.ManageIntents,
      P.ManageEntities,
      P.ManageFunctions,
      P.ManageSubflows,
      P.ManageVariablesAndObjects,
      P.ManageFlows,
      P.TestBot,
      P.UseDashboardWidgets,
    ],
  },
  {
    // A designer who may also export content and publish to the test stage.
    roleId: 2,
    roleName: 'Contributor',
    permissions: [
      P.ManageIntents,
      P.ManageEntities,
      P.ManageFunctions,
      P.ManageSubflows,
      P.ManageVariablesAndObjects,
      P.ManageFlows,
      P.TestBot,
      P.UseDashboardWidgets,
      P.ExportIntents,
      P.ExportEntities,
      P.ExportSubs,
      P.ExportFunctions,
      P.ImportExportFlows,
      P.PublishIntentsAndEntities,
      P.PublishFlowsToTest,
      P.SeeConversationLog,
      P.RunNluTests,
    ],
  },
  {
    // Operates a live bot: publishing, channels, settings, logs; does not manage people.
    roleId: 3,
    roleName: 'Maintainer',
    permissions: ALL_PERMISSION_IDS.filter(
      (id) => id !== P.DeleteBot && id !== P.ManageBotPermissions && id !== P.MakeGlobal,
    ),
  },
  {
    // Everything on the bots it is assigned to, including deleting them and managing roles.
    roleId: 4,
    roleName: 'Administrator',
    permissions: [...ALL_PERMISSION_IDS],
  },
];

export const FIRST_CUSTOM_ROLE_ID = 100;

export function isBuiltInRole(roleId: number): boolean {
  return roleId === ACCOUNT_ADMIN_ROLE_ID || BUILT_IN_ROLES.some((r) => r.roleId === roleId);
}

/** Bot ids are `{tenantId}-{lower-cased bot name, spaces as dashes}`. */
export function botIdFor(tenantId: string, botName: string): string {
  return `${tenantId}-${botName.toLowerCase().replace(/\s/g, '-')}`;
}
