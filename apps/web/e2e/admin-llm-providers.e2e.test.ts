import { type OpenAiProtocolServer, startOpenAiProtocolServer } from '@parley/llm/testing';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { logInThroughUi, popupOf } from './support/accounts';
import { acmeWithAdmin, tabLabels } from './support/administration';
import { browserSuite } from './support/browser-suite';
import { expectVisible } from './support/expect-page';
import { screenshot } from './support/screenshots';

const TINA = { email: 'tina@example.com', password: 'Tenant-Admin-1!', name: 'Tina Admin' };
const KEY = 'sk-acme-own-key-93kd';

describe('Account Administration, LLM providers', () => {
  let standIn: OpenAiProtocolServer;
  let operatorStandIn: OpenAiProtocolServer;
  let acmeId: string;

  beforeAll(async () => {
    standIn = await startOpenAiProtocolServer({ apiKey: KEY, models: ['llama3.2'] });
    operatorStandIn = await startOpenAiProtocolServer();
  });
  afterAll(async () => {
    await standIn?.close();
    await operatorStandIn?.close();
  });

  const s = browserSuite({
    // The account's stand-in listens on 127.0.0.1, which the functions' network rules must open.
    env: () => ({
      FUNCTIONS_ALLOW_PRIVATE_NETWORKS: 'true',
      OPENAI_API_KEY: 'sk-operator',
      OPENAI_BASE_URL: operatorStandIn.url,
    }),
    prepare: async (app) => {
      acmeId = await acmeWithAdmin(app.server, TINA);
    },
  });

  const card = (provider: string) => s.page.locator(`[data-provider="${provider}"]`);
  const stored = () => s.app.server.ctx.repos.forTenant(acmeId).llmProviders.get('openai-compatible');

  test('an account administrator adds a server, sees a refused key named, replaces and removes it', async () => {
    await logInThroughUi(s.page, s.app.baseUrl, TINA.email, TINA.password);
    await s.page.goto(`${s.app.baseUrl}/configuration`);
    await expect.poll(() => tabLabels(s.page)).toContain('LLM providers');
    await s.page.getByRole('tab', { name: 'LLM providers' }).click();
    await expect.poll(() => new URL(s.page.url()).pathname).toBe('/configuration/llm-providers');
    await expectVisible(card('openai').getByText('Given by this installation to every account.'));
    const compatible = card('openai-compatible');
    await expectVisible(compatible.getByText('Not set up.'));

    // A key the server refuses: its words, at the key's field; nothing stored.
    await compatible.getByRole('button', { name: 'Add credentials' }).click();
    await compatible.getByLabel('Base URL').fill(standIn.url);
    await compatible.getByLabel('API key (optional)').fill('sk-wrong-key-1111');
    await compatible.getByRole('button', { name: 'Check and save' }).click();
    await expectVisible(
      compatible.getByText(
        /^OpenAI-compatible server refused the request: Incorrect API key provided: sk-\*\*\*\*1111\./,
      ),
    );
    await screenshot(s.page, 'admin-llm-providers-refused');
    expect(await stored()).toBeUndefined();

    await compatible.getByLabel('API key (optional)').fill(KEY);
    await compatible.getByRole('button', { name: 'Check and save' }).click();
    await expectVisible(popupOf(s.page).getByRole('heading', { name: 'Saved!' }));
    await popupOf(s.page).getByRole('button', { name: 'OK' }).click();
    await expectVisible(compatible.getByText(/^Set up for this account \(saved /));
    expect(standIn.requests.at(-1)).toMatchObject({
      route: 'models',
      authorization: `Bearer ${KEY}`,
      outcome: 200,
    });
    expect(JSON.stringify(await stored())).not.toContain(KEY);

    // Replacing: the key is never shown again, only its last characters; left empty, it is kept.
    await compatible.getByRole('button', { name: 'Replace credentials' }).click();
    expect(await compatible.getByLabel('Base URL').inputValue()).toBe(standIn.url);
    expect(await compatible.getByLabel('API key (optional)').inputValue()).toBe('');
    await expectVisible(compatible.getByText('Saved (…93kd). Leave empty to keep it.'));
    expect(await s.page.content()).not.toContain(KEY);
    await compatible.getByRole('button', { name: 'Check and save' }).click();
    await expectVisible(popupOf(s.page).getByRole('heading', { name: 'Saved!' }));
    await popupOf(s.page).getByRole('button', { name: 'OK' }).click();
    expect(standIn.requests.at(-1)?.authorization).toBe(`Bearer ${KEY}`);
    await screenshot(s.page, 'admin-llm-providers-saved');

    await compatible.getByRole('button', { name: 'Remove' }).click();
    await popupOf(s.page).getByRole('button', { name: 'Remove' }).click();
    await expectVisible(popupOf(s.page).getByRole('heading', { name: 'Deleted!' }));
    await popupOf(s.page).getByRole('button', { name: 'OK' }).click();
    await expectVisible(compatible.getByText('Not set up.'));
    expect(await stored()).toBeUndefined();
  });
});
