import { MESSAGES } from '@parley/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  createOrganisation,
  createPlainUser,
  logInThroughUi,
} from './support/accounts';
import { createAccountAdmin, tabLabels } from './support/administration';
import { type AppServer, startAppServer } from './support/app-server';
import { type Browser, launchBrowser } from './support/browser';
import { expectTitle, expectVisible } from './support/expect-page';
import { screenshot, screenshotFailures } from './support/screenshots';

const TENANT_ADMIN = { email: 'tina@example.com', password: 'Tenant-Admin-1!', name: 'Tina Admin' };
const PLAIN = { email: 'paul@example.com', password: 'Plain-Password-1', name: 'Paul Plain' };

describe('who reaches the administration pages', () => {
  let app: AppServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    app = await startAppServer();
    await app.server.signUpFirstAdmin();
    const acme = await createOrganisation(app.server, 'Acme Support');
    await createAccountAdmin(app.server, { ...TENANT_ADMIN, tenantId: acme.id });
    await createPlainUser(app.server, { ...PLAIN, tenantId: acme.id });
    browser = await launchBrowser();
    page = await browser.newPage();
  });
  screenshotFailures(() => page);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  const signInAs = async (email: string, password: string) => {
    await page.evaluate(() => localStorage.clear()).catch(() => undefined);
    await logInThroughUi(page, app.baseUrl, email, password);
  };

  test('an account administrator gets Bots, Users, Roles and General; the tab rewrites the page segment', async () => {
    await signInAs(TENANT_ADMIN.email, TENANT_ADMIN.password);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }).click();
    // No page: the default one, Bots.
    await page.waitForURL(`${app.baseUrl}/configuration/bots`);
    await expectTitle(page, 'Parley - Account administration');
    await expectVisible(page.getByRole('heading', { name: MESSAGES.admin.accountHeading, level: 1 }));
    await expect.poll(() => tabLabels(page)).toEqual(['Bots', 'Users', 'Roles', 'General']);
    expect(await page.getByRole('tab', { name: 'Bots' }).getAttribute('aria-selected')).toBe('true');

    await page.getByRole('tab', { name: 'Users' }).click();
    await page.waitForURL(`${app.baseUrl}/configuration/users`);
    await page.getByRole('tab', { name: 'Roles' }).click();
    await page.waitForURL(`${app.baseUrl}/configuration/roles`);
    await page.getByRole('tab', { name: 'General' }).click();
    await page.waitForURL(`${app.baseUrl}/configuration/general`);
    await page.goBack();
    await page.waitForURL(`${app.baseUrl}/configuration/roles`);
    expect(await page.getByRole('tab', { name: 'Roles' }).getAttribute('aria-selected')).toBe('true');

    // A page of another tab set shows the default page; a page that does not exist is a 404.
    await page.goto(`${app.baseUrl}/configuration/tenants`);
    await page.waitForURL(`${app.baseUrl}/configuration/bots`);
    for (const path of ['configuration/nonsense', 'configuration/subscription', 'billing']) {
      await page.goto(`${app.baseUrl}/${path}`);
      await page.waitForURL(`${app.baseUrl}/404`);
    }
  });

  test('an account administrator who opens the master page is sent to /', async () => {
    await page.goto(`${app.baseUrl}/master-configuration`);
    await page.waitForURL(`${app.baseUrl}/bots`);
    await page.goto(`${app.baseUrl}/master-configuration/users`);
    await page.waitForURL(`${app.baseUrl}/bots`);
    await expectVisible(page.getByRole('heading', { name: 'Bot Overview' }));
  });

  test('a plain user who manages permissions on no bot sees the permission message on every administration page', async () => {
    await signInAs(PLAIN.email, PLAIN.password);
    for (const path of ['/configuration', '/configuration/users', '/configuration/roles']) {
      await page.goto(`${app.baseUrl}${path}`);
      await expectVisible(page.getByText(MESSAGES.admin.noPermission, { exact: true }));
      await expectVisible(page.getByRole('heading', { name: MESSAGES.admin.accountHeading, level: 1 }));
      expect(await page.getByRole('tab').count()).toBe(0);
      expect(page.url()).toBe(`${app.baseUrl}${path}`);
    }
    await screenshot(page, 'admin-plain-user-no-permission');
    // The server agrees: the users list is for administrators only.
    const token = await page.evaluate(() => localStorage.getItem('parley.token'));
    const answer = await app.server.request({ method: 'GET', url: '/api/tenant/users', token: token ?? '' });
    expect(answer.statusCode).toBe(403);

    await page.goto(`${app.baseUrl}/master-configuration`);
    await page.waitForURL(`${app.baseUrl}/bots`);
  });

  test('a master administrator gets Tenants and Users under Tenant Administration', async () => {
    await signInAs(ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tenants' }).click();
    await page.waitForURL(`${app.baseUrl}/master-configuration/tenants`);
    await expectTitle(page, 'Parley - Tenant administration');
    await expectVisible(page.getByRole('heading', { name: MESSAGES.admin.tenantHeading, level: 1 }));
    await expect.poll(() => tabLabels(page)).toEqual(['Tenants', 'Users']);
    await page.getByRole('tab', { name: 'Users' }).click();
    await page.waitForURL(`${app.baseUrl}/master-configuration/users`);

    // On the account page a master administrator administers the selected tenant.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }).click();
    await page.waitForURL(`${app.baseUrl}/configuration/bots`);
    await expect.poll(() => tabLabels(page)).toEqual(['Bots', 'Users', 'Roles', 'General']);
    expect(browser.pageErrors).toEqual([]);
  });
});
