import { BOT_MESSAGES, SYNC_MESSAGES } from '@parley/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { logInThroughUi } from './support/accounts';
import { type AppServer, startAppServer } from './support/app-server';
import { type ApiCall, contentWorld, TINA } from './support/bot-content';
import { type Browser, launchBrowser } from './support/browser';
import { expectHidden, expectVisible } from './support/expect-page';
import { screenshot, screenshotFailures } from './support/screenshots';

const BOT = 'Travel Bot';
const STEPS = [
  'NLU Resource',
  'NLU',
  'Initializing cache',
  'Syncing entities',
  'Syncing intents',
  'Training bot',
];

describe('publishing a bot', () => {
  let app: AppServer;
  let browser: Browser;
  let page: Page;
  let tina: ApiCall;

  beforeAll(async () => {
    app = await startAppServer();
    ({ tina } = await contentWorld(app.server, BOT));
    await tina('POST', `/api/${encodeURIComponent(BOT)}/entities`, {
      name: 'City',
      type: 'closedlists',
      sublists: [
        { canonicalForm: 'Paris', list: ['paris', 'city of light'] },
        { canonicalForm: 'Berlin', list: ['berlin'] },
        { canonicalForm: 'London', list: ['london'] },
      ],
    });
    await tina('POST', `/api/${encodeURIComponent(BOT)}/intents`, {
      name: 'BookFlight',
      utterances: [
        'i want to fly to paris',
        'book a flight to london',
        'a plane ticket to berlin please',
        'fly me to [City]',
      ],
    });
    await tina('POST', `/api/${encodeURIComponent(BOT)}/intents`, {
      name: 'Greeting',
      utterances: ['hello', 'good morning', 'hi there', 'hey, how are you'],
    });
    browser = await launchBrowser();
    page = await browser.newPage();
    await logInThroughUi(page, app.baseUrl, TINA.email, TINA.password);
  });
  screenshotFailures(() => page);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  const banner = () => page.getByRole('status').filter({ hasText: BOT_MESSAGES.unpublished });
  const panel = () => page.getByRole('complementary', { name: 'Publishing' });
  const process = () => panel().getByRole('region', { name: 'Publishing to Parley NLU' });

  test('the unpublished banner publishes; the panel shows the steps; the banner goes', async () => {
    await page.goto(`${app.baseUrl}/bots/${encodeURIComponent(BOT)}/intents`);
    await expectVisible(banner());
    await banner().getByRole('button', { name: 'Publish' }).click();
    // The publish is in the address while it runs (spec 02 section 2.1).
    await page.waitForURL((url) => url.searchParams.get('syncId')?.startsWith(`${BOT}|`) === true);
    await expectVisible(process());
    for (const step of STEPS) await expectVisible(process().getByRole('listitem').filter({ hasText: step }));
    await expectVisible(process().getByText('Succeeded', { exact: true }).first());
    await page.waitForFunction(
      () => document.querySelectorAll('.publishing .sync-step--succeeded').length === 6,
      undefined,
      { timeout: 30_000 },
    );
    await expectVisible(process().getByText(SYNC_MESSAGES.noTestSet));
    await screenshot(page, 'publishing-panel-done');
    // All publishing ended: the sync id leaves the address, the bot is published.
    await page.waitForURL((url) => !url.searchParams.has('syncId'));
    await expectHidden(banner());
    await expectHidden(process().getByRole('button', { name: 'Retry' }));

    // The published model recognises the intent and the entity, resolved to its canonical form.
    const prediction = (await tina('POST', `/api/${encodeURIComponent(BOT)}/nlu/predict`, {
      text: 'book me a flight to the city of light',
    })) as { topIntent: string; decision: string; entities: Array<{ entity: string; value: unknown }> };
    expect(prediction.topIntent).toBe('BookFlight');
    expect(prediction.entities).toEqual([expect.objectContaining({ entity: 'City', value: 'Paris' })]);
  });

  test('closing the process closes the panel; after a reload no panel opens once publishing ended', async () => {
    await expectVisible(process());
    await process().getByRole('button', { name: 'Close Parley NLU' }).click();
    await expectHidden(panel());
    await page.reload();
    await expectVisible(page.getByRole('tab', { name: 'Intents' }));
    await expectHidden(panel());
    await expectHidden(banner());
  });
});
