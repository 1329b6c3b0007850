import type { TestServer } from '../../../server/test/support/test-server';
import { createOrganisation, createPlainUser } from './accounts';
import { createAccountAdmin } from './administration';

export const TINA = { email: 'tina@example.com', password: 'Tenant-Admin-1!', name: 'Tina Admin' };
export const VERA = { email: 'vera@example.com', password: 'Viewer-Password-1', name: 'Vera Viewer' };

/** Calls the API as one account, answering the parsed body; anything but 2xx throws. */
export type ApiCall = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
) => Promise<unknown>;

export function apiAs(server: TestServer, token: string): ApiCall {
  return async (method, url, body) => {
    const response = await server.request({ method, url, token, ...(body === undefined ? {} : { body }) });
    if (response.statusCode >= 300)
      throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
    return response.body ? response.json() : undefined;
  };
}

/**
 * An organisation with Tina (account administrator) and Vera (a plain user whose role on the
 * bot only lets her test it: no intents or entities rights), and one bot.
 */
export async function contentWorld(
  server: TestServer,
  botName: string,
): Promise<{ tina: ApiCall; tenantId: string }> {
  await server.signUpFirstAdmin();
  const organisation = await createOrganisation(server, 'Acme Support');
  await createAccountAdmin(server, { ...TINA, tenantId: organisation.id });
  await createPlainUser(server, { ...VERA, tenantId: organisation.id });
  const tina = apiAs(server, (await server.login(TINA.email, TINA.password)).token);
  await tina('POST', '/api/bot', { name: botName, region: 'eu-west', language: 'en' });
  const viewer = (await tina('POST', '/api/tenant/roles', { roleName: 'Viewer' })) as { roleId: number };
  await tina('POST', `/api/tenant/roles/${viewer.roleId}/permissions`, {
    roleId: viewer.roleId,
    permissionId: 27,
  });
  await tina('POST', '/api/user/role', { userEmail: VERA.email, botName, role: viewer.roleId });
  return { tina, tenantId: organisation.id };
}

/**
 * An organisation of the test's own, with one account administrator, answering the
 * administrator's API calls and the organisation's id: for a test whose data the others must
 * not see, or that must not see theirs (an account's global variables and functions show in
 * every bot of the account).
 */
export async function organisationOfItsOwn(
  server: TestServer,
  name: string,
  admin: { email: string; password: string; name: string },
): Promise<{ api: ApiCall; tenantId: string }> {
  const organisation = await createOrganisation(server, name);
  await createAccountAdmin(server, { ...admin, tenantId: organisation.id });
  return {
    api: apiAs(server, (await server.login(admin.email, admin.password)).token),
    tenantId: organisation.id,
  };
}
