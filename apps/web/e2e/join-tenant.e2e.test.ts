import { MESSAGES } from '@parley/contracts';
import { describe, expect, test } from 'vitest';
import { createOrganisation, createPlainUser, logInThroughUi, popupOf } from './support/accounts';
import { acmeWithAdmin } from './support/administration';
import { browserSuite } from './support/browser-suite';
import { expectVisible } from './support/expect-page';
import { screenshot } from './support/screenshots';

const M = MESSAGES.admin;
const TINA = { email: 'tina@example.com', password: 'Tenant-Admin-1!', name: 'Tina Admin' };
const OLA = { email: 'ola@example.com', password: 'Ola-Own-Pass-1', name: 'Ola Other' };
const OTTO = { email: 'otto@example.com', password: 'Otto-Own-Pass-1', name: 'Otto Other' };

/**
 * Issue 9: an account administrator adding an address that has an account elsewhere invites its
 * owner instead of attaching the account; the owner joins by accepting the mailed link.
 */
describe('inviting an existing account into a tenant', () => {
  let acmeId: string;

  const s = browserSuite({
    prepare: async (app) => {
      acmeId = await acmeWithAdmin(app.server, TINA);
      const globex = await createOrganisation(app.server, 'Globex');
      // Each test invites an account of its own.
      await createPlainUser(app.server, { ...OLA, tenantId: globex.id });
      await createPlainUser(app.server, { ...OTTO, tenantId: globex.id });
    },
  });

  const dialog = () => s.page.getByRole('dialog');
  const invitationLink = async (email: string) => {
    const mails = await s.app.server.ctx.repos.db
      .selectFrom('outbox')
      .select('text_body')
      .where('to_address', '=', email)
      .execute();
    const match = /(https?:\/\/\S+\/join\?token=\S+)/.exec(mails.at(-1)?.text_body ?? '');
    if (!match?.[1]) throw new Error('no invitation mail');
    return new URL(match[1]);
  };

  test('adding the address answers as for a new one, and shows nothing of the account', async () => {
    await s.page.goto(`${s.app.baseUrl}/login`);
    await s.page.evaluate(() => localStorage.clear());
    await logInThroughUi(s.page, s.app.baseUrl, TINA.email, TINA.password);
    await s.page.goto(`${s.app.baseUrl}/configuration/users`);
    await s.page.getByRole('button', { name: 'Add user' }).click();
    await dialog().getByLabel('Name').fill('Someone_typed');
    await dialog().getByLabel('E-mail').fill(OLA.email);
    await dialog().getByLabel('Password', { exact: true }).fill('Whatever-Pass-2');
    await dialog().getByRole('button', { name: 'Add user' }).click();
    const popup = popupOf(s.page);
    await expectVisible(popup.getByText(M.userAdded(OLA.email, 'Acme Support')));
    await screenshot(s.page, 'join-invitation-sent');
    expect(await s.app.server.ctx.repos.forTenant(acmeId).members.roleOf(OLA.email)).toBeUndefined();
  });

  test('the invitation link brings its owner to sign in, then to the invitation, and Join adds the account', async () => {
    // Tina adds Otto's address (through the API here: the test above adds one in the dialog).
    const added = await s.app.server.request({
      method: 'POST',
      url: '/api/users',
      token: (await s.app.server.login(TINA.email, TINA.password)).token,
      body: { name: 'Someone_typed', email: OTTO.email, password: 'Whatever-Pass-2' },
    });
    expect(added.statusCode).toBe(200);
    const link = await invitationLink(OTTO.email);
    // Otto opens his mail's link in a browser without a session.
    await s.page.goto(`${s.app.baseUrl}/login`);
    await s.page.evaluate(() => localStorage.clear());
    const other = s.page;
    await other.goto(`${s.app.baseUrl}${link.pathname}${link.search}`);
    await other.waitForURL(/\/login\?next=/);
    await other.getByLabel('Email').fill(OTTO.email);
    await other.getByLabel('Password', { exact: true }).fill(OTTO.password);
    await other.getByRole('button', { name: 'Sign in', exact: true }).click();
    await other.waitForURL(/\/join\?token=/);
    await expectVisible(other.getByRole('heading', { name: 'Join Acme Support' }));
    await expectVisible(other.getByText(`${TINA.email} invited you to work in Acme Support`));
    await screenshot(other, 'join-invitation');
    await other.getByRole('button', { name: 'Join Acme Support' }).click();
    await other.waitForURL(`${s.app.baseUrl}/bots`);
    expect(await s.app.server.ctx.repos.forTenant(acmeId).members.roleOf(OTTO.email)).toBe('user');

    // Used once: the same link now says so.
    await other.goto(`${s.app.baseUrl}${link.pathname}${link.search}`);
    await expectVisible(other.getByText(M.invitationInvalid));
  });

  test('no page errors', () => {
    expect(s.browser.pageErrors).toEqual([]);
  });
});
