import {
  type CustomWidget,
  type GdprSettings,
  type HandoverSettings,
  FEATURES_MESSAGES as M,
} from '@parley/contracts';
import { describe, expect, test } from 'vitest';
import { popupOf } from './support/accounts';
import { botPageSuite } from './support/bot-page-suite';
import { expectHidden, expectVisible } from './support/expect-page';
import { screenshot } from './support/screenshots';

describe('the Features tab', () => {
  const s = botPageSuite('Features Home Bot');
  const featuresUrl = (bot: string) => `${s.app.baseUrl}/bots/${encodeURIComponent(bot)}/settings/features`;
  const api = (bot: string, suffix: string) => `/api/bots/${encodeURIComponent(bot)}${suffix}`;
  const field = (label: string) => s.page.getByLabel(label, { exact: true });
  const toggle = (name: string) => s.page.getByRole('switch', { name });
  const sidebar = (name: string) =>
    s.page.getByRole('navigation', { name: 'Features' }).getByRole('button', { name });
  const save = () => s.page.getByRole('button', { name: 'Save settings' });
  const closePopup = async (...texts: string[]) => {
    for (const text of texts) await expectVisible(popupOf(s.page).getByText(text, { exact: true }));
    await popupOf(s.page).getByRole('button', { name: 'OK' }).click();
    await expectHidden(popupOf(s.page));
  };

  test('GDPR: consent on with its messages and a masking pattern; a broken regex is named; kept after a reload', async () => {
    const bot = 'Privacy Bot';
    await s.tina('POST', '/api/bot', { name: bot, region: 'eu-west', language: 'en' });
    await s.page.goto(featuresUrl(bot));
    // GDPR is the default sub-tab; consent is off, so its messages are not shown.
    await expectVisible(s.page.getByRole('heading', { name: 'Consent' }));
    expect(await sidebar('GDPR').getAttribute('aria-current')).toBe('page');
    await expectHidden(field('Consent message'));
    await expectHidden(toggle('Disable the bot for users who reject'));
    // The Chat Bubble channel is not enabled: its item is disabled.
    expect(await sidebar('Chat Bubble').isDisabled()).toBe(true);

    await toggle('Ask for consent').click();
    await expectVisible(field('Consent message'));
    await expectHidden(field('Disabled message'));
    await toggle('Disable the bot for users who reject').click();
    await expectVisible(field('Disabled message'));
    await field('Consent message').fill('May I keep a record of our chat?');
    await field('Consent URL').fill('https://example.com/privacy');
    await toggle('Mask personal data').click();

    const addPattern = s.page.getByRole('button', { name: 'Add pattern' });
    await field('New pattern name').fill('Order number');
    expect(await addPattern.isDisabled()).toBe(true);
    await field('New pattern').fill('(ORD-\\d+');
    await addPattern.click();
    await expectVisible(s.page.getByText(M.invalidRegex('(ORD-\\d+'), { exact: true }));
    await screenshot(s.page, 'bot-features-gdpr-invalid-regex', { fullPage: true });
    await save().click();
    await closePopup('Error!', M.invalidRegex('(ORD-\\d+'));
    expect(((await s.tina('GET', api(bot, '/gdpr/settings'))) as GdprSettings).askForConsent).toBe(false);

    await s.page.getByLabel('Pattern', { exact: true }).last().fill('ORD-\\d+');
    await expectHidden(s.page.getByText(M.invalidRegex('(ORD-\\d+'), { exact: true }));
    await save().click();
    await closePopup('Saved!');
    const stored = (await s.tina('GET', api(bot, '/gdpr/settings'))) as GdprSettings;
    expect(stored).toMatchObject({
      askForConsent: true,
      canDisable: true,
      consentMessage: 'May I keep a record of our chat?',
      consentUrl: 'https://example.com/privacy',
      maskPersonalData: true,
    });
    expect(stored.maskingPatterns.at(-1)).toEqual({ name: 'Order number', pattern: 'ORD-\\d+' });

    await s.page.reload();
    await expectVisible(s.page.getByRole('heading', { name: 'Consent' }));
    expect(await toggle('Ask for consent').getAttribute('aria-checked')).toBe('true');
    expect(await toggle('Disable the bot for users who reject').getAttribute('aria-checked')).toBe('true');
    expect(await field('Consent message').inputValue()).toBe('May I keep a record of our chat?');
    expect(await s.page.getByLabel('Pattern', { exact: true }).last().inputValue()).toBe('ORD-\\d+');
    expect(await s.page.getByLabel('Name', { exact: true }).last().inputValue()).toBe('Order number');
  });

  test('Chat Bubble is enabled once its channel is added and enabled in the Configuration tab', async () => {
    const bot = 'Bubble Bot';
    await s.tina('POST', '/api/bot', { name: bot, region: 'eu-west', language: 'en' });
    await s.page.goto(featuresUrl(bot));
    await expectVisible(s.page.getByRole('heading', { name: 'Consent' }));
    expect(await sidebar('Chat Bubble').isDisabled()).toBe(true);
    await s.tina('POST', api(bot, '/configuration'), {
      channels: [{ name: 'chatBubble', visible: true, enabled: true }],
    });
    await s.page.reload();
    await expectVisible(s.page.getByRole('heading', { name: 'Consent' }));
    await s.page.waitForFunction(
      () =>
        [...document.querySelectorAll('nav[aria-label="Features"] button')]
          .find((b) => b.textContent === 'Chat Bubble')
          ?.hasAttribute('disabled') === false,
    );
    await sidebar('Chat Bubble').click();
    await expectVisible(s.page.getByRole('heading', { name: 'Chat bubbles' }));
    expect(s.page.url()).toContain('feature=chatBubble');
  });

  test('Handover and a custom widget are saved from their sub-tabs and kept after a reload', async () => {
    const bot = 'Team Bot';
    await s.tina('POST', '/api/bot', { name: bot, region: 'eu-west', language: 'en' });
    await s.page.goto(featuresUrl(bot));
    await sidebar('Handover').click();
    await expectVisible(toggle('Handover to a person'));
    expect(await field('Negative sentiment limit').getAttribute('placeholder')).toBe('3');
    await toggle('Handover to a person').click();
    await field('Opening time').fill('08:30');
    await field('Closing time').fill('18:00');
    await field('Negative sentiment limit').fill('0');
    await expectVisible(s.page.getByText(M.handoverLimit('negative sentiment limit'), { exact: true }));
    await field('Negative sentiment limit').fill('4');
    await field('Queue message').fill('Please hold on, a colleague is coming.');
    await save().click();
    await closePopup('Saved!');
    expect((await s.tina('GET', api(bot, '/handover/settings'))) as HandoverSettings).toMatchObject({
      isActive: true,
      openingTime: '08:30',
      closingTime: '18:00',
      negativeSentimentLimit: 4,
      unrecognizedIntentLimit: null,
      queueEnterMessage: 'Please hold on, a colleague is coming.',
    });

    await sidebar('Custom Widgets').click();
    const addWidget = s.page.getByRole('button', { name: 'Add widget' });
    await field('New widget text').fill('Handled alone');
    expect(await addWidget.isDisabled()).toBe(true);
    await field('New widget formula').fill('touchless / interactions');
    await addWidget.click();
    expect(await field('Text').inputValue()).toBe('Handled alone');
    await save().click();
    await closePopup('Saved!');
    const dashboard = (await s.tina('GET', api(bot, '/dashboard'))) as { customWidget: CustomWidget[] };
    expect(dashboard.customWidget).toEqual([{ text: 'Handled alone', formula: 'touchless / interactions' }]);

    // The open sub-tab is in the address: a reload opens it again, with what was saved.
    await s.page.reload();
    await expectVisible(field('Text'));
    expect(await field('Text').inputValue()).toBe('Handled alone');
    expect(await field('Formula').inputValue()).toBe('touchless / interactions');
    await screenshot(s.page, 'bot-features-custom-widgets', { fullPage: true });
    await sidebar('Handover').click();
    expect(await toggle('Handover to a person').getAttribute('aria-checked')).toBe('true');
    expect(await field('Opening time').inputValue()).toBe('08:30');
    expect(await field('Closing time').inputValue()).toBe('18:00');
    expect(await field('Negative sentiment limit').inputValue()).toBe('4');
    await screenshot(s.page, 'bot-features-handover', { fullPage: true });
  });
});
