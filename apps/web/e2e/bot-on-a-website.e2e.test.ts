import { copyFileSync, mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  CONSENT_CHOICES,
  DEFAULT_GDPR_SETTINGS,
  DEFAULT_HANDOVER_SETTINGS,
  type GdprSettings,
  type HandoverSettings,
  NOT_RECORDED_TEXT,
} from '@parley/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { popupOf } from './support/accounts';
import { botPageSuite } from './support/bot-page-suite';
import { launchBrowser } from './support/browser';
import { expectHidden, expectVisible } from './support/expect-page';
import { publishedTemplateBot } from './support/pizza-bot-setup';
import { screenshot } from './support/screenshots';

const BOT = 'Shop Helper';
const GDPR: GdprSettings = {
  ...DEFAULT_GDPR_SETTINGS,
  askForConsent: true,
  consentMessage: 'May I keep a record of our chat to help you better?',
  consentAgreeMessage: 'Thank you! Ask me anything.',
  consentRejectMessage: 'Understood: nothing you write is kept.',
  maskPersonalData: true,
  removeUserData: true,
};
const HANDOVER: HandoverSettings = {
  ...DEFAULT_HANDOVER_SETTINGS,
  isActive: true,
  openingTime: '00:00',
  closingTime: '00:00',
  unrecognizedIntentLimit: 2,
};

/** Saves the screenshot to /tmp/shots too, where a person looks at this pictures. */
async function shot(page: Page, name: string): Promise<void> {
  const file = await screenshot(page, `website-${name}`);
  mkdirSync('/tmp/shots', { recursive: true });
  copyFileSync(file, `/tmp/shots/website-${name}.png`);
}

/**
 * Issue 13's 'Done means', as a new user would do it in Chromium: Tina adds the Chat Bubble
 * channel and a snippet to a template bot, pastes its embed code into a plain page on another
 * origin, and a visitor there agrees to consent and talks to the template flow; a second visitor
 * rejects consent; the first is handed over and Tina answers in the agent inbox; the
 * conversation log then shows both conversations, the e-mail address masked and the rejecting
 * visitor's texts not kept.
 */
