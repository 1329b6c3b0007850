import { BOT_MESSAGES, SYNC_MESSAGES } from '@parley/contracts';
import { describe, expect, test } from 'vitest';
import { multipartBody } from '../../server/test/support/bot-content';
import { popupOf } from './support/accounts';
import { TINA } from './support/bot-content';
import { botPageSuite } from './support/bot-page-suite';
import { expectHidden, expectVisible } from './support/expect-page';
import { screenshot } from './support/screenshots';

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
  const s = botPageSuite(BOT, async (tina) => {
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
  });

  const banner = () => s.page.getByRole('status').filter({ hasText: BOT_MESSAGES.unpublished });
  const panel = () => s.page.getByRole('complementary', { name: 'Publishing' });
  const process = () => panel().getByRole('region', { name: 'Publishing to Parley NLU' });

  test('the unpublished banner publishes; the panel shows the steps; the banner goes', async () => {
    await s.page.goto(s.botUrl('intents'));
    await expectVisible(banner());
    await banner().getByRole('button', { name: 'Publish' }).click();
    // The publish is in the address while it runs (spec 02 section 2.1).
    await s.page.waitForURL((url) => url.searchParams.get('syncId')?.startsWith(`${BOT}|`) === true);
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
    const prediction = (await s.tina('POST', `/api/${encodeURIComponent(BOT)}/nlu/predict`, {
      text: 'book me a flight to the city of light',
    })) as { topIntent: string; decision: string; entities: Array<{ entity: string; value: unknown }> };
    expect(prediction.topIntent).toBe('BookFlight');
    expect(prediction.entities).toEqual([expect.objectContaining({ entity: 'City', value: 'Paris' })]);
  });

  test('closing the process closes the panel; after a reload no panel opens once publishing ended', async () => {
    await expectVisible(process());
    await process().getByRole('button', { name: 'Close Parley NLU' }).click();
    await expectHidden(panel());
    await s.page.reload();
    await expectVisible(s.page.getByRole('tab', { name: 'Intents' }));
    await expectHidden(panel());
    await expectHidden(banner());
  });

  test('a new model that scores worse on the test set waits for a decision; keeping the published one leaves the bot unpublished', async () => {
    const { token } = await s.app.server.login(TINA.email, TINA.password);
    const { payload, contentType } = multipartBody(
      'file',
      'travel-test.csv',
      'utterance,intent\r\nbook a flight to rome,BookFlight\r\ngood morning to you,Greeting\r\n',
    );
    const uploaded = await s.app.server.request({
      method: 'PUT',
      url: `/api/bots/${encodeURIComponent(BOT)}/nlu-dataset`,
      token,
      body: payload,
      headers: { 'content-type': contentType },
    });
    expect(uploaded.statusCode).toBe(200);
    // The published model knows greetings; the next one will not.
    await s.tina('DELETE', `/api/${encodeURIComponent(BOT)}/intents/Greeting`);

    await s.page.goto(s.botUrl('intents'));
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

    const prediction = (await s.tina('POST', `/api/${encodeURIComponent(BOT)}/nlu/predict`, {
      text: 'good morning to you',
    })) as { topIntent: string };
    expect(prediction.topIntent).toBe('Greeting');
  });
});
