import { MESSAGES } from '@parley/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import {
  ADMIN_PASSWORD,
  createOrganisation,
  createPlainUser,
  directoryUserSession,
  logInThroughUi,
  popupOf,
} from './support/accounts';
import { createMasterAdmin } from './support/administration';
import { browserSuite } from './support/browser-suite';
import { expectHidden, expectVisible } from './support/expect-page';
import { screenshot } from './support/screenshots';

const ADA = { password: ADMIN_PASSWORD, name: 'Ada Admin' };
const PAUL = { password: 'Plain-Password-1', name: 'Paul Plain' };

const navLabels = (page: Page) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link').allInnerTexts();

describe('the signed-in shell', () => {
  const s = browserSuite({
    prepare: async (app) => {
      await app.server.signUpFirstAdmin();
    },
  });

  /**
   * An organisation of the test's own, `Acme {key}`, with Paul as a plain user (his only
   * account): what a test signs a plain or directory user into, or switches a master
   * administrator to.
   */
  const organisation = async (key: string) => {
    const acme = await createOrganisation(s.app.server, `Acme ${key}`);
    const paul = { ...PAUL, email: `paul.${key.toLowerCase()}@example.com` };
    await createPlainUser(s.app.server, { ...paul, tenantId: acme.id });
    return { id: acme.id, name: acme.name, paul };
  };
  /** A master administrator of the test's own (the tenant they have selected is theirs to change). */
  const masterAdmin = async (key: string) => {
    const ada = { ...ADA, email: `ada.${key}@example.com` };
    await createMasterAdmin(s.app.server, ada);
    return ada;
  };
  /**
   * No one is signed in and the app is left, so the next address loads it afresh (a change of
   * the hash alone would not).
   */
  const signOut = async () => {
    await s.page.evaluate(() => localStorage.clear()).catch(() => undefined);
    await s.page.goto('about:blank');
  };
  const signInAs = async (who: { email: string; password: string }) => {
    await signOut();
    await logInThroughUi(s.page, s.app.baseUrl, who.email, who.password);
  };

  test('a master administrator sees every navigation entry; the guide opens in a new tab', async () => {
    await signInAs(await masterAdmin('nav'));
    // An administrator answers every bot's handed-over conversations: the agent inbox is there too.
    expect(await navLabels(s.page)).toEqual(['Bots', 'Agent inbox', 'LLMs', 'Guide', 'Admin', 'Tenants']);
    const nav = s.page.getByRole('navigation', { name: 'Main' });
    expect(await nav.getByRole('link', { name: 'LLMs' }).getAttribute('href')).toBe('/llms');
    expect(await nav.getByRole('link', { name: 'Agent inbox' }).getAttribute('href')).toBe('/inbox');
    expect(await nav.getByRole('link', { name: 'Admin' }).getAttribute('href')).toBe('/configuration');
    expect(await nav.getByRole('link', { name: 'Tenants' }).getAttribute('href')).toBe(
      '/master-configuration',
    );
    const guide = nav.getByRole('link', { name: /Guide/ });
    expect(await guide.getAttribute('href')).toBe('/user-manual');
    expect(await guide.getAttribute('target')).toBe('_blank');
    await expectVisible(s.page.getByRole('button', { name: 'Get Matched' }));
    await screenshot(s.page, 'shell-master-admin');
  });

  test('the profile box shows name, account, plan and e-mail', async () => {
    const ada = await masterAdmin('profile');
    await signInAs(ada);
    await s.page.getByRole('button', { name: /Ada Admin/ }).hover();
    const box = s.page.getByRole('region', { name: 'Profile' });
    await expectVisible(box);
    const text = await box.textContent();
    for (const expected of [
      'Ada Admin',
      ada.email,
      'Master',
      'Master tenant',
      'Change password',
      'Log out',
    ]) {
      expect(text).toContain(expected);
    }
    await screenshot(s.page, 'shell-profile-box');
    await s.page.mouse.move(900, 400);
    await expectHidden(box);
  });

  test('Get Matched mails the support address and says so', async () => {
    await signInAs(await masterAdmin('matched'));
    await s.page.getByRole('button', { name: 'Get Matched' }).click();
    const popup = popupOf(s.page);
    await expectVisible(popup.getByRole('heading', { name: MESSAGES.getMatched.success }));
    await popup.getByRole('button', { name: 'OK' }).click();
    const mails = await s.app.server.ctx.repos.outbox.listFor(s.app.server.ctx.config.supportEmail);
    expect(mails.map((mail) => mail.subject)).toContainEqual(
      expect.stringContaining('Get Matched: Ada Admin'),
    );
  });

  test('switching the tenant closes the selector, goes to / and shows the new account', async () => {
    const acme = await organisation('Support');
    const ada = await masterAdmin('switch');
    await signInAs(ada);
    const switcher = s.page.getByRole('button', { name: /Switch account/ });
    expect(await switcher.textContent()).toContain('Master');
    await switcher.click();
    const list = s.page.getByRole('list', { name: 'Switch account' });
    await expectVisible(list);
    await screenshot(s.page, 'shell-tenant-selector');

    await s.page.goto(`${s.app.baseUrl}/bots`);
    await s.page.getByRole('button', { name: /Switch account/ }).click();
    const requests: string[] = [];
    s.page.on('request', (request) =>
      requests.push(`${request.method()} ${new URL(request.url()).pathname}`),
    );
    await list.getByRole('button', { name: 'Acme Support', exact: true }).click();
    await expectHidden(list);
    await expect
      .poll(() => s.page.getByRole('button', { name: /Switch account/ }).textContent())
      .toContain('Acme Support');
    expect(requests).toContain('PUT /api/users/selected-tenant');
    expect(requests).toContain('GET /api/users/info');
    expect(s.page.url()).toBe(`${s.app.baseUrl}/bots`);
    expect((await s.app.server.ctx.repos.users.get(ada.email))?.selectedTenantId).toBe(acme.id);

    await s.page.getByRole('button', { name: /Ada Admin/ }).hover();
    expect(await s.page.getByRole('region', { name: 'Profile' }).textContent()).toContain('Acme Support');
    await screenshot(s.page, 'shell-after-tenant-switch');
  });

  test('a switch in another tab: this tab follows it to the new account and says so', async () => {
    const acme = await organisation('Tabs');
    const ada = await masterAdmin('tabs');
    await signInAs(ada);
    await s.page.goto(`${s.app.baseUrl}/configuration/users`);
    const switcher = (page: Page) => page.getByRole('button', { name: /Switch account/ });
    await expectVisible(switcher(s.page));

    // The second tab shares the sign-in; it switches to Acme.
    const other = await s.browser.newPage();
    try {
      await other.goto(`${s.app.baseUrl}/bots`);
      await switcher(other).click();
      await other
        .getByRole('list', { name: 'Switch account' })
        .getByRole('button', { name: acme.name })
        .click();
      await expect.poll(() => switcher(other).textContent()).toContain(acme.name);
      // The other tab did the switch itself: no notice there.
      await expectHidden(popupOf(other));
    } finally {
      await other.close();
    }

    // The first tab follows at once: the notice, the new account, its bots.
    await expectVisible(popupOf(s.page).getByText(MESSAGES.tenantSwitched.text(acme.name)));
    await screenshot(s.page, 'shell-tenant-followed');
    await popupOf(s.page).getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => switcher(s.page).textContent()).toContain(acme.name);
    await s.page.waitForURL(`${s.app.baseUrl}/bots`);
  });

  test('a switch on another device: the next call of this tab is refused and the tab follows', async () => {
    const acme = await organisation('Device');
    const ada = await masterAdmin('device');
    await signInAs(ada);
    await s.page.goto(`${s.app.baseUrl}/bots`);
    const master = await s.app.server.ctx.repos.tenants.getMaster();
    expect(await s.page.getByRole('button', { name: /Switch account/ }).textContent()).toContain(
      master?.displayName,
    );

    // Ada's phone switches to Acme (a session of its own: no shared browser storage).
    const phone = await s.app.server.login(ada.email, ada.password);
    const switched = await s.app.server.request({
      method: 'PUT',
      url: '/api/users/selected-tenant',
      token: phone.token,
      body: { tenantId: acme.id },
    });
    expect(switched.statusCode).toBe(200);

    // This tab still shows the master tenant: opening Create a bot asks the server (templates, plan),
    // which refuses for the tenant this tab shows; the tab follows Acme and says why.
    await s.page.getByRole('button', { name: 'Create a bot' }).first().click();
    await expectVisible(popupOf(s.page).getByText(MESSAGES.tenantSwitched.text(acme.name)));
    await popupOf(s.page).getByRole('button', { name: 'OK' }).click();
    await expect
      .poll(() => s.page.getByRole('button', { name: /Switch account/ }).textContent())
      .toContain(acme.name);
    await expectHidden(s.page.getByRole('dialog'));
    // From here on the tab works in Acme: a bot made now is Acme's.
    await s.page.getByRole('button', { name: 'Create a bot' }).first().click();
    await s.page
      .getByRole('dialog')
      .getByRole('button', { name: /Start from scratch/ })
      .click();
    await s.page.getByRole('dialog').getByLabel('Name of your bot').fill('Device Bot');
    await s.page.getByRole('dialog').getByRole('button', { name: 'Create bot' }).click();
    await s.page.waitForURL(`${s.app.baseUrl}/bots/Device%20Bot/analytics`);
    expect(await s.app.server.ctx.repos.forTenant(acme.id).bots.get('Device Bot')).toBeDefined();
    expect(await s.app.server.ctx.repos.forTenant(master?.id ?? '').bots.get('Device Bot')).toBeUndefined();
  });

  test('a plain user sees only Bots and Guide, and no tenant switch with a single tenant', async () => {
    const acme = await organisation('Plain');
    await signInAs(acme.paul);
    expect(await navLabels(s.page)).toEqual(['Bots', 'Guide']);
    expect(await s.page.getByRole('button', { name: /Switch account/ }).count()).toBe(0);
    await s.page.getByRole('button', { name: /Paul Plain/ }).hover();
    const box = s.page.getByRole('region', { name: 'Profile' });
    expect(await box.textContent()).toContain(acme.name);
    await expectVisible(box.getByRole('button', { name: 'Change password' }));
    await screenshot(s.page, 'shell-plain-user');

    // The admin pages are not open to them by URL either: they say so.
    await s.page.goto(`${s.app.baseUrl}/configuration`);
    await expectVisible(s.page.getByText(MESSAGES.admin.noPermission, { exact: true }));
  });

  test('the directory sign-in returning with #token signs in; a directory user has no password change', async () => {
    const acme = await organisation('Directory');
    const token = await directoryUserSession(s.app.server, {
      email: 'dora@example.com',
      name: 'Dora Directory',
      tenantId: acme.id,
    });
    await signOut();
    await s.page.goto(`${s.app.baseUrl}/login#token=${encodeURIComponent(token)}`);
    await s.page.waitForURL(`${s.app.baseUrl}/bots`);
    await expectVisible(s.page.getByRole('heading', { name: 'Bot Overview' }));
    // The token left the address bar and went into the saved login, with the user info.
    expect(await s.page.evaluate(() => localStorage.getItem('parley.token'))).toBe(token);
    await s.page.getByRole('button', { name: /Dora Directory/ }).hover();
    const box = s.page.getByRole('region', { name: 'Profile' });
    await expectVisible(box.getByRole('link', { name: 'Log out' }));
    expect(await box.getByRole('button', { name: 'Change password' }).count()).toBe(0);
  });

  test('the directory sign-in returning with #error shows the login error with the catalogue text', async () => {
    await signOut();
    await s.page.goto(`${s.app.baseUrl}/login#error=unauthorised_error_code`);
    const popup = popupOf(s.page);
    await expectVisible(popup.getByRole('heading', { name: MESSAGES.loginErrorTitle }));
    expect(new URL(s.page.url()).hash).toBe('');
    await popup.getByRole('button', { name: 'OK' }).click();
    // An unconfirmed account gets the catalogue's dialog: confirm from the mailbox, then sign in.
    await signOut();
    await s.page.goto(`${s.app.baseUrl}/login#error=tenant_not_confirmed_code`);
    await expectVisible(popup.getByRole('heading', { name: MESSAGES.accountNotConfirmed }));
    await expectVisible(popup.getByText(MESSAGES.accountNotConfirmedText));
    expect(new URL(s.page.url()).hash).toBe('');
    await popup.getByRole('button', { name: 'OK' }).click();
  });

  test('a session ended elsewhere logs out and reloads the login on the next call', async () => {
    const acme = await organisation('Session');
    await signInAs(acme.paul);
    await expectVisible(s.page.getByRole('heading', { name: 'Bot Overview' }));
    const token = await s.page.evaluate(() => localStorage.getItem('parley.token'));
    await s.app.server.request({ method: 'DELETE', url: '/api/auth/logout', token: token ?? '' });
    await s.page.reload();
    await s.page.waitForURL(`${s.app.baseUrl}/login`);
    // The login is loaded afresh: read the storage once that page stands.
    await expect
      .poll(() => s.page.evaluate(() => localStorage.getItem('parley.token')).catch(() => 'navigating'))
      .toBeNull();
    await expectVisible(s.page.getByRole('button', { name: 'Sign in', exact: true }));
  });

  test('no page errors', () => {
    expect(s.browser.pageErrors).toEqual([]);
  });
});
