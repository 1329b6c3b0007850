import { readFileSync } from 'node:fs';
import { LLM_MESSAGES } from '@parley/contracts';
import { describe, expect, test } from 'vitest';
import { popupOf } from './support/accounts';
import { expectVisible } from './support/expect-page';
import { llmSuite } from './support/llm-suite';
import { screenshot } from './support/screenshots';

const HANDBOOK = [
  '# Holidays',
  'Every employee has 28 days of paid holiday a year. Unused days expire on 31 March of the next year.',
].join('\n');

/** Issue 23's 'export and import of an LLM with its settings, documents and filters', in the browser. */
describe('exporting and importing an LLM', () => {
  const s = llmSuite();
  const { closePopup, file } = s;
  let exported = '';

  test('an LLM with a document is exported from its page as {name}.llm.json', async () => {
    await s.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'LLMs' }).click();
    await s.page.getByRole('button', { name: 'Create LLM' }).first().click();
    const dialog = s.page.getByRole('dialog', { name: 'Create LLM' });
    await dialog.getByRole('button', { name: /^OpenAI GPT/ }).click();
    await dialog.getByLabel('Name').fill('Staff handbook');
    await dialog.getByLabel('Model').selectOption('gpt-4o-mini');
    await dialog.getByRole('button', { name: 'Create LLM' }).click();
    await s.page.waitForURL(/\/llms\/[^/]+$/);
    await s.page.getByRole('tab', { name: 'Data' }).click();
    await s.page.getByLabel('Choose a file').setInputFiles(file('handbook.txt', HANDBOOK));
    await s.page.getByRole('tabpanel').getByRole('button', { name: 'Save' }).first().click();
    await expectVisible(popupOf(s.page).getByText(LLM_MESSAGES.saved));
    await closePopup();

    const [download] = await Promise.all([
      s.page.waitForEvent('download'),
      s.page.getByRole('button', { name: 'Export LLM' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Staff handbook.llm.json');
    exported = file('Staff handbook.llm.json', readFileSync(await download.path()));
    const content = JSON.parse(readFileSync(exported, 'utf8')) as {
      llm: { llmDisplayName: string; model: string };
      documents: { name: string; file: string }[];
    };
    expect(content.llm).toMatchObject({ llmDisplayName: 'Staff handbook', model: 'gpt-4o-mini' });
    expect(content.documents.map((d) => d.name)).toEqual(['handbook.txt']);
    expect(Buffer.from(content.documents[0]?.file ?? '', 'base64').toString()).toBe(HANDBOOK);
    await screenshot(s.page, 'llm-export');
  });

  test('the card menu on /llms offers Export LLM too', async () => {
    await s.page.getByRole('link', { name: 'To all LLMs' }).click();
    const card = s.page.getByRole('article', { name: 'Staff handbook' });
    await card.getByRole('button', { name: 'Actions for Staff handbook' }).click();
    const [download] = await Promise.all([
      s.page.waitForEvent('download'),
      s.page.getByRole('menuitem', { name: 'Export LLM' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Staff handbook.llm.json');
  });

  test('Import LLM refuses a file that is not an LLM export with the server’s message', async () => {
    await s.page
      .getByLabel('LLM file to import')
      .setInputFiles(file('notes.json', JSON.stringify({ format: 'something else' })));
    await expectVisible(popupOf(s.page).getByText(LLM_MESSAGES.importFileInvalid));
    await closePopup();
    await expectVisible(s.page.getByRole('heading', { name: 'LLMs' }));
  });

  test('Import LLM opens the copy under a free name, with its settings and its document', async () => {
    await expectVisible(s.page.getByRole('button', { name: 'Import LLM' }));
    await s.page.getByLabel('LLM file to import').setInputFiles(exported);
    await s.page.waitForURL(/\/llms\/[^/]+$/);
    await expectVisible(s.page.getByRole('heading', { name: 'Staff handbook 2' }));
    await expectVisible(s.page.getByText('gpt-4o-mini'));
    await expectVisible(s.page.getByRole('img', { name: 'Not trained' }));
    await s.page.getByRole('tab', { name: 'Data' }).click();
    await expectVisible(s.page.getByRole('cell', { name: 'handbook.txt' }));
    await screenshot(s.page, 'llm-imported');

    await s.page.getByRole('link', { name: 'To all LLMs' }).click();
    await expectVisible(s.page.getByRole('article', { name: 'Staff handbook 2' }));
    await expectVisible(s.page.getByRole('article', { name: 'Staff handbook' }));
  });
});
