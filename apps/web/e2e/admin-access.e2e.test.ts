import { MESSAGES } from '@parley/contracts';
import { describe, expect, test } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createPlainUser, logInThroughUi } from './support/accounts';
import { acmeWithAdmin, tabLabels } from './support/administration';
import { browserSuite } from './support/browser-suite';
import { expectTitle, expectVisible } from './support/expect-page';
import { screenshot } from './support/screenshots';

const TENANT_ADMIN = { email: 'tina@example.com', password: 'Tenant-Admin-1!', name: 'Tina Admin' };
const PLAIN = { email: 'paul@example.com', password: 'Plain-Password-1', name: 'Paul Plain' };

describe('who reaches the administration pages', () => {
  const s = browserSuite({
    prepare: async (app) => {
      const acmeId = await acmeWithAdmin(app.server, TENANT_ADMIN);
      await createPlainUser(app.server, { ...PLAIN, tenantId: acmeId });
    },
  });

  const signInAs = async (email: string, password: string) => {
    await s.page.evaluate(() => localStorage.clear()).catch(() => undefined);
    await logInThroughUi(s.page, s.app.baseUrl, email, password);
  };

  test('an account administrator gets Bots, Users, Roles, General and LLM providers; the tab rewrites the page segment', async () => {
    await signInAs(TENANT_ADMIN.email, TENANT_ADMIN.password);
    await s.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }).click();
    // No page: the default one, Bots.
    await s.page.waitForURL(`${s.app.baseUrl}/configuration/bots`);
    await expectTitle(s.page, 'Parley - Account administration');
    await expectVisible(s.page.getByRole('heading', { name: MESSAGES.admin.accountHeading, level: 1 }));
    await expect
      .poll(() => tabLabels(s.page))
      .toEqual(['Bots', 'Users', 'Roles', 'General', 'LLM providers']);
    expect(await s.page.getByRole('tab', { name: 'Bots' }).getAttribute('aria-selected')).toBe('true');

    await s.page.getByRole('tab', { name: 'Users' }).click();
    await s.page.waitForURL(`${s.app.baseUrl}/configuration/users`);
    await s.page.getByRole('tab', { name: 'Roles' }).click();
    await s.page.waitForURL(`${s.app.baseUrl}/configuration/roles`);
    await s.page.getByRole('tab', { name: 'General' }).click();
    await s.page.waitForURL(`${s.app.baseUrl}/configuration/general`);
    await s.page.goBack();
    await s.page.waitForURL(`${s.app.baseUrl}/configuration/roles`);
    expect(await s.page.getByRole('tab', { name: 'Roles' }).getAttribute('aria-selected')).toBe('true');

    // A page of another tab set shows the default page; a page that does not exist is a 404.
    await s.page.goto(`${s.app.baseUrl}/configuration/tenants`);
    await s.page.waitForURL(`${s.app.baseUrl}/configuration/bots`);
    for (const path of ['configuration/nonsense', 'configuration/subscription', 'billing']) {
      await s.page.goto(`${s.app.baseUrl}/${path}`);
      await s.page.waitForURL(`${s.app.baseUrl}/404`);
    }
  });

  test('an account administrator who opens the master page is sent to /', async () => {
    await s.page.goto(`${s.app.baseUrl}/master-configuration`);
    await s.page.waitForURL(`${s.app.baseUrl}/bots`);
    await s.page.goto(`${s.app.baseUrl}/master-configuration/users`);
    await s.page.waitForURL(`${s.app.baseUrl}/bots`);
    await expectVisible(s.page.getByRole('heading', { name: 'Bot Overview' }));
  });

  test('a plain user who manages permissions on no bot sees the permission message on every administration page', async () => {
    await signInAs(PLAIN.email, PLAIN.password);
    for (const path of ['/configuration', '/configuration/users', '/configuration/roles']) {
      await s.page.goto(`${s.app.baseUrl}${path}`);
      await expectVisible(s.page.getByText(MESSAGES.admin.noPermission, { exact: true }));
      await expectVisible(s.page.getByRole('heading', { name: MESSAGES.admin.accountHeading, level: 1 }));
      expect(await s.page.getByRole('tab').count()).toBe(0);
      expect(s.page.url()).toBe(`${s.app.baseUrl}${path}`);
    }
    await screenshot(s.page, 'admin-plain-user-no-permission');
    // The server agrees: the users list is for administrators only.
    const token = await s.page.evaluate(() => localStorage.getItem('parley.token'));
    const answer = await s.app.server.request({
      method: 'GET',
      url: '/api/tenant/users',
      token: token ?? '',
    });
    expect(answer.statusCode).toBe(403);

    await s.page.goto(`${s.app.baseUrl}/master-configuration`);
    await s.page.waitForURL(`${s.app.baseUrl}/bots`);
  });

  test('a master administrator gets Tenants and Users under Tenant Administration', async () => {
    await signInAs(ADMIN_EMAIL, ADMIN_PASSWORD);
    await s.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tenants' }).click();
    await s.page.waitForURL(`${s.app.baseUrl}/master-configuration/tenants`);
    await expectTitle(s.page, 'Parley - Tenant administration');
    await expectVisible(s.page.getByRole('heading', { name: MESSAGES.admin.tenantHeading, level: 1 }));
    await expect.poll(() => tabLabels(s.page)).toEqual(['Tenants', 'Users']);
    await s.page.getByRole('tab', { name: 'Users' }).click();
    await s.page.waitForURL(`${s.app.baseUrl}/master-configuration/users`);

    // On the account page a master administrator administers the selected tenant.
    await s.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }).click();
    await s.page.waitForURL(`${s.app.baseUrl}/configuration/bots`);
    await expect
      .poll(() => tabLabels(s.page))
      .toEqual(['Bots', 'Users', 'Roles', 'General', 'LLM providers']);
    expect(s.browser.pageErrors).toEqual([]);
  });
});
