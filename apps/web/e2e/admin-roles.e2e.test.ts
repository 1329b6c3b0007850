import { MESSAGES, PERMISSIONS } from '@parley/contracts';
import { describe, expect, test } from 'vitest';
import { createOrganisation, logInThroughUi, popupOf } from './support/accounts';
import { createAccountAdmin, tokenOf } from './support/administration';
import { browserSuite } from './support/browser-suite';
import { expectHidden, expectVisible } from './support/expect-page';
import { screenshot } from './support/screenshots';

const M = MESSAGES.admin;
const TINA = { email: 'tina@example.com', password: 'Tenant-Admin-1!', name: 'Tina Admin' };
/** More roles than fit the grid's width. */
const TWELVE_TEAMS = Array.from({ length: 12 }, (_, n) => `Team ${n + 1}`);

describe('the Roles tab', () => {
  /** The organisation of the running test, and its administrator. */
  let acmeId: string;
  let tina: typeof TINA;

  const s = browserSuite({
    prepare: async (app) => {
      await app.server.signUpFirstAdmin();
    },
  });

  /**
   * An organisation of the test's own (roles are the account's), with the roles named, and its
   * administrator signed in on the Roles tab.
   */
  const organisation = async (key: string, extraRoles: string[] = []) => {
    acmeId = (await createOrganisation(s.app.server, `Acme ${key}`)).id;
    tina = { ...TINA, email: `tina.${key}@example.com` };
    await createAccountAdmin(s.app.server, { ...tina, tenantId: acmeId });
    await s.page.evaluate(() => localStorage.clear()).catch(() => undefined);
    await logInThroughUi(s.page, s.app.baseUrl, tina.email, tina.password);
    for (const name of extraRoles) await addRoleThroughApi(name);
    await s.page.goto(`${s.app.baseUrl}/configuration/roles`);
    await expectVisible(grid());
  };
  const roles = () => s.app.server.ctx.repos.forTenant(acmeId).roles;
  const grid = () => s.page.getByRole('table', { name: 'Permissions of each role' });
  const cell = (permission: string, role: string) =>
    grid().getByRole('switch', { name: `${permission} for ${role}`, exact: true });
  const roleHeaders = () => grid().locator('.permission-grid__role-name').allInnerTexts();
  const roleIdOf = async (name: string) => (await roles().list()).find((r) => r.roleName === name)?.roleId;
  const addRoleThroughApi = async (roleName: string) => {
    const answer = await s.app.server.request({
      method: 'POST',
      url: '/api/tenant/roles',
      token: await tokenOf(s.page),
      body: { roleName },
    });
    expect(answer.statusCode).toBe(201);
  };

  test('permissions by role; the Account administrator column holds all and is read-only; built-ins have no delete', async () => {
    await organisation('grid');
    expect(await roleHeaders()).toEqual([
      'Account administrator',
      'Designer',
      'Contributor',
      'Maintainer',
      'Administrator',
    ]);
    expect(await grid().locator('tbody th').allInnerTexts()).toEqual(PERMISSIONS.map((p) => p.label));
    for (const permission of PERMISSIONS) {
      const admin = cell(permission.label, 'Account administrator');
      expect(await admin.getAttribute('aria-checked')).toBe('true');
      expect(await admin.isDisabled()).toBe(true);
    }
    expect(
      await grid()
        .getByRole('button', { name: /^Delete role/ })
        .count(),
    ).toBe(0);
    // Five roles fit: no scroller buttons.
    expect(await s.page.getByRole('button', { name: 'Scroll right' }).count()).toBe(0);
    expect(await s.page.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await screenshot(s.page, 'admin-roles');
  });

  test('toggles are saved together: Saved! and the stored sets change', async () => {
    await organisation('toggles');
    expect(await cell('Export bots', 'Designer').getAttribute('aria-checked')).toBe('false');
    expect(await cell('Manage intents', 'Designer').getAttribute('aria-checked')).toBe('true');
    await cell('Export bots', 'Designer').click();
    await cell('Manage intents', 'Designer').click();
    await cell('Delete bot', 'Maintainer').click();
    await expectVisible(s.page.getByText('Unsaved changes'));
    await s.page.getByRole('button', { name: 'Save' }).click();
    await expectVisible(popupOf(s.page).getByRole('heading', { name: M.roleSaved }));
    await popupOf(s.page).getByRole('button', { name: 'OK' }).click();

    const designer = (await roles().get(1))?.permissions ?? [];
    expect(designer).toContain(1);
    expect(designer).not.toContain(8);
    expect((await roles().get(3))?.permissions).toContain(2);
    await s.page.reload();
    await expect.poll(() => cell('Export bots', 'Designer').getAttribute('aria-checked')).toBe('true');
    expect(await cell('Manage intents', 'Designer').getAttribute('aria-checked')).toBe('false');
  });

  test('add role: an empty name is ignored, a name adds a column, a taken name is named at the field', async () => {
    await organisation('add');
    const posts: string[] = [];
    s.page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/tenant/roles'))
        posts.push(request.url());
    });
    await s.page.getByLabel('New role').fill('   ');
    await s.page.getByRole('button', { name: 'Add role' }).click();
    expect(await roleHeaders()).toHaveLength(5);

    await s.page.getByLabel('New role').fill('Reviewer');
    await s.page.getByRole('button', { name: 'Add role' }).click();
    await expect.poll(roleHeaders).toContain('Reviewer');
    // The Reviewer request is the barrier: the blank name before it sent nothing.
    expect(posts).toHaveLength(1);
    expect(await s.page.getByLabel('New role').inputValue()).toBe('');
    await expectVisible(grid().getByRole('button', { name: 'Delete role Reviewer' }));
    expect(await cell('Export bots', 'Reviewer').getAttribute('aria-checked')).toBe('false');
    expect(await roleIdOf('Reviewer')).toBeGreaterThanOrEqual(100);

    await s.page.getByLabel('New role').fill('designer');
    await s.page.getByRole('button', { name: 'Add role' }).click();
    await expectVisible(s.page.getByText(M.roleNameTaken, { exact: true }));
    await screenshot(s.page, 'admin-roles-added');
    await s.page.getByLabel('New role').fill('');
  });

  test('delete role: a failure says Faild to delete role?, and saving a role that is gone fails too', async () => {
    await organisation('delete-failure', ['Reviewer']);
    // Another administrator deletes Reviewer first.
    const reviewerId = await roleIdOf('Reviewer');
    const gone = await s.app.server.request({
      method: 'DELETE',
      url: `/api/tenant/roles/${reviewerId}`,
      token: (await s.app.server.login(tina.email, tina.password)).token,
    });
    expect(gone.statusCode).toBe(204);

    await grid().getByRole('button', { name: 'Delete role Reviewer' }).click();
    const confirm = popupOf(s.page);
    await expectVisible(confirm.getByRole('heading', { name: 'Delete role?' }));
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expectVisible(popupOf(s.page).getByRole('heading', { name: M.roleDeleteError }));
    await screenshot(s.page, 'admin-roles-delete-error');
    await popupOf(s.page).getByRole('button', { name: 'OK' }).click();

    await cell('Export bots', 'Reviewer').click();
    await s.page.getByRole('button', { name: 'Save' }).click();
    await expectVisible(popupOf(s.page).getByRole('heading', { name: M.roleSaveError }));
    await popupOf(s.page).getByRole('button', { name: 'OK' }).click();
    // The whole save was refused: nothing else changed either.
    expect((await roles().get(1))?.permissions).not.toContain(1);
  });

  test('leaving the tab with unsaved toggles asks first; Keep editing keeps them, Discard drops them', async () => {
    await organisation('unsaved');
    await cell('Export bots', 'Designer').click();
    await expectVisible(s.page.getByText('Unsaved changes'));
    await s.page.getByRole('tab', { name: 'Users' }).click();
    const ask = popupOf(s.page);
    await expectVisible(ask.getByRole('heading', { name: 'Discard changes?' }));
    await screenshot(s.page, 'admin-roles-unsaved');
    await ask.getByRole('button', { name: 'Keep editing' }).click();
    expect(new URL(s.page.url()).pathname).toBe('/configuration/roles');
    expect(await cell('Export bots', 'Designer').getAttribute('aria-checked')).toBe('true');

    await s.page.getByRole('tab', { name: 'Users' }).click();
    await popupOf(s.page).getByRole('button', { name: 'Discard' }).click();
    await s.page.waitForURL('**/configuration/users');
    // Nothing was written by leaving.
    expect((await roles().get(1))?.permissions).not.toContain(1);
    await s.page.getByRole('tab', { name: 'Roles' }).click();
    await expectVisible(grid());
    await expectHidden(s.page.getByText('Unsaved changes'));
  });

  test('delete role: after the confirmation the column goes, with its bot roles', async () => {
    await organisation('delete');
    await s.page.getByLabel('New role').fill('Auditor');
    await s.page.getByRole('button', { name: 'Add role' }).click();
    await expect.poll(roleHeaders).toContain('Auditor');
    const auditorId = (await roleIdOf('Auditor')) ?? -1;

    await grid().getByRole('button', { name: 'Delete role Auditor' }).click();
    await expectVisible(
      popupOf(s.page).getByText(
        '"Auditor" will be deleted. Users who have this role on a bot lose it there.',
      ),
    );
    await popupOf(s.page).getByRole('button', { name: 'Cancel' }).click();
    expect(await roleHeaders()).toContain('Auditor');

    await grid().getByRole('button', { name: 'Delete role Auditor' }).click();
    await popupOf(s.page).getByRole('button', { name: 'Delete' }).click();
    await expect.poll(roleHeaders).not.toContain('Auditor');
    expect(await roles().get(auditorId)).toBeUndefined();
  });

  test('with more roles than fit, the roll-over scroller moves the grid by 1000 px', async () => {
    await organisation('scroll', TWELVE_TEAMS);
    await expect.poll(roleHeaders).toContain('Team 12');
    const viewport = s.page.getByRole('region', { name: 'Permissions by role' });
    const scrollLeft = () => viewport.evaluate((el) => el.scrollLeft);
    const maxScroll = await viewport.evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(maxScroll).toBeGreaterThan(1000);

    const left = s.page.getByRole('button', { name: 'Scroll left' });
    const right = s.page.getByRole('button', { name: 'Scroll right' });
    expect(await left.isDisabled()).toBe(true);
    await right.click();
    await expect.poll(scrollLeft).toBe(1000);
    await screenshot(s.page, 'admin-roles-scrolled');
    await right.click();
    await expect.poll(scrollLeft).toBe(maxScroll);
    await expect.poll(() => right.isDisabled()).toBe(true);
    await left.click();
    await expect.poll(scrollLeft).toBe(maxScroll - 1000);
    // The permission names stay in view while the roles roll by.
    await expectVisible(grid().getByRole('rowheader', { name: 'Export bots' }));
    expect(await grid().getByRole('rowheader', { name: 'Export bots' }).boundingBox()).toMatchObject({
      x: expect.any(Number),
    });
    await expectHidden(s.page.getByText('Unsaved changes'));
  });

  test('down the 36 rows, the role names and the Save button stay in view', async () => {
    await organisation('rows', TWELVE_TEAMS);
    const viewport = s.page.getByRole('region', { name: 'Permissions by role' });
    await viewport.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    const frame = await viewport.boundingBox();
    const lastRow = grid().getByRole('rowheader', { name: PERMISSIONS.at(-1)?.label ?? '' });
    await expectVisible(lastRow);
    const header = await grid()
      .getByRole('columnheader', { name: /^Team 12/ })
      .boundingBox();
    // The header row sits at the top of the grid's frame, over the rows that scrolled under it.
    expect(Math.abs((header?.y ?? -1) - (frame?.y ?? 0))).toBeLessThanOrEqual(2);
    const save = await s.page.getByRole('button', { name: 'Save' }).boundingBox();
    const window = s.page.viewportSize();
    expect(save?.y).toBeGreaterThanOrEqual(0);
    expect((save?.y ?? 0) + (save?.height ?? 0)).toBeLessThanOrEqual(window?.height ?? 0);
    await screenshot(s.page, 'admin-roles-scrolled-down');
    expect(s.browser.pageErrors).toEqual([]);
  });
});
