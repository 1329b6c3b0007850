import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { TestServer } from '../../../server/test/support/test-server';
import { createOrganisation, createPlainUser } from './accounts';

/** A member of the tenant with the tenant role `admin` (an account administrator). */
export async function createAccountAdmin(
  server: TestServer,
  input: { email: string; password: string; name: string; tenantId: string },
): Promise<void> {
  await createPlainUser(server, input);
  await server.ctx.repos.forTenant(input.tenantId).members.set(input.email, 'admin');
}

/** The first administrator signed up, and the organisation Acme Support with its account administrator; answers Acme's id. */
export async function acmeWithAdmin(
  server: TestServer,
  admin: { email: string; password: string; name: string },
): Promise<string> {
  await server.signUpFirstAdmin();
  const acme = await createOrganisation(server, 'Acme Support');
  await createAccountAdmin(server, { ...admin, tenantId: acme.id });
  return acme.id;
}

export async function masterTenantId(server: TestServer): Promise<string> {
  const master = await server.ctx.repos.tenants.getMaster();
  if (!master) throw new Error('no master tenant: sign up the first administrator first');
  return master.id;
}

/** Another administrator of the master tenant, i.e. a master administrator. */
export async function createMasterAdmin(
  server: TestServer,
  input: { email: string; password: string; name: string },
): Promise<void> {
  await createAccountAdmin(server, { ...input, tenantId: await masterTenantId(server) });
}

/** The session token the page signed in with. */
export async function tokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('parley.token'));
  if (!token) throw new Error('the page is not signed in');
  return token;
}

/** Selects a tenant for the page's signed-in user, as the account switcher does. */
export async function selectTenantOf(server: TestServer, page: Page, tenantId: string): Promise<void> {
  const selected = await server.request({
    method: 'PUT',
    url: '/api/users/selected-tenant',
    token: await tokenOf(page),
    body: { tenantId },
  });
  expect(selected.statusCode).toBeLessThan(300);
}

/** The tab list of the administration page, as its labels. */
export const tabLabels = (page: Page) => page.getByRole('tab').allInnerTexts();

/** One table row, found by a text in it. */
export const rowOf = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });
