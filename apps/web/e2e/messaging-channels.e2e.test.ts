import type { BotConfigurationView } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTeamsStandIn, type TeamsStandIn } from '../../server/test/support/teams-stand-in';
import { startTelegramStandIn, type TelegramStandIn } from '../../server/test/support/telegram-stand-in';
import {
  newTwilioAccount,
  startTwilioStandIn,
  type TwilioStandIn,
} from '../../server/test/support/twilio-stand-in';
import { popupOf } from './support/accounts';
import { botPageSuite } from './support/bot-page-suite';
import { expectHidden, expectVisible } from './support/expect-page';
import { screenshot } from './support/screenshots';

const TELEGRAM_TOKEN = '123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw';
const SMS_NUMBER = '+14155550100';
const TWILIO_ACCOUNT = newTwilioAccount([SMS_NUMBER]);
const TEAMS_APP_ID = '6f1c2d3e-0000-4a5b-9c8d-0123456789ab';
const TEAMS_APP_PASSWORD = 'teams~app~password~0123456789';
/** Platforms call webhooks over HTTPS only: the public address an operator's server has. */
const PUBLIC_URL = 'https://parley.example.com';

/**
 * Messaging channels in Chromium (issue 14): Telegram and Twilio configured through their
 * dialogs against stand-ins of their APIs, the connection states following on the Configuration
 * tab, and a channel disabled and removed.
 */
