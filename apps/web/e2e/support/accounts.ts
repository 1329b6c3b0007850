import type { Page } from 'playwright-core';
import { hashPassword } from '../../../server/src/auth/passwords';
import { openSession } from '../../../server/src/services/accounts/auth.service';
import { createTenant } from '../../../server/src/services/accounts/bootstrap.service';
import type { TestServer } from '../../../server/test/support/test-server';

export { ADMIN_EMAIL, ADMIN_PASSWORD } from '../../../server/test/support/test-server';

/** A plain member (tenant role `user`, no bot roles) of the given tenant. */
export async function createPlainUser(
  server: TestServer,
  input: { email: string; password: string; name: string; tenantId: string },
): Promise<void> {
  await server.ctx.repos.users.create({
    id: input.email,
    name: input.name,
    identity: 'platform',
    passwordHash: await hashPassword(input.password),
    selectedTenantId: input.tenantId,
  });
  await server.ctx.repos.forTenant(input.tenantId).members.set(input.email, 'user');
}

/**
 * A directory ('microsoft') account and a session token for it: what the directory sign-in
 * hands back to /login#token=... after the provider has vouched for the user.
 */
export async function directoryUserSession(
  server: TestServer,
  input: { email: string; name: string; tenantId: string },
): Promise<string> {
  await server.ctx.repos.users.create({
    id: input.email,
    name: input.name,
    identity: 'microsoft',
    passwordHash: null,
    directorySubject: `subject-of-${input.email}`,
    selectedTenantId: input.tenantId,
  });
  await server.ctx.repos.forTenant(input.tenantId).members.set(input.email, 'user');
  return (await openSession(server.ctx, input.email)).token;
}

export async function createOrganisation(server: TestServer, name: string) {
  return createTenant(server.ctx.repos, { name, email: 'owner@example.com' });
}

/** Signs in through the login screen and waits for the bot overview. */
export async function logInThroughUi(page: Page, baseUrl: string, email: string, password: string) {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('heading', { name: 'Bot Overview' }).waitFor();
}

/** The open pop-up (pop-ups are alert dialogs). */
export const popupOf = (page: Page) => page.getByRole('alertdialog');
