import type { Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { logInThroughUi } from './accounts';
import { type AppServer, type AppServerOptions, startAppServer } from './app-server';
import { type ApiCall, contentWorld, TINA } from './bot-content';
import { type Browser, launchBrowser } from './browser';
import { screenshotFailures } from './screenshots';

export interface BotPageSuite {
  app: AppServer;
  browser: Browser;
  /** Tina's page, signed in. */
  page: Page;
  /** Tina's API calls. */
  tina: ApiCall;
  /** The tenant of Tina and the bot. */
  tenantId: string;
  /** The bot's page, or one of its tabs: `${app.baseUrl}/bots/{bot}/{path}`. */
  botUrl(path?: string): string;
}

/**
 * What a test of a bot's screens starts from: a served app, the content world of
 * `contentWorld` with the bot, `prepare` (content made through the API), and Tina signed in
 * in Chromium. The hooks are registered here; the fields are filled before the first test.
 */
export function botPageSuite(
  botName: string,
  prepare?: (tina: ApiCall) => Promise<void>,
  options: AppServerOptions = {},
): BotPageSuite {
  const suite = {
    botUrl: (path = '') =>
      `${suite.app.baseUrl}/bots/${encodeURIComponent(botName)}${path ? `/${path}` : ''}`,
  } as BotPageSuite;
  beforeAll(async () => {
    suite.app = await startAppServer(options);
    ({ tina: suite.tina, tenantId: suite.tenantId } = await contentWorld(suite.app.server, botName));
    await prepare?.(suite.tina);
    suite.browser = await launchBrowser();
    suite.page = await suite.browser.newPage();
    await logInThroughUi(suite.page, suite.app.baseUrl, TINA.email, TINA.password);
  });
  screenshotFailures(() => suite.page);
  afterAll(async () => {
    await suite.browser?.close();
    await suite.app?.close();
  });
  return suite;
}
