import {
  type AdminWorld,
  addUser,
  as,
  type Caller,
  createTenant,
  expectStatus,
  selectTenant,
  USER_PASSWORD,
} from './admin-world';
import type { TestServer } from './test-server';

/** The master administrator and the master tenant, the part of an AdminWorld tests share. */
export interface MasterWorld {
  master: Caller;
  masterTenantId: string;
}

/** A short key for names and e-mails of one test's own objects. */
export const uniqueKey = () => crypto.randomUUID().slice(0, 8);

/** Signs up the master administrator (once per server). */
export async function signUpMaster(
  server: TestServer,
  email?: string,
  password?: string,
): Promise<MasterWorld> {
  const { token, user } = await server.signUpFirstAdmin(email, password);
  return { master: { email: user.id, token }, masterTenantId: user.selectedTenantId };
}

/**
 * An AdminWorld of a test's own: a child tenant `Tenant {key}` made through the API by the
 * master administrator, its account administrator bea.{key}@example.com (Bea_Admin) and a
 * plain user pat.{key}@example.com (Pat_User). The master's selected tenant is given back.
 */
export async function buildOwnAdminWorld(
  server: TestServer,
  base: MasterWorld,
  key = uniqueKey(),
): Promise<AdminWorld> {
  const { master, masterTenantId } = base;
  const tenantB = await createTenant(server, master, `Tenant ${key}`);
  const adminEmail = `bea.${key}@example.com`;
  const userEmail = `pat.${key}@example.com`;
  await selectTenant(server, master, tenantB);
  try {
    await addUser(server, master, adminEmail, 'Bea_Admin');
    await addUser(server, master, userEmail, 'Pat_User');
    expectStatus(await as(server, master)('PUT', '/api/users/tenant-admin', { userEmail: adminEmail }), 200);
  } finally {
    await selectTenant(server, master, masterTenantId);
  }
  const tenantAdmin = { email: adminEmail, token: (await server.login(adminEmail, USER_PASSWORD)).token };
  const plainUser = { email: userEmail, token: (await server.login(userEmail, USER_PASSWORD)).token };
  return { master, masterTenantId, tenantB, tenantAdmin, plainUser };
}
