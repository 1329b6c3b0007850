import { z } from 'zod';
import { MESSAGES } from '../messages';
import { isPermissionId } from '../permissions';
import {
  EMAIL_MAX_LENGTH,
  hasControlCharacters,
  isValidBotName,
  isValidDisplayName,
  isValidEmail,
  isValidNewUserPassword,
  userNameProblem,
} from '../validators';
import type { IdentityValue, UserInfo } from './auth';
import type { Plan } from './plan-model';

/** Account and tenant administration (spec 01 sections 2, 3, 5, 6 and 7). */

export const TENANT_ROLES = ['admin', 'user'] as const;
export type TenantRoleValue = (typeof TENANT_ROLES)[number];

const M = MESSAGES.admin;

/** Longest role and tenant names; the spec leaves the bounds open (docs/decisions.md). */
export const ROLE_NAME_MAX_LENGTH = 50;
export const TENANT_NAME_MAX_LENGTH = 50;

const userEmail = (message: string = M.invalidUserEmail) =>
  z
    .string({ message })
    .trim()
    .max(EMAIL_MAX_LENGTH, message)
    .refine((v) => isValidEmail(v), message);

const flag = (field: string) => z.boolean({ message: `${field} must be true or false.` });

// --- users -------------------------------------------------------------------------------

/** POST /api/users: the New user dialog (spec 01 section 5 'New user'). */
export const addUserBodySchema = z.object({
  name: z.string({ message: M.invalidUserName }).superRefine((value, context) => {
    const problem = userNameProblem(value);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  }),
  email: userEmail(),
  password: z
    .string({ message: M.invalidUserPassword })
    .refine(isValidNewUserPassword, M.invalidUserPassword),
  assignToMasterTenant: flag('assignToMasterTenant').optional().default(false),
  sendLoginData: flag('sendLoginData').optional().default(false),
});
export type AddUserBody = z.infer<typeof addUserBodySchema>;

/** PUT /api/users/tenant-admin. */
export const userEmailBodySchema = z.object({ userEmail: userEmail() });

/** PUT /api/users/tenant-roles: tenant id to 'admin', 'user' or null (removes the membership). */
export const tenantRolesBodySchema = z.object({
  userEmail: userEmail(),
  tenantRoles: z
    .record(
      z
        .string()
        .min(1)
        .max(100)
        .refine((v) => !hasControlCharacters(v), 'A tenant id is not valid.'),
      z.enum(TENANT_ROLES, { message: "A tenant role is 'admin', 'user' or null." }).nullable(),
      { message: 'tenantRoles must map tenant ids to a tenant role.' },
    )
    .refine((roles) => Object.keys(roles).length > 0, 'tenantRoles must name at least one tenant.')
    .refine((roles) => Object.keys(roles).length <= 1000, 'tenantRoles names too many tenants.'),
});
export type TenantRolesBody = z.infer<typeof tenantRolesBodySchema>;

export const autoPublishBodySchema = z.object({ autoPublish: flag('autoPublish') });
export const autoValidationBodySchema = z.object({ autoValidation: flag('autoValidation') });

/** POST /api/users/get-match-email: the Hire-an-expert 'Get Matched' button. */
export const getMatchBodySchema = z.object({ userId: userEmail() });

/** POST /api/user/role: a role for one user on one bot. */
export const botRoleBodySchema = z.object({
  userEmail: userEmail(),
  botName: z.string({ message: MESSAGES.invalidBotName }).refine(isValidBotName, MESSAGES.invalidBotName),
  role: z
    .number({ message: 'role must be a role id.' })
    .int('role must be a role id.')
    .min(0, 'role must be a role id.'),
});
export type BotRoleBody = z.infer<typeof botRoleBodySchema>;

// --- tenant ------------------------------------------------------------------------------

/** PUT /api/tenant/settings (General tab). */
export const tenantSettingsBodySchema = z.object({
  displayName: z
    .string({ message: M.invalidTenantDisplayName })
    .refine((v) => isValidDisplayName(v) && !hasControlCharacters(v), M.invalidTenantDisplayName)
    .transform((v) => v.trim()),
  email: userEmail(),
});
export type TenantSettingsBody = z.infer<typeof tenantSettingsBodySchema>;

/** POST /api/tenants (new-tenant dialog): the name must not be empty. */
export const createTenantBodySchema = z.object({
  name: z
    .string({ message: M.invalidTenantName })
    .trim()
    .min(1, M.invalidTenantName)
    .max(TENANT_NAME_MAX_LENGTH, M.invalidTenantName)
    .refine((v) => !hasControlCharacters(v), M.invalidTenantName),
});

// --- roles -------------------------------------------------------------------------------

const roleName = z
  .string({ message: M.roleNameRequired })
  .trim()
  .min(1, M.roleNameRequired)
  .max(ROLE_NAME_MAX_LENGTH, `A role name has at most ${ROLE_NAME_MAX_LENGTH} characters.`)
  .refine((v) => !hasControlCharacters(v), 'A role name cannot contain control characters.');

