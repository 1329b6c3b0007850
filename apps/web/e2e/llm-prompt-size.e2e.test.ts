import { type OpenAiProtocolServer, startOpenAiProtocolServer } from '@parley/llm/testing';
import { afterAll, describe, test } from 'vitest';
import { acmeWithAdmin } from './support/administration';
import { browserSuite } from './support/browser-suite';
import { expectHidden, expectVisible } from './support/expect-page';
import { screenshot } from './support/screenshots';

const TINA = { email: 'tina@example.com', password: 'Tenant-Admin-1!', name: 'Tina Admin' };

/** A local server's model Parley does not know: its window is taken as 8,192 tokens. */
const LOCAL_MODEL = 'local-small';

/** Issue 23's 'prompt tokens counted against the model's context window with a warning on the Prompt tab'. */
describe('the prompt size on the Prompt tab', () => {
  let provider: OpenAiProtocolServer | undefined;
  const s = browserSuite({
    env: async () => {
      provider = await startOpenAiProtocolServer({ apiKey: 'sk-test', models: [LOCAL_MODEL] });
      return { OPENAI_BASE_URL: provider.url, OPENAI_API_KEY: 'sk-test' };
    },
    prepare: async (app) => {
      await acmeWithAdmin(app.server, TINA);
    },
    signedIn: TINA,
  });
  afterAll(async () => provider?.close());

  test('the tokens are shown under the fields, and a very long persona brings the warning before anything is cut', async () => {
    await s.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'LLMs' }).click();
    await s.page.getByRole('button', { name: 'Create LLM' }).first().click();
    const dialog = s.page.getByRole('dialog', { name: 'Create LLM' });
    await dialog.getByRole('button', { name: /^OpenAI GPT/ }).click();
    await dialog.getByLabel('Name').fill('Front desk');
    await dialog.getByLabel('Model').selectOption(LOCAL_MODEL);
    await dialog.getByRole('button', { name: 'Create LLM' }).click();
    await s.page.waitForURL(/\/llms\/[^/]+$/);
    await s.page.getByRole('tab', { name: 'Prompt' }).click();
    const panel = s.page.getByRole('tabpanel');
    await expectVisible(panel.getByText(/^\d+ of 8,192 tokens/));
    await expectHidden(panel.getByText(/little is left for the documents' passages/));

    const persona = 'Always mention the opening hours and the phone number of the office. '.repeat(280);
    await panel.getByLabel('Persona').fill(persona);
    await expectVisible(panel.getByRole('alert').getByText(/little is left for the documents' passages/));
    await expectVisible(panel.getByText(/passages are left out first, then the earlier messages/));
    await expectVisible(panel.getByText(/^[3-7],\d{3} of 8,192 tokens/));
    await screenshot(s.page, 'llm-prompt-size-warning');

    await panel.getByLabel('Persona').fill('You are the front desk of Acme.');
    await expectHidden(panel.getByRole('alert').getByText(/little is left/));
  });
});
