import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LLM_MESSAGES } from '@parley/contracts';
import { type OpenAiProtocolServer, startOpenAiProtocolServer } from '@parley/llm/testing';
import { afterAll, describe, expect, test } from 'vitest';
import { LLM_LIST_TEST_PROMPT } from '../src/features/llms/llm-list-test';
import { createPlainUser, logInThroughUi, popupOf } from './support/accounts';
import { acmeWithAdmin } from './support/administration';
import { browserSuite } from './support/browser-suite';
import { expectHidden, expectVisible } from './support/expect-page';
import { screenshot } from './support/screenshots';

const TINA = { email: 'tina@example.com', password: 'Tenant-Admin-1!', name: 'Tina Admin' };
const PAUL = { email: 'paul@example.com', password: 'Plain-Password-1', name: 'Paul Plain' };

/** Questions with the team that answers them: the CSV's rows carry `team` as metadata. */
const TEAMS_CSV = [
  'question,answer,team',
  'How do I reset my password?,Use the reset link on the sign-in page of the support portal.,support',
  'How do I change my password for payroll?,Payroll passwords are changed in the payroll portal by HR.,hr',
  'Where do I report a password leak?,Password leaks go to the security desk at once.,security',
].join('\n');

/** A small handbook: one passage answers the question the test asks. */
const HANDBOOK = [
  '# Travel',
  'Employees book trains for trips under 600 km. Flights need the approval of a team lead.',
  '',
  '# Holidays',
  'Every employee has 28 days of paid holiday a year. Unused days expire on 31 March of the next year.',
  '',
  '# Equipment',
  'Laptops are replaced every four years. A broken screen is repaired by the IT desk within two days.',
].join('\n');