describe('a bot on a customer website', () => {
  const s = botPageSuite('Website Home Bot', async (tina) => {
    await publishedTemplateBot(tina, BOT, 'customer-support-faq.enc');
    await tina('PUT', `/api/bots/${encodeURIComponent(BOT)}/gdpr/settings`, GDPR);
    await tina('PUT', `/api/bots/${encodeURIComponent(BOT)}/handover/settings`, HANDOVER);
  });
  let site: Server;
  let siteUrl = '';
  let embedCode = '';

  beforeAll(async () => {
    site = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>The Example Shop</title></head><body style="font-family: Georgia, serif; margin: 40px"><h1>The Example Shop</h1><p>Fresh bread every morning.</p>${embedCode}</body></html>`,
      );
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => site?.close(resolve));
  });

  const closePopup = async (text: string) => {
    await expectVisible(popupOf(s.page).getByText(text, { exact: true }));
    await popupOf(s.page).getByRole('button', { name: 'OK' }).click();
    await expectHidden(popupOf(s.page));
  };

  test('embed, consent, reject, handover to an agent and the masked conversation log', async () => {
    const botPath = `/bots/${encodeURIComponent(BOT)}`;
    // The Configuration tab: add the Chat Bubble channel and save.
    await s.page.goto(`${s.app.baseUrl}${botPath}/settings/configuration`);
    await s.page.getByRole('combobox', { name: 'Search a channel to add' }).fill('bubble');
    await s.page.getByRole('option', { name: /Chat Bubble/ }).click();
    await s.page.getByRole('button', { name: 'Save settings' }).click();
    await closePopup('Saved!');
    const channels = s.page.getByRole('list', { name: 'Channels' });
    await expectVisible(
      channels.getByRole('listitem', { name: 'Chat Bubble' }).getByText('Not connected, Enabled'),
    );

    // Its Settings lead to the Chat Bubble settings: a snippet for the shop's origin.
    await channels
      .getByRole('listitem', { name: 'Chat Bubble' })
      .getByRole('button', { name: 'Settings' })
      .click();
    await expectVisible(s.page.getByRole('heading', { name: 'Chat bubbles' }));
    await s.page.getByRole('button', { name: 'Add chat bubble' }).click();
    const form = s.page.getByRole('form', { name: 'New chat bubble' });
    await form.getByLabel('Name').fill('Shop site');
    await form.getByRole('button', { name: 'Create' }).click();
    const card = s.page.getByRole('region', { name: 'Shop site' });
    await card.getByLabel('Title').fill('Ask the shop');
    await card.getByRole('button', { name: 'Add origin' }).click();
    await card.getByLabel('Origin 1', { exact: true }).fill(siteUrl);
    await card.getByRole('button', { name: 'Save', exact: true }).click();
    await closePopup('Saved!');
    embedCode = await card.getByLabel('Embed code').inputValue();
    expect(embedCode).toContain('/assets/chat-widget.js');
    await shot(s.page, '1-snippet');

    // The channel is connected now that it has a snippet.
    await s.page.goto(`${s.app.baseUrl}${botPath}/settings/configuration`);
    await expectVisible(
      channels.getByRole('listitem', { name: 'Chat Bubble' }).getByText('Connected, Enabled'),
    );

    // A visitor on the shop's page: consent first, then the template's answers.
    const visitorBrowser = await launchBrowser();
    const rejectingBrowser = await launchBrowser();
    try {
      const visitor = await visitorBrowser.newPage();
      await visitor.goto(siteUrl);
      const widget = visitor.locator('[data-parley-chat]');
      const log = widget.getByRole('log', { name: 'Conversation' });
      const says = async (page: Page, text: string) => {
        const chat = page.locator('[data-parley-chat]');
        await chat.getByLabel('Type your message').fill(text);
        await chat.getByRole('button', { name: 'Send', exact: true }).click();
      };
      await widget.getByRole('button', { name: /^Chat: Ask the shop/ }).click();
      await says(visitor, 'when are you open');
      await expectVisible(log.getByText(GDPR.consentMessage));
      await shot(visitor, '2-consent');
      await log.getByRole('button', { name: CONSENT_CHOICES.agree }).last().click();
      await expectVisible(log.getByText(GDPR.consentAgreeMessage));
      await says(visitor, 'when are you open');
      await expectVisible(log.getByText('Monday to Friday from 9:00 to 17:00'));
      // Not understood twice: the visitor is handed to a person.
      await says(visitor, 'my address is anna.berg@example.com, wobble');
      await says(visitor, 'zzzt flarn');
      await expectVisible(log.getByText(HANDOVER.queueEnterMessage));
      await shot(visitor, '3-queued');

      // A second visitor rejects consent: the bot talks on, keeping nothing.
      const rejecting = await rejectingBrowser.newPage();
      await rejecting.goto(siteUrl);
      const rejectingWidget = rejecting.locator('[data-parley-chat]');
      const rejectingLog = rejectingWidget.getByRole('log', { name: 'Conversation' });
      await rejectingWidget.getByRole('button', { name: /^Chat: Ask the shop/ }).click();
      await says(rejecting, 'hello there');
      await expectVisible(rejectingLog.getByText(GDPR.consentMessage));
      await rejectingLog.getByRole('button', { name: CONSENT_CHOICES.reject }).last().click();
      await expectVisible(rejectingLog.getByText(GDPR.consentRejectMessage));
      await says(rejecting, 'when are you open');
      await expectVisible(rejectingLog.getByText('Monday to Friday from 9:00 to 17:00'));
      await shot(rejecting, '4-rejected');

      // Tina answers in the agent inbox; the visitor reads it on the shop's page.
      await s.page.goto(`${s.app.baseUrl}/inbox`);
      await s.page
        .getByRole('region', { name: /^Waiting/ })
        .getByRole('link', { name: /zzzt flarn/ })
        .click();
      await s.page.getByRole('button', { name: 'Take' }).click();
      await expectVisible(log.getByText(HANDOVER.chatStartMessage));
      await s.page.getByLabel('Message to the user').fill('Hello, Tina from the shop here. How can I help?');
      await s.page.getByRole('button', { name: 'Send' }).click();
      await expectVisible(log.getByText('Hello, Tina from the shop here. How can I help?'));
      await says(visitor, 'Where is my order?');
      await expectVisible(s.page.getByRole('list', { name: 'Messages' }).getByText('Where is my order?'));
      await shot(s.page, '5-agent-inbox');
      await shot(visitor, '6-agent-answer');
      await s.page.getByRole('button', { name: 'Hand back to the bot' }).click();
      await expectVisible(log.getByText(HANDOVER.chatEndMessage));

      // The conversation log: the visitor's e-mail address is masked; the rejecting visitor's texts are not kept.
      const keptConversation = async (page: Page) =>
        (
          JSON.parse(
            (await page.evaluate(() => {
              const key = Object.keys(localStorage).find((k) => k.startsWith('parley-chat:'));
              return key ? localStorage.getItem(key) : null;
            })) ?? '{}',
          ) as { conversationId?: string }
        ).conversationId ?? '';
      await s.page.goto(`${s.app.baseUrl}${botPath}/conversation/log/${await keptConversation(visitor)}`);
      const messages = s.page.getByRole('region', { name: 'Messages' });
      await expectVisible(messages.getByText('my address is [Email address], wobble'));
      await expectVisible(messages.getByText('Where is my order?'));
      expect(await messages.getByText('anna.berg@example.com').count()).toBe(0);
      await expectVisible(
        s.page
          .getByRole('navigation', { name: 'Conversations' })
          .getByText(/Chat Bubble/)
          .first(),
      );
      await shot(s.page, '7-log-masked');
      await s.page.goto(`${s.app.baseUrl}${botPath}/conversation/log/${await keptConversation(rejecting)}`);
      await expectVisible(messages.getByText(NOT_RECORDED_TEXT).first());
      expect(await messages.getByText('hello there').count()).toBe(0);
      await shot(s.page, '8-log-not-recorded');

      // The rejecting visitor has their data removed from the chat's header: the log keeps only the confirmation.
      rejecting.once('dialog', (dialog) => void dialog.accept());
      await rejectingWidget.getByRole('button', { name: 'Delete my data' }).click();
      await expectVisible(rejectingLog.getByText(GDPR.removeUserDataMessage));
      await s.page.reload();
      await expectVisible(messages.getByText(GDPR.removeUserDataMessage));
      expect(await messages.getByText(NOT_RECORDED_TEXT).count()).toBe(0);
      expect(visitorBrowser.pageErrors).toEqual([]);
      expect(rejectingBrowser.pageErrors).toEqual([]);
    } finally {
      await visitorBrowser.close();
      await rejectingBrowser.close();
    }
  });
});
