import { readFileSync } from 'node:fs';
import { BOT_MESSAGES } from '@parley/contracts';
import { describe, expect, test } from 'vitest';
import { BOT_JOKES } from '../src/features/bots/components/overview/bot-jokes';
import { createOrganisation, createPlainUser, logInThroughUi, popupOf } from './support/accounts';
import { createAccountAdmin } from './support/administration';
import { apiAs } from './support/bot-content';
import { browserSuite } from './support/browser-suite';
import { expectHidden, expectVisible } from './support/expect-page';
import { holdRoute } from './support/held-route';
import { screenshot } from './support/screenshots';

const M = BOT_MESSAGES;
const TINA = { email: 'tina@example.com', password: 'Tenant-Admin-1!', name: 'Tina Admin' };
const PAUL = { email: 'paul@example.com', password: 'Plain-Password-1', name: 'Paul Plain' };

describe('the bot overview and the create-a-bot dialog', () => {
  /** The organisation of the running test. */
  let acmeId: string;

  const s = browserSuite({
    prepare: async (app) => {
      await app.server.signUpFirstAdmin();
    },
  });

  /**
   * An organisation of the test's own (the overview lists every bot of the account): Tina (its
   * administrator) and Paul (a plain user), and `bots` made through Tina's API, each
   * `[name, region]`. Tina is signed in on the overview.
   */
  const organisation = async (key: string, bots: Array<[name: string, region: string]> = []) => {
    const tenant = await createOrganisation(s.app.server, `Acme ${key}`);
    acmeId = tenant.id;
    const people = {
      tina: { ...TINA, email: `tina.${key}@example.com` },
      paul: { ...PAUL, email: `paul.${key}@example.com` },
    };
    await createAccountAdmin(s.app.server, { ...people.tina, tenantId: tenant.id });
    await createPlainUser(s.app.server, { ...people.paul, tenantId: tenant.id });
    const tina = apiAs(
      s.app.server,
      (await s.app.server.login(people.tina.email, people.tina.password)).token,
    );
    for (const [name, region] of bots) await tina('POST', '/api/bot', { name, region, language: 'en' });
    await signInAs(people.tina);
    return people;
  };
  const signInAs = async (who: { email: string; password: string }) => {
    await s.page.evaluate(() => localStorage.clear()).catch(() => undefined);
    await logInThroughUi(s.page, s.app.baseUrl, who.email, who.password);
  };
  const acme = () => s.app.server.ctx.repos.forTenant(acmeId);
  const dialog = () => s.page.getByRole('dialog');
  const card = (name: string) => s.page.getByRole('article', { name });
  const setPlan = (maxFreeBots: number, hasAdditionalBotsCost: boolean) =>
    s.app.server.ctx.repos.db
      .updateTable('plans')
      .set({ max_free_bots: maxFreeBots, has_additional_bots_cost: hasAdditionalBotsCost ? 1 : 0 })
      .where('id', '=', 'default')
      .execute();
  /** The create-a-bot dialog at its form (step 2), from the overview. */
  const openForm = async () => {
    await s.page.getByRole('button', { name: 'Create a bot' }).first().click();
    await dialog()
      .getByRole('button', { name: /Start from scratch/ })
      .click();
    await expectVisible(dialog().getByLabel('Name of your bot'));
  };

  test('a tenant without bots: the empty state and the Create a bot button', async () => {
    await organisation('empty');
    await s.page.goto(`${s.app.baseUrl}/bots`);
    await expectVisible(s.page.getByRole('heading', { name: 'No bots yet' }));
    await expectVisible(s.page.getByRole('heading', { name: 'Bot Overview' }));
    expect(await s.page.getByRole('button', { name: 'Create a bot' }).count()).toBe(2);
    // The default plan includes import and export: the empty state invites to import too.
    expect(await s.page.getByRole('button', { name: 'Import a bot' }).count()).toBe(2);
    await screenshot(s.page, 'bots-empty');
  });

  test('while the bots load a joke is shown', async () => {
    await organisation('joke');
    const loading = await holdRoute(s.page, '**/api/bots');
    await s.page.goto(`${s.app.baseUrl}/bots`);
    const joke = s.page.getByTestId('bot-joke');
    await expectVisible(joke);
    expect(BOT_JOKES).toContain(await joke.textContent());
    await screenshot(s.page, 'bots-loading-joke');
    await loading.release();
    await expectVisible(s.page.getByRole('heading', { name: 'No bots yet' }));
  });

  test('step 1 offers scratch and the starter templates', async () => {
    await organisation('step-1');
    await s.page.getByRole('button', { name: 'Create a bot' }).first().click();
    await expectVisible(dialog().getByRole('heading', { name: 'Create a bot' }));
    await expectVisible(dialog().getByRole('button', { name: /Start from scratch/ }));
    const template = dialog().getByRole('button', { name: /Use starter Template/ });
    await expectVisible(
      dialog().getByText('A ready bot with intents, entities, functions and variables to adapt.'),
    );
    expect(await template.isDisabled()).toBe(false);
    await screenshot(s.page, 'bots-create-step-1');
  });

  test('step 2: the toggles show and hide their fields, the languages follow the recognizer', async () => {
    await organisation('step-2');
    await openForm();
    expect(await dialog().getByLabel('Bot Region', { exact: true }).count()).toBe(0);
    await dialog().getByRole('switch', { name: 'Change bot region' }).click();
    await expectVisible(dialog().getByLabel('Bot Region', { exact: true }));

    const recognizer = dialog().getByLabel('Initial Intent & Entity Recognizer');
    const options = await recognizer.locator('option').allTextContents();
    // Only engines Parley publishes to are offered; Nuance is listed, as the spec has it, but disabled.
    expect(options).toEqual(['Parley NLU', 'Nuance NLU (not configurable)', 'None']);
    expect(await recognizer.locator('option[value="nuance"]').isDisabled()).toBe(true);
    const language = dialog().getByLabel('Language', { exact: true });
    expect(await language.inputValue()).toBe('en');
    const parleyLanguages = [
      'Choose a language',
      'Dutch',
      'English',
      'French',
      'German',
      'Italian',
      'Portuguese',
      'Spanish',
    ];
    expect(await language.locator('option').allTextContents()).toEqual(parleyLanguages);

    // Automate: Parley picks the recognizer, so its select goes; the languages stay those it can publish.
    await dialog().getByRole('switch', { name: 'Automate' }).click();
    expect(await dialog().getByLabel('Initial Intent & Entity Recognizer').count()).toBe(0);
    expect(await language.locator('option').allTextContents()).toEqual(parleyLanguages);
    await screenshot(s.page, 'bots-create-step-2-automate');
    await dialog().getByRole('switch', { name: 'Automate' }).click();

    // None: no recognizer, so no Automate either.
    await recognizer.selectOption('none');
    expect(await dialog().getByRole('switch', { name: 'Automate' }).count()).toBe(0);
    // Without a recognizer any language goes.
    expect(await language.locator('option').allTextContents()).toContain('Japanese (Japan)');
    await recognizer.selectOption('parley');
    await expectVisible(dialog().getByRole('switch', { name: 'Automate' }));
  });

  test('a name with forbidden characters is refused in the form, before any call', async () => {
    await organisation('forbidden');
    await openForm();
    await dialog().getByLabel('Name of your bot').fill('Support.Bot!');
    await dialog().getByRole('button', { name: 'Create bot' }).click();
    await expectVisible(dialog().getByText(M.invalidBotName, { exact: true }));
    expect(await acme().bots.count()).toBe(0);
    await screenshot(s.page, 'bots-create-invalid-name');
  });

  test('creating: the button reads Creating..., then the new bot opens on its analytics tab', async () => {
    await organisation('creating');
    await openForm();
    await dialog().getByLabel('Name of your bot').fill('Support Bot');
    await dialog().getByRole('switch', { name: 'Change bot region' }).click();
    await dialog().getByLabel('Bot Region', { exact: true }).selectOption('us-east');
    const creation = await holdRoute(s.page, '**/api/bot');
    await dialog().getByRole('button', { name: 'Create bot' }).click();
    await expectVisible(dialog().getByRole('button', { name: M.creating }));
    await screenshot(s.page, 'bots-create-creating');
    await creation.release();
    await s.page.waitForURL(`${s.app.baseUrl}/bots/Support%20Bot/analytics`);
    await expectVisible(s.page.getByRole('heading', { name: 'Support Bot' }));
    const bot = await acme().bots.get('Support Bot');
    expect(bot).toMatchObject({
      region: 'us-east',
      settings: { language: 'en', intentRecognizerProvider: 'parley' },
    });
  });

  test('a name that is taken: the pop-up names the bot, the field says why', async () => {
    await organisation('taken', [['Support Bot', 'us-east']]);
    await s.page.goto(`${s.app.baseUrl}/bots`);
    await s.page.getByRole('button', { name: 'Create a bot' }).first().click();
    await dialog()
      .getByRole('button', { name: /Start from scratch/ })
      .click();
    await dialog().getByLabel('Name of your bot').fill('support-bot');
    await dialog().getByRole('button', { name: 'Create bot' }).click();
    const popup = popupOf(s.page);
    await expectVisible(popup.getByRole('heading', { name: M.creationFailed('support-bot') }));
    await expectVisible(popup.getByText(M.nameTaken));
    await screenshot(s.page, 'bots-create-name-taken');
    await popup.getByRole('button', { name: 'OK' }).click();
    await expectVisible(dialog().getByText(M.nameTaken, { exact: true }));
    // The dialog is ready again.
    expect(await dialog().getByRole('button', { name: 'Create bot' }).isEnabled()).toBe(true);
  });

  test('a server failure shows the creation pop-up and leaves the form as it was', async () => {
    await organisation('failure', [['Support Bot', 'us-east']]);
    await openForm();
    await s.page.route('**/api/bot', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'internal_error', message: 'Server error occured' }),
      }),
    );
    await dialog().getByLabel('Name of your bot').fill('Second Bot');
    await dialog().getByRole('button', { name: 'Create bot' }).click();
    const popup = popupOf(s.page);
    await expectVisible(popup.getByRole('heading', { name: M.creationFailed('Second Bot') }));
    await popup.getByRole('button', { name: 'OK' }).click();
    await s.page.unroute('**/api/bot');
    expect(await dialog().getByLabel('Name of your bot').inputValue()).toBe('Second Bot');
    await dialog().getByRole('button', { name: 'Create bot' }).click();
    await s.page.waitForURL(`${s.app.baseUrl}/bots/Second%20Bot/analytics`);
  });

  test('the card: name, language, engine, region, Total Interactions and Intents recognized', async () => {
    await organisation('card', [
      ['Support Bot', 'us-east'],
      ['Second Bot', 'eu-west'],
    ]);
    const bot = await acme().bots.get('Support Bot');
    await s.app.server.ctx.repos.db
      .updateTable('bots')
      .set({ interactions: 1234, questions_asked: 3, questions_recognized: 1 })
      .where('id', '=', bot!.id)
      .execute();
    await s.page.goto(`${s.app.baseUrl}/bots`);
    const support = card('Support Bot');
    await expectVisible(support);
    expect(await support.getByRole('link').textContent()).toBe('Support Bot');
    await expectVisible(support.getByText('EN', { exact: true }));
    await expectVisible(support.getByText('US', { exact: true }));
    await expectVisible(support.getByRole('img', { name: 'Parley NLU' }));
    expect(await support.locator('dd').allTextContents()).toEqual(['1,234', '33.3%']);
    expect(await card('Second Bot').locator('dd').allTextContents()).toEqual(['0', '0%']);
    await expectVisible(card('Second Bot').getByText('EU', { exact: true }));
    await screenshot(s.page, 'bots-overview-cards');

    await support.getByRole('link').click();
    await s.page.waitForURL(`${s.app.baseUrl}/bots/Support%20Bot/analytics`);
    await s.page.goBack();
  });

  test('a bot still on the retired LUIS engine brings the legacy engine banner', async () => {
    await organisation('luis', [
      ['Support Bot', 'us-east'],
      ['Second Bot', 'eu-west'],
    ]);
    const bot = await acme().bots.get('Second Bot');
    await acme().bots.update(bot!.id, { settings: { ...bot!.settings, entityExtractorProvider: 'luis' } });
    await s.page.goto(`${s.app.baseUrl}/bots`);
    const banner = s.page.getByRole('alert').filter({ hasText: 'Microsoft LUIS is being retired' });
    await expectVisible(banner);
    await expectVisible(banner.getByText(M.legacyEngine('Microsoft LUIS', 'October 1, 2025')));
    await expectVisible(banner.getByText('Still using it: Second Bot.'));
    await expectVisible(card('Second Bot').getByRole('img', { name: 'Microsoft LUIS' }));
    await screenshot(s.page, 'bots-legacy-engine-banner');
    await acme().bots.update(bot!.id, { settings: bot!.settings });
    await s.page.reload();
    await expectVisible(card('Second Bot'));
    expect(await s.page.getByText('Microsoft LUIS is being retired').count()).toBe(0);
  });

  test('Download Logs saves the message history CSV under the spec’s name', async () => {
    await organisation('logs', [['Support Bot', 'us-east']]);
    await s.page.goto(`${s.app.baseUrl}/bots`);
    await card('Support Bot').getByRole('button', { name: 'Actions for Support Bot' }).click();
    const menu = s.page.getByRole('menu', { name: 'Actions for Support Bot' });
    expect(await menu.getByRole('menuitem').allTextContents()).toEqual([
      'Export Bot',
      'Download Logs',
      'Delete Bot',
    ]);
    await screenshot(s.page, 'bots-card-menu');
    const [download] = await Promise.all([
      s.page.waitForEvent('download'),
      menu.getByRole('menuitem', { name: 'Download Logs' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('bot-Support Bot-history.csv');
    expect(readFileSync(await download.path(), 'utf8')).toBe(
      'conversationId,timestamp,user,type,message,messageFirstReceived,messageTextSent,messageSpeechSent\r\n',
    );
  });

  test('Delete Bot asks first, shows the Deleting loader and removes the card', async () => {
    await organisation('delete', [
      ['Support Bot', 'us-east'],
      ['Second Bot', 'eu-west'],
    ]);
    await s.page.goto(`${s.app.baseUrl}/bots`);
    const openDelete = async () => {
      await card('Second Bot').getByRole('button', { name: 'Actions for Second Bot' }).click();
      await s.page.getByRole('menuitem', { name: 'Delete Bot' }).click();
    };
    await openDelete();
    const confirm = popupOf(s.page);
    await expectVisible(confirm.getByRole('heading', { name: 'Delete Second Bot?' }));
    await screenshot(s.page, 'bots-delete-confirm');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expectVisible(card('Second Bot'));

    await openDelete();
    const deletion = await holdRoute(s.page, '**/api/bots/Second%20Bot');
    await popupOf(s.page).getByRole('button', { name: 'Delete' }).click();
    await expectVisible(s.page.getByText(M.deleting('Second Bot')));
    await screenshot(s.page, 'bots-deleting');
    await deletion.release();
    await expectHidden(card('Second Bot'));
    expect(await acme().bots.get('Second Bot')).toBeUndefined();
    await expectVisible(card('Support Bot'));
  });

  test('at the plan’s cap the Upgrade dialog shows instead of the form', async () => {
    await organisation('cap', [['Support Bot', 'us-east']]);
    await setPlan(1, false);
    try {
      await s.page.goto(`${s.app.baseUrl}/bots`);
      await s.page.getByRole('button', { name: 'Create a bot' }).first().click();
      const popup = popupOf(s.page);
      await expectVisible(popup.getByText(M.botLimitReached));
      await screenshot(s.page, 'bots-limit-upgrade');
      // No link to the Subscription screen until it exists: the dialog informs, OK closes it.
      expect(await popup.getByRole('button', { name: 'Upgrade' }).count()).toBe(0);
      await popup.getByRole('button', { name: 'OK' }).click();
      await expectHidden(popup.getByText(M.botLimitReached));
      expect(new URL(s.page.url()).pathname).toBe('/bots');
    } finally {
      await setPlan(25, false);
    }
  });

  test('with extra-cost bots the warning comes first, and Continue creates the bot', async () => {
    await organisation('extra-cost', [['Support Bot', 'us-east']]);
    await setPlan(1, true);
    try {
      await s.page.goto(`${s.app.baseUrl}/bots`);
      await s.page.getByRole('button', { name: 'Create a bot' }).first().click();
      const popup = popupOf(s.page);
      await expectVisible(popup.getByText(M.botLimitAdditionalCost));
      await screenshot(s.page, 'bots-limit-additional-cost');
      await popup.getByRole('button', { name: 'Continue' }).click();
      await dialog()
        .getByRole('button', { name: /Start from scratch/ })
        .click();
      await dialog().getByLabel('Name of your bot').fill('Extra Bot');
      await dialog().getByRole('button', { name: 'Create bot' }).click();
      await s.page.waitForURL(`${s.app.baseUrl}/bots/Extra%20Bot/analytics`);
      expect(await acme().bots.count()).toBe(2);
    } finally {
      await setPlan(25, false);
    }
  });

  test('a plain user sees only the bots they hold a role on, without actions they lack', async () => {
    const { paul } = await organisation('plain', [
      ['Support Bot', 'us-east'],
      ['Extra Bot', 'eu-west'],
    ]);
    await signInAs(paul);
    await expectVisible(s.page.getByRole('heading', { name: 'No bots yet' }));

    const extra = await acme().bots.get('Extra Bot');
    await acme().botRoles.set(paul.email, extra!.id, 1); // Designer: no logs, no deleting
    await s.page.reload();
    await expectVisible(card('Extra Bot'));
    expect(await card('Support Bot').count()).toBe(0);
    expect(
      await card('Extra Bot')
        .getByRole('button', { name: /Actions for/ })
        .count(),
    ).toBe(0);
    await screenshot(s.page, 'bots-plain-user');

    await acme().botRoles.set(paul.email, extra!.id, 4); // Administrator: everything
    await s.page.reload();
    await card('Extra Bot').getByRole('button', { name: 'Actions for Extra Bot' }).click();
    expect(await s.page.getByRole('menuitem').allTextContents()).toEqual([
      'Export Bot',
      'Download Logs',
      'Delete Bot',
    ]);
    await s.page.keyboard.press('Escape');
    await expectHidden(s.page.getByRole('menu'));
  });

  test('no page errors', () => {
    expect(s.browser.pageErrors).toEqual([]);
  });
});