const roleId = z.number({ message: 'roleId must be a role id.' }).int('roleId must be a role id.').min(0);
const permissionId = z
  .number({ message: M.unknownPermission })
  .refine((v) => isPermissionId(v), M.unknownPermission);

export const createRoleBodySchema = z.object({ roleName });

/** PUT /api/tenant/roles: replaces the permission sets (and optionally the names) of roles. */
export const updateRolesBodySchema = z.object({
  roles: z
    .array(
      z.object({
        roleId,
        roleName: roleName.optional(),
        permissions: z
          .array(permissionId, { message: 'permissions must be a list of permission ids.' })
          .max(200),
      }),
      { message: 'roles must be a list of roles.' },
    )
    .max(500),
});
export type UpdateRolesBody = z.infer<typeof updateRolesBodySchema>;

/** POST /api/tenant/roles/{roleId}/permissions; the body's roleId, when given, must match the path. */
export const rolePermissionBodySchema = z.object({ roleId: roleId.optional(), permissionId });

/** Numeric path parameters ({roleId}, {permissionId}). */
export const numericParam = (message: string) =>
  z
    .string()
    .regex(/^\d{1,9}$/, message)
    .transform(Number);

// --- responses ---------------------------------------------------------------------------

/** One user as the Users tab shows them (spec 01 section 3 'Administered user'). */
export interface AdministeredUser {
  /** The e-mail address. */
  id: string;
  name: string;
  identity: IdentityValue;
  /** Keyed by bot id; `role` is the role's name. */
  botRoles: Record<string, { botId: string; roleId: number; role: string }>;
  /** Keyed by tenant id: the selected tenant for account administrators, every tenant for master ones. */
  tenantRoles: Record<string, TenantRoleValue>;
}

/**
 * POST /api/users: the one answer, whether the address had an account or not (a new account is
 * made and joins; an existing one is invited), so the answer tells no one which it was.
 */
export interface AddUserResponse {
  email: string;
}

/** GET /api/users/invitations/{token}: what the invited person is asked to accept. */
export interface TenantInvitationView {
  tenantId: string;
  tenantName: string;
  invitedBy: string;
}

export interface RoleView {
  roleId: number;
  roleName: string;
  permissions: number[];
  isBuiltIn: boolean;
  /** False only for the virtual Account administrator role (id 0). */
  isEditable: boolean;
  isDeletable: boolean;
}

/** GET /api/tenant (spec 01 section 3 'Tenant'); the secret key only for administrators. */
export interface TenantView {
  id: string;
  displayName: string;
  name: string;
  email: string;
  secretKey?: string;
  planId: string;
  roles: RoleView[];
  hasPremiumChannels: boolean;
  hasPremiumEngines: boolean;
  isDisabled: boolean;
}

/** A tenant in the master administrator's list. */
export interface TenantSummary {
  id: string;
  name: string;
  displayName: string;
  email: string;
  planId: string;
  isMaster: boolean;
  isConfirmed: boolean;
  isDisabled: boolean;
  hasPremiumChannels: boolean;
  hasPremiumEngines: boolean;
  createdAt: string;
}

/** An account in the master administrator's Users tab, with every membership. */
export interface MasterTenantUser {
  id: string;
  name: string;
  identity: IdentityValue;
  tenantRoles: Record<string, TenantRoleValue>;
}

/** GET /api/master-tenant/info. `bots` and `interactions` count per tenant id. */
export interface MasterTenantInfo {
  user: UserInfo;
  masterTenant: TenantSummary;
  plans: Plan[];
  tenants: TenantSummary[];
  users: MasterTenantUser[];
  bots: Record<string, number>;
  interactions: Record<string, number>;
}

/** GET /api/user/permissions/data (spec 01 section 3 'Permissions payload'). */
export interface PermissionsData {
  /** The selected tenant's id. */
  tenant: string;
  masterTenant: string | null;
  userTenantRoles: Record<string, TenantRoleValue>;
  /** Bot id to role id. */
  botRoles: Record<string, number>;
  /** Role id to permission ids; role 0 (Account administrator) holds every permission. */
  tenantRoles: Record<string, number[]>;
}

/** GET /api/user/unique-roles: each role assigned on at least one bot of the tenant, once. */
export type UniqueRoles = Array<{ roleId: number; roleName: string; permissions: number[] }>;

/** GET /api/user/unique/bot/roles: per bot, the distinct role ids assigned on it. */
export type UniqueBotRoles = Array<{ botId: string; roleIds: number[] }>;

/** GET /api/tenants/usersForBot/{tenantId}/{botId}. */
export type UsersForBot = Array<{ id: string; name: string; roleId: number; role: string }>;

export interface BotRoleAssignment {
  userEmail: string;
  botId: string;
  roleId: number;
  role: string;
}
