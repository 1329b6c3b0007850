import { MESSAGES, type UserInfo } from '@parley/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  createOrganisation,
  createPlainUser,
  logInThroughUi,
  popupOf,
} from './support/accounts';
import {
  createAccountAdmin,
  createMasterAdmin,
  masterTenantId,
  rowOf,
  selectTenantOf,
  tokenOf,
} from './support/administration';
import { type Browser, launchBrowser } from './support/browser';
import { browserSuite } from './support/browser-suite';
import { expectHidden, expectVisible } from './support/expect-page';
import { holdRoute } from './support/held-route';
import { screenshot } from './support/screenshots';

const M = MESSAGES.admin;
const BOB = { email: 'bob@example.com', password: 'Master-Admin-2!', name: 'Bob Master' };
const TINA = { email: 'tina@example.com', password: 'Tenant-Admin-1!', name: 'Tina Admin' };
const PAUL = { email: 'paul@example.com', password: 'Plain-Password-1', name: 'Paul Plain' };
/** The master users test's own account: Tony administers it, Pete works in it. */
const TONY = { email: 'tony@example.com', password: 'Tenant-Admin-3!', name: 'Tony Admin' };
const PETE = { email: 'pete@example.com', password: 'Plain-Password-3', name: 'Pete Plain' };

/** Resolves once the page's websocket follows the tenants topic (set up before navigating). */
function liveUpdatesOf(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) =>
      socket.on('framereceived', ({ payload }) => {
        if (String(payload).includes('"subscribed"')) resolve();
      }),
    );
  });
}

