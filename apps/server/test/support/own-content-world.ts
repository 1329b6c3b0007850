import {
  type AdminWorld,
  addUser,
  as,
  createTenant,
  expectStatus,
  selectTenant,
  USER_PASSWORD,
} from './admin-world';
import { type ContentWorld, DESIGNER_ROLE, multipartBody } from './bot-content';
import { createBot } from './bots';
import type { TestServer } from './test-server';

/**
 * ContentWorld's cast in a tenant of its own, made by the master administrator of `base`:
 * an account administrator, a plain user with the Designer role on the bot and a plain user
 * with no role on it. For tests whose state is the whole account's (global functions), so
 * no other test sees it. `key` (letters and digits) makes the tenant's name and the e-mails unique.
 */
export async function buildOwnContentWorld(
  server: TestServer,
  base: AdminWorld,
  key: string,
  botName = 'Content Bot',
): Promise<ContentWorld> {
  const master = base.master;
  const tenant = await createTenant(server, master, `Tenant ${key}`);
  await selectTenant(server, master, tenant);
  const emails = {
    admin: `admin.${key.toLowerCase()}@example.com`,
    designer: `designer.${key.toLowerCase()}@example.com`,
    stranger: `stranger.${key.toLowerCase()}@example.com`,
  };
  await addUser(server, master, emails.admin, `Admin_${key}`);
  await addUser(server, master, emails.designer, `Designer_${key}`);
  await addUser(server, master, emails.stranger, `Stranger_${key}`);
  expectStatus(await as(server, master)('PUT', '/api/users/tenant-admin', { userEmail: emails.admin }), 200);
  await selectTenant(server, master, base.masterTenantId);
  const tokens = {
    admin: (await server.login(emails.admin, USER_PASSWORD)).token,
    designer: (await server.login(emails.designer, USER_PASSWORD)).token,
    stranger: (await server.login(emails.stranger, USER_PASSWORD)).token,
  };
  const admin = as(server, tokens.admin);
  await createBot(admin, botName);
  expectStatus(
    await admin('POST', '/api/user/role', { userEmail: emails.designer, botName, role: DESIGNER_ROLE }),
    200,
  );
  return {
    world: {
      ...base,
      tenantB: tenant,
      tenantAdmin: { email: emails.admin, token: tokens.admin },
      plainUser: { email: emails.designer, token: tokens.designer },
    },
    botName,
    admin,
    designer: as(server, tokens.designer),
    stranger: as(server, tokens.stranger),
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
