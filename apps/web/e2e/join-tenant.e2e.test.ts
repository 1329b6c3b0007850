import { MESSAGES } from '@parley/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createOrganisation, createPlainUser, logInThroughUi, popupOf } from './support/accounts';
import { createAccountAdmin } from './support/administration';
import { type AppServer, startAppServer } from './support/app-server';
import { type Browser, launchBrowser } from './support/browser';
import { expectVisible } from './support/expect-page';
import { screenshot, screenshotFailures } from './support/screenshots';

const M = MESSAGES.admin;
const TINA = { email: 'tina@example.com', password: 'Tenant-Admin-1!', name: 'Tina Admin' };
const OLA = { email: 'ola@example.com', password: 'Ola-Own-Pass-1', name: 'Ola Other' };
const OTTO = { email: 'otto@example.com', password: 'Otto-Own-Pass-1', name: 'Otto Other' };

/**
 * Issue 9: an account administrator adding an address that has an account elsewhere invites its
 * owner instead of attaching the account; the owner joins by accepting the mailed link.
 */
describe('inviting an existing account into a tenant', () => {
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
    const globex = await createOrganisation(app.server, 'Globex');
    // Each test invites an account of its own.
    await createPlainUser(app.server, { ...OLA, tenantId: globex.id });
    await createPlainUser(app.server, { ...OTTO, tenantId: globex.id });
    browser = await launchBrowser();
    page = await browser.newPage();
  });
  screenshotFailures(() => page);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  const dialog = () => page.getByRole('dialog');
  const invitationLink = async (email: string) => {
    const mails = await app.server.ctx.repos.db
      .selectFrom('outbox')
      .select('text_body')
      .where('to_address', '=', email)
      .execute();
    const match = /(https?:\/\/\S+\/join\?token=\S+)/.exec(mails.at(-1)?.text_body ?? '');
    if (!match?.[1]) throw new Error('no invitation mail');
    return new URL(match[1]);
  };

  test('adding the address says an invitation was sent, and shows nothing of the account', async () => {
    await page.goto(`${app.baseUrl}/login`);
    await page.evaluate(() => localStorage.clear());
    await logInThroughUi(page, app.baseUrl, TINA.email, TINA.password);
    await page.goto(`${app.baseUrl}/configuration/users`);
    await page.getByRole('button', { name: 'Add user' }).click();
    await dialog().getByLabel('Name').fill('Someone_typed');
    await dialog().getByLabel('E-mail').fill(OLA.email);
    await dialog().getByLabel('Password', { exact: true }).fill('Whatever-Pass-2');
    await dialog().getByRole('button', { name: 'Add user' }).click();
    const popup = popupOf(page);
    await expectVisible(popup.getByText(M.invitationSent(OLA.email, 'Acme Support')));
    await screenshot(page, 'join-invitation-sent');
    expect(await app.server.ctx.repos.forTenant(acmeId).members.roleOf(OLA.email)).toBeUndefined();
  });

  test('the invitation link brings its owner to sign in, then to the invitation, and Join adds the account', async () => {
    // Tina adds Otto's address (through the API here: the test above adds one in the dialog).
    const added = await app.server.request({
      method: 'POST',
      url: '/api/users',
      token: (await app.server.login(TINA.email, TINA.password)).token,
      body: { name: 'Someone_typed', email: OTTO.email, password: 'Whatever-Pass-2' },
    });
    expect(added.statusCode).toBe(200);
    const link = await invitationLink(OTTO.email);
    // Otto opens his mail's link in a browser without a session.
    await page.goto(`${app.baseUrl}/login`);
    await page.evaluate(() => localStorage.clear());
    const other = page;
    await other.goto(`${app.baseUrl}${link.pathname}${link.search}`);
    await other.waitForURL(/\/login\?next=/);
    await other.getByLabel('Email').fill(OTTO.email);
    await other.getByLabel('Password', { exact: true }).fill(OTTO.password);
    await other.getByRole('button', { name: 'Sign in', exact: true }).click();
    await other.waitForURL(/\/join\?token=/);
    await expectVisible(other.getByRole('heading', { name: 'Join Acme Support' }));
    await expectVisible(other.getByText(`${TINA.email} invited you to work in Acme Support`));
    await screenshot(other, 'join-invitation');
    await other.getByRole('button', { name: 'Join Acme Support' }).click();
    await other.waitForURL(`${app.baseUrl}/bots`);
    expect(await app.server.ctx.repos.forTenant(acmeId).members.roleOf(OTTO.email)).toBe('user');

    // Used once: the same link now says so.
    await other.goto(`${app.baseUrl}${link.pathname}${link.search}`);
    await expectVisible(other.getByText(M.invitationInvalid));
  });

  test('no page errors', () => {
    expect(browser.pageErrors).toEqual([]);
  });
});