describe('the LLM screens', () => {
  // Its own folder: other browser tests write files of the same names at the same time.
  const folder = mkdtempSync(path.join(tmpdir(), 'llm-screens-'));
  let provider: OpenAiProtocolServer | undefined;
  const s = browserSuite({
    env: async () => {
      provider = await startOpenAiProtocolServer({ apiKey: 'sk-test' });
      return { OPENAI_BASE_URL: provider.url, OPENAI_API_KEY: 'sk-test' };
    },
    prepare: async (app) => {
      const acmeId = await acmeWithAdmin(app.server, TINA);
      await createPlainUser(app.server, { ...PAUL, tenantId: acmeId });
    },
    signedIn: TINA,
  });
  afterAll(async () => provider?.close());

  const closePopup = async () => {
    await popupOf(s.page).getByRole('button', { name: 'OK' }).click();
    await expectHidden(popupOf(s.page));
  };

  test('the list starts empty; Create LLM asks for a provider, then the details', async () => {
    await s.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'LLMs' }).click();
    await expectVisible(s.page.getByRole('heading', { name: 'No LLMs yet' }));
    await screenshot(s.page, 'llms-empty');

    await s.page.getByRole('button', { name: 'Create LLM' }).first().click();
    const dialog = s.page.getByRole('dialog', { name: 'Create LLM' });
    await expectVisible(dialog.getByRole('button', { name: /OpenAI/ }));
    await screenshot(s.page, 'llms-create-provider');
    // Escape closes the dialog.
    await s.page.keyboard.press('Escape');
    await expectHidden(dialog);

    await s.page.getByRole('button', { name: 'Create LLM' }).first().click();
    await dialog.getByRole('button', { name: /^OpenAI GPT/ }).click();
    await dialog.getByLabel('Name').fill('Staff handbook?');
    await dialog.getByRole('button', { name: 'Create LLM' }).click();
    await expectVisible(popupOf(s.page).getByText(LLM_MESSAGES.nameInvalid));
    await closePopup();
    // The button rests for 5 seconds after a click.
    expect(await dialog.getByRole('button', { name: 'Create LLM' }).isDisabled()).toBe(true);

    await dialog.getByLabel('Name').fill('Staff handbook');
    await dialog.getByLabel('Model').selectOption('gpt-4o-mini');
    await screenshot(s.page, 'llms-create-details');
    await dialog.getByRole('button', { name: 'Create LLM' }).click({ timeout: 7_000 });
    await s.page.waitForURL(/\/llms\/[^/]+$/);
    await expectVisible(s.page.getByRole('heading', { name: 'Staff handbook' }));
    await expectVisible(s.page.getByRole('img', { name: 'Not trained' }));
    await screenshot(s.page, 'llm-settings');
  });

  test('a text document is uploaded on the Data tab', async () => {
    await s.page.getByRole('tab', { name: 'Data' }).click();
    const file = path.join(folder, 'handbook.txt');
    writeFileSync(file, HANDBOOK);
    await s.page.getByLabel('Choose a file').setInputFiles(file);
    await s.page.getByRole('button', { name: 'Save' }).click();
    await expectVisible(popupOf(s.page).getByText(LLM_MESSAGES.saved));
    await closePopup();
    await expectVisible(s.page.getByRole('cell', { name: 'handbook.txt' }));
    await screenshot(s.page, 'llm-data');
  });

  test('the list shows the LLM as a card with its provider, model and red dot', async () => {
    await s.page.getByRole('link', { name: 'To all LLMs' }).click();
    // Loaded afresh: the list stands on its own code and styles.
    await s.page.reload();
    const card = s.page.getByRole('article', { name: 'Staff handbook' });
    await expectVisible(card);
    expect(await card.textContent()).toContain('OpenAI');
    expect(await card.textContent()).toContain('gpt-4o-mini');
    expect(await card.textContent()).toContain('EN');
    await expectVisible(card.getByRole('img', { name: 'Not trained' }));
    await card.getByRole('button', { name: 'Actions for Staff handbook' }).click();
    await expectVisible(s.page.getByRole('menuitem', { name: 'Train LLM' }));
    await screenshot(s.page, 'llms-list');
    await s.page.keyboard.press('Escape');
  });
  test('Train LLM from the card trains it: the info message, then success and a green dot', async () => {
    const card = s.page.getByRole('article', { name: 'Staff handbook' });
    await card.getByRole('button', { name: 'Actions for Staff handbook' }).click();
    await s.page.getByRole('menuitem', { name: 'Train LLM' }).click();
    await expectVisible(popupOf(s.page).getByText(LLM_MESSAGES.trainStarted));
    await closePopup();
    // The first training starts the input worker: it may take a while.
    await popupOf(s.page).getByText(LLM_MESSAGES.trainSucceeded).waitFor({ timeout: 30_000 });
    await closePopup();
    await expectVisible(card.getByRole('img', { name: 'Trained' }));
    await card.getByRole('button', { name: 'Actions for Staff handbook' }).click();
    await expectVisible(s.page.getByRole('menuitem', { name: 'Retrain LLM' }));
    await s.page.keyboard.press('Escape');
  });

  test('the Test tab answers from the right passage and names the document among its sources', async () => {
    await s.page.getByRole('article', { name: 'Staff handbook' }).getByRole('link').click();
    await s.page.getByRole('tab', { name: 'RAG' }).click();
    await expectVisible(s.page.getByText('1 of 1 documents trained'));
    await screenshot(s.page, 'llm-rag');
    await s.page.getByRole('tab', { name: 'Test' }).click();
    const box = s.page.getByLabel('Message', { exact: true });
    await box.fill('How many days of paid holiday do employees get?');
    await box.press('Enter');
    const log = s.page.getByRole('list', { name: 'Test messages' });
    await expectVisible(log.getByText(/28 days of paid holiday/));
    await expectVisible(log.getByText(/handbook\.txt/));
    // The provider answered (no notice that it failed or is missing), from the handbook's passage.
    const chat = provider?.requests.filter((r) => r.route === 'chat' && r.outcome === 200) ?? [];
    expect(JSON.stringify(chat.at(-1)?.body ?? '')).toContain('28 days of paid holiday');
    expect(await log.locator('.llm-answer__notice').count()).toBe(0);
    await screenshot(s.page, 'llm-test');
  });

  test('Delete LLM asks first; confirmed, the LLM leaves the list', async () => {
    await s.page.getByRole('link', { name: 'To all LLMs' }).click();
    const card = s.page.getByRole('article', { name: 'Staff handbook' });
    await card.getByRole('button', { name: 'Actions for Staff handbook' }).click();
    await s.page.getByRole('menuitem', { name: 'Delete LLM' }).click();
    const confirm = popupOf(s.page);
    await expectVisible(confirm.getByText('Delete Staff handbook?'));
    await screenshot(s.page, 'llms-delete-confirm');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expectHidden(card);
    await expectVisible(s.page.getByRole('heading', { name: 'No LLMs yet' }));
  });

  test('a RAG filter on a metadata field narrows the sources of an answer', async () => {
    const token = (await s.app.server.login(TINA.email, TINA.password)).token;
    const created = await s.app.server.request({
      method: 'POST',
      url: '/api/llm/create',
      token,
      body: { llmDisplayName: 'Team FAQ', llmProvider: 'openai', model: 'gpt-4o-mini' },
    });
    expect(created.statusCode).toBe(200);
    await s.page.goto(`${s.app.baseUrl}/llms/${created.json().llmId}?tab=data`);
    const file = path.join(folder, 'faq.csv');
    writeFileSync(file, TEAMS_CSV);
    await s.page.getByLabel('Choose a file').setInputFiles(file);
    await s.page.getByRole('button', { name: 'Save' }).click();
    await closePopup();

    await s.page.getByRole('tab', { name: 'RAG' }).click();
    await s.page.getByRole('button', { name: 'Add metadata field' }).click();
    await s.page.getByLabel('Metadata field 1', { exact: true }).fill('team');
    await s.page.getByRole('button', { name: 'Save' }).click();
    await expectVisible(popupOf(s.page).getByText(LLM_MESSAGES.saved));
    await closePopup();
    await s.page.getByRole('button', { name: 'Train RAG' }).click();
    await closePopup();
    await popupOf(s.page).getByText(LLM_MESSAGES.trainSucceeded).waitFor({ timeout: 30_000 });
    await closePopup();

    const sourcesOf = async (question: string) => {
      await s.page.getByRole('tab', { name: 'Test' }).click();
      const box = s.page.getByLabel('Message', { exact: true });
      await box.fill(question);
      await box.press('Enter');
      const answer = s.page.getByRole('list', { name: 'Test messages' }).locator(':scope > li').last();
      const summary = answer.getByText(/^Sources \(\d+\)$/);
      await expectVisible(summary);
      return Number((await summary.textContent())?.match(/\d+/)?.[0]);
    };
    expect(await sourcesOf('How do I change my password?')).toBeGreaterThan(1);

    await s.page.getByRole('tab', { name: 'RAG' }).click();
    const panel = s.page.getByRole('tabpanel');
    await panel.getByLabel('Metadata field', { exact: true }).fill('team');
    await panel.getByLabel('Filter query').fill('hr');
    await panel.getByRole('button', { name: 'Add filter' }).click();
    await expectVisible(panel.getByRole('cell', { name: 'hr', exact: true }));
    await screenshot(s.page, 'llm-rag-filter');
    await panel.getByRole('button', { name: 'Save' }).click();
    await closePopup();
    expect(await sourcesOf('How do I change my password?')).toBe(1);
    await expectVisible(s.page.getByText(/payroll portal/).last());
  });

  test('a guardrail on the Guardrails tab stops an answer: the user gets the guardrails message', async () => {
    await s.page.getByRole('tab', { name: 'Guardrails' }).click();
    await s.page.getByRole('button', { name: 'Add condition' }).click();
    await s.page.getByLabel('Condition 1', { exact: true }).fill('must not contain: payroll');
    await s.page.getByLabel('Guardrails message').fill('Please ask the HR desk about that.');
    await s.page.getByRole('button', { name: 'Save' }).click();
    await expectVisible(popupOf(s.page).getByText(LLM_MESSAGES.saved));
    await closePopup();
    await screenshot(s.page, 'llm-guardrails');
    await s.page.getByRole('tab', { name: 'Test' }).click();
    const box = s.page.getByLabel('Message', { exact: true });
    await box.fill('How do I change my password?');
    await box.press('Enter');
    const answer = s.page.getByRole('list', { name: 'Test messages' }).locator(':scope > li').last();
    await expectVisible(answer.getByText('Please ask the HR desk about that.'));
  });

  test("the card's test sends the fixed prompt and shows the answer", async () => {
    await s.page.getByRole('link', { name: 'To all LLMs' }).click();
    const card = s.page.getByRole('article', { name: 'Team FAQ' });
    await card.getByRole('button', { name: 'Actions for Team FAQ' }).click();
    await s.page.getByRole('menuitem', { name: 'Test LLM' }).click();
    const dialog = s.page.getByRole('dialog', { name: 'Test Team FAQ' });
    await expectVisible(dialog.getByText(LLM_LIST_TEST_PROMPT));
    await expectVisible(dialog.getByText(/^Sources \(\d+\)$/));
    const asked = provider?.requests.filter((r) => r.route === 'chat') ?? [];
    expect(JSON.stringify(asked.at(-1)?.body ?? '')).toContain(LLM_LIST_TEST_PROMPT);
    await screenshot(s.page, 'llms-list-test');
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await expectHidden(dialog);
  });

  test('a user without canSeeLLMs has no LLMs link, and its address leads to the bots with a warning', async () => {
    await s.page.evaluate(() => localStorage.clear());
    await logInThroughUi(s.page, s.app.baseUrl, PAUL.email, PAUL.password);
    const nav = s.page.getByRole('navigation', { name: 'Main' });
    expect(await nav.getByRole('link', { name: 'LLMs' }).count()).toBe(0);
    await s.page.goto(`${s.app.baseUrl}/llms`);
    await expectVisible(popupOf(s.page).getByText(LLM_MESSAGES.noPermission, { exact: true }));
    await s.page.waitForURL(`${s.app.baseUrl}/bots`);
  });
});
