import type { Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { logInThroughUi } from './accounts';
import { type AppServer, type AppServerOptions, startAppServer } from './app-server';
import { type Browser, launchBrowser } from './browser';
import { screenshotFailures } from './screenshots';

export interface BrowserSuite {
  app: AppServer;
  browser: Browser;
  /** The suite's tab; signed in when the suite names who. */
  page: Page;
}

export interface BrowserSuiteOptions extends AppServerOptions {
  /** What the tests start from (accounts, content), made on the server before the browser opens. */
  prepare?(app: AppServer): Promise<void>;
  /** Who signs in through the login screen once the tab is open; left out, nobody. */
  signedIn?: { email: string; password: string };
  /** How long the start may take, when longer than the hooks' default. */
  timeoutMs?: number;
}

/**
 * What a browser test starts from: a served app on a fresh database, `prepare`, Chromium with
 * one tab (signed in when `signedIn` says who), a screenshot of every failing test, and all of
 * it closed after the suite. The hooks are registered here; the fields are filled before the
 * first test.
 */
export function browserSuite({
  prepare,
  signedIn,
  timeoutMs,
  ...options
}: BrowserSuiteOptions = {}): BrowserSuite {
  const suite = {} as BrowserSuite;
  beforeAll(async () => {
    suite.app = await startAppServer(options);
    await prepare?.(suite.app);
    suite.browser = await launchBrowser();
    suite.page = await suite.browser.newPage();
    if (signedIn) await logInThroughUi(suite.page, suite.app.baseUrl, signedIn.email, signedIn.password);
  }, timeoutMs);
  screenshotFailures(() => suite.page);
  afterAll(async () => {
    await suite.browser?.close();
    await suite.app?.close();
  });
  return suite;
}
