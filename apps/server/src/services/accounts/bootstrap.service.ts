import { randomBytes } from 'node:crypto';
import { MESSAGES, validationError } from '@parley/contracts';
import { isUniqueViolation, type Repositories } from '@parley/db';
import type { Logger } from 'pino';
import { randomToken } from '../../auth/tokens';

/** Tenant ids are short, lower-case and dash-free, since bot ids append `-{bot name}` to them. */
export const newTenantId = (): string => `t${randomBytes(6).toString('hex')}`;
export const newSecretKey = (): string => randomToken(32);

/** Fixed, so processes starting together on an empty database agree on one master tenant. */
export const MASTER_TENANT_ID = 't000000000000';

/**
 * Creates a tenant with its built-in roles. Names are unique (the switcher and confirmations
 * show only the name); `fieldName` names the form field a taken name is reported on.
 */
export async function createTenant(
  repos: Repositories,
  input: {
    id?: string;
    name: string;
    email?: string;
    planId?: string;
    isMaster?: boolean;
    isConfirmed?: boolean;
  },
  fieldName = 'name',
) {
  if (await repos.tenants.isNameTaken(input.name))
    throw validationError(fieldName, MESSAGES.admin.tenantNameTaken);
  const tenant = await repos.tenants.create({
    id: input.id ?? newTenantId(),
    name: input.name,
    displayName: input.name,
    email: input.email ?? '',
    secretKey: newSecretKey(),
    planId: input.planId ?? (input.isMaster ? 'master' : 'default'),
    isMaster: input.isMaster ?? false,
    isConfirmed: input.isConfirmed ?? true,
  });
  await repos.forTenant(tenant.id).roles.seedBuiltIns();
  return tenant;
}

export async function createInvitationCode(
  repos: Repositories,
  kind: 'master-admin' | 'new-tenant',
  options: { requiresConfirmation: boolean; expiresAt?: string | null },
): Promise<string> {
  const code = randomToken(12);
  await repos.invitations.create({
    code,
    kind,
    requiresConfirmation: options.requiresConfirmation,
    expiresAt: options.expiresAt ?? null,
  });
  return code;
}

export const signupLink = (publicUrl: string, code: string): string =>
  `${publicUrl}/signup?invitationCode=${encodeURIComponent(code)}`;

/** What the server and the operators' command line both need first: the default plans and the master tenant. */
export async function ensurePlatformBasics(repos: Repositories): Promise<void> {
  await repos.plans.ensureDefaults();
  if (await repos.tenants.getMaster()) return;
  try {
    await repos.transaction((inTransaction) =>
      createTenant(inTransaction, { id: MASTER_TENANT_ID, name: 'Master', isMaster: true }),
    );
  } catch (error) {
    // Another process made it first (its row, or its name, was there when this one looked).
    if (!isUniqueViolation(error) && !(await repos.tenants.getMaster())) throw error;
  }
}

/**
 * First run on an empty database: the master tenant, and one sign-up link for its first
 * administrator, returned once for the console. Later starts only remind how to make a new link.
 */
export async function ensureFirstRun(
  repos: Repositories,
  publicUrl: string,
  log: Logger,
): Promise<string | undefined> {
  await ensurePlatformBasics(repos);
  if ((await repos.users.count()) > 0) return undefined;

  const pending = (await repos.invitations.list()).some(
    (i) => i.kind === 'master-admin' && i.usedAt === null,
  );
  if (pending) {
    log.warn(
      'No administrator has signed up yet. Make a new sign-up link with: npm run parley -- invite --master-admin',
    );
    return undefined;
  }
  // The operator at the console is the only one who sees this code: no e-mail confirmation needed.
  const code = await createInvitationCode(repos, 'master-admin', { requiresConfirmation: false });
  const link = signupLink(publicUrl, code);
  log.info({ signupLink: link }, 'First run: sign up the first administrator');
  return link;
}