describe('tenant administration by master administrators', () => {
  let bobBrowser: Browser;
  let bobPage: Page;
  let masterId: string;

  const s = browserSuite({
    // The websocket address the server hands out must be one the browser reaches.
    env: () => ({}),
    prepare: async (app) => {
      await app.server.signUpFirstAdmin();
      masterId = await masterTenantId(app.server);
      await createMasterAdmin(app.server, BOB);
      const acme = await createOrganisation(app.server, 'Acme Support');
      await createAccountAdmin(app.server, { ...TINA, tenantId: acme.id });
      await createPlainUser(app.server, { ...PAUL, tenantId: acme.id });
    },
    signedIn: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
  });
  beforeAll(async () => {
    bobBrowser = await launchBrowser();
    bobPage = await bobBrowser.newPage();
    await logInThroughUi(bobPage, s.app.baseUrl, BOB.email, BOB.password);
  });
  afterAll(async () => {
    await bobBrowser?.close();
  });

  const dialog = () => s.page.getByRole('dialog');
  const tenantNames = (on: Page) =>
    on.getByRole('table', { name: 'Tenants' }).locator('tbody tr td:first-child').allTextContents();
  const tenantIdOf = async (displayName: string) =>
    (await s.app.server.ctx.repos.tenants.list()).find((t) => t.displayName === displayName)?.id ?? '';
  const createTenantThroughApi = async (name: string) => {
    const answer = await s.app.server.request({
      method: 'POST',
      url: '/api/tenants',
      token: (await s.app.server.login(BOB.email, BOB.password)).token,
      body: { name },
    });
    expect(answer.statusCode).toBe(200);
    return (answer.json() as { id: string }).id;
  };

  /** Ada's account selection, as the account switcher sets it. */
  const selectTenant = (tenantId: string) => selectTenantOf(s.app.server, s.page, tenantId);

  test('the Tenants tab lists every tenant with its users, bots and interactions', async () => {
    await selectTenant(masterId);
    await s.page.goto(`${s.app.baseUrl}/master-configuration`);
    await s.page.waitForURL(`${s.app.baseUrl}/master-configuration/tenants`);
    // Every tenant the server holds (other tests add theirs), the master first.
    const others = (await s.app.server.ctx.repos.tenants.list())
      .filter((t) => t.id !== masterId)
      .map((t) => t.displayName);
    await expect.poll(async () => (await tenantNames(s.page))[0]).toBe('MasterMasterSelected');
    await expect.poll(async () => (await tenantNames(s.page)).slice(1).sort()).toEqual(others.sort());
    expect(others).toContain('Acme Support');
    expect(await rowOf(s.page, 'Acme Support').getByRole('cell').allTextContents()).toEqual([
      'Acme Support',
      '2',
      '0',
      '0',
      '',
    ]);
    expect(await rowOf(s.page, 'MasterMaster').getByRole('cell').nth(1).textContent()).toBe(
      String(await s.app.server.ctx.repos.forTenant(masterId).members.count()),
    );
    // The master tenant can never be deleted.
    expect(await rowOf(s.page, 'MasterMaster').getByRole('button').count()).toBe(0);
    await screenshot(s.page, 'admin-master-tenants');
  });

  test("new tenant: an empty name is refused; the new one appears live on another master administrator's page", async () => {
    const isBobLive = liveUpdatesOf(bobPage);
    await bobPage.goto(`${s.app.baseUrl}/master-configuration/tenants`);
    await isBobLive;
    await expect.poll(() => tenantNames(bobPage)).toContain('Acme Support');
    // A marker that a reload would wipe: the update must arrive without one.
    await bobPage.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });

    await s.page.goto(`${s.app.baseUrl}/master-configuration/tenants`);
    await s.page.getByRole('button', { name: 'New tenant' }).click();
    await dialog().getByRole('button', { name: 'Create tenant' }).click();
    await expectVisible(dialog().getByText(M.invalidTenantName, { exact: true }));
    await dialog().getByLabel('Name').fill('   ');
    await dialog().getByRole('button', { name: 'Create tenant' }).click();
    await expectVisible(dialog().getByText(M.invalidTenantName, { exact: true }));
    await screenshot(s.page, 'admin-master-new-tenant-invalid');

    await dialog().getByLabel('Name').fill('Globex');
    const creation = await holdRoute(s.page, '**/api/tenants');
    await dialog().getByRole('button', { name: 'Create tenant' }).click();
    await expectVisible(dialog().getByRole('button', { name: M.creating }));
    await creation.release();
    await expectHidden(dialog());
    await expect.poll(() => tenantNames(s.page)).toContain('Globex');
    expect(await tenantIdOf('Globex')).not.toBe('');

    await expect.poll(() => tenantNames(bobPage)).toContain('Globex');
    expect(await bobPage.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(
      true,
    );
    await screenshot(bobPage, 'admin-master-tenant-appeared-live');
  });

  test('delete tenant: a failure restores the row; a success shows a spinner and the row goes, live elsewhere too', async () => {
    const vanishingId = await createTenantThroughApi('Vanishing');
    await s.page.goto(`${s.app.baseUrl}/master-configuration/tenants`);
    const globex = rowOf(s.page, 'Vanishing');
    await expectVisible(globex);
    // Gone behind this page's back (no event): deleting it here then fails.
    await s.app.server.ctx.repos.tenantRemoval.remove(vanishingId);
    await globex.getByRole('button', { name: 'Delete Vanishing' }).click();
    await expectVisible(popupOf(s.page).getByRole('heading', { name: 'Delete tenant?' }));
    await popupOf(s.page).getByRole('button', { name: 'Delete' }).click();
    const failure = popupOf(s.page);
    await expectVisible(failure.getByRole('heading', { name: M.deletionError }));
    await expectVisible(failure.getByText('Tenant not found'));
    await failure.getByRole('button', { name: 'OK' }).click();
    await expectVisible(globex.getByRole('button', { name: 'Delete Vanishing' }));
    await s.page.reload();
    await expect.poll(() => tenantNames(s.page)).not.toContain('Vanishing');
    // Bob's page follows the tenants live.
    const isBobLive = liveUpdatesOf(bobPage);
    await bobPage.goto(`${s.app.baseUrl}/master-configuration/tenants`);
    await isBobLive;

    const initechId = await createTenantThroughApi('Initech');
    await expect.poll(() => tenantNames(s.page)).toContain('Initech');
    const deletion = await holdRoute(s.page, '**/api/tenant/*');
    const initech = rowOf(s.page, 'Initech');
    await initech.getByRole('button', { name: 'Delete Initech' }).click();
    await popupOf(s.page).getByRole('button', { name: 'Delete' }).click();
    await expectVisible(initech.getByRole('status').filter({ hasText: 'Deleting Initech' }));
    await screenshot(s.page, 'admin-master-tenant-deleting');
    await deletion.release();
    await expectHidden(initech);
    expect(await s.app.server.ctx.repos.tenants.get(initechId)).toBeUndefined();
    await expect.poll(() => tenantNames(bobPage)).not.toContain('Initech');
  });

  test('deleting the selected tenant switches to the first visible one', async () => {
    const hooliId = await createTenantThroughApi('Hooli');
    await s.page.goto(`${s.app.baseUrl}/bots`);
    await s.page.getByRole('button', { name: /Switch account/ }).click();
    await s.page.getByRole('list', { name: 'Switch account' }).getByRole('button', { name: 'Hooli' }).click();
    await expect
      .poll(() => s.page.getByRole('button', { name: /Switch account/ }).textContent())
      .toContain('Hooli');
    const info = await s.app.server.request({
      method: 'GET',
      url: '/api/users/info',
      token: await tokenOf(s.page),
    });
    const firstOther = (info.json() as UserInfo).visibleTenants.find((t) => t.id !== hooliId);

    await s.page.goto(`${s.app.baseUrl}/master-configuration/tenants`);
    await expectVisible(rowOf(s.page, 'Hooli').getByText('Selected'));
    await rowOf(s.page, 'Hooli').getByRole('button', { name: 'Delete Hooli' }).click();
    await popupOf(s.page).getByRole('button', { name: 'Delete' }).click();
    await expectHidden(rowOf(s.page, 'Hooli'));
    await expect
      .poll(() => s.page.getByRole('button', { name: /Switch account/ }).textContent())
      .toContain(firstOther?.displayName);
    expect((await s.app.server.ctx.repos.users.get(ADMIN_EMAIL))?.selectedTenantId).toBe(firstOther?.id);
  });

  test('a dropped socket reconnects after a backoff, and live updates go on', async () => {
    const connections: number[] = [];
    const watcher = await bobBrowser.newPage();
    await watcher.routeWebSocket(/\/ws\?/, (socket) => {
      connections.push(Date.now());
      const server = socket.connectToServer();
      // The first connection drops shortly after it is greeted.
      if (connections.length === 1) {
        setTimeout(() => {
          server.close();
          socket.close({ code: 4000, reason: 'dropped by the test' });
        }, 300);
      }
    });
    await watcher.goto(`${s.app.baseUrl}/master-configuration/tenants`);
    await expect.poll(() => connections.length, { timeout: 10_000 }).toBe(2);
    const gap = (connections[1] ?? 0) - (connections[0] ?? 0) - 300;
    // The first retry waits about a second (±20 %).
    expect(gap).toBeGreaterThanOrEqual(700);

    await createTenantThroughApi('Umbrella');
    await expect.poll(() => tenantNames(watcher)).toContain('Umbrella');
    await watcher.close();
  });

  test('master users: the master administrator toggle, tenant assignments and per-tenant administrators', async () => {
    const stark = await createOrganisation(s.app.server, 'Stark Industries');
    await createAccountAdmin(s.app.server, { ...TONY, tenantId: stark.id });
    await createPlainUser(s.app.server, { ...PETE, tenantId: stark.id });
    await createTenantThroughApi('Wayne Enterprises');
    await s.page.goto(`${s.app.baseUrl}/master-configuration/users`);
    const masterSwitch = (name: string) =>
      s.page.getByRole('switch', { name: `Master tenant administrator: ${name}` });
    await expectVisible(masterSwitch(PETE.name));
    expect(await masterSwitch('Ada Admin').getAttribute('aria-checked')).toBe('true');
    // No one demotes themselves here.
    expect(await masterSwitch('Ada Admin').isDisabled()).toBe(true);
    expect(await masterSwitch(BOB.name).getAttribute('aria-checked')).toBe('true');
    expect(await rowOf(s.page, TONY.email).getByRole('cell').nth(3).textContent()).toBe(
      'Stark Industriesadmin',
    );
    await screenshot(s.page, 'admin-master-users');

    await masterSwitch(PETE.name).click();
    await expect.poll(() => masterSwitch(PETE.name).getAttribute('aria-checked')).toBe('true');
    expect(await s.app.server.ctx.repos.forTenant(masterId).members.roleOf(PETE.email)).toBe('admin');
    await masterSwitch(PETE.name).click();
    await expect.poll(() => masterSwitch(PETE.name).getAttribute('aria-checked')).toBe('false');
    expect(await s.app.server.ctx.repos.forTenant(masterId).members.roleOf(PETE.email)).toBe('user');

    await rowOf(s.page, PETE.email)
      .getByRole('button', { name: `Tenants of ${PETE.name}` })
      .click();
    await expectVisible(dialog().getByRole('heading', { name: `Tenants of ${PETE.name}` }));
    await dialog().getByRole('button', { name: 'Save' }).click();
    await expectVisible(popupOf(s.page).getByRole('heading', { name: M.noDataToSave }));
    await popupOf(s.page).getByRole('button', { name: 'OK' }).click();

    const wayneAdmin = dialog().getByRole('switch', { name: 'Account administrator of Wayne Enterprises' });
    expect(await wayneAdmin.isDisabled()).toBe(true);
    await dialog().getByLabel('Wayne Enterprises', { exact: true }).check();
    await wayneAdmin.click();
    await dialog().getByLabel('Stark Industries', { exact: true }).uncheck();
    await screenshot(s.page, 'admin-master-user-tenants');
    await dialog().getByRole('button', { name: 'Save' }).click();
    await expectHidden(dialog());
    const wayneId = await tenantIdOf('Wayne Enterprises');
    expect(await s.app.server.ctx.repos.users.memberships(PETE.email)).toEqual(
      expect.arrayContaining([
        { tenantId: wayneId, role: 'admin' },
        { tenantId: masterId, role: 'user' },
      ]),
    );
    expect(await s.app.server.ctx.repos.forTenant(stark.id).members.roleOf(PETE.email)).toBeUndefined();
    await expect
      .poll(() => rowOf(s.page, PETE.email).getByRole('cell').nth(3).textContent())
      .toBe('MasterWayne Enterprisesadmin');

    // Tony is Stark's only administrator: the server refuses to leave it without one.
    await rowOf(s.page, TONY.email)
      .getByRole('button', { name: `Tenants of ${TONY.name}` })
      .click();
    await dialog().getByRole('switch', { name: 'Account administrator of Stark Industries' }).click();
    await dialog().getByRole('button', { name: 'Save' }).click();
    await expectVisible(popupOf(s.page).getByText(M.lastAdmin));
    await popupOf(s.page).getByRole('button', { name: 'OK' }).click();
    expect(await s.app.server.ctx.repos.forTenant(stark.id).members.roleOf(TONY.email)).toBe('admin');
  });

  test('a master administrator may also assign a new user to the master tenant', async () => {
    const cyberdyne = await createOrganisation(s.app.server, 'Cyberdyne');
    await selectTenant(cyberdyne.id);
    await s.page.goto(`${s.app.baseUrl}/configuration/users`);
    await s.page.getByRole('button', { name: 'Add user' }).click();
    await dialog().getByLabel('Name').fill('ivy.master');
    await dialog().getByLabel('E-mail').fill('ivy@example.com');
    await dialog().getByLabel('Password', { exact: true }).fill('Ivy-Master-1!');
    await dialog().getByLabel('Assign to master tenant').check();
    await screenshot(s.page, 'admin-master-add-user');
    await dialog().getByRole('button', { name: 'Add user' }).click();
    await expectHidden(dialog());
    await expectVisible(rowOf(s.page, 'ivy@example.com'));
    expect(await s.app.server.ctx.repos.users.memberships('ivy@example.com')).toEqual(
      expect.arrayContaining([
        { tenantId: cyberdyne.id, role: 'user' },
        { tenantId: masterId, role: 'user' },
      ]),
    );
  });

  test('no page errors', () => {
    expect(s.browser.pageErrors).toEqual([]);
    expect(bobBrowser.pageErrors).toEqual([]);
  });
});
