import { readFileSync } from 'node:fs';
import { MESSAGES } from '@parley/contracts';
import { describe, expect, test } from 'vitest';
import type { TestServer } from '../../server/test/support/test-server';
import { createOrganisation, createPlainUser, logInThroughUi, popupOf } from './support/accounts';
import { createAccountAdmin, rowOf } from './support/administration';
import { browserSuite } from './support/browser-suite';
import { expectHidden, expectVisible } from './support/expect-page';
import { holdRoute } from './support/held-route';
import { screenshot } from './support/screenshots';

const M = MESSAGES.admin;
const TINA = { email: 'tina@example.com', password: 'Tenant-Admin-1!', name: 'Tina Admin' };
const PAUL = { email: 'paul@example.com', password: 'Plain-Password-1', name: 'Paul Plain' };
const GRACE = { name: 'grace.hopper', email: 'grace@example.com', password: 'Grace-Hopper-1' };

/** An organisation of a test's own, so what one test adds or deletes no other sees. */
interface Organisation {
  id: string;
  tina: typeof TINA;
  paul: typeof PAUL;
  grace: typeof GRACE;
  repos: ReturnType<TestServer['ctx']['repos']['forTenant']>;
  /** Calls the API as its administrator. */
  api(method: 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown): Promise<number>;
}

