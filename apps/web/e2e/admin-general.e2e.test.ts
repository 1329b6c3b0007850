import { MESSAGES } from '@parley/contracts';
import { beforeAll, describe, expect, test } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createOrganisation, logInThroughUi, popupOf } from './support/accounts';
import { acmeWithAdmin, createAccountAdmin, selectTenantOf, tokenOf } from './support/administration';
import { browserSuite } from './support/browser-suite';
import { expectHidden, expectVisible } from './support/expect-page';
import { holdRoute } from './support/held-route';
import { screenshot } from './support/screenshots';

const M = MESSAGES.admin;
const TINA = { email: 'tina@example.com', password: 'Tenant-Admin-1!', name: 'Tina Admin' };

describe('the General tab', () => {
  let acmeId: string;

  const s = browserSuite({
    prepare: async (app) => {
      acmeId = await acmeWithAdmin(app.server, TINA);
    },
  });
  beforeAll(async () => {
    await s.browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: s.app.baseUrl,
    });
  });

  const tenant = async (id: string) => s.app.server.ctx.repos.tenants.get(id);
  const signInAs = async (email: string, password: string) => {
    await s.page.evaluate(() => localStorage.clear()).catch(() => undefined);
    await logInThroughUi(s.page, s.app.baseUrl, email, password);
  };
  /** Selects a tenant for the signed-in master administrator and opens its General tab. */
  const openGeneralOf = async (tenantId: string) => {
    await selectTenantOf(s.app.server, s.page, tenantId);
    await s.page.goto(`${s.app.baseUrl}/configuration/general`);
    await expectVisible(s.page.getByRole('heading', { name: 'Account settings' }));
  };

  test('display name and e-mail: bad values get their messages, good ones are saved', async () => {
    await signInAs(TINA.email, TINA.password);
    await s.page.goto(`${s.app.baseUrl}/configuration/general`);
    const name = s.page.getByLabel('Display name');
    const email = s.page.getByLabel('E-mail');
    await expect.poll(() => name.inputValue()).toBe('Acme Support');
    expect(await email.inputValue()).toBe('owner@example.com');
    // Only master administrators delete accounts.
    expect(await s.page.getByRole('button', { name: 'Delete account' }).count()).toBe(0);

    await name.fill('A');
    await email.fill('not-an-address');
    await s.page.getByRole('button', { name: 'Save settings' }).click();
    await expectVisible(s.page.getByText(M.invalidTenantDisplayName, { exact: true }));
    await expectVisible(s.page.getByText(M.invalidUserEmail, { exact: true }));
    await screenshot(s.page, 'admin-general-invalid');
    expect((await tenant(acmeId))?.displayName).toBe('Acme Support');

    await name.fill('Acme Customer Care');
    await email.fill('care@acme.example');
    await s.page.getByRole('button', { name: 'Save settings' }).click();
    await expectVisible(popupOf(s.page).getByRole('heading', { name: 'Settings saved' }));
    await popupOf(s.page).getByRole('button', { name: 'OK' }).click();
    expect(await tenant(acmeId)).toMatchObject({
      displayName: 'Acme Customer Care',
      email: 'care@acme.example',
    });
    // The new name is the account's name everywhere on the page.
    await expectVisible(s.page.getByText('Users, roles and settings of Acme Customer Care.'));
    expect(await s.page.getByRole('button', { name: 'Save settings' }).isDisabled()).toBe(true);
  });

  test('secret key: shown with a copy button; a new one replaces it only after a confirmation', async () => {
    await signInAs(TINA.email, TINA.password);
    await s.page.goto(`${s.app.baseUrl}/configuration/general`);
    const original = (await tenant(acmeId))?.secretKey ?? '';
    expect(original).not.toBe('');
    const field = s.page.getByLabel('Secret key');
    expect(await field.inputValue()).toBe(original);

    await s.page.getByRole('button', { name: 'Copy' }).click();
    await expectVisible(s.page.getByRole('button', { name: 'Copied' }));
    expect(await s.page.evaluate(() => navigator.clipboard.readText())).toBe(original);

    await s.page.getByRole('button', { name: 'Generate secret key' }).click();
    const confirm = popupOf(s.page);
    await expectVisible(confirm.getByRole('heading', { name: 'Replace the secret key?' }));
    await screenshot(s.page, 'admin-general-replace-key');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expectHidden(confirm);
    expect((await tenant(acmeId))?.secretKey).toBe(original);

    await s.page.getByRole('button', { name: 'Generate secret key' }).click();
    await popupOf(s.page).getByRole('button', { name: 'Generate new key' }).click();
    await expect.poll(() => field.inputValue()).not.toBe(original);
    const replaced = (await tenant(acmeId))?.secretKey;
    expect(await field.inputValue()).toBe(replaced);
    await screenshot(s.page, 'admin-general');
    const log = await s.app.server.ctx.repos.forTenant(acmeId).audit.list();
    expect(log.map((entry) => entry.action)).toContain('tenant.secret-key-regenerated');
    expect(JSON.stringify(log)).not.toContain(replaced);
  });

  test('a master administrator cannot delete the master tenant: no deletion is offered there', async () => {
    await signInAs(ADMIN_EMAIL, ADMIN_PASSWORD);
    // The page learns the master tenant's id from the permissions data: wait for it.
    const permissions = s.page.waitForResponse('**/api/user/permissions/data');
    await s.page.goto(`${s.app.baseUrl}/configuration/general`);
    await permissions;
    await expectVisible(s.page.getByRole('heading', { name: 'Secret key' }));
    await expect.poll(() => s.page.getByLabel('Display name').inputValue()).toBe('Master');
    expect(await s.page.getByRole('button', { name: 'Delete account' }).count()).toBe(0);
  });

  test('account deletion that fails unblocks the screen with the error', async () => {
    await signInAs(ADMIN_EMAIL, ADMIN_PASSWORD);
    const doomed = await createOrganisation(s.app.server, 'Doomed Ltd');
    await openGeneralOf(doomed.id);
    await expect.poll(() => s.page.getByLabel('Display name').inputValue()).toBe('Doomed Ltd');
    // Another master administrator deletes it first.
    const gone = await s.app.server.request({
      method: 'DELETE',
      url: `/api/tenant/${doomed.id}`,
      token: (await s.app.server.login(ADMIN_EMAIL, ADMIN_PASSWORD)).token,
    });
    expect(gone.statusCode).toBe(200);

    await s.page.getByRole('button', { name: 'Delete account' }).click();
    await expectVisible(popupOf(s.page).getByRole('heading', { name: 'Delete this account?' }));
    await popupOf(s.page).getByRole('button', { name: 'Delete account' }).click();
    const failure = s.page.getByRole('alertdialog', { name: MESSAGES.plainErrorTitle, exact: true });
    await expectVisible(failure.getByText(M.accountDeletionError));
    await screenshot(s.page, 'admin-general-delete-error');
    await failure.getByRole('button', { name: 'OK' }).click();
    await expectHidden(s.page.getByTestId('screen-blocker'));
    expect(await s.page.evaluate(() => document.getElementById('root')?.hasAttribute('inert'))).toBe(false);
    expect(await s.page.evaluate(() => document.body.classList.contains('is-screen-blocked'))).toBe(false);
    // The account this tab showed is gone: the tab follows the account the server selected now,
    // instead of acting on it by mistake.
    const moved = s.page.getByRole('alertdialog', { name: MESSAGES.tenantSwitched.goneTitle });
    await expectVisible(moved.getByText(MESSAGES.tenantSwitched.gone('Master')));
    await moved.getByRole('button', { name: 'OK' }).click();
    await s.page.waitForURL(`${s.app.baseUrl}/bots`);
  });

  test('account deletion blocks the screen while it runs, then logs out and goes to /', async () => {
    const farewell = await createOrganisation(s.app.server, 'Farewell Inc');
    await createAccountAdmin(s.app.server, {
      email: 'fran@example.com',
      password: 'Farewell-Admin-1!',
      name: 'Fran Farewell',
      tenantId: farewell.id,
    });
    await signInAs(ADMIN_EMAIL, ADMIN_PASSWORD);
    await openGeneralOf(farewell.id);
    await expect.poll(() => s.page.getByLabel('Display name').inputValue()).toBe('Farewell Inc');
    const token = await tokenOf(s.page);

    const deletion = await holdRoute(s.page, '**/api/tenant?id=*');
    await s.page.getByRole('button', { name: 'Delete account' }).click();
    await popupOf(s.page).getByRole('button', { name: 'Delete account' }).click();
    const blocker = s.page.getByTestId('screen-blocker');
    await expectVisible(blocker);
    expect(await blocker.textContent()).toContain('Deleting Farewell Inc...');
    const blocked = await s.page.evaluate(() => ({
      isRootInert: document.getElementById('root')?.hasAttribute('inert'),
      overflow: getComputedStyle(document.body).overflow,
      pointerEvents: getComputedStyle(document.body).pointerEvents,
    }));
    expect(blocked).toEqual({ isRootInert: true, overflow: 'hidden', pointerEvents: 'none' });
    await screenshot(s.page, 'admin-general-deleting');
    await deletion.release();

    await s.page.waitForURL(`${s.app.baseUrl}/login`);
    await expect.poll(() => s.page.evaluate(() => localStorage.getItem('parley.token'))).toBeNull();
    expect(await tenant(farewell.id)).toBeUndefined();
    // Its only member had no other tenant: the account went with it.
    expect(await s.app.server.ctx.repos.users.get('fran@example.com')).toBeUndefined();
    // Logged out on the server too (the browser sends the logout without waiting for it).
    await expect
      .poll(
        async () => (await s.app.server.request({ method: 'GET', url: '/api/users/info', token })).statusCode,
      )
      .toBe(401);
  });

  test('no page errors', () => {
    expect(s.browser.pageErrors).toEqual([]);
  });
});