describe('messaging channels on the Configuration tab', () => {
  const BOT = 'Channels Bot';
  const s = botPageSuite(BOT);
  let telegram: TelegramStandIn;
  let twilio: TwilioStandIn;
  let teams: TeamsStandIn;

  beforeAll(async () => {
    telegram = await startTelegramStandIn([TELEGRAM_TOKEN]);
    twilio = await startTwilioStandIn([TWILIO_ACCOUNT]);
    teams = await startTeamsStandIn();
    teams.registerApp(TEAMS_APP_ID, TEAMS_APP_PASSWORD);
    s.app.server.ctx.config.platforms.botFrameworkToken = teams.tokenUrl;
    s.app.server.ctx.config.platforms.botFrameworkOpenId = teams.openIdUrl;
    s.app.server.ctx.config.platforms.telegram = telegram.url;
    s.app.server.ctx.config.platforms.twilioApi = twilio.url;
    s.app.server.ctx.config.publicUrl = PUBLIC_URL;
  });
  afterAll(async () => {
    await telegram?.close();
    await twilio?.close();
    await teams?.close();
  });

  const configurationUrl = () => s.botUrl('settings/configuration');
  const stored = async () =>
    (await s.tina('GET', `/api/bots/${encodeURIComponent(BOT)}/configuration`)) as BotConfigurationView;
  const row = (name: string) =>
    s.page.getByRole('list', { name: 'Channels' }).getByRole('listitem', { name });
  const saveSettings = () => s.page.getByRole('button', { name: 'Save settings' });
  const closePopup = async (text: string | RegExp) => {
    await expectVisible(popupOf(s.page).getByText(text));
    await popupOf(s.page).getByRole('button', { name: 'OK' }).click();
    await expectHidden(popupOf(s.page));
  };
  const addChannel = async (search: string, option: RegExp) => {
    const field = s.page.getByRole('combobox', { name: 'Search a channel to add' });
    await field.fill(search);
    await s.page.getByRole('option', { name: option }).click();
  };

  test('Telegram: a refused token, then the right one connects it; disabled, then removed', async () => {
    await s.page.goto(configurationUrl());
    await addChannel('tele', /Telegram/);
    await saveSettings().click();
    await closePopup('Saved!');
    await expectVisible(row('Telegram').getByText('Not connected, Enabled'));

    await row('Telegram').getByRole('button', { name: 'Settings' }).click();
    const dialog = s.page.getByRole('dialog', { name: 'Telegram' });
    await expectVisible(dialog.getByText('Status: Disconnected'));
    const token = dialog.getByLabel('Access token');
    // A token Telegram does not know: 'Could not update keys' (spec 04 section 8) and why, and
    // the channel stays disconnected.
    await token.fill('987654321:ZZZdqTcvCH1vGWJxfSeofSAs0K5PALDsaw');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectVisible(popupOf(s.page).getByText('Could not update keys', { exact: true }));
    await closePopup('Telegram did not accept this access token.');
    await expectVisible(dialog.getByText('Status: Disconnected'));

    await token.fill(TELEGRAM_TOKEN);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await closePopup('Saved!');
    await expectVisible(dialog.getByText('Status: Connected'));
    // The secret is never shown again in full.
    expect(await token.inputValue()).not.toContain('SAs0K5PALD');
    await screenshot(s.page, 'channels-telegram-dialog');
    // Telegram was told where to send the bot's updates, with a secret token.
    const webhook = telegram.calls('setWebhook').at(-1)?.params;
    expect(String(webhook?.url)).toMatch(new RegExp(`^${PUBLIC_URL}/webhooks/telegram/`));
    expect(webhook?.secret_token).toEqual(expect.any(String));
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await expectHidden(dialog);
    await expectVisible(row('Telegram').getByText('Connected, Enabled'));
    // Connected and enabled: it cannot be removed before it is disabled.
    await expectHidden(row('Telegram').getByRole('button', { name: 'Remove' }));

    await row('Telegram').getByRole('switch', { name: 'Enable Telegram' }).click();
    await saveSettings().click();
    await closePopup('Saved!');
    await expectVisible(row('Telegram').getByText('Connected, Disabled'));
    expect((await stored()).channels.find((c) => c.id === 'telegram')).toMatchObject({
      connected: true,
      enabled: false,
    });

    await row('Telegram').getByRole('button', { name: 'Remove' }).click();
    await expectHidden(row('Telegram'));
    await saveSettings().click();
    await closePopup('Saved!');
    expect((await stored()).channels.find((c) => c.id === 'telegram')?.visible).toBe(false);
  });

  test('Twilio: SMS and Voice from one account, their webhooks generated, then deleted with all the Twilio keys', async () => {
    await s.page.goto(configurationUrl());
    await addChannel('twilio', /Twilio SMS/);
    await addChannel('twilio', /Twilio Voice/);
    await saveSettings().click();
    await closePopup('Saved!');
    await expectVisible(row('Twilio SMS').getByText('Not connected, Enabled'));
    await expectVisible(row('Twilio Voice').getByText('Not connected, Enabled'));

    // SMS: the account (checked with Twilio on Save) and the number; connected once the webhook exists.
    await row('Twilio SMS').getByRole('button', { name: 'Settings' }).click();
    const sms = s.page.getByRole('dialog', { name: 'Twilio SMS and WhatsApp' });
    await sms.getByLabel('Account SID').fill(TWILIO_ACCOUNT.accountSid);
    await sms.getByLabel('Auth token').fill('0'.repeat(32));
    await sms.getByLabel('SMS number').fill(SMS_NUMBER);
    await sms.getByRole('button', { name: 'Save' }).click();
    await closePopup('Twilio did not accept this Account SID and auth token.');
    await sms.getByLabel('Auth token').fill(TWILIO_ACCOUNT.authToken);
    await sms.getByRole('button', { name: 'Save' }).click();
    await closePopup('Saved!');
    await sms.getByRole('button', { name: 'Generate webhook' }).click();
    await closePopup('Success!');
    const smsWebhook = sms.getByRole('textbox', { name: 'Messages webhook URL' });
    await expectVisible(smsWebhook);
    expect(await smsWebhook.inputValue()).toMatch(new RegExp(`^${PUBLIC_URL}/webhooks/twilio/messages/`));
    await screenshot(s.page, 'channels-twilio-sms-dialog');
    await sms.getByRole('button', { name: 'Close' }).last().click();
    await expectVisible(row('Twilio SMS').getByText('Connected, Enabled'));

    // Voice: the same account; the voice and its language, then its own webhook.
    await row('Twilio Voice').getByRole('button', { name: 'Settings' }).click();
    const voice = s.page.getByRole('dialog', { name: 'Twilio Voice' });
    expect(await voice.getByLabel('Account SID').inputValue()).toBe(TWILIO_ACCOUNT.accountSid);
    await voice.getByLabel('Text-to-speech language').selectOption('en-GB');
    await voice.getByLabel('Speech timeout (seconds)').fill('5');
    await voice.getByRole('button', { name: 'Save' }).click();
    await closePopup('Saved!');
    await voice.getByRole('button', { name: 'Generate webhook' }).click();
    await closePopup('Success!');
    await expectVisible(voice.getByRole('textbox', { name: 'Voice webhook URL' }));
    await screenshot(s.page, 'channels-twilio-voice-dialog');
    await voice.getByRole('button', { name: 'Close' }).last().click();
    await expectVisible(row('Twilio Voice').getByText('Connected, Enabled'));
    const keys = (await s.tina('GET', `/api/twilio/${encodeURIComponent(BOT)}/keys`)) as Record<
      string,
      unknown
    >;
    expect(keys).toMatchObject({ textToSpeechLanguage: 'en-GB', speechTimeout: 5, smsNumber: SMS_NUMBER });
    expect(JSON.stringify(keys)).not.toContain(TWILIO_ACCOUNT.authToken);

    // Delete webhook clears every Twilio key: both channels are disconnected.
    await row('Twilio SMS').getByRole('button', { name: 'Settings' }).click();
    await sms.getByRole('button', { name: 'Delete webhook' }).click();
    await popupOf(s.page).getByRole('button', { name: 'Delete webhook' }).click();
    await closePopup('Deleted!');
    await expectHidden(sms.getByRole('textbox', { name: 'Messages webhook URL' }));
    await sms.getByRole('button', { name: 'Close' }).last().click();
    await expectVisible(row('Twilio SMS').getByText('Not connected, Enabled'));
    await expectVisible(row('Twilio Voice').getByText('Not connected, Enabled'));
    await screenshot(s.page, 'channels-configuration-after-twilio', { fullPage: true });
  });

  test('Teams: Enable teams names the missing app ID and password; a refused one cannot update the keys', async () => {
    await s.page.goto(configurationUrl());
    await addChannel('teams', /Microsoft Teams/);
    await saveSettings().click();
    await closePopup('Saved!');
    await row('Microsoft Teams').getByRole('button', { name: 'Settings' }).click();
    const dialog = s.page.getByRole('dialog', { name: 'Microsoft Teams' });
    await expectVisible(dialog.getByText('Status: Not enabled'));

    // Nothing typed: each missing key is named at its field, and nothing is sent.
    const asked = () => teams.calls('/botframework.com/oauth2/v2.0/token').length;
    const askedBefore = asked();
    await dialog.getByRole('button', { name: 'Enable teams' }).click();
    await expectVisible(dialog.getByText('Enter the Microsoft App ID to enable Teams.'));
    await expectVisible(dialog.getByText('Enter the Microsoft App password to enable Teams.'));
    await expectHidden(popupOf(s.page));
    expect(asked()).toBe(askedBefore);

    // A password Microsoft refuses: 'Could not update keys' with Microsoft's reason; still not enabled.
    await dialog.getByLabel('Microsoft App ID').fill(TEAMS_APP_ID);
    await dialog.getByLabel('Microsoft App password').fill('not-the-password');
    await dialog.getByRole('button', { name: 'Enable teams' }).click();
    await expectVisible(popupOf(s.page).getByText('Could not update keys', { exact: true }));
    await screenshot(s.page, 'channels-teams-refused');
    await closePopup('Microsoft did not accept this app ID and password.');
    await expectVisible(dialog.getByText('Status: Not enabled'));

    await dialog.getByLabel('Microsoft App password').fill(TEAMS_APP_PASSWORD);
    await dialog.getByRole('button', { name: 'Enable teams' }).click();
    await closePopup('Saved!');
    await expectVisible(dialog.getByText('Status: Enabled'));
    await expectVisible(dialog.getByRole('link', { name: 'Add to Teams' }));
  });
});
