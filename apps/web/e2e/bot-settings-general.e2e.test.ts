import { AVATAR_MAX_BYTES, DEFAULT_SYSTEM_MESSAGES, GENERAL_SETTINGS_MESSAGES as M } from '@parley/contracts';
import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { logInThroughUi, popupOf } from './support/accounts';
import { VERA } from './support/bot-content';
import { botPageSuite } from './support/bot-page-suite';
import { launchBrowser } from './support/browser';
import { expectHidden, expectVisible } from './support/expect-page';
import { screenshot } from './support/screenshots';

const BOT = 'Helper Bot';

interface StoredBot {
  displayName: string;
  settings: Record<string, unknown> & { botAvatar?: { width: number; height: number } };
}

describe('the General Settings and System Messages tabs', () => {
  const s = botPageSuite(BOT);
  const settingsUrl = (bot: string, tab: string) =>
    `${s.app.baseUrl}/bots/${encodeURIComponent(bot)}/settings/${tab}`;
  /** A bot of the test's own, which Vera (the suite's viewer) may see. */
  const newBot = async (bot: string) => {
    await s.tina('POST', '/api/bot', { name: bot, region: 'eu-west', language: 'en' });
    const roles = await s.app.server.ctx.repos.forTenant(s.tenantId).roles.list();
    const viewer = roles.find((role) => role.roleName === 'Viewer');
    await s.tina('POST', '/api/user/role', { userEmail: VERA.email, botName: bot, role: viewer?.roleId });
  };
  const field = (label: string) => s.page.getByLabel(label, { exact: true });
  const save = () => s.page.getByRole('button', { name: 'Save settings' });
  const closePopup = async (...texts: string[]) => {
    for (const text of texts) await expectVisible(popupOf(s.page).getByText(text, { exact: true }));
    await popupOf(s.page).getByRole('button', { name: 'OK' }).click();
    await expectHidden(popupOf(s.page));
  };
  const storedBot = async (bot: string) =>
    (await s.tina('GET', `/api/bots/${encodeURIComponent(bot)}`)) as StoredBot;
  const avatarPng = () =>
    sharp({ create: { width: 600, height: 300, channels: 3, background: { r: 94, g: 92, b: 230 } } })
      .png()
      .toBuffer();

  test('General Settings is the default settings tab and shows the stored values', async () => {
    const bot = 'Defaults Bot';
    await newBot(bot);
    await s.page.goto(`${s.app.baseUrl}/bots/${encodeURIComponent(bot)}/settings`);
    await s.page.waitForURL(settingsUrl(bot, 'general'));
    await expectVisible(s.page.getByRole('heading', { name: 'Bot Settings' }));
    await expectVisible(s.page.getByRole('heading', { name: 'Bot Threshold Settings' }));
    expect(await field('Display name').inputValue()).toBe(bot);
    expect(await field('In-between response delay (seconds)').inputValue()).toBe('0');
    expect(
      await s.page
        .getByRole('switch', { name: 'Continue previous conversation' })
        .getAttribute('aria-checked'),
    ).toBe('false');
    expect(await field('Idle timeout (seconds)').inputValue()).toBe('1');
    expect(await field('High confidence threshold (%)').inputValue()).toBe('70');
    expect(await field('Low confidence threshold (%)').inputValue()).toBe('30');
    await expectVisible(save());
    await screenshot(s.page, 'bot-settings-general', { fullPage: true });
  });

  test("a settings tab's address opens it without a loader for its code (the page's, the frame's and the tab's code load at once)", async () => {
    const bot = 'Quick Bot';
    await newBot(bot);
    // Every status shown on the way.
    await s.page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __statuses: string[] }).__statuses = seen;
      new MutationObserver(() => {
        for (const status of document.querySelectorAll('[role="status"]'))
          if (status.textContent && !seen.includes(status.textContent)) seen.push(status.textContent);
      }).observe(document, { childList: true, subtree: true });
    });
    for (const [tab, shown] of [
      ['general', () => field('Display name')],
      ['features', () => s.page.getByRole('switch', { name: 'Ask for consent' })],
    ] as const) {
      await s.page.goto('about:blank');
      await s.page.goto(settingsUrl(bot, tab));
      await expectVisible(shown());
      await expectVisible(save());
      const statuses = await s.page.evaluate(
        () => (window as unknown as { __statuses: string[] }).__statuses,
      );
      // The settings frame's loader for a tab's code never showed.
      expect(statuses).not.toContain('Loading the settings');
    }
  });

  test('a value out of its steps is marked, and Save says Error! with the message', async () => {
    await newBot('Steps Bot');
    await s.page.goto(settingsUrl('Steps Bot', 'general'));
    await field('In-between response delay (seconds)').fill('0.25');
    await expectVisible(s.page.getByText(M.delayStep));
    await save().click();
    await closePopup('Error!', M.delayStep);
    expect((await storedBot('Steps Bot')).settings.delay).toBe(0);
  });

  test('an avatar over 2 MB is refused with the spec message', async () => {
    await newBot('Big Avatar Bot');
    await s.page.goto(settingsUrl('Big Avatar Bot', 'general'));
    await s.page.getByLabel('Avatar image').setInputFiles({
      name: 'huge.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(AVATAR_MAX_BYTES + 1),
    });
    await closePopup('Error!', M.avatarTooBig);
    expect(await s.page.getByRole('img', { name: 'Bot avatar' }).count()).toBe(0);
  });

  test('edits and an avatar are saved together, and are there after a reload', async () => {
    await s.page.goto(settingsUrl(BOT, 'general'));
    await field('Display name').fill('Helga the helper');
    await field('In-between response delay (seconds)').fill('1.5');
    await s.page.getByRole('switch', { name: 'Continue previous conversation' }).click();
    await field('Idle timeout (seconds)').fill('2.5');
    await field('Idle text').fill('Are you still there?');
    await field('High confidence threshold (%)').fill('80');
    await field('Low confidence threshold (%)').fill('40');
    await s.page
      .getByLabel('Avatar image')
      .setInputFiles({ name: 'helga.png', mimeType: 'image/png', buffer: await avatarPng() });
    await expectVisible(s.page.getByRole('img', { name: 'Bot avatar' }));
    await save().click();
    await closePopup('Saved!');

    const stored = await storedBot(BOT);
    expect(stored.displayName).toBe('Helga the helper');
    expect(stored.settings).toMatchObject({
      delay: 1500,
      continueOldConversations: true,
      idleTimeout: 2.5,
      idleText: 'Are you still there?',
      confidence: 0.8,
      lowConfidence: 0.4,
      botAvatar: { width: 256, height: 128 },
    });

    await s.page.reload();
    await expectVisible(s.page.getByRole('heading', { name: 'Bot Settings' }));
    expect(await field('Display name').inputValue()).toBe('Helga the helper');
    expect(await field('In-between response delay (seconds)').inputValue()).toBe('1.5');
    expect(
      await s.page
        .getByRole('switch', { name: 'Continue previous conversation' })
        .getAttribute('aria-checked'),
    ).toBe('true');
    expect(await field('Idle timeout (seconds)').inputValue()).toBe('2.5');
    expect(await field('Idle text').inputValue()).toBe('Are you still there?');
    expect(await field('High confidence threshold (%)').inputValue()).toBe('80');
    expect(await field('Low confidence threshold (%)').inputValue()).toBe('40');
    // The stored avatar is shown, at the size the server made it.
    const avatar = s.page.getByRole('img', { name: 'Bot avatar' });
    await expectVisible(avatar);
    await s.page.waitForFunction(
      () =>
        (document.querySelector('img[alt="Bot avatar"]') as HTMLImageElement | null)?.naturalWidth === 256,
    );
    // The page's title is the display name.
    await expectVisible(s.page.getByRole('heading', { name: 'Helga the helper' }));
    await screenshot(s.page, 'bot-settings-general-saved', { fullPage: true });
  });

  test("System Messages: the bot's languages, default first; blank means the default; saved per language", async () => {
    const tenant = (await s.app.server.ctx.repos.tenants.list()).find(
      (t) => t.displayName === 'Acme Support',
    );
    const scope = s.app.server.ctx.repos.forTenant(tenant?.id ?? '');
    await newBot('Languages Bot');
    const bot = await scope.bots.get('Languages Bot');
    if (!bot) throw new Error('the bot is missing');
    await scope.bots.update(bot.id, { settings: { ...bot.settings, supportedLanguages: ['en', 'de'] } });

    await s.page.goto(settingsUrl('Languages Bot', 'systemLanguages'));
    await s.page.waitForURL(settingsUrl('Languages Bot', 'systemLanguages'));
    const languages = s.page.getByRole('navigation', { name: 'Languages' }).getByRole('button');
    await expectVisible(languages.first());
    expect(await languages.allTextContents()).toEqual(['EnglishEN · default', 'GermanDE']);
    const belowThreshold = field('Not understood (below the low threshold)');
    expect(await belowThreshold.inputValue()).toBe('');
    expect(await belowThreshold.getAttribute('placeholder')).toBe(
      DEFAULT_SYSTEM_MESSAGES.messageBelowThreshold,
    );
    for (const label of [
      'Unexpected error',
      'Empty message',
      'Empty text',
      'Not sure (between the thresholds)',
    ])
      await expectVisible(field(label));

    await belowThreshold.fill('Sorry, I only know about pizza.');
    await languages.filter({ hasText: 'German' }).click();
    await expectVisible(s.page.getByRole('heading', { name: 'Messages in German' }));
    expect(await belowThreshold.inputValue()).toBe('');
    await field('Empty text').fill('Bitte schreiben Sie etwas.');
    await screenshot(s.page, 'bot-settings-system-messages', { fullPage: true });
    await save().click();
    await closePopup('Saved!');
    expect((await storedBot('Languages Bot')).settings.systemMessages).toEqual({
      en: { messageBelowThreshold: 'Sorry, I only know about pizza.' },
      de: { messageTextEmpty: 'Bitte schreiben Sie etwas.' },
    });

    await s.page.reload();
    await expectVisible(s.page.getByRole('heading', { name: 'Messages in English' }));
    expect(await belowThreshold.inputValue()).toBe('Sorry, I only know about pizza.');
    await languages.filter({ hasText: 'German' }).click();
    expect(await field('Empty text').inputValue()).toBe('Bitte schreiben Sie etwas.');
  });

  test('a user without Manage general settings sees both tabs read-only and no Save settings', async () => {
    const bot = 'Read-only Bot';
    await newBot(bot);
    // Tina gives the bot an avatar first.
    await s.page.goto(settingsUrl(bot, 'general'));
    await s.page
      .getByLabel('Avatar image')
      .setInputFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: await avatarPng() });
    await expectVisible(s.page.getByRole('img', { name: 'Bot avatar' }));
    await save().click();
    await closePopup('Saved!');
    // Vera, on a browser of her own (a page of this one would share Tina's session).
    const own = await launchBrowser();
    const other = await own.newPage();
    try {
      await logInThroughUi(other, s.app.baseUrl, VERA.email, VERA.password);
      await other.goto(settingsUrl(bot, 'general'));
      const name = other.getByLabel('Display name', { exact: true });
      await expectVisible(name);
      expect(await name.isDisabled()).toBe(true);
      await expectVisible(other.getByText(M.readOnly));
      expect(await other.getByLabel('High confidence threshold (%)', { exact: true }).isDisabled()).toBe(
        true,
      );
      expect(await other.getByRole('switch', { name: 'Continue previous conversation' }).isDisabled()).toBe(
        true,
      );
      expect(await other.getByRole('button', { name: 'Upload avatar' }).count()).toBe(0);
      // Her role lets her see the bot, so its avatar too.
      await expectVisible(other.getByRole('img', { name: 'Bot avatar' }));
      expect(await other.getByRole('button', { name: 'Save settings' }).count()).toBe(0);
      await screenshot(other, 'bot-settings-general-read-only');

      await other.getByRole('tab', { name: 'System Messages' }).click();
      const message = other.getByLabel('Empty text', { exact: true });
      await expectVisible(message);
      expect(await message.isDisabled()).toBe(true);
      expect(await other.getByRole('button', { name: 'Save settings' }).count()).toBe(0);
      expect(own.pageErrors).toEqual([]);
    } finally {
      await own.close();
    }
  });

  test('no page errors', () => {
    expect(s.browser.pageErrors).toEqual([]);
  });
});
