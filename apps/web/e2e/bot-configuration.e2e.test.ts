import { type BotConfigurationView, CONFIGURATION_MESSAGES as M } from '@parley/contracts';
import { describe, expect, test } from 'vitest';
import { popupOf } from './support/accounts';
import { botPageSuite } from './support/bot-page-suite';
import { expectHidden, expectVisible } from './support/expect-page';
import { screenshot } from './support/screenshots';

describe('the Configuration tab', () => {
  const s = botPageSuite('Configuration Home Bot');
  const configurationUrl = (bot: string) =>
    `${s.app.baseUrl}/bots/${encodeURIComponent(bot)}/settings/configuration`;
  const stored = async (bot: string) =>
    (await s.tina('GET', `/api/bots/${encodeURIComponent(bot)}/configuration`)) as BotConfigurationView;
  const channelsList = () => s.page.getByRole('list', { name: 'Channels' });
  const row = (name: string) => channelsList().getByRole('listitem', { name });
  const save = () => s.page.getByRole('button', { name: 'Save settings' });
  const closePopup = async (text: string) => {
    await expectVisible(popupOf(s.page).getByText(text, { exact: true }));
    await popupOf(s.page).getByRole('button', { name: 'OK' }).click();
    await expectHidden(popupOf(s.page));
  };

  test('add channels from the search dropdown, save, disable, request a connection and remove one', async () => {
    const bot = 'Channel Bot';
    await s.tina('POST', '/api/bot', { name: bot, region: 'eu-west', language: 'en' });
    await s.page.goto(configurationUrl(bot));
    await expectVisible(s.page.getByText('No channels yet.'));

    // Typing filters the catalogue; the keyboard picks an entry.
    const search = s.page.getByRole('combobox', { name: 'Search a channel to add' });
    await search.fill('disc');
    await expectVisible(s.page.getByRole('option', { name: /Discord/ }));
    await expectHidden(s.page.getByRole('option', { name: /Slack/ }));
    await search.press('Enter');
    await expectVisible(row('Discord'));
    await expectVisible(row('Discord').getByText('Not connected, Enabled'));
    // Hidden channels are never offered.
    await search.fill('whats');
    await expectVisible(s.page.getByText('Nothing to add'));
    await search.fill('kik');
    await s.page.getByRole('option', { name: /Kik/ }).click();
    await expectVisible(row('Kik'));
    // Nothing is stored before 'Save settings'.
    expect((await stored(bot)).channels.filter((c) => c.visible)).toEqual([]);
    await save().click();
    await closePopup('Saved!');
    expect((await stored(bot)).channels.filter((c) => c.visible).map((c) => [c.id, c.state])).toEqual([
      ['discord', 'Not connected, Enabled'],
      ['kik', 'Not connected, Enabled'],
    ]);

    // Disable Kik and save: its state follows.
    await row('Kik').getByRole('switch', { name: 'Enable Kik' }).click();
    await expectVisible(row('Kik').getByText('Not connected, Disabled'));
    await save().click();
    await closePopup('Saved!');

    // Request the Discord connection: it is sent at once, and the bot page says it is being configured.
    await row('Discord').getByRole('button', { name: 'Request connection' }).click();
    await expectVisible(popupOf(s.page).getByText(M.requestExplanation.channel));
    await popupOf(s.page).getByRole('button', { name: 'Send request' }).click();
    await closePopup(M.requestSent);
    await expectVisible(row('Discord').getByText('Connection requested'));
    await expectHidden(row('Discord').getByRole('button', { name: 'Request connection' }));
    await expectVisible(s.page.getByText('Chat not configured'));
    await screenshot(s.page, 'bot-configuration-channels', { fullPage: true });

    // The generic dialog tells what the channel can show.
    await row('Discord').getByRole('button', { name: 'Settings' }).click();
    const dialog = s.page.getByRole('dialog', { name: 'Discord' });
    await expectVisible(dialog.getByText('Messages must stay below 2,000 characters.'));
    await dialog.getByRole('button', { name: 'OK', exact: true }).click();
    await expectHidden(dialog);

    // Remove Kik (disabled, so it may go) and save.
    await row('Kik').getByRole('button', { name: 'Remove' }).click();
    await expectHidden(row('Kik'));
    await save().click();
    await closePopup('Saved!');
    await s.page.reload();
    await expectVisible(row('Discord'));
    await expectHidden(row('Kik'));
    expect((await stored(bot)).channels.filter((c) => c.visible).map((c) => c.id)).toEqual(['discord']);
  });

  test('Request connection is offered as soon as a channel is added; the request saves that channel alone', async () => {
    const bot = 'Request Bot';
    await s.tina('POST', '/api/bot', { name: bot, region: 'eu-west', language: 'en' });
    await s.page.goto(configurationUrl(bot));
    const search = s.page.getByRole('combobox', { name: 'Search a channel to add' });
    await search.fill('kik');
    await s.page.getByRole('option', { name: /Kik/ }).click();
    await search.fill('disc');
    await s.page.getByRole('option', { name: /Discord/ }).click();

    // Not saved yet, and the request is there: the confirmation says it saves the channel too.
    await row('Kik').getByRole('button', { name: 'Request connection' }).click();
    await expectVisible(popupOf(s.page).getByText(M.savedWithRequest('Kik'), { exact: false }));
    await popupOf(s.page).getByRole('button', { name: 'Send request' }).click();
    await closePopup(M.requestSent);
    await expectVisible(row('Kik').getByText('Connection requested'));
    const channels = (await stored(bot)).channels.filter((c) => c.visible);
    expect(channels.map((c) => [c.id, c.state])).toEqual([['kik', 'Connection requested']]);

    // Discord was only added on the tab: it still waits for 'Save settings'.
    await expectVisible(row('Discord'));
    await save().click();
    await closePopup('Saved!');
    expect((await stored(bot)).channels.filter((c) => c.visible).map((c) => c.id)).toEqual([
      'discord',
      'kik',
    ]);
  });

  test('the API channel: its dialog makes a key, and the channel shows connected', async () => {
    const bot = 'Api Bot';
    await s.tina('POST', '/api/bot', { name: bot, region: 'eu-west', language: 'en' });
    await s.page.goto(configurationUrl(bot));
    const search = s.page.getByRole('combobox', { name: 'Search a channel to add' });
    await search.fill('API');
    await s.page.getByRole('option', { name: /^A?\s*API$/ }).click();
    await save().click();
    await closePopup('Saved!');
    await expectVisible(row('API').getByText('Not connected, Enabled'));
    await row('API').getByRole('button', { name: 'Settings' }).click();
    const dialog = s.page.getByRole('dialog', { name: 'API' });
    await dialog.getByRole('button', { name: 'Generate key' }).click();
    await expectVisible(dialog.getByLabel('New API key'));
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    await expectHidden(dialog);
    // Closing the dialog reads the configuration again: an unlocked key connects the channel.
    await expectVisible(row('API').getByText('Connected, Enabled'));
    expect((await stored(bot)).channels.find((c) => c.id === 'api')).toMatchObject({
      connected: true,
      isOpen: true,
    });
  });

  test('engine choices: only engines Parley can publish to may be chosen; None clears one', async () => {
    const bot = 'Engine Bot';
    await s.tina('POST', '/api/bot', { name: bot, region: 'eu-west', language: 'en' });
    await s.page.goto(configurationUrl(bot));
    const extractor = s.page.getByLabel('Entity extractor', { exact: true });
    await expectVisible(extractor);
    expect(await extractor.inputValue()).toBe('parley');
    expect(await extractor.locator('option', { hasText: 'Microsoft CLU' }).isDisabled()).toBe(true);
    await extractor.selectOption('');
    await save().click();
    await closePopup('Saved!');
    expect((await stored(bot)).engines.find((e) => e.id === 'entityExtractor')?.selectedProvider).toBeNull();
  });
});
