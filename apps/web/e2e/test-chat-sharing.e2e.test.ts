import type { Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import { botPageSuite } from './support/bot-page-suite';
import { type Browser, launchBrowser } from './support/browser';
import { expectHidden, expectTitle, expectVisible } from './support/expect-page';
import { preparePizzaBot } from './support/pizza-bot-setup';
import { screenshot } from './support/screenshots';

/** The suite's own bot; each test makes a pizza bot of its own. */
const HOME_BOT = 'Home Pizza Bot';

/**
 * 'Share testchat', the public test chat and 'Disable analytics' (spec 01 'Test chat extras'):
 * the designer shares the link and its password, a visitor without an account chats with the
 * test flows, and the conversation is in the log. The suite makes its own tenant and bot.
 */
describe('sharing the test chat', () => {
  const s = botPageSuite(HOME_BOT);
  /** The browsers of the visitors, people without an account, each in a browser of their own. */
  const visitorBrowsers: Browser[] = [];
  afterAll(async () => {
    for (const browser of visitorBrowsers) await browser.close();
  });
  const newVisitor = async () => {
    const browser = await launchBrowser();
    visitorBrowsers.push(browser);
    return { browser, page: await browser.newPage() };
  };

  const intentsUrl = (bot: string) => `${s.app.baseUrl}/bots/${encodeURIComponent(bot)}/intents`;
  /**
   * A pizza bot of the test's own (published, its order flow active to test), made through the
   * API, with its shared test chat's password and link.
   */
  const sharedPizzaBot = async (bot: string) => {
    await s.tina('POST', '/api/bot', { name: bot, region: 'eu-west', language: 'en' });
    await preparePizzaBot(s.tina, bot);
    const shared = (await s.tina('GET', `/api/bots/${encodeURIComponent(bot)}/ext-chat/password`)) as {
      password: string;
      linkId: string;
    };
    return { password: shared.password, link: `${s.app.baseUrl}/test-chat?id=${shared.linkId}` };
  };
  /** The bot's page with the test chat open. */
  const openTestChat = async (bot: string) => {
    await s.page.goto(intentsUrl(bot));
    await s.page.getByRole('button', { name: 'Test chat' }).click();
    await expectVisible(chat().getByText('Say something to the bot.'));
  };

  const chat = () => s.page.getByRole('complementary', { name: 'Test chat' });
  const openShareMenu = async () => {
    await chat().getByRole('button', { name: 'Share testchat' }).click();
    const menu = s.page.getByRole('menu', { name: 'Share testchat' });
    await expectVisible(menu);
    return menu;
  };
  const publicChat = (page: Page) => page.getByRole('region', { name: 'Test your bot' });
  const sendIn = async (page: Page, text: string) => {
    await publicChat(page).getByLabel('Message').fill(text);
    await publicChat(page).getByRole('button', { name: 'Send' }).click();
  };
  /** A visitor opens the link, starts the chat with the password and asks for a pizza. */
  const visitorAsksForPizza = async (shared: { password: string; link: string }) => {
    const visitor = await newVisitor();
    await visitor.page.goto(shared.link);
    const modal = visitor.page.getByRole('dialog', { name: 'Test your bot' });
    await modal.getByLabel('Password', { exact: true }).fill(shared.password);
    await modal.getByRole('button', { name: 'Start chat' }).click();
    await expectHidden(modal);
    await sendIn(visitor.page, 'pizza please');
    await expectVisible(publicChat(visitor.page).getByText('Which pizza would you like?'));
    return visitor;
  };

  test('Share testchat shows the password and the link with copy buttons', async () => {
    const bot = 'Shared Pizza Bot';
    const shared = await sharedPizzaBot(bot);
    await openTestChat(bot);
    const menu = await openShareMenu();
    expect(await menu.getByRole('menuitem').allInnerTexts()).toEqual([
      'Open testlink',
      'Show password',
      'Reset password',
    ]);
    // Open testlink becomes a link once the designer's pass is in.
    await expect
      .poll(() => menu.getByRole('menuitem', { name: 'Open testlink' }).getAttribute('href'))
      .toMatch(/^\/test-chat\?id=[\w-]{22}#pass=/);
    await screenshot(s.page, 'share-testchat-menu');
    await menu.getByRole('menuitem', { name: 'Show password' }).click();
    const dialog = s.page.getByRole('dialog', { name: 'Test chat password' });
    await expectVisible(dialog);
    const password = await dialog.getByLabel('Password', { exact: true }).inputValue();
    const link = await dialog.getByLabel('Link', { exact: true }).inputValue();
    expect(password).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
    expect(link).toMatch(new RegExp(`^${s.app.baseUrl}/test-chat\\?id=[\\w-]{22}$`));
    expect({ password, link }).toEqual(shared);
    await expectVisible(dialog.getByRole('button', { name: 'Copy password' }));
    await screenshot(s.page, 'share-testchat-password');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expectHidden(dialog);
  });

  test('Open testlink opens the public chat in a new tab, already unlocked', async () => {
    const bot = 'Testlink Pizza Bot';
    const { link } = await sharedPizzaBot(bot);
    await openTestChat(bot);
    const menu = await openShareMenu();
    const opener = menu.getByRole('menuitem', { name: 'Open testlink' });
    await expect.poll(() => opener.getAttribute('href')).toMatch(/#pass=/);
    const [tab] = await Promise.all([s.browser.context.waitForEvent('page'), opener.click()]);
    await tab.waitForLoadState();
    await expectVisible(publicChat(tab).getByText('Say something to the bot.'));
    // The pass left the address as soon as it was read.
    expect(new URL(tab.url()).hash).toBe('');
    expect(tab.url()).toBe(link);
    await expectTitle(tab, 'Parley - Test your bot');
    await sendIn(tab, 'pizza please');
    await expectVisible(publicChat(tab).getByText('Which pizza would you like?'));
    await tab.close();
  });

  test('a visitor: a wrong password says Invalid password, the right one starts the chat and the bot answers', async () => {
    const bot = 'Visited Pizza Bot';
    const { password, link } = await sharedPizzaBot(bot);
    const { browser: visitorBrowser, page: visitor } = await newVisitor();
    await visitor.goto(link);
    const modal = visitor.getByRole('dialog', { name: 'Test your bot' });
    await expectVisible(modal);
    // The page cannot go on without the password: the dialog has no close button.
    expect(await modal.getByRole('button', { name: 'Close' }).count()).toBe(0);
    await modal.getByLabel('Password', { exact: true }).fill('wrong-password');
    await modal.getByRole('button', { name: 'Start chat' }).click();
    await expectVisible(modal.getByText('Invalid password'));
    await screenshot(visitor, 'public-test-chat-password');
    await modal.getByLabel('Password', { exact: true }).fill(password);
    await modal.getByRole('button', { name: 'Start chat' }).click();
    await expectHidden(modal);
    await sendIn(visitor, 'I would like to order a pizza');
    await expectVisible(publicChat(visitor).getByText('Which pizza would you like?'));
    await sendIn(visitor, 'Margherita');
    const sizes = publicChat(visitor).getByRole('group', { name: 'Which size?' });
    await expectVisible(sizes);
    await sizes.getByRole('button', { name: 'Large' }).click();
    await expectVisible(publicChat(visitor).getByText('One Large Margherita is on its way.'));
    await screenshot(visitor, 'public-test-chat');
    expect(visitorBrowser.pageErrors).toEqual([]);
  });

  test('Disable analytics starts a marked conversation; the log shows it and the public chats', async () => {
    // The public chats: a visitor's whole order, and another visitor's question.
    const bot = 'Logged Pizza Bot';
    const shared = await sharedPizzaBot(bot);
    const visitor = await visitorAsksForPizza(shared);
    await sendIn(visitor.page, 'Margherita');
    const sizes = publicChat(visitor.page).getByRole('group', { name: 'Which size?' });
    await expectVisible(sizes);
    await sizes.getByRole('button', { name: 'Large' }).click();
    await expectVisible(publicChat(visitor.page).getByText('One Large Margherita is on its way.'));
    await visitorAsksForPizza(shared);
    // The designer's first internal chat.
    await openTestChat(bot);
    await chat().getByRole('switch', { name: 'Disable analytics' }).click();
    await expectVisible(chat().getByText(/analytics leave this conversation out/));
    await chat().getByLabel('Message').fill('pizza please');
    await chat().getByRole('button', { name: 'Send' }).click();
    await expectVisible(
      chat().getByRole('log', { name: 'Conversation' }).getByText('Which pizza would you like?'),
    );
    await screenshot(s.page, 'test-chat-disable-analytics');

    await chat().getByRole('button', { name: 'Close test chat' }).click();
    await s.page.getByRole('link', { name: 'Conversation log' }).click();
    await s.page.waitForURL(`${s.app.baseUrl}/bots/${encodeURIComponent(bot)}/conversation/log`);
    const sidebar = s.page.getByRole('navigation', { name: 'Conversations' });
    const entries = sidebar.getByRole('link');
    // The two public chats and the marked one; the first internal chat, left before a word was
    // said in it (Disable analytics started the marked one), is not listed.
    await expect.poll(() => entries.count()).toBe(3);
    await expect
      .poll(async () => (await entries.allInnerTexts()).filter((t) => /Public test chat/.test(t)).length)
      .toBe(2);
    await expect
      .poll(async () => (await entries.allInnerTexts()).filter((t) => /Analytics off/.test(t)).length)
      .toBe(1);
    // The visitor's conversation, with its whole order.
    const visitorsChat = entries.filter({ hasText: 'Public test chat' });
    let found = false;
    for (let i = 0; i < (await visitorsChat.count()) && !found; i++) {
      const entry = visitorsChat.nth(i);
      await entry.click();
      // Until the entry is current, the region may still show the conversation read before.
      await expect.poll(() => entry.getAttribute('aria-current')).toBe('page');
      const messages = s.page.getByRole('region', { name: 'Messages' });
      await expectVisible(messages.getByText('Which pizza would you like?'));
      found = (await messages.getByText('One Large Margherita is on its way.').count()) > 0;
    }
    expect(found).toBe(true);
    await screenshot(s.page, 'conversation-log-public-test-chat');
  });

  test('Reset password asks first, shows the new one, and ends the visitor\u2019s session', async () => {
    // A visitor in the middle of a chat.
    const bot = 'Reset Pizza Bot';
    const shared = await sharedPizzaBot(bot);
    const { password } = shared;
    const { browser: visitorBrowser, page: visitor } = await visitorAsksForPizza(shared);
    await openTestChat(bot);
    const menu = await openShareMenu();
    await menu.getByRole('menuitem', { name: 'Reset password' }).click();
    const confirm = s.page.getByRole('alertdialog', { name: 'Reset the test chat password?' });
    await expectVisible(confirm);
    await confirm.getByRole('button', { name: 'Reset password' }).click();
    const dialog = s.page.getByRole('dialog', { name: 'New test chat password' });
    await expectVisible(dialog);
    const newPassword = await dialog.getByLabel('Password', { exact: true }).inputValue();
    expect(newPassword).not.toBe(password);
    await dialog.getByRole('button', { name: 'Done' }).click();

    // The visitor's next message finds the session over: the password is asked again.
    await sendIn(visitor, 'pizza please');
    const modal = visitor.getByRole('dialog', { name: 'Test your bot' });
    await expectVisible(modal.getByText('This test chat session has ended. Enter the password again.'));
    await modal.getByLabel('Password', { exact: true }).fill(password);
    await modal.getByRole('button', { name: 'Start chat' }).click();
    await expectVisible(modal.getByText('Invalid password'));
    await modal.getByLabel('Password', { exact: true }).fill(newPassword);
    await modal.getByRole('button', { name: 'Start chat' }).click();
    await expectHidden(modal);
    await sendIn(visitor, 'pizza please');
    await expectVisible(publicChat(visitor).getByText('Which pizza would you like?'));
    expect(s.browser.pageErrors).toEqual([]);
    expect(visitorBrowser.pageErrors).toEqual([]);
  });

  test('no page errors', () => {
    expect(s.browser.pageErrors).toEqual([]);
    for (const visitor of visitorBrowsers) expect(visitor.pageErrors).toEqual([]);
  });
});
