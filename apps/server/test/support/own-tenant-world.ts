import { addUser, as, expectStatus, USER_PASSWORD } from './admin-world';
import { type ContentWorld, DESIGNER_ROLE, multipartBody } from './bot-content';
import { createBot } from './bots';
import { buildOwnAdminWorld, type MasterWorld } from './tenant-world';
import type { TestServer } from './test-server';

let made = 0;

/**
 * A content world in a tenant of the test's own: buildOwnAdminWorld's tenant and people (Bea
 * its account administrator, Pat), the bot with Pat as its Designer, and Nora, who has no role
 * on it: buildContentWorld's cast, with a tenant name and e-mails unique to the call. For tests
 * whose state is the account's (global variables, objects and functions, tenant-wide lists),
 * so each runs alone and in any order.
 */
export async function ownTenantContentWorld(
  server: TestServer,
  base: MasterWorld,
  label: string,
  botName = 'Content Bot',
): Promise<ContentWorld> {
  made += 1;
  const key = `${label.toLowerCase().replace(/[^a-z0-9]+/g, '')}${made}`;
  const world = await buildOwnAdminWorld(server, base, key);
  const admin = as(server, world.tenantAdmin);
  await createBot(admin, botName);
  expectStatus(
    await admin('POST', '/api/user/role', { userEmail: world.plainUser.email, botName, role: DESIGNER_ROLE }),
    200,
  );
  const strangerEmail = `nora.${key}@example.com`;
  await addUser(server, world.tenantAdmin, strangerEmail, 'Nora_Norole');
  const strangerToken = (await server.login(strangerEmail, USER_PASSWORD)).token;
  const tokens = { admin: world.tenantAdmin.token, designer: world.plainUser.token, stranger: strangerToken };
  return {
    world,
    botName,
    admin,
    designer: as(server, world.plainUser),
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
