import { type ApiCall, contentWorld, TINA } from './bot-content';
import { type BrowserSuite, type BrowserSuiteOptions, browserSuite } from './browser-suite';

export interface BotPageSuite extends BrowserSuite {
  /** Tina's API calls. */
  tina: ApiCall;
  /** The tenant of Tina and the bot. */
  tenantId: string;
  /** The bot's page, or one of its tabs: `${app.baseUrl}/bots/{bot}/{path}`. */
  botUrl(path?: string): string;
}

/**
 * What a test of a bot's screens starts from: the browser suite with the content world of
 * `contentWorld` with the bot, `prepare` (content made through the API), and Tina signed in.
 */
export function botPageSuite(
  botName: string,
  prepare?: (tina: ApiCall) => Promise<void>,
  options: Omit<BrowserSuiteOptions, 'prepare' | 'signedIn'> = {},
): BotPageSuite {
  const suite = browserSuite({
    ...options,
    prepare: async (app) => {
      ({ tina: suite.tina, tenantId: suite.tenantId } = await contentWorld(app.server, botName));
      await prepare?.(suite.tina);
    },
    signedIn: TINA,
  }) as BotPageSuite;
  suite.botUrl = (path = '') =>
    `${suite.app.baseUrl}/bots/${encodeURIComponent(botName)}${path ? `/${path}` : ''}`;
  return suite;
}
