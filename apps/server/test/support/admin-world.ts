import type { LightMyRequestResponse } from 'fastify';
import type { TestServer } from './test-server';

/** Passwords that pass the New user rule (8+ characters, an uppercase letter, a special character). */
export const USER_PASSWORD = 'User-Password-1';

export interface Caller {
  email: string;
  token: string;
}

/**
 * A master administrator, a child tenant B made through the API, B's account administrator
 * and a plain user of B: the cast most administration tests need.
 */
export interface AdminWorld {
  master: Caller;
  masterTenantId: string;
  tenantB: string;
  tenantAdmin: Caller;
  plainUser: Caller;
}

export type Call = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
) => Promise<LightMyRequestResponse>;

/** Requests as one caller. */
export const as =
  (server: TestServer, caller: Caller | string): Call =>
  (method, url, body) =>
    server.request({ method, url, body, token: typeof caller === 'string' ? caller : caller.token });

export function expectStatus(response: LightMyRequestResponse, status: number): LightMyRequestResponse {
  if (response.statusCode !== status)
    throw new Error(`expected ${status}, got ${response.statusCode}: ${response.body}`);
  return response;
}

export async function selectTenant(server: TestServer, caller: Caller, tenantId: string): Promise<void> {
  expectStatus(await as(server, caller)('PUT', '/api/users/selected-tenant', { tenantId }), 200);
}

export async function createTenant(server: TestServer, master: Caller, name: string): Promise<string> {
  return expectStatus(await as(server, master)('POST', '/api/tenants', { name }), 200).json().id;
}

/** Adds a user to the caller's selected tenant through POST /api/users. */
export async function addUser(server: TestServer, admin: Caller, email: string, name = 'Pat_Person') {
  return expectStatus(
    await as(server, admin)('POST', '/api/users', { name, email, password: USER_PASSWORD }),
    200,
  ).json();
}

export async function buildAdminWorld(server: TestServer): Promise<AdminWorld> {
  const { token, user } = await server.signUpFirstAdmin();
  const master: Caller = { email: user.id, token };
  const masterTenantId = user.selectedTenantId;
  const tenantB = await createTenant(server, master, 'Tenant B');
  await selectTenant(server, master, tenantB);
  await addUser(server, master, 'bea.admin@example.com', 'Bea_Admin');
  await addUser(server, master, 'pat.user@example.com', 'Pat_User');
  expectStatus(
    await as(server, master)('PUT', '/api/users/tenant-admin', { userEmail: 'bea.admin@example.com' }),
    200,
  );
  await selectTenant(server, master, masterTenantId);
  const tenantAdmin = {
    email: 'bea.admin@example.com',
    token: (await server.login('bea.admin@example.com', USER_PASSWORD)).token,
  };
  const plainUser = {
    email: 'pat.user@example.com',
    token: (await server.login('pat.user@example.com', USER_PASSWORD)).token,
  };
  return { master, masterTenantId, tenantB, tenantAdmin, plainUser };
}

/** The mails recorded for an address (the outbox keeps every mail, sent over SMTP or not). */
export async function mailsTo(server: TestServer, to: string) {
  return server.ctx.repos.db
    .selectFrom('outbox')
    .select(['to_address as to', 'subject', 'text_body as text'])
    .where('to_address', '=', to)
    .orderBy('created_at')
    .execute();
}
