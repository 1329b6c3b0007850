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
import { type ContentWorld, DESIGNER_ROLE, multipartBody } from './bot-content';
import { createBot } from './bots';
import type { TestServer } from './test-server';

let made = 0;

/**
 * A content world in a tenant of the test's own, made by the master administrator of a world
 * built before (buildAdminWorld or buildContentWorld): the same cast as buildContentWorld
 * (an account administrator, a Designer on the bot, a user with no role on it) with e-mails
 * and a tenant name unique to the call. For tests whose state is the tenant's (global
 * variables and objects, tenant-wide lists): each runs alone and in any order.
 */
export async function ownTenantContentWorld(
  server: TestServer,
  base: Pick<AdminWorld, 'master' | 'masterTenantId'>,
  label: string,
  botName = 'Content Bot',
): Promise<ContentWorld> {
  made += 1;
  const key = `${label.toLowerCase().replace(/[^a-z0-9]+/g, '')}${made}`;
  const { master, masterTenantId } = base;
  const tenantId = await createTenant(server, master, `Tenant ${label} ${made}`);
  const emails = {
    admin: `bea.${key}@example.com`,
    designer: `pat.${key}@example.com`,
    stranger: `nora.${key}@example.com`,
  };
  await selectTenant(server, master, tenantId);
  await addUser(server, master, emails.admin, 'Bea_Admin');
  await addUser(server, master, emails.designer, 'Pat_User');
  expectStatus(await as(server, master)('PUT', '/api/users/tenant-admin', { userEmail: emails.admin }), 200);
  await selectTenant(server, master, masterTenantId);
  const tenantAdmin: Caller = {
    email: emails.admin,
    token: (await server.login(emails.admin, USER_PASSWORD)).token,
  };
  const plainUser: Caller = {
    email: emails.designer,
    token: (await server.login(emails.designer, USER_PASSWORD)).token,
  };
  const admin = as(server, tenantAdmin);
  await createBot(admin, botName);
  expectStatus(
    await admin('POST', '/api/user/role', { userEmail: plainUser.email, botName, role: DESIGNER_ROLE }),
    200,
  );
  await addUser(server, tenantAdmin, emails.stranger, 'Nora_Norole');
  const strangerToken = (await server.login(emails.stranger, USER_PASSWORD)).token;
  const tokens = { admin: tenantAdmin.token, designer: plainUser.token, stranger: strangerToken };
  return {
    world: { master, masterTenantId, tenantB: tenantId, tenantAdmin, plainUser },
    botName,
    admin,
    designer: as(server, plainUser),
    stranger: as(server, strangerToken),
    upload: (caller, url, field, fileName, data) => {
      const { payload, contentType } = multipartBody(field, fileName, data);
      return server.request({
        method: 'POST',
        url,
        token: tokens[caller],
        body: payload,
        headers: { 'content-type': contentType },
      });
    },
  };
}
