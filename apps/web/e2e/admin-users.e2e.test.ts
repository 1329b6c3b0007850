import { readFileSync } from 'node:fs';
import { MESSAGES } from '@parley/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createOrganisation, createPlainUser, logInThroughUi, popupOf } from './support/accounts';
import { createAccountAdmin, rowOf, tokenOf } from './support/administration';
import { type AppServer, startAppServer } from './support/app-server';
import { type Browser, launchBrowser } from './support/browser';
import { expectHidden, expectVisible } from './support/expect-page';
import { holdRoute } from './support/held-route';
import { screenshot, screenshotFailures } from './support/screenshots';

const M = MESSAGES.admin;
const TINA = { email: 'tina@example.com', password: 'Tenant-Admin-1!', name: 'Tina Admin' };
const PAUL = { email: 'paul@example.com', password: 'Plain-Password-1', name: 'Paul Plain' };
const GRACE = { name: 'grace.hopper', email: 'grace@example.com', password: 'Grace-Hopper-1' };

describe('the Users tab of an account administrator', () => {
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
    await createPlainUser(app.server, { ...PAUL, tenantId: acme.id });
    // Bot roles are given on a bot that exists.
    const created = await app.server.request({
      method: 'POST',
      url: '/api/bot',
      token: (await app.server.login(TINA.email, TINA.password)).token,
      body: { name: 'Support Bot', region: 'eu-west', language: 'en' },
    });
    expect(created.statusCode).toBe(200);
    browser = await launchBrowser();
    page = await browser.newPage();
    await logInThroughUi(page, app.baseUrl, TINA.email, TINA.password);
  });
  screenshotFailures(() => page);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  const dialog = () => page.getByRole('dialog');
  const acme = () => app.server.ctx.repos.forTenant(acmeId);

  test('lists name, e-mail, role and bot roles count; the own row has no delete action', async () => {
    await page.goto(`${app.baseUrl}/configuration/users`);
    const tina = rowOf(page, TINA.email);
    await expectVisible(tina);
    expect(await tina.getByRole('cell').allInnerTexts()).toEqual([
      `${TINA.name}\nYou`,
      TINA.email,
      'Account administrator',
      '0',
      '',
    ]);
    expect(await rowOf(page, PAUL.email).getByRole('cell').nth(2).textContent()).toBe('User');
    expect(await tina.getByRole('button', { name: `Delete ${TINA.name}` }).count()).toBe(0);
    await expectVisible(rowOf(page, PAUL.email).getByRole('button', { name: `Delete ${PAUL.name}` }));
    await screenshot(page, 'admin-users');
  });

  test('add user: bad input gets each message and the Invalid input warning; good input creates the user', async () => {
    await page.getByRole('button', { name: 'Add user' }).click();
    await expectVisible(dialog().getByRole('heading', { name: 'Add user' }));
    // Only master administrators may assign to the master tenant.
    expect(await dialog().getByLabel('Assign to master tenant').count()).toBe(0);

    await dialog().getByLabel('Name').fill('Grace Hopper');
    await dialog().getByLabel('E-mail').fill('grace@');
    await dialog().getByLabel('Password', { exact: true }).fill('short');
    await dialog().getByRole('button', { name: 'Add user' }).click();
    const warning = popupOf(page);
    await expectVisible(warning.getByRole('heading', { name: M.invalidInputTitle }));
    await expectVisible(warning.getByText(M.invalidInputText));
    await screenshot(page, 'admin-add-user-invalid-warning');
    await warning.getByRole('button', { name: 'OK' }).click();
    for (const message of [M.invalidUserName, M.invalidUserEmail, M.invalidUserPassword]) {
      await expectVisible(dialog().getByText(message, { exact: true }));
    }
    await screenshot(page, 'admin-add-user-invalid');

    // A password without a special character is still refused, the other two are now fine.
    await dialog().getByLabel('Name').fill(GRACE.name);
    await dialog().getByLabel('E-mail').fill(GRACE.email);
    await dialog().getByLabel('Password', { exact: true }).fill('GraceHopper1');
    await dialog().getByRole('button', { name: 'Add user' }).click();
    await popupOf(page).getByRole('button', { name: 'OK' }).click();
    await expectVisible(dialog().getByText(M.invalidUserPassword, { exact: true }));
    expect(await dialog().getByText(M.invalidUserName, { exact: true }).count()).toBe(0);

    await dialog().getByLabel('Password', { exact: true }).fill(GRACE.password);
    await dialog().getByLabel('Send login data').check();
    // The answer is held until the button has been seen while it works.
    const creation = await holdRoute(page, '**/api/users');
    await dialog().getByRole('button', { name: 'Add user' }).click();
    await expectVisible(dialog().getByRole('button', { name: M.creating }));
    await screenshot(page, 'admin-add-user-creating');
    await creation.release();
    await expectHidden(dialog());

    const grace = rowOf(page, GRACE.email);
    await expectVisible(grace);
    expect(await grace.getByRole('cell').nth(2).textContent()).toBe('User');
    expect(await acme().members.roleOf(GRACE.email)).toBe('user');
    const mails = await app.server.ctx.repos.outbox.listFor(GRACE.email);
    expect(mails.map((mail) => mail.subject)).toEqual(['Your Parley login']);
    // A link to choose a password, never the password itself.
    expect(mails[0]?.text).not.toContain(GRACE.password);
    expect(mails[0]?.text).toMatch(/Choose your password here: http:\/\/\S+\/password\/reset\//);
  });

  test('add user: an address already in the tenant is named at its field', async () => {
    await page.getByRole('button', { name: 'Add user' }).click();
    await dialog().getByLabel('Name').fill('grace2');
    await dialog().getByLabel('E-mail').fill(GRACE.email);
    await dialog().getByLabel('Password', { exact: true }).fill(GRACE.password);
    await dialog().getByRole('button', { name: 'Add user' }).click();
    await expectVisible(dialog().getByText(M.userExists, { exact: true }));
  });

  test("add user: at the plan's max seats the server refuses with the seats message", async () => {
    const members = await acme().members.count();
    await app.server.ctx.repos.db
      .updateTable('plans')
      .set({ max_free_users: members })
      .where('id', '=', 'default')
      .execute();
    try {
      await dialog().getByLabel('Name').fill('ada.lovelace');
      await dialog().getByLabel('E-mail').fill('ada@example.com');
      await dialog().getByRole('button', { name: 'Add user' }).click();
      const popup = popupOf(page);
      await expectVisible(popup.getByRole('heading', { name: MESSAGES.maxUsersReached }));
      await expectVisible(popup.getByText(M.seatsError));
      await screenshot(page, 'admin-add-user-seats');
      await popup.getByRole('button', { name: 'OK' }).click();
      expect(await acme().members.roleOf('ada@example.com')).toBeUndefined();
    } finally {
      await app.server.ctx.repos.db
        .updateTable('plans')
        .set({ max_free_users: 50 })
        .where('id', '=', 'default')
        .execute();
    }
    // Closing with typed-in data asks first.
    await page.keyboard.press('Escape');
    await popupOf(page).getByRole('button', { name: 'Discard' }).click();
    await expectHidden(dialog());
  });

  test('edit: nothing changed has no data to save; the Account Administrator toggle makes an administrator and back', async () => {
    await rowOf(page, GRACE.email)
      .getByRole('button', { name: `Edit ${GRACE.name}` })
      .click();
    await expectVisible(dialog().getByRole('heading', { name: `Edit ${GRACE.name}` }));
    await dialog().getByRole('button', { name: 'Save' }).click();
    await expectVisible(popupOf(page).getByRole('heading', { name: M.noDataToSave }));
    await popupOf(page).getByRole('button', { name: 'OK' }).click();

    const toggle = dialog().getByRole('switch', { name: 'Account Administrator' });
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    await expectVisible(dialog().getByRole('heading', { name: 'Bot roles' }));
    await toggle.click();
    // Administrators have every role: no per-bot roles are shown.
    await expectHidden(dialog().getByRole('heading', { name: 'Bot roles' }));
    await screenshot(page, 'admin-edit-user-admin');
    await dialog().getByRole('button', { name: 'Save' }).click();
    await expectHidden(dialog());
    await expect
      .poll(() => rowOf(page, GRACE.email).getByRole('cell').nth(2).textContent())
      .toBe('Account administrator');
    expect(await acme().members.roleOf(GRACE.email)).toBe('admin');

    await rowOf(page, GRACE.email)
      .getByRole('button', { name: `Edit ${GRACE.name}` })
      .click();
    await dialog().getByRole('switch', { name: 'Account Administrator' }).click();
    await dialog().getByRole('button', { name: 'Save' }).click();
    await expectHidden(dialog());
    await expect.poll(() => rowOf(page, GRACE.email).getByRole('cell').nth(2).textContent()).toBe('User');
    expect(await acme().members.roleOf(GRACE.email)).toBe('user');
  });

  test('a bot role given through the API shows; the dialog changes it, then removes it', async () => {
    const given = await app.server.request({
      method: 'POST',
      url: '/api/user/role',
      token: await tokenOf(page),
      body: { userEmail: GRACE.email, botName: 'Support Bot', role: 2 },
    });
    expect(given.statusCode).toBe(200);
    await page.reload();
    const grace = rowOf(page, GRACE.email);
    await expect.poll(() => grace.getByRole('cell').nth(3).textContent()).toBe('1');

    await grace.getByRole('button', { name: `Edit ${GRACE.name}` }).click();
    const select = dialog().getByLabel('Support Bot');
    expect(await select.inputValue()).toBe('2');
    expect(await select.locator('option').allInnerTexts()).toEqual([
      'No role selected',
      'Remove role for this user',
      'Designer',
      'Contributor',
      'Maintainer',
      'Administrator',
    ]);
    await screenshot(page, 'admin-edit-user-bot-role');
    await select.selectOption({ label: 'Maintainer' });
    await dialog().getByRole('button', { name: 'Save' }).click();
    await expectHidden(dialog());
    const botId = `${acmeId}-support-bot`;
    await expect
      .poll(() => acme().botRoles.forUser(GRACE.email))
      .toEqual([expect.objectContaining({ botId, roleId: 3 })]);

    await grace.getByRole('button', { name: `Edit ${GRACE.name}` }).click();
    await expect.poll(() => dialog().getByLabel('Support Bot').inputValue()).toBe('3');
    await dialog().getByLabel('Support Bot').selectOption({ label: 'Remove role for this user' });
    await dialog().getByRole('button', { name: 'Save' }).click();
    await expectHidden(dialog());
    await expect.poll(() => grace.getByRole('cell').nth(3).textContent()).toBe('0');
    expect(await acme().botRoles.forUser(GRACE.email)).toEqual([]);
  });

  test('delete: a failure restores the row with Deletion error; a success shows a spinner, then the row goes', async () => {
    // Another administrator removes Paul first: this page's deletion then fails.
    const gone = await app.server.request({
      method: 'DELETE',
      url: `/api/users/${PAUL.email}`,
      token: (await app.server.login(TINA.email, TINA.password)).token,
    });
    expect(gone.statusCode).toBe(204);
    const paul = rowOf(page, PAUL.email);
    await paul.getByRole('button', { name: `Delete ${PAUL.name}` }).click();
    const confirm = popupOf(page);
    await expectVisible(confirm.getByRole('heading', { name: 'Delete user?' }));
    await confirm.getByRole('button', { name: 'Delete' }).click();
    const failure = popupOf(page);
    await expectVisible(failure.getByRole('heading', { name: M.deletionError }));
    await expectVisible(failure.getByText('User not found in this tenant'));
    await screenshot(page, 'admin-delete-user-error');
    await failure.getByRole('button', { name: 'OK' }).click();
    await expectVisible(paul.getByRole('button', { name: `Delete ${PAUL.name}` }));
    expect(await paul.getAttribute('aria-busy')).toBeNull();

    const deletion = await holdRoute(page, '**/api/users/*');
    const grace = rowOf(page, GRACE.email);
    await grace.getByRole('button', { name: `Delete ${GRACE.name}` }).click();
    await popupOf(page).getByRole('button', { name: 'Delete' }).click();
    await expectVisible(grace.getByRole('status').filter({ hasText: `Deleting ${GRACE.name}` }));
    expect(await grace.getAttribute('aria-busy')).toBe('true');
    await screenshot(page, 'admin-delete-user-spinner');
    await deletion.release();
    await expectHidden(grace);
    expect(await acme().members.roleOf(GRACE.email)).toBeUndefined();
    // Grace had no other tenant: her account is gone too.
    expect(await app.server.ctx.repos.users.get(GRACE.email)).toBeUndefined();
  });

  test('Download log saves users-log.csv with what was done here', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download log' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('users-log.csv');
    const csv = readFileSync(await download.path(), 'utf8');
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe('time,actor,action,target,details');
    const actions = lines.slice(1).map((line) => line.split(',').slice(1, 4).join(' '));
    expect(actions).toEqual([
      `${TINA.email} bot.created ${acmeId}-support-bot`,
      `${TINA.email} user.added ${GRACE.email}`,
      `${TINA.email} user.admin-toggled ${GRACE.email}`,
      `${TINA.email} user.admin-toggled ${GRACE.email}`,
      `${TINA.email} bot-role.set ${GRACE.email}`,
      `${TINA.email} bot-role.set ${GRACE.email}`,
      `${TINA.email} bot-role.removed ${GRACE.email}`,
      `${TINA.email} user.removed ${PAUL.email}`,
      `${TINA.email} user.removed ${GRACE.email}`,
    ]);
    expect(browser.pageErrors).toEqual([]);
  });
});
