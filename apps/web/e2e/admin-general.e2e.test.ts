import { MESSAGES } from '@parley/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createOrganisation, logInThroughUi, popupOf } from './support/accounts';
import { createAccountAdmin, tokenOf } from './support/administration';
import { type AppServer, startAppServer } from './support/app-server';
import { type Browser, launchBrowser } from './support/browser';
import { expectHidden, expectVisible } from './support/expect-page';
import { holdRoute } from './support/held-route';
import { screenshot, screenshotFailures } from './support/screenshots';

const M = MESSAGES.admin;
const TINA = { email: 'tina@example.com', password: 'Tenant-Admin-1!', name: 'Tina Admin' };

describe('the General tab', () => {
  let app: AppServer;
  let browser: Browser;
  let page: Page;
  let acmeId: string;

  beforeAll(async () => {
    app = await startAppServer();
    await app.server.signUpFirstAdmin();
    const acme = await createOrganisation(app.server, 'Acme Support');
    acmeId = acme.id;
    await createAccountAdmin(app.server, { ...TINA, tenantId: acme.id });
    browser = await launchBrowser();
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.baseUrl });
    page = await browser.newPage();
  });
  screenshotFailures(() => page);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  const tenant = async (id: string) => app.server.ctx.repos.tenants.get(id);
  const signInAs = async (email: string, password: string) => {
    await page.evaluate(() => localStorage.clear()).catch(() => undefined);
    await logInThroughUi(page, app.baseUrl, email, password);
  };
  /** Selects a tenant for the signed-in master administrator and opens its General tab. */
  const openGeneralOf = async (tenantId: string) => {
    const selected = await app.server.request({
      method: 'PUT',
      url: '/api/users/selected-tenant',
      token: await tokenOf(page),
      body: { tenantId },
    });
    expect(selected.statusCode).toBeLessThan(300);
    await page.goto(`${app.baseUrl}/configuration/general`);
    await expectVisible(page.getByRole('heading', { name: 'Account settings' }));
  };

  test('display name and e-mail: bad values get their messages, good ones are saved', async () => {
    await signInAs(TINA.email, TINA.password);
    await page.goto(`${app.baseUrl}/configuration/general`);
    const name = page.getByLabel('Display name');
    const email = page.getByLabel('E-mail');
    await expect.poll(() => name.inputValue()).toBe('Acme Support');
    expect(await email.inputValue()).toBe('owner@example.com');
    // Only master administrators delete accounts.
    expect(await page.getByRole('button', { name: 'Delete account' }).count()).toBe(0);

    await name.fill('A');
    await email.fill('not-an-address');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expectVisible(page.getByText(M.invalidTenantDisplayName, { exact: true }));
    await expectVisible(page.getByText(M.invalidUserEmail, { exact: true }));
    await screenshot(page, 'admin-general-invalid');
    expect((await tenant(acmeId))?.displayName).toBe('Acme Support');

    await name.fill('Acme Customer Care');
    await email.fill('care@acme.example');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expectVisible(popupOf(page).getByRole('heading', { name: 'Settings saved' }));
    await popupOf(page).getByRole('button', { name: 'OK' }).click();
    expect(await tenant(acmeId)).toMatchObject({
      displayName: 'Acme Customer Care',
      email: 'care@acme.example',
    });
    // The new name is the account's name everywhere on the page.
    await expectVisible(page.getByText('Users, roles and settings of Acme Customer Care.'));
    expect(await page.getByRole('button', { name: 'Save settings' }).isDisabled()).toBe(true);
  });

  test('secret key: shown with a copy button; a new one replaces it only after a confirmation', async () => {
    await signInAs(TINA.email, TINA.password);
    await page.goto(`${app.baseUrl}/configuration/general`);
    const original = (await tenant(acmeId))?.secretKey ?? '';
    expect(original).not.toBe('');
    const field = page.getByLabel('Secret key');
    expect(await field.inputValue()).toBe(original);

    await page.getByRole('button', { name: 'Copy' }).click();
    await expectVisible(page.getByRole('button', { name: 'Copied' }));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(original);

    await page.getByRole('button', { name: 'Generate secret key' }).click();
    const confirm = popupOf(page);
    await expectVisible(confirm.getByRole('heading', { name: 'Replace the secret key?' }));
    await screenshot(page, 'admin-general-replace-key');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expectHidden(confirm);
    expect((await tenant(acmeId))?.secretKey).toBe(original);

    await page.getByRole('button', { name: 'Generate secret key' }).click();
    await popupOf(page).getByRole('button', { name: 'Generate new key' }).click();
    await expect.poll(() => field.inputValue()).not.toBe(original);
    const replaced = (await tenant(acmeId))?.secretKey;
    expect(await field.inputValue()).toBe(replaced);
    await screenshot(page, 'admin-general');
    const log = await app.server.ctx.repos.forTenant(acmeId).audit.list();
    expect(log.map((entry) => entry.action)).toContain('tenant.secret-key-regenerated');
    expect(JSON.stringify(log)).not.toContain(replaced);
  });

  test('a master administrator cannot delete the master tenant: no deletion is offered there', async () => {
    await signInAs(ADMIN_EMAIL, ADMIN_PASSWORD);
    // The page learns the master tenant's id from the permissions data: wait for it.
    const permissions = page.waitForResponse('**/api/user/permissions/data');
    await page.goto(`${app.baseUrl}/configuration/general`);
    await permissions;
    await expectVisible(page.getByRole('heading', { name: 'Secret key' }));
    await expect.poll(() => page.getByLabel('Display name').inputValue()).toBe('Master');
    expect(await page.getByRole('button', { name: 'Delete account' }).count()).toBe(0);
  });

  test('account deletion that fails unblocks the screen with the error', async () => {
    await signInAs(ADMIN_EMAIL, ADMIN_PASSWORD);
    const doomed = await createOrganisation(app.server, 'Doomed Ltd');
    await openGeneralOf(doomed.id);
    await expect.poll(() => page.getByLabel('Display name').inputValue()).toBe('Doomed Ltd');
    // Another master administrator deletes it first.
    const gone = await app.server.request({
      method: 'DELETE',
      url: `/api/tenant/${doomed.id}`,
      token: (await app.server.login(ADMIN_EMAIL, ADMIN_PASSWORD)).token,
    });
    expect(gone.statusCode).toBe(200);

    await page.getByRole('button', { name: 'Delete account' }).click();
    await expectVisible(popupOf(page).getByRole('heading', { name: 'Delete this account?' }));
    await popupOf(page).getByRole('button', { name: 'Delete account' }).click();
    const failure = popupOf(page);
    await expectVisible(failure.getByRole('heading', { name: MESSAGES.plainErrorTitle, exact: true }));
    await expectVisible(failure.getByText(M.accountDeletionError));
    await screenshot(page, 'admin-general-delete-error');
    await failure.getByRole('button', { name: 'OK' }).click();
    await expectHidden(page.getByTestId('screen-blocker'));
    expect(await page.evaluate(() => document.getElementById('root')?.hasAttribute('inert'))).toBe(false);
    expect(await page.evaluate(() => document.body.classList.contains('is-screen-blocked'))).toBe(false);
    expect(page.url()).toBe(`${app.baseUrl}/configuration/general`);
  });

  test('account deletion blocks the screen while it runs, then logs out and goes to /', async () => {
    const farewell = await createOrganisation(app.server, 'Farewell Inc');
    await createAccountAdmin(app.server, {
      email: 'fran@example.com',
      password: 'Farewell-Admin-1!',
      name: 'Fran Farewell',
      tenantId: farewell.id,
    });
    await signInAs(ADMIN_EMAIL, ADMIN_PASSWORD);
    await openGeneralOf(farewell.id);
    await expect.poll(() => page.getByLabel('Display name').inputValue()).toBe('Farewell Inc');
    const token = await tokenOf(page);

    const deletion = await holdRoute(page, '**/api/tenant?id=*');
    await page.getByRole('button', { name: 'Delete account' }).click();
    await popupOf(page).getByRole('button', { name: 'Delete account' }).click();
    const blocker = page.getByTestId('screen-blocker');
    await expectVisible(blocker);
    expect(await blocker.textContent()).toContain('Deleting Farewell Inc...');
    const blocked = await page.evaluate(() => ({
      isRootInert: document.getElementById('root')?.hasAttribute('inert'),
      overflow: getComputedStyle(document.body).overflow,
      pointerEvents: getComputedStyle(document.body).pointerEvents,
    }));
    expect(blocked).toEqual({ isRootInert: true, overflow: 'hidden', pointerEvents: 'none' });
    await screenshot(page, 'admin-general-deleting');
    await deletion.release();

    await page.waitForURL(`${app.baseUrl}/login`);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('parley.token'))).toBeNull();
    expect(await tenant(farewell.id)).toBeUndefined();
    // Its only member had no other tenant: the account went with it.
    expect(await app.server.ctx.repos.users.get('fran@example.com')).toBeUndefined();
    // Logged out on the server too (the browser sends the logout without waiting for it).
    await expect
      .poll(
        async () => (await app.server.request({ method: 'GET', url: '/api/users/info', token })).statusCode,
      )
      .toBe(401);
  });

  test('no page errors', () => {
    expect(browser.pageErrors).toEqual([]);
  });
});