describe('the Users tab of an account administrator', () => {
  const s = browserSuite({
    prepare: async (app) => {
      await app.server.signUpFirstAdmin();
    },
  });

  const dialog = () => s.page.getByRole('dialog');

  /**
   * Tina (its account administrator, signed in on the page at the Users tab), Paul (a plain
   * user), Support Bot, and Grace as a plain user when asked.
   */
  const organisation = async (key: string, options: { grace?: boolean } = {}): Promise<Organisation> => {
    const acme = await createOrganisation(s.app.server, `Acme ${key}`);
    const tina = { ...TINA, email: `tina.${key}@example.com` };
    const paul = { ...PAUL, email: `paul.${key}@example.com` };
    const grace = { ...GRACE, email: `grace.${key}@example.com` };
    await createAccountAdmin(s.app.server, { ...tina, tenantId: acme.id });
    await createPlainUser(s.app.server, { ...paul, tenantId: acme.id });
    if (options.grace) await createPlainUser(s.app.server, { ...grace, tenantId: acme.id });
    const token = (await s.app.server.login(tina.email, tina.password)).token;
    const api: Organisation['api'] = async (method, url, body) =>
      (await s.app.server.request({ method, url, token, ...(body === undefined ? {} : { body }) }))
        .statusCode;
    // Bot roles are given on a bot that exists.
    expect(await api('POST', '/api/bot', { name: 'Support Bot', region: 'eu-west', language: 'en' })).toBe(
      200,
    );
    await s.page.evaluate(() => localStorage.clear()).catch(() => undefined);
    await logInThroughUi(s.page, s.app.baseUrl, tina.email, tina.password);
    await s.page.goto(`${s.app.baseUrl}/configuration/users`);
    await expectVisible(rowOf(s.page, tina.email));
    return { id: acme.id, tina, paul, grace, repos: s.app.server.ctx.repos.forTenant(acme.id), api };
  };

  test('lists name, e-mail, role and bot roles count; the own row has no delete action', async () => {
    const acme = await organisation('list');
    const tina = rowOf(s.page, acme.tina.email);
    expect(await tina.getByRole('cell').allInnerTexts()).toEqual([
      `${TINA.name}\nYou`,
      acme.tina.email,
      'Account administrator',
      '0',
      '',
    ]);
    expect(await rowOf(s.page, acme.paul.email).getByRole('cell').nth(2).textContent()).toBe('User');
    expect(await tina.getByRole('button', { name: `Delete ${TINA.name}` }).count()).toBe(0);
    await expectVisible(rowOf(s.page, acme.paul.email).getByRole('button', { name: `Delete ${PAUL.name}` }));
    await screenshot(s.page, 'admin-users');
  });

  test('add user: bad input gets each message and the Invalid input warning; good input creates the user', async () => {
    const acme = await organisation('add');
    await s.page.getByRole('button', { name: 'Add user' }).click();
    await expectVisible(dialog().getByRole('heading', { name: 'Add user' }));
    // Only master administrators may assign to the master tenant.
    expect(await dialog().getByLabel('Assign to master tenant').count()).toBe(0);

    await dialog().getByLabel('Name').fill('Grace Hopper');
    await dialog().getByLabel('E-mail').fill('grace@');
    await dialog().getByLabel('Password', { exact: true }).fill('short');
    await dialog().getByRole('button', { name: 'Add user' }).click();
    const warning = popupOf(s.page);
    await expectVisible(warning.getByRole('heading', { name: M.invalidInputTitle }));
    await expectVisible(warning.getByText(M.invalidInputText));
    await screenshot(s.page, 'admin-add-user-invalid-warning');
    await warning.getByRole('button', { name: 'OK' }).click();
    for (const message of [M.invalidUserName, M.invalidUserEmail, M.invalidUserPassword]) {
      await expectVisible(dialog().getByText(message, { exact: true }));
    }
    await screenshot(s.page, 'admin-add-user-invalid');

    // A password without a special character is still refused, the other two are now fine.
    await dialog().getByLabel('Name').fill(GRACE.name);
    await dialog().getByLabel('E-mail').fill(GRACE.email);
    await dialog().getByLabel('Password', { exact: true }).fill('GraceHopper1');
    await dialog().getByRole('button', { name: 'Add user' }).click();
    await popupOf(s.page).getByRole('button', { name: 'OK' }).click();
    await expectVisible(dialog().getByText(M.invalidUserPassword, { exact: true }));
    expect(await dialog().getByText(M.invalidUserName, { exact: true }).count()).toBe(0);

    await dialog().getByLabel('Password', { exact: true }).fill(GRACE.password);
    await dialog().getByLabel('Send login data').check();
    // The answer is held until the button has been seen while it works.
    const creation = await holdRoute(s.page, '**/api/users');
    await dialog().getByRole('button', { name: 'Add user' }).click();
    await expectVisible(dialog().getByRole('button', { name: M.creating }));
    await screenshot(s.page, 'admin-add-user-creating');
    await creation.release();
    await expectHidden(dialog());
    // The same message as for an address that has an account elsewhere (it tells nothing of that).
    const added = popupOf(s.page);
    await expectVisible(added.getByText(M.userAdded(GRACE.email, 'Acme add')));
    await added.getByRole('button', { name: 'OK' }).click();

    const grace = rowOf(s.page, GRACE.email);
    await expectVisible(grace);
    expect(await grace.getByRole('cell').nth(2).textContent()).toBe('User');
    expect(await acme.repos.members.roleOf(GRACE.email)).toBe('user');
    const mails = await s.app.server.ctx.repos.outbox.listFor(GRACE.email);
    expect(mails.map((mail) => mail.subject)).toEqual(['Your Parley login']);
    // A link to choose a password, never the password itself.
    expect(mails[0]?.text).not.toContain(GRACE.password);
    expect(mails[0]?.text).toMatch(/Choose your password here: http:\/\/\S+\/password\/reset\//);
  });

  test('add user: an address already in the tenant is named at its field', async () => {
    const acme = await organisation('taken', { grace: true });
    await s.page.getByRole('button', { name: 'Add user' }).click();
    await dialog().getByLabel('Name').fill('grace2');
    await dialog().getByLabel('E-mail').fill(acme.grace.email);
    await dialog().getByLabel('Password', { exact: true }).fill(GRACE.password);
    await dialog().getByRole('button', { name: 'Add user' }).click();
    await expectVisible(dialog().getByText(M.userExists, { exact: true }));
  });

  test("add user: at the plan's max seats the server refuses with the seats message", async () => {
    const acme = await organisation('seats');
    const members = await acme.repos.members.count();
    await s.app.server.ctx.repos.db
      .updateTable('plans')
      .set({ max_free_users: members })
      .where('id', '=', 'default')
      .execute();
    try {
      await s.page.getByRole('button', { name: 'Add user' }).click();
      await dialog().getByLabel('Name').fill('ada.lovelace');
      await dialog().getByLabel('Password', { exact: true }).fill(GRACE.password);
      await dialog().getByLabel('E-mail').fill('ada@example.com');
      await dialog().getByRole('button', { name: 'Add user' }).click();
      const popup = popupOf(s.page);
      await expectVisible(popup.getByRole('heading', { name: MESSAGES.maxUsersReached }));
      await expectVisible(popup.getByText(M.seatsError));
      await screenshot(s.page, 'admin-add-user-seats');
      await popup.getByRole('button', { name: 'OK' }).click();
      expect(await acme.repos.members.roleOf('ada@example.com')).toBeUndefined();
    } finally {
      await s.app.server.ctx.repos.db
        .updateTable('plans')
        .set({ max_free_users: 50 })
        .where('id', '=', 'default')
        .execute();
    }
    // Closing with typed-in data asks first.
    await s.page.keyboard.press('Escape');
    await popupOf(s.page).getByRole('button', { name: 'Discard' }).click();
    await expectHidden(dialog());
  });

  test('edit: nothing changed has no data to save; the Account Administrator toggle makes an administrator and back', async () => {
    const acme = await organisation('toggle', { grace: true });
    await rowOf(s.page, acme.grace.email)
      .getByRole('button', { name: `Edit ${GRACE.name}` })
      .click();
    await expectVisible(dialog().getByRole('heading', { name: `Edit ${GRACE.name}` }));
    await dialog().getByRole('button', { name: 'Save' }).click();
    await expectVisible(popupOf(s.page).getByRole('heading', { name: M.noDataToSave }));
    await popupOf(s.page).getByRole('button', { name: 'OK' }).click();

    const toggle = dialog().getByRole('switch', { name: 'Account Administrator' });
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    await expectVisible(dialog().getByRole('heading', { name: 'Bot roles' }));
    await toggle.click();
    // Administrators have every role: no per-bot roles are shown.
    await expectHidden(dialog().getByRole('heading', { name: 'Bot roles' }));
    await screenshot(s.page, 'admin-edit-user-admin');
    await dialog().getByRole('button', { name: 'Save' }).click();
    await expectHidden(dialog());
    await expect
      .poll(() => rowOf(s.page, acme.grace.email).getByRole('cell').nth(2).textContent())
      .toBe('Account administrator');
    expect(await acme.repos.members.roleOf(acme.grace.email)).toBe('admin');

    await rowOf(s.page, acme.grace.email)
      .getByRole('button', { name: `Edit ${GRACE.name}` })
      .click();
    await dialog().getByRole('switch', { name: 'Account Administrator' }).click();
    await dialog().getByRole('button', { name: 'Save' }).click();
    await expectHidden(dialog());
    await expect
      .poll(() => rowOf(s.page, acme.grace.email).getByRole('cell').nth(2).textContent())
      .toBe('User');
    expect(await acme.repos.members.roleOf(acme.grace.email)).toBe('user');
  });

  test('a bot role given through the API shows; the dialog changes it, then removes it', async () => {
    const acme = await organisation('bot-role', { grace: true });
    expect(
      await acme.api('POST', '/api/user/role', {
        userEmail: acme.grace.email,
        botName: 'Support Bot',
        role: 2,
      }),
    ).toBe(200);
    await s.page.reload();
    const grace = rowOf(s.page, acme.grace.email);
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
    await screenshot(s.page, 'admin-edit-user-bot-role');
    await select.selectOption({ label: 'Maintainer' });
    await dialog().getByRole('button', { name: 'Save' }).click();
    await expectHidden(dialog());
    const botId = `${acme.id}-support-bot`;
    await expect
      .poll(() => acme.repos.botRoles.forUser(acme.grace.email))
      .toEqual([expect.objectContaining({ botId, roleId: 3 })]);

    await grace.getByRole('button', { name: `Edit ${GRACE.name}` }).click();
    await expect.poll(() => dialog().getByLabel('Support Bot').inputValue()).toBe('3');
    await dialog().getByLabel('Support Bot').selectOption({ label: 'Remove role for this user' });
    await dialog().getByRole('button', { name: 'Save' }).click();
    await expectHidden(dialog());
    await expect.poll(() => grace.getByRole('cell').nth(3).textContent()).toBe('0');
    expect(await acme.repos.botRoles.forUser(acme.grace.email)).toEqual([]);
  });

  test('delete: a failure restores the row with Deletion error; a success shows a spinner, then the row goes', async () => {
    const acme = await organisation('delete', { grace: true });
    await expectVisible(rowOf(s.page, acme.grace.email));
    // Another administrator removes Paul first: this page's deletion then fails.
    expect(await acme.api('DELETE', `/api/users/${acme.paul.email}`)).toBe(204);
    const paul = rowOf(s.page, acme.paul.email);
    await paul.getByRole('button', { name: `Delete ${PAUL.name}` }).click();
    const confirm = popupOf(s.page);
    await expectVisible(confirm.getByRole('heading', { name: 'Delete user?' }));
    await confirm.getByRole('button', { name: 'Delete' }).click();
    const failure = popupOf(s.page);
    await expectVisible(failure.getByRole('heading', { name: M.deletionError }));
    await expectVisible(failure.getByText('User not found in this tenant'));
    await screenshot(s.page, 'admin-delete-user-error');
    await failure.getByRole('button', { name: 'OK' }).click();
    await expectVisible(paul.getByRole('button', { name: `Delete ${PAUL.name}` }));
    expect(await paul.getAttribute('aria-busy')).toBeNull();

    const deletion = await holdRoute(s.page, '**/api/users/*');
    const grace = rowOf(s.page, acme.grace.email);
    await grace.getByRole('button', { name: `Delete ${GRACE.name}` }).click();
    await popupOf(s.page).getByRole('button', { name: 'Delete' }).click();
    await expectVisible(grace.getByRole('status').filter({ hasText: `Deleting ${GRACE.name}` }));
    expect(await grace.getAttribute('aria-busy')).toBe('true');
    await screenshot(s.page, 'admin-delete-user-spinner');
    await deletion.release();
    await expectHidden(grace);
    expect(await acme.repos.members.roleOf(acme.grace.email)).toBeUndefined();
    // Grace had no other tenant: her account is gone too.
    expect(await s.app.server.ctx.repos.users.get(acme.grace.email)).toBeUndefined();
  });

  test('Download log saves users-log.csv with what was done in the account', async () => {
    const acme = await organisation('log');
    const { grace } = acme;
    // The log is in order of time, to the millisecond: each action here comes in a later one.
    const nextMillisecond = () => new Promise((resolve) => setTimeout(resolve, 2));
    expect(
      await acme.api('POST', '/api/users', {
        name: grace.name,
        email: grace.email,
        password: grace.password,
      }),
    ).toBe(200);
    await nextMillisecond();
    expect(await acme.api('PUT', '/api/users/tenant-admin', { userEmail: grace.email })).toBe(200);
    await nextMillisecond();
    expect(await acme.api('PUT', '/api/users/tenant-admin', { userEmail: grace.email })).toBe(200);
    await nextMillisecond();
    expect(
      await acme.api('POST', '/api/user/role', { userEmail: grace.email, botName: 'Support Bot', role: 2 }),
    ).toBe(200);
    await nextMillisecond();
    expect(await acme.api('DELETE', `/api/users/${acme.paul.email}`)).toBe(204);
    await s.page.reload();
    const [download] = await Promise.all([
      s.page.waitForEvent('download'),
      s.page.getByRole('button', { name: 'Download log' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('users-log.csv');
    const csv = readFileSync(await download.path(), 'utf8');
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe('time,actor,action,target,details');
    const actions = lines.slice(1).map((line) => line.split(',').slice(1, 4).join(' '));
    const tina = acme.tina.email;
    expect(actions).toEqual([
      `${tina} bot.created ${acme.id}-support-bot`,
      `${tina} user.added ${grace.email}`,
      `${tina} user.admin-toggled ${grace.email}`,
      `${tina} user.admin-toggled ${grace.email}`,
      `${tina} bot-role.set ${grace.email}`,
      `${tina} user.removed ${acme.paul.email}`,
    ]);
  });

  test('no page errors', () => {
    expect(s.browser.pageErrors).toEqual([]);
  });
});
