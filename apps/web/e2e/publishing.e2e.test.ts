import { BOT_MESSAGES, SYNC_MESSAGES } from '@parley/contracts';
import { describe, expect, test } from 'vitest';
import { multipartBody } from '../../server/test/support/bot-content';
import { pollUntil } from '../../server/test/support/poll-until';
import { popupOf } from './support/accounts';
import { TINA } from './support/bot-content';
import { botPageSuite } from './support/bot-page-suite';
import { expectHidden, expectVisible } from './support/expect-page';
import { screenshot } from './support/screenshots';

/** The suite's own bot; each test makes one of its own. */
const HOME_BOT = 'Travel Home Bot';
const STEPS = [
  'NLU Resource',
  'NLU',
  'Initializing cache',
  'Syncing entities',
  'Syncing intents',
  'Training bot',
];

describe('publishing a bot', () => {
  const s = botPageSuite(HOME_BOT);

  const intentsUrl = (bot: string) => `${s.app.baseUrl}/bots/${encodeURIComponent(bot)}/intents`;
  /** A bot of the test's own with a City entity and the BookFlight and Greeting intents, made through the API. */
  const travelBot = async (bot: string) => {
    await s.tina('POST', '/api/bot', { name: bot, region: 'eu-west', language: 'en' });
    await s.tina('POST', `/api/${encodeURIComponent(bot)}/entities`, {
      name: 'City',
      type: 'closedlists',
      sublists: [
        { canonicalForm: 'Paris', list: ['paris', 'city of light'] },
        { canonicalForm: 'Berlin', list: ['berlin'] },
        { canonicalForm: 'London', list: ['london'] },
      ],
    });
    await s.tina('POST', `/api/${encodeURIComponent(bot)}/intents`, {
      name: 'BookFlight',
      utterances: [
        'i want to fly to paris',
        'book a flight to london',
        'a plane ticket to berlin please',
        'fly me to [City]',
      ],
    });
    await s.tina('POST', `/api/${encodeURIComponent(bot)}/intents`, {
      name: 'Greeting',
      utterances: ['hello', 'good morning', 'hi there', 'hey, how are you'],
    });
  };
  /** The bot published through the API, to its end. */
  const publishThroughApi = async (bot: string) => {
    const syncId = `${bot}|${Date.now()}`;
    const sync = `/api/synchronization/${encodeURIComponent(bot)}`;
    const query = `provider=parley&syncId=${encodeURIComponent(syncId)}`;
    await s.tina('POST', `${sync}/sync?${query}`);
    const done = await pollUntil(
      `the publish of ${bot} to end`,
      () => s.tina('GET', `${sync}/progress?${query}`) as Promise<{ isDone: boolean }>,
      (progress) => progress.isDone,
      { timeoutMs: 60_000, intervalMs: 200 },
    );
    expect(done.isDone).toBe(true);
  };

  const banner = () => s.page.getByRole('status').filter({ hasText: BOT_MESSAGES.unpublished });
  const panel = () => s.page.getByRole('complementary', { name: 'Publishing' });
  const process = () => panel().getByRole('region', { name: 'Publishing to Parley NLU' });

  test('the unpublished banner publishes; the panel shows the steps; the banner goes', async () => {
    const bot = 'Travel Bot';
    await travelBot(bot);
    await s.page.goto(intentsUrl(bot));
    await expectVisible(banner());
    await banner().getByRole('button', { name: 'Publish' }).click();
    // The publish is in the address while it runs (spec 02 section 2.1).
    await s.page.waitForURL((url) => url.searchParams.get('syncId')?.startsWith(`${bot}|`) === true);
    await expectVisible(process());
    for (const step of STEPS) await expectVisible(process().getByRole('listitem').filter({ hasText: step }));
    await expectVisible(process().getByText('Succeeded', { exact: true }).first());
    await s.page.waitForFunction(
      () => document.querySelectorAll('.publishing .sync-step--succeeded').length === 6,
      undefined,
      { timeout: 30_000 },
    );
    await expectVisible(process().getByText(SYNC_MESSAGES.noTestSet));
    await screenshot(s.page, 'publishing-panel-done');
    // All publishing ended: the sync id leaves the address, the bot is published.
    await s.page.waitForURL((url) => !url.searchParams.has('syncId'));
    await expectHidden(banner());
    await expectHidden(process().getByRole('button', { name: 'Retry' }));

    // The published model recognises the intent and the entity, resolved to its canonical form.
    const prediction = (await s.tina('POST', `/api/${encodeURIComponent(bot)}/nlu/predict`, {
      text: 'book me a flight to the city of light',
    })) as { topIntent: string; decision: string; entities: Array<{ entity: string; value: unknown }> };
    expect(prediction.topIntent).toBe('BookFlight');
    expect(prediction.entities).toEqual([expect.objectContaining({ entity: 'City', value: 'Paris' })]);
  });

  test('closing the process closes the panel; after a reload no panel opens once publishing ended', async () => {
    // Published from the banner, to its end: the panel stays open on the finished process.
    const bot = 'Travel Closing Bot';
    await travelBot(bot);
    await s.page.goto(intentsUrl(bot));
    await banner().getByRole('button', { name: 'Publish' }).click();
    await s.page.waitForFunction(
      () => document.querySelectorAll('.publishing .sync-step--succeeded').length === 6,
      undefined,
      { timeout: 30_000 },
    );
    await s.page.waitForURL((url) => !url.searchParams.has('syncId'));
    await expectVisible(process());
    await process().getByRole('button', { name: 'Close Parley NLU' }).click();
    await expectHidden(panel());
    await s.page.reload();
    await expectVisible(s.page.getByRole('tab', { name: 'Intents' }));
    await expectHidden(panel());
    await expectHidden(banner());
  });

  test('a new model that scores worse on the test set waits for a decision; keeping the published one leaves the bot unpublished', async () => {
    // A published model that knows greetings.
    const bot = 'Travel Worse Bot';
    await travelBot(bot);
    await publishThroughApi(bot);
    const { token } = await s.app.server.login(TINA.email, TINA.password);
    const { payload, contentType } = multipartBody(
      'file',
      'travel-test.csv',
      'utterance,intent\r\nbook a flight to rome,BookFlight\r\ngood morning to you,Greeting\r\n',
    );
    const uploaded = await s.app.server.request({
      method: 'PUT',
      url: `/api/bots/${encodeURIComponent(bot)}/nlu-dataset`,
      token,
      body: payload,
      headers: { 'content-type': contentType },
    });
    expect(uploaded.statusCode).toBe(200);
    // The published model knows greetings; the next one will not.
    await s.tina('DELETE', `/api/${encodeURIComponent(bot)}/intents/Greeting`);

    await s.page.goto(intentsUrl(bot));
    await banner().getByRole('button', { name: 'Publish' }).click();
    await expectVisible(process().getByText(SYNC_MESSAGES.worseTitle));
    await expectVisible(process().getByText('50.0%'));
    await expectVisible(process().getByText('100.0%'));
    await screenshot(s.page, 'publishing-worse-model');
    await process().getByRole('button', { name: SYNC_MESSAGES.keepPublished }).click();
    await expectVisible(process().getByText('The published model was kept.'));
    await expectVisible(banner());
    // Retrying this publish while the bot is unpublished is refused with the spec's words.
    await process().getByRole('button', { name: 'Retry' }).click();
    await expectVisible(popupOf(s.page).getByText(SYNC_MESSAGES.retryNotAllowed));
    await screenshot(s.page, 'publishing-retry-refused');
    await popupOf(s.page).getByRole('button', { name: 'OK' }).click();
    await expectVisible(process().getByText('The published model was kept.'));

    const prediction = (await s.tina('POST', `/api/${encodeURIComponent(bot)}/nlu/predict`, {
      text: 'good morning to you',
    })) as { topIntent: string };
    expect(prediction.topIntent).toBe('Greeting');
  });

  test('no page errors', () => {
    expect(s.browser.pageErrors).toEqual([]);
  });
});
