import { MESSAGES, Permission } from '@parley/contracts';
import { describe, expect, test } from 'vitest';
import { createOrganisation, createPlainUser, logInThroughUi, popupOf } from './support/accounts';
import { createAccountAdmin, rowOf, tabLabels } from './support/administration';
import { type ApiCall, apiAs } from './support/bot-content';
import { browserSuite } from './support/browser-suite';
import { expectHidden, expectVisible } from './support/expect-page';
import { holdRoute } from './support/held-route';
import { screenshot } from './support/screenshots';

const M = MESSAGES.admin;
const TINA = { email: 'tina@example.com', password: 'Tenant-Admin-1!', name: 'Tina Admin' };
const PAUL = { email: 'paul@example.com', password: 'Plain-Password-1', name: 'Paul Plain' };
const GINA = { email: 'gina@example.com', password: 'Gina-Password-1', name: 'Gina Guest' };
const DESIGNER = 1;
const CONTRIBUTOR = 2;

describe('the Bots tab of the account administration', () => {
  /** The organisation of the running test: its id, its people and its Bot manager role. */
  let acmeId: string;
  let tina: ApiCall;
  let managerRoleId: number;

  const s = browserSuite({
    prepare: async (app) => {
      await app.server.signUpFirstAdmin();
    },
  });

  /**
   * An organisation of the test's own: Tina (its administrator), Paul and Gina (plain users),
   * four bots, and a Bot manager role that may manage bot permissions; Paul manages Support Bot
   * and designs Sales Bot, Gina designs Support Bot.
   */
  const organisation = async (key: string) => {
    const acme = await createOrganisation(s.app.server, `Acme ${key}`);
    acmeId = acme.id;
    const people = {
      tina: { ...TINA, email: `tina.${key}@example.com` },
      paul: { ...PAUL, email: `paul.${key}@example.com` },
      gina: { ...GINA, email: `gina.${key}@example.com` },
    };
    await createAccountAdmin(s.app.server, { ...people.tina, tenantId: acme.id });
    await createPlainUser(s.app.server, { ...people.paul, tenantId: acme.id });
    await createPlainUser(s.app.server, { ...people.gina, tenantId: acme.id });
    tina = apiAs(s.app.server, (await s.app.server.login(people.tina.email, people.tina.password)).token);
    for (const name of ['Support Bot', 'Sales Bot', 'Spare Bot'])
      await tina('POST', '/api/bot', { name, region: 'eu-west', language: 'en' });
    await tina('POST', '/api/bot', { name: 'Orders Bot', region: 'us-east', language: 'de' });
    managerRoleId = (
      (await tina('POST', '/api/tenant/roles', { roleName: 'Bot manager' })) as { roleId: number }
    ).roleId;
    await tina('POST', `/api/tenant/roles/${managerRoleId}/permissions`, {
      roleId: managerRoleId,
      permissionId: Permission.ManageBotPermissions,
    });
    const give = (userEmail: string, botName: string, role: number) =>
      tina('POST', '/api/user/role', { userEmail, botName, role });
    await give(people.paul.email, 'Support Bot', managerRoleId);
    await give(people.paul.email, 'Sales Bot', DESIGNER);
    await give(people.gina.email, 'Support Bot', DESIGNER);
    return people;
  };
  /** The administration's Bots tab, signed in as one of the organisation's people. */
  const openBotsTab = async (who: { email: string; password: string }) => {
    await signInAs(who.email, who.password);
    await s.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }).click();
    await s.page.waitForURL(`${s.app.baseUrl}/configuration/bots`);
  };

  const dialog = () => s.page.getByRole('dialog');
  const acme = () => s.app.server.ctx.repos.forTenant(acmeId);
  const signInAs = async (email: string, password: string) => {
    await s.page.evaluate(() => localStorage.clear()).catch(() => undefined);
    await logInThroughUi(s.page, s.app.baseUrl, email, password);
  };

  test('an administrator lands on Bots: every bot with language, region and its number of users', async () => {
    const { tina: admin } = await organisation('list');
    await openBotsTab(admin);
    await expect
      .poll(() => tabLabels(s.page))
      .toEqual(['Bots', 'Users', 'Roles', 'General', 'LLM providers']);
    expect(await s.page.getByRole('tab', { name: 'Bots' }).getAttribute('aria-selected')).toBe('true');

    const support = rowOf(s.page, 'Support Bot');
    await expect.poll(() => support.getByRole('cell').nth(3).textContent()).toBe('2');
    expect((await support.getByRole('cell').allInnerTexts()).slice(0, 4)).toEqual([
      'Support Bot',
      'English',
      'EU',
      '2',
    ]);
    expect((await rowOf(s.page, 'Orders Bot').getByRole('cell').allInnerTexts()).slice(0, 4)).toEqual([
      'Orders Bot',
      'German',
      'US',
      '0',
    ]);
    expect(await s.page.getByRole('row').count()).toBe(5);
    await expectVisible(support.getByRole('button', { name: 'Delete Support Bot' }));
    await screenshot(s.page, 'admin-bots');
  });

  test('opening a bot shows its users; saving with nothing changed has no data to save; a role changes', async () => {
    const { tina: admin, paul: PAUL, gina: GINA } = await organisation('users');
    await openBotsTab(admin);
    await rowOf(s.page, 'Support Bot').getByRole('button', { name: 'Support Bot', exact: true }).click();
    await expectVisible(dialog().getByRole('heading', { name: 'Users of Support Bot' }));
    const gina = dialog().getByLabel(`${GINA.name} (${GINA.email})`);
    await expect.poll(() => gina.inputValue()).toBe(String(DESIGNER));
    expect(await dialog().getByLabel(`${PAUL.name} (${PAUL.email})`).inputValue()).toBe(
      String(managerRoleId),
    );
    expect(await gina.locator('option').allInnerTexts()).toEqual([
      'No role selected',
      'Remove role for this user',
      'Designer',
      'Contributor',
      'Maintainer',
      'Administrator',
      'Bot manager',
    ]);
    expect(await gina.isEnabled()).toBe(true);
    await screenshot(s.page, 'admin-bot-users');

    await dialog().getByRole('button', { name: 'Save' }).click();
    await expectVisible(popupOf(s.page).getByRole('heading', { name: M.noDataToSave }));
    await screenshot(s.page, 'admin-bot-users-no-data');
    await popupOf(s.page).getByRole('button', { name: 'OK' }).click();

    await gina.selectOption({ label: 'Contributor' });
    await dialog().getByRole('button', { name: 'Save' }).click();
    await expectHidden(dialog());
    await expect
      .poll(() => acme().botRoles.forUser(GINA.email))
      .toEqual([expect.objectContaining({ botId: `${acmeId}-support-bot`, roleId: CONTRIBUTOR })]);

    // Remove role for this user takes Gina off the bot, and the count follows.
    await rowOf(s.page, 'Support Bot').getByRole('button', { name: 'Users of Support Bot' }).click();
    await expect.poll(() => dialog().getByLabel(`${GINA.name} (${GINA.email})`).inputValue()).toBe('2');
    await dialog()
      .getByLabel(`${GINA.name} (${GINA.email})`)
      .selectOption({ label: 'Remove role for this user' });
    await dialog().getByRole('button', { name: 'Save' }).click();
    await expectHidden(dialog());
    await expect.poll(() => rowOf(s.page, 'Support Bot').getByRole('cell').nth(3).textContent()).toBe('1');
    expect(await acme().botRoles.forUser(GINA.email)).toEqual([]);
  });

  test('the Edit user dialog lists every bot of the tenant with its role select', async () => {
    const { tina: admin, paul: PAUL } = await organisation('edit-user');
    await openBotsTab(admin);
    await s.page.getByRole('tab', { name: 'Users' }).click();
    await rowOf(s.page, PAUL.email)
      .getByRole('button', { name: `Edit ${PAUL.name}` })
      .click();
    await expectVisible(dialog().getByLabel('Spare Bot'));
    expect(await dialog().getByLabel('Support Bot').inputValue()).toBe(String(managerRoleId));
    expect(await dialog().getByLabel('Sales Bot').inputValue()).toBe(String(DESIGNER));
    expect(await dialog().getByLabel('Orders Bot').inputValue()).toBe('');
    await screenshot(s.page, 'admin-edit-user-every-bot');
    // A bot the user had no role on gets one.
    await dialog().getByLabel('Orders Bot').selectOption({ label: 'Designer' });
    await dialog().getByRole('button', { name: 'Save' }).click();
    await expectHidden(dialog());
    await expect
      .poll(async () => (await acme().botRoles.forUser(PAUL.email)).map((r) => [r.botId, r.roleId]).sort())
      .toEqual(
        [
          [`${acmeId}-orders-bot`, DESIGNER],
          [`${acmeId}-sales-bot`, DESIGNER],
          [`${acmeId}-support-bot`, managerRoleId],
        ].sort(),
      );
  });

  test('deleting a bot: a failure restores the row with Deletion error; a success shows a spinner, then the row goes', async () => {
    const { tina: admin } = await organisation('delete');
    await openBotsTab(admin);
    const spare = rowOf(s.page, 'Spare Bot');
    await expectVisible(spare);
    // Another administrator deletes Spare Bot first: this page's deletion then fails.
    await tina('DELETE', '/api/bots/Spare%20Bot');
    await spare.getByRole('button', { name: 'Delete Spare Bot' }).click();
    await expectVisible(popupOf(s.page).getByRole('heading', { name: 'Delete Spare Bot?' }));
    await popupOf(s.page).getByRole('button', { name: 'Delete' }).click();
    await expectVisible(popupOf(s.page).getByRole('heading', { name: M.deletionError }));
    await expectVisible(popupOf(s.page).getByText('There is no bot named Spare Bot.'));
    await screenshot(s.page, 'admin-bot-deletion-error');
    await popupOf(s.page).getByRole('button', { name: 'OK' }).click();
    await expectVisible(spare.getByRole('button', { name: 'Delete Spare Bot' }));

    // The answer is held until the row's spinner has been seen.
    const deletion = await holdRoute(s.page, '**/api/bots/Sales%20Bot');
    const sales = rowOf(s.page, 'Sales Bot');
    await sales.getByRole('button', { name: 'Delete Sales Bot' }).click();
    await popupOf(s.page).getByRole('button', { name: 'Delete' }).click();
    await expectVisible(sales.getByRole('cell').nth(4).getByRole('status'));
    expect(await sales.getAttribute('aria-busy')).toBe('true');
    await screenshot(s.page, 'admin-bot-deleting');
    await deletion.release();
    await expectHidden(rowOf(s.page, 'Sales Bot'));
    expect(await acme().bots.get('Sales Bot')).toBeUndefined();
  });

  test('a plain user who manages permissions on one bot sees that bot only, and changes roles on it', async () => {
    const { paul: PAUL, gina: GINA } = await organisation('plain');
    await openBotsTab(PAUL);
    await expect.poll(() => tabLabels(s.page)).toEqual(['Bots']);
    const support = rowOf(s.page, 'Support Bot');
    await expect.poll(() => support.getByRole('cell').nth(3).textContent()).toBe('2');
    // Designer on Sales Bot gives no right to manage its permissions: it is not listed.
    expect(await s.page.getByRole('row').count()).toBe(2);
    // The Bot manager role holds no Delete bot.
    expect(await support.getByRole('button', { name: 'Delete Support Bot' }).count()).toBe(0);
    await screenshot(s.page, 'admin-bots-plain-user');

    await support.getByRole('button', { name: 'Users of Support Bot' }).click();
    const paul = dialog().getByLabel(`${PAUL.name} (${PAUL.email})`);
    await expect.poll(() => paul.inputValue()).toBe(String(managerRoleId));
    await dialog().getByRole('button', { name: 'Save' }).click();
    await expectVisible(popupOf(s.page).getByRole('heading', { name: M.noDataToSave }));
    await popupOf(s.page).getByRole('button', { name: 'OK' }).click();
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    await expectHidden(dialog());

    // Gina designs Support Bot; Paul may give her only a role whose rights he holds.
    await rowOf(s.page, 'Support Bot').getByRole('button', { name: 'Users of Support Bot' }).click();
    const gina = dialog().getByLabel(`${GINA.name} (${GINA.email})`);
    await expect.poll(() => gina.inputValue()).toBe(String(DESIGNER));
    await gina.selectOption({ label: 'Contributor' });
    await dialog().getByRole('button', { name: 'Save' }).click();
    await expectVisible(popupOf(s.page).getByText(/You cannot give a role with permissions you do not hold/));
    await popupOf(s.page).getByRole('button', { name: 'OK' }).click();
    await gina.selectOption({ label: 'Bot manager' });
    await dialog().getByRole('button', { name: 'Save' }).click();
    await expectHidden(dialog());
    await expect
      .poll(() => acme().botRoles.forUser(GINA.email))
      .toEqual([expect.objectContaining({ roleId: managerRoleId })]);
  });

  test('without Manage bot permissions any more the selects are disabled and there is no Save', async () => {
    const { paul: PAUL, gina: GINA } = await organisation('revoked');
    await openBotsTab(PAUL);
    // The list and the bot's users are on the page; then Tina takes permission 3 from the role.
    await rowOf(s.page, 'Support Bot').getByRole('button', { name: 'Users of Support Bot' }).click();
    await expectVisible(dialog().getByLabel(`${GINA.name} (${GINA.email})`));
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    await tina('DELETE', `/api/tenant/roles/${managerRoleId}/permissions/${Permission.ManageBotPermissions}`);

    await rowOf(s.page, 'Support Bot').getByRole('button', { name: 'Users of Support Bot' }).click();
    await expectVisible(dialog().getByText(M.noPermission));
    expect(await dialog().getByLabel(`${GINA.name} (${GINA.email})`).isDisabled()).toBe(true);
    expect(await dialog().getByRole('button', { name: 'Save' }).count()).toBe(0);
    await screenshot(s.page, 'admin-bot-users-read-only');
    await s.page.keyboard.press('Escape');
    await expectHidden(dialog());

    // Afresh, the page agrees with the server: no bot to manage, so the permission message.
    await s.page.reload();
    await expectVisible(s.page.getByText(M.noPermission, { exact: true }));
    expect(await s.page.getByRole('tab').count()).toBe(0);
  });

  test('no page errors', () => {
    expect(s.browser.pageErrors).toEqual([]);
  });
});
