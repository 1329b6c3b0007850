import { NLU_STATUS_MESSAGES as M } from '@parley/contracts';
import { describe, expect, test } from 'vitest';
import { pollUntil } from '../../server/test/support/poll-until';
import { logInThroughUi, popupOf } from './support/accounts';
import { type ApiCall, VERA } from './support/bot-content';
import { botPageSuite } from './support/bot-page-suite';
import { launchBrowser } from './support/browser';
import { expectHidden, expectVisible } from './support/expect-page';
import { holdRoute } from './support/held-route';
import { screenshot } from './support/screenshots';

/** The suite's bot, which Vera may see; tests that change a bot's NLU make one of their own. */
const BOT = 'Status Bot';

/** Something to publish: the embedded engine trains on the bot's intents. */
async function addIntents(tina: ApiCall, bot: string): Promise<void> {
  for (const [name, examples] of [
    ['Greeting', ['hello there', 'good morning', 'hi, how are you']],
    ['Goodbye', ['bye for now', 'see you later', 'goodbye and thanks']],
  ] as const)
    await tina('POST', `/api/${encodeURIComponent(bot)}/intents`, { name, utterances: [...examples] });
}

describe('the settings frame and its NLU Status tab', () => {
  const s = botPageSuite(BOT, (tina) => addIntents(tina, BOT));

  const settingsUrl = (tab = '') => s.botUrl(tab ? `settings/${tab}` : 'settings');
  const statusOf = (bot: string) => `/api/bots/${encodeURIComponent(bot)}/nlu-status/parley`;
  /**
   * A bot of the test's own with the two intents, Parley NLU configured and the bot published
   * through the API when asked, its NLU Status tab open.
   */
  const statusBot = async (bot: string, { configured = false, published = false } = {}) => {
    await s.tina('POST', '/api/bot', { name: bot, region: 'eu-west', language: 'en' });
    await addIntents(s.tina, bot);
    if (configured) {
      await s.tina('POST', `/api/bots/${encodeURIComponent(bot)}/nlu-resource/parley`);
      await s.tina('POST', `/api/bots/${encodeURIComponent(bot)}/nlu/parley`);
    }
    if (published) {
      const syncId = `${bot}|${Date.now()}`;
      const sync = `/api/synchronization/${encodeURIComponent(bot)}`;
      const query = `provider=parley&syncId=${encodeURIComponent(syncId)}`;
      await s.tina('POST', `${sync}/sync?${query}`);
      await pollUntil(
        `the publish of ${bot} to end`,
        () => s.tina('GET', `${sync}/progress?${query}`) as Promise<{ isDone: boolean }>,
        (progress) => progress.isDone,
        { timeoutMs: 60_000, intervalMs: 200 },
      );
    }
    await s.page.goto(`${s.app.baseUrl}/bots/${encodeURIComponent(bot)}/settings/nluStatus`);
    await expectVisible(table());
  };
  const settingsBar = () => s.page.getByRole('tablist', { name: 'Settings sections' });
  const table = () => s.page.getByRole('table');
  const row = (label: string) => table().getByRole('row').filter({ hasText: label });
  const cells = async (label: string) => (await row(label).getByRole('cell').allTextContents()).slice(0, 4);
  const closePopup = async (title: string) => {
    await expectVisible(popupOf(s.page).getByText(title));
    await popupOf(s.page).getByRole('button', { name: 'OK' }).click();
    await expectHidden(popupOf(s.page));
  };

  test("the Settings tab opens the spec's default, General Settings, and the route names it", async () => {
    await s.page.goto(s.botUrl('analytics'));
    await s.page.getByRole('tab', { name: 'Settings', exact: true }).click();
    await s.page.waitForURL(settingsUrl('general'));
    await expectVisible(settingsBar().getByRole('tab', { name: 'NLU Performance' }));
    expect(await settingsBar().getByRole('tab').allTextContents()).toEqual([
      'General Settings',
      'Configuration',
      'System Messages',
      'NLU Status',
      'NLU Performance',
      'Features',
    ]);
    expect(
      await settingsBar().getByRole('tab', { name: 'General Settings' }).getAttribute('aria-selected'),
    ).toBe('true');
    // NLU Status has no save.
    await settingsBar().getByRole('tab', { name: 'NLU Status' }).click();
    await s.page.waitForURL(settingsUrl('nluStatus'));
    await expectVisible(table());
    await expect.poll(() => s.page.getByRole('button', { name: 'Save settings' }).count()).toBe(0);
  });

  test('an unknown settings tab is replaced by the default one', async () => {
    await s.page.goto(settingsUrl('no-such-tab'));
    await s.page.waitForURL(settingsUrl('general'));
    await expectVisible(s.page.getByRole('heading', { name: 'Bot Settings' }));
    await s.page.goto(settingsUrl('nluStatus'));
    await expectVisible(table());
  });

  test('the table: the primary provider, not configured and never published', async () => {
    await statusBot('Table Status Bot');
    await expectVisible(row('Parley NLU'));
    const headers = await table().getByRole('columnheader').allTextContents();
    expect(headers.slice(0, 4)).toEqual(['Provider', 'Is configured', 'Last publish', 'Is latest publish']);
    expect(await cells('Parley NLU')).toEqual(['Parley NLUPrimary', 'No', M.never, 'No']);
    expect(await row('Parley NLU').getByRole('button', { name: M.remove }).isDisabled()).toBe(true);
  });

  test('Configure creates the resource and the NLU: the row says configured', async () => {
    const bot = 'Configure Status Bot';
    await statusBot(bot);
    await row('Parley NLU').getByRole('button', { name: M.configure }).click();
    await closePopup(M.configured('Parley NLU'));
    await expectVisible(row('Parley NLU').getByRole('cell', { name: 'Yes', exact: true }));
    expect((await cells('Parley NLU'))[1]).toBe('Yes');
    expect(await row('Parley NLU').getByRole('button', { name: M.configure }).isDisabled()).toBe(true);
    await screenshot(s.page, 'nlu-status-configured');
    expect(await s.tina('GET', statusOf(bot))).toMatchObject({
      isConfigured: true,
    });
  });

  test('Remove of the only configured provider asks first; cancel keeps it, confirm removes it', async () => {
    const bot = 'Remove Status Bot';
    await statusBot(bot, { configured: true });
    await row('Parley NLU').getByRole('button', { name: M.remove }).click();
    await expectVisible(popupOf(s.page).getByText(M.removeOnlyText('Parley NLU')));
    await screenshot(s.page, 'nlu-status-remove-confirmation');
    await popupOf(s.page).getByRole('button', { name: 'Cancel' }).click();
    await expectHidden(popupOf(s.page));
    expect((await cells('Parley NLU'))[1]).toBe('Yes');

    await row('Parley NLU').getByRole('button', { name: M.remove }).click();
    await popupOf(s.page).getByRole('button', { name: M.remove }).click();
    await closePopup(M.removed('Parley NLU'));
    await expectVisible(row('Parley NLU').getByRole('cell', { name: 'No', exact: true }));
    expect(await s.tina('GET', statusOf(bot))).toMatchObject({
      hasResource: false,
      hasNlu: false,
    });
  });

  test('Publish NLU model publishes: the row gets its last publish and is the latest', async () => {
    await statusBot('Publish Status Bot');
    await row('Parley NLU').getByRole('button', { name: M.configure }).click();
    await closePopup(M.configured('Parley NLU'));
    await s.page.getByRole('button', { name: M.publish }).click();
    await s.page.waitForFunction(
      (expected) => {
        const cells = [...document.querySelectorAll('tbody tr td')].map((c) => c.textContent);
        return cells[3] === expected && cells[2] !== 'Never';
      },
      'Yes',
      { timeout: 60_000 },
    );
    const [, configured, lastPublish, isLatest] = await cells('Parley NLU');
    expect(configured).toBe('Yes');
    expect(lastPublish).not.toBe(M.never);
    expect(isLatest).toBe('Yes');
    await screenshot(s.page, 'nlu-status-published');
  });

  test('removing the published provider: no longer the latest publish, the bot has unpublished changes', async () => {
    await statusBot('Published Status Bot', { configured: true, published: true });
    await expect
      .poll(() => cells('Parley NLU'))
      .toEqual(['Parley NLUPrimary', 'Yes', expect.any(String), 'Yes']);
    await row('Parley NLU').getByRole('button', { name: M.remove }).click();
    await popupOf(s.page).getByRole('button', { name: M.remove }).click();
    await closePopup(M.removed('Parley NLU'));
    await expectVisible(s.page.getByText('Unpublished changes'));
    const [, configured, lastPublish, isLatest] = await cells('Parley NLU');
    expect([configured, isLatest]).toEqual(['No', 'No']);
    // The last publish stays history.
    expect(lastPublish).not.toBe(M.never);
  });

  test('Save settings: shown for a tab with a save, disabled while it runs, then Saved!', async () => {
    const bot = 'Save Status Bot';
    await statusBot(bot);
    await settingsBar().getByRole('tab', { name: 'NLU Performance' }).click();
    await s.page.waitForURL(`${s.app.baseUrl}/bots/${encodeURIComponent(bot)}/settings/nluPerformance`);
    const save = s.page.getByRole('button', { name: 'Save settings' });
    await expectVisible(save);
    // The real server answers once the running save has been seen.
    const saving = await holdRoute(s.page, '**/nlu-measuring', { method: 'PUT' });
    await s.page.getByRole('switch', { name: 'Intent detection measuring' }).click();
    await save.click();
    await s.page.waitForFunction(() =>
      [...document.querySelectorAll('button')].some(
        (b) => b.textContent?.includes('Save settings') && b.disabled,
      ),
    );
    await saving.release();
    await closePopup('Saved!');
    expect(await save.isDisabled()).toBe(false);
    // Back on NLU Status the button is gone again: that tab has no save.
    await settingsBar().getByRole('tab', { name: 'NLU Status' }).click();
    await expectVisible(table());
    await expect.poll(() => s.page.getByRole('button', { name: 'Save settings' }).count()).toBe(0);
  });

  test('a failed save says Error! with the server message', async () => {
    const doomed = 'Doomed Bot';
    await s.tina('POST', '/api/bot', { name: doomed, region: 'eu-west', language: 'en' });
    await s.page.goto(`${s.app.baseUrl}/bots/${encodeURIComponent(doomed)}/settings/nluPerformance`);
    await expectVisible(s.page.getByRole('switch', { name: 'Intent detection measuring' }));
    await s.tina('DELETE', `/api/bots/${encodeURIComponent(doomed)}`);
    await s.page.getByRole('button', { name: 'Save settings' }).click();
    await expectVisible(popupOf(s.page).getByText('Error!'));
    await expectVisible(popupOf(s.page).getByText(`There is no bot named ${doomed}.`));
    await screenshot(s.page, 'bot-settings-save-error');
    await popupOf(s.page).getByRole('button', { name: 'OK' }).click();
  });

  test('a user without Manage engines and Publish sees the table without its buttons', async () => {
    // A browser of her own: a tab of Tina's would share her sign-in (localStorage) and end it.
    const own = await launchBrowser();
    const other = await own.newPage();
    try {
      await logInThroughUi(other, s.app.baseUrl, VERA.email, VERA.password);
      await other.goto(settingsUrl('nluStatus'));
      await expectVisible(other.getByRole('table').getByRole('row').filter({ hasText: 'Parley NLU' }));
      expect(await other.getByRole('button', { name: M.configure }).count()).toBe(0);
      expect(await other.getByRole('button', { name: M.remove }).count()).toBe(0);
      expect(await other.getByRole('button', { name: M.publish }).count()).toBe(0);
      expect(own.pageErrors).toEqual([]);
    } finally {
      await own.close();
    }
  });

  test('no page errors', () => {
    expect(s.browser.pageErrors).toEqual([]);
  });
});
