import type { Page } from 'playwright-core';
import type { TestServer } from '../../../server/test/support/test-server';
import { createPlainUser } from './accounts';

/** A member of the tenant with the tenant role `admin` (an account administrator). */
export async function createAccountAdmin(
  server: TestServer,
  input: { email: string; password: string; name: string; tenantId: string },
): Promise<void> {
  await createPlainUser(server, input);
  await server.ctx.repos.forTenant(input.tenantId).members.set(input.email, 'admin');
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

/** The tab list of the administration page, as its labels. */
export const tabLabels = (page: Page) => page.getByRole('tab').allInnerTexts();

/** One table row, found by a text in it. */
export const rowOf = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });
