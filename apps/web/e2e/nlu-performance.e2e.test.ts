import { readFileSync } from 'node:fs';
import { NLU_PERFORMANCE_MESSAGES as M, NLU_DATASET_FIELD } from '@parley/contracts';
import { describe, expect, test } from 'vitest';
import { multipartBody } from '../../server/test/support/bot-content';
import { pollUntil } from '../../server/test/support/poll-until';
import { popupOf } from './support/accounts';
import { TINA } from './support/bot-content';
import { botPageSuite } from './support/bot-page-suite';
import { expectHidden, expectVisible } from './support/expect-page';
import { screenshot } from './support/screenshots';

/** The suite's own bot; each test makes one of its own. */
const HOME_BOT = 'Perf Home Bot';

/** Two training sentences the engine knows, and one of an intent the bot lacks: 2 of 3 right. */
const DATASET = 'utterance,intent\nhello there,Greeting\nsee you later,Goodbye\n"Refund, please",Refund\n';

describe('the NLU Performance tab', () => {
  const s = botPageSuite(HOME_BOT);

  const tabUrl = (bot: string) => `${s.app.baseUrl}/bots/${encodeURIComponent(bot)}/settings/nluPerformance`;
  /**
   * A bot of the test's own with a Greeting and a Goodbye intent, made through the API; with
   * `dataset`, DATASET uploaded as perf.csv; with `tested`, an NLU test run on it to its end too.
   */
  const perfBot = async (bot: string, options: { dataset?: boolean; tested?: boolean } = {}) => {
    const path = `/api/bots/${encodeURIComponent(bot)}`;
    await s.tina('POST', '/api/bot', { name: bot, region: 'eu-west', language: 'en' });
    for (const [name, examples] of [
      ['Greeting', ['hello there', 'good morning', 'hi friend']],
      ['Goodbye', ['see you later', 'bye for now', 'goodbye']],
    ] as const)
      await s.tina('POST', `/api/${encodeURIComponent(bot)}/intents`, { name, utterances: [...examples] });
    if (!options.dataset && !options.tested) return;
    const { token } = await s.app.server.login(TINA.email, TINA.password);
    const { payload, contentType } = multipartBody(NLU_DATASET_FIELD, 'perf.csv', DATASET);
    const uploaded = await s.app.server.request({
      method: 'PUT',
      url: `${path}/nlu-dataset`,
      token,
      body: payload,
      headers: { 'content-type': contentType },
    });
    expect(uploaded.statusCode).toBe(200);
    if (!options.tested) return;
    await s.tina('POST', `${path}/nlu-test`);
    const done = await pollUntil(
      `the NLU test of ${bot} to finish`,
      () => s.tina('GET', `${path}/nlu-test`) as Promise<{ isRunning: boolean; status: string }>,
      (status) => !status.isRunning,
      { timeoutMs: 30_000, intervalMs: 100 },
    );
    expect(done.status).toBe('finished');
  };
  const closePopup = async (title: string) => {
    await expectVisible(popupOf(s.page).getByText(title));
    await popupOf(s.page).getByRole('button', { name: 'OK' }).click();
    await expectHidden(popupOf(s.page));
  };

  test('a bot without a dataset: no results yet, Run NLP test disabled, the bot actions there', async () => {
    const bot = 'Perf New Bot';
    await perfBot(bot);
    // Before a first test there are no results to ask for: no call fails (the console stays clean).
    const failed: string[] = [];
    const onResponse = (response: { status(): number; url(): string }) => {
      if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
    };
    s.page.on('response', onResponse);
    await s.page.goto(tabUrl(bot));
    await expectVisible(s.page.getByText('No results yet'));
    await expectVisible(s.page.getByRole('button', { name: 'Save settings' }));
    s.page.off('response', onResponse);
    expect(failed).toEqual([]);
    expect(await s.page.getByTestId('nlu-dataset').textContent()).toBe('No dataset uploaded yet.');
    expect(await s.page.getByRole('button', { name: 'Run NLP test' }).isDisabled()).toBe(true);
    await expectVisible(s.page.getByRole('button', { name: 'Export bot' }));
    await expectVisible(s.page.getByRole('button', { name: 'Delete bot' }));
    // The tab has a save action: the measuring toggles.
    await expectVisible(s.page.getByRole('button', { name: 'Save settings' }));
  });

  test("the template downloads with the bot's own intents", async () => {
    const bot = 'Perf Bot';
    await perfBot(bot);
    await s.page.goto(tabUrl(bot));
    await expectVisible(s.page.getByRole('button', { name: 'Download template' }));
    const [download] = await Promise.all([
      s.page.waitForEvent('download'),
      s.page.getByRole('button', { name: 'Download template' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Perf_Bot-nlu-dataset-template.csv');
    const csv = readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
    expect(csv.split('\r\n').slice(0, 3)).toEqual([
      'utterance,intent',
      'see you later,Goodbye',
      'hello there,Greeting',
    ]);
  });

  test('a malformed dataset is refused with the line, a good one is uploaded', async () => {
    const bot = 'Perf Upload Bot';
    await perfBot(bot);
    await s.page.goto(tabUrl(bot));
    await expectVisible(s.page.getByText('No dataset uploaded yet.'));
    const input = s.page.getByLabel('Dataset file (.csv)');
    await input.setInputFiles({
      name: 'bad.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('utterance,intent\nhello\n'),
    });
    await closePopup(M.wrongColumns(2, 1));
    await input.setInputFiles({ name: 'perf.csv', mimeType: 'text/csv', buffer: Buffer.from(DATASET) });
    await closePopup(M.datasetUploaded);
    await expectVisible(s.page.getByTestId('nlu-dataset').getByText('perf.csv: 3 rows', { exact: false }));
  });

  test('Run NLP test: disabled while running, polled, then a finished message and the results', async () => {
    const bot = 'Perf Run Bot';
    await perfBot(bot, { dataset: true });
    await s.page.goto(tabUrl(bot));
    await expectVisible(s.page.getByTestId('nlu-dataset').getByText('perf.csv: 3 rows', { exact: false }));
    const run = s.page.getByRole('button', { name: 'Run NLP test' });
    await run.click();
    await expectVisible(popupOf(s.page).getByText(M.testFinished));
    await screenshot(s.page, 'nlu-performance-finished');
    await popupOf(s.page).getByRole('button', { name: 'OK' }).click();
    expect(await run.isDisabled()).toBe(false);

    await expectVisible(s.page.getByTestId('accuracy-parley'));
    expect(await s.page.getByTestId('accuracy-parley').textContent()).toBe('66.7%');
    const intents = s.page.getByRole('table', { name: 'Precision, recall and F1 per intent' });
    expect(
      await intents.getByRole('row').filter({ hasText: 'Refund' }).getByRole('cell').allTextContents(),
    ).toEqual(['Refund', '1', '0.0%', '0.0%', '0.0%']);
    const misses = s.page.getByRole('table', { name: 'Misclassified utterances' });
    await expectVisible(misses.getByRole('cell', { name: 'Refund, please' }));
    const matrix = s.page.getByRole('table', { name: /Confusion matrix/ });
    await expectVisible(matrix.locator('.nlu-confusion__cell--diagonal').first());
    await screenshot(s.page, 'nlu-performance-results', { fullPage: true });
  });

  test('the results download as CSV', async () => {
    const bot = 'Perf Results Bot';
    await perfBot(bot, { tested: true });
    await s.page.goto(tabUrl(bot));
    await expectVisible(s.page.getByTestId('accuracy-parley'));
    const [download] = await Promise.all([
      s.page.waitForEvent('download'),
      s.page.getByRole('button', { name: 'Download results' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Perf_Results_Bot-nlu-results.csv');
    const lines = readFileSync(await download.path(), 'utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n');
    expect(lines[1]).toBe('parley,accuracy,,,,,,3,,,,0.6667');
  });

  test('measuring: the provider toggles show once measuring is on; the primary is locked on', async () => {
    const bot = 'Perf Measuring Bot';
    await perfBot(bot);
    await s.page.goto(tabUrl(bot));
    const measuring = s.page.getByRole('switch', { name: 'Intent detection measuring' });
    await expectVisible(measuring);
    expect(await s.page.getByRole('switch', { name: 'Parley NLU' }).count()).toBe(0);
    await measuring.click();
    const parley = s.page.getByRole('switch', { name: 'Parley NLU' });
    await expectVisible(parley);
    expect(await parley.getAttribute('aria-checked')).toBe('true');
    expect(await parley.isDisabled()).toBe(true);
    const watson = s.page.getByRole('switch', { name: 'IBM Watson Assistant' });
    expect(await watson.getAttribute('aria-checked')).toBe('false');
    expect(await watson.isDisabled()).toBe(true);
    await s.page.getByRole('button', { name: 'Save settings' }).click();
    await closePopup('Saved!');
    expect(await s.tina('GET', `/api/bots/${encodeURIComponent(bot)}/nlu-measuring`)).toMatchObject({
      intentDetectionMeasuring: true,
      measuringRecognizers: ['parley'],
    });
  });

  test('no page errors', () => {
    expect(s.browser.pageErrors).toEqual([]);
  });
});
