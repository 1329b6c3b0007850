import type { PermissionId } from '@parley/contracts';
import { type AdminWorld, addUser, as, type Call, expectStatus, USER_PASSWORD } from './admin-world';
import type { TestServer } from './test-server';

/**
 * A user of tenant B holding a role (made for the purpose) with exactly these permissions on the
 * bot: the flow editor's calls differ by right.
 */
export async function botUserWith(
  server: TestServer,
  world: AdminWorld,
  botName: string,
  user: { email: string; name: string },
  permissions: readonly PermissionId[],
): Promise<{ call: Call; token: string }> {
  const admin = as(server, world.tenantAdmin);
  const role = expectStatus(
    await admin('POST', '/api/tenant/roles', { roleName: `Only ${user.name}`.slice(0, 50) }),
    201,
  ).json() as { roleId: number };
  for (const permissionId of permissions)
    expectStatus(await admin('POST', `/api/tenant/roles/${role.roleId}/permissions`, { permissionId }), 201);
  await addUser(server, world.tenantAdmin, user.email, user.name);
  expectStatus(
    await admin('POST', '/api/user/role', { userEmail: user.email, botName, role: role.roleId }),
    200,
  );
  const token = (await server.login(user.email, USER_PASSWORD)).token;
  return { call: as(server, token), token };
}

export const editorPath = (bot: string) => `/api/bots/${encodeURIComponent(bot)}/editor`;
export const uploadPath = (bot: string) => `/api/${encodeURIComponent(bot)}/block-upload-file`;
export const downloadPath = (bot: string, fileId: string, fileName: string) =>
  `/api/test-download-file/${encodeURIComponent(bot)}/${encodeURIComponent(fileId)}/${encodeURIComponent(fileName)}`;
