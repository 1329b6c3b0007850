import { LLM_EVALUATION_MESSAGES, LLM_MESSAGES } from '@parley/contracts';
import { describe, test } from 'vitest';
import { popupOf } from './support/accounts';
import { expectVisible } from './support/expect-page';
import { llmSuite } from './support/llm-suite';
import { screenshot } from './support/screenshots';

const HANDBOOK = [
  '# Holidays',
  'Every employee has 28 days of paid holiday a year. Unused days expire on 31 March of the next year.',
  '',
  '# Equipment',
  'Laptops are replaced every four years. A broken screen is repaired by the IT desk within two days.',
].join('\n');

const DATASET = [
  'question,expected_answer,expected_sources',
  'How many days of paid holiday do employees get?,28 days of paid holiday,handbook.txt',
  'How often are laptops replaced?,every four years,handbook.txt',
].join('\n');

/** Issue 23's 'trip a guardrail; run an evaluation; see statistics', in the browser. */
describe('guardrails, evaluation and statistics of an LLM', () => {
  const s = llmSuite();
  const { closePopup, file } = s;

  test('an LLM with a handbook is created and trained', async () => {
    await s.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'LLMs' }).click();
    await s.page.getByRole('button', { name: 'Create LLM' }).first().click();
    const dialog = s.page.getByRole('dialog', { name: 'Create LLM' });
    await dialog.getByRole('button', { name: /^OpenAI GPT/ }).click();
    await dialog.getByLabel('Name').fill('Guarded handbook');
    await dialog.getByLabel('Model').selectOption('gpt-4o-mini');
    await dialog.getByRole('button', { name: 'Create LLM' }).click();
    await s.page.waitForURL(/\/llms\/[^/]+$/);
    await s.page.getByRole('tab', { name: 'Data' }).click();
    await s.page.getByLabel('Choose a file').setInputFiles(file('handbook.txt', HANDBOOK));
    await s.page.getByRole('tabpanel').getByRole('button', { name: 'Save' }).first().click();
    await expectVisible(popupOf(s.page).getByText(LLM_MESSAGES.saved));
    await closePopup();
    await s.page.getByRole('tab', { name: 'RAG' }).click();
    await s.page.getByRole('button', { name: 'Train RAG' }).click();
    await expectVisible(popupOf(s.page).getByText(LLM_MESSAGES.trainStarted));
    await closePopup();
    await popupOf(s.page).getByText(LLM_MESSAGES.trainSucceeded).waitFor({ timeout: 30_000 });
    await closePopup();
  });

  test('a guardrail stops an answer: the user reads the guardrails message', async () => {
    await s.page.getByRole('tab', { name: 'Guardrails' }).click();
    const panel = s.page.getByRole('tabpanel', { name: 'Guardrails' });
    await panel.getByRole('button', { name: 'Add condition' }).click();
    await panel.getByLabel('Condition 1', { exact: true }).fill('must not contain: holiday');
    await panel.getByLabel('Guardrails message').fill('Please ask HR about holidays.');
    await panel.getByRole('button', { name: 'Save' }).click();
    await expectVisible(popupOf(s.page).getByText(LLM_MESSAGES.saved));
    await closePopup();
    await s.page.getByRole('tab', { name: 'Test' }).click();
    const box = s.page.getByLabel('Message', { exact: true });
    await box.fill('How many days of paid holiday do employees get?');
    await box.press('Enter');
    const log = s.page.getByRole('list', { name: 'Test messages' });
    await expectVisible(log.getByText('Please ask HR about holidays.'));
    await expectVisible(log.getByText('A guardrail stopped this answer: must not contain: holiday'));
    await screenshot(s.page, 'llm-guardrail-tripped');
  });

  test('a dataset is uploaded and evaluated; the run shows its scores', async () => {
    await s.page.getByRole('tab', { name: 'Evaluate' }).click();
    const panel = s.page.getByRole('tabpanel', { name: 'Evaluate' });
    await panel.getByLabel('Dataset name').fill('Handbook questions');
    await panel.getByLabel('Choose a dataset').setInputFiles(file('questions.csv', DATASET));
    await panel.getByRole('button', { name: 'Upload dataset' }).click();
    await expectVisible(popupOf(s.page).getByText(LLM_MESSAGES.saved));
    await closePopup();
    await panel.getByRole('button', { name: 'Evaluate', exact: true }).click();
    await expectVisible(popupOf(s.page).getByText(LLM_MESSAGES.evaluateStarted));
    await closePopup();
    await popupOf(s.page).getByText(LLM_EVALUATION_MESSAGES.succeeded).waitFor({ timeout: 30_000 });
    await closePopup();
    const runs = panel.getByRole('table', { name: 'Evaluation runs' });
    await expectVisible(runs.getByRole('cell', { name: 'Handbook questions' }));
    // Both questions find the handbook first: hit@k, MRR and nDCG@10 are 1.
    await expectVisible(runs.getByRole('cell', { name: '1.00000 (k=5)' }));
    await runs.getByRole('button', { name: 'Questions' }).click();
    await expectVisible(panel.getByRole('cell', { name: 'How often are laptops replaced?' }));
    await screenshot(s.page, 'llm-evaluate');
  });

  test('the statistics show the month’s timings in seconds', async () => {
    await s.page.getByRole('tab', { name: 'Statistics' }).click();
    const panel = s.page.getByRole('tabpanel', { name: 'Statistics' });
    await expectVisible(panel.getByText('Interactions: 1'));
    const timings = panel.getByRole('table', { name: 'Timing metrics' });
    await expectVisible(timings.getByRole('cell', { name: 'Response time' }));
    await expectVisible(timings.getByRole('cell', { name: 'Output guardrails time' }));
    await expectVisible(
      panel.getByRole('table', { name: 'Tokens per model' }).getByRole('cell', { name: 'gpt-4o-mini' }),
    );
    await panel.getByLabel('Period').selectOption('day');
    await expectVisible(panel.getByLabel('Day'));
    await expectVisible(panel.getByText('Interactions: 1'));
    await screenshot(s.page, 'llm-statistics');
  });
});
