import { INTENT_MESSAGES as M } from '@parley/contracts';
import { type OpenAiProtocolServer, startOpenAiProtocolServer } from '@parley/llm/testing';
import { afterAll, describe, expect, test } from 'vitest';
import { logInThroughUi, popupOf } from './support/accounts';
import { VERA } from './support/bot-content';
import { botPageSuite } from './support/bot-page-suite';
import { launchBrowser } from './support/browser';
import { expectHidden, expectVisible } from './support/expect-page';
import { screenshot } from './support/screenshots';

const BOT = 'Parcel Bot';

/** What the provider proposes, by the intent it is asked about; 'Riddle' gets nothing usable. */
const PROPOSALS = {
  TrackOrder: [
    'where is my parcel',
    'has my package shipped yet',
    'when will my delivery arrive',
    'is my order on its way',
  ],
  Greeting: ['good morning', 'hi there', 'hey, anyone around?'],
  Riddle: [] as string[],
};

/**
 * Auto generate (spec 02 section 2.2): the tenant's provider proposes utterances, the designer
 * checks and edits them, and only the chosen ones join the intent.
 */
describe('Auto generate utterances', () => {
  let provider: OpenAiProtocolServer | undefined;
  // The first ask waits for the test to let it go, to see the button while it asks.
  let release: () => void = () => undefined;
  let held: Promise<void> | undefined = new Promise((resolve) => {
    release = resolve;
  });
  const s = botPageSuite(
    BOT,
    async (tina) => {
      await tina('POST', `/api/${encodeURIComponent(BOT)}/intents`, {
        name: 'TrackOrder',
        description: 'The user asks where their order is.',
        utterances: ['track my order', 'where is my order'],
      });
    },
    {
      env: async () => {
        provider = await startOpenAiProtocolServer({
          apiKey: 'sk-gen',
          answer: async (request) => {
            await held;
            const asked = request.messages.map((m) => m.content).join('\n');
            const intent = (Object.keys(PROPOSALS) as (keyof typeof PROPOSALS)[]).find((name) =>
              asked.includes(`Intent: ${name}`),
            );
            return JSON.stringify({ utterances: intent ? PROPOSALS[intent] : [] });
          },
        });
        return { OPENAI_BASE_URL: provider.url, OPENAI_API_KEY: 'sk-gen' };
      },
    },
  );
  afterAll(async () => provider?.close());

  const pane = () => s.page.getByRole('article');
  const dialog = () => s.page.getByRole('dialog');
  const review = (scope = pane()) => scope.getByRole('region', { name: 'Proposed utterances' });
  const examplesOf = async (intent: string) =>
    (
      (await s.tina('GET', `/api/${encodeURIComponent(BOT)}/intents/${intent}`)) as {
        utterances: { text: string }[];
      }
    ).utterances.map((u) => u.text);

  test('the pane: proposals are reviewed, one unchecked, one edited, the rest added', async () => {
    await s.page.goto(s.botUrl('intents/TrackOrder'));
    await expectVisible(pane().getByRole('heading', { name: 'TrackOrder' }));
    const generate = pane().getByRole('button', { name: 'Auto generate' });
    await generate.click();
    // While the provider is asked the button waits with a spinner.
    await expect.poll(() => generate.getAttribute('aria-busy')).toBe('true');
    expect(await generate.isDisabled()).toBe(true);
    release();
    held = undefined;

    await expectVisible(review());
    for (const [index, text] of PROPOSALS.TrackOrder.entries()) {
      const proposal = review().getByRole('combobox', { name: `Proposal ${index + 1}` });
      await expect.poll(() => proposal.inputValue()).toBe(text);
      expect(
        await review()
          .getByRole('checkbox', { name: `Select proposal ${index + 1}` })
          .isChecked(),
      ).toBe(true);
    }
    expect(await generate.isDisabled()).toBe(false);
    // Nothing is added before the designer adds it.
    expect(await examplesOf('TrackOrder')).toEqual(['track my order', 'where is my order']);

    await review().getByRole('checkbox', { name: 'Select proposal 2' }).uncheck();
    await review().getByRole('combobox', { name: 'Proposal 3' }).fill('when does my delivery arrive');
    await screenshot(s.page, 'intents-auto-generate-review');
    await review().getByRole('button', { name: 'Add selected' }).click();
    await expectHidden(review());

    const items = pane().getByRole('region', { name: 'Utterances' }).getByRole('listitem');
    for (const text of ['where is my parcel', 'when does my delivery arrive', 'is my order on its way'])
      await expectVisible(items.filter({ hasText: text }));
    await expect.poll(() => items.count()).toBe(5);
    expect((await examplesOf('TrackOrder')).sort()).toEqual(
      [
        'track my order',
        'where is my order',
        'where is my parcel',
        'when does my delivery arrive',
        'is my order on its way',
      ].sort(),
    );
    await screenshot(s.page, 'intents-auto-generate-added');

    // A second ask proposes only what is new; Discard drops it all and adds nothing.
    await generate.click();
    await expectVisible(review());
    await expect.poll(() => review().getByRole('combobox').count()).toBe(2);
    await review().getByRole('button', { name: 'Discard' }).click();
    await expectHidden(review());
    await expect.poll(() => items.count()).toBe(5);
  });

  test('the Create Intent modal: the checked proposals join its utterances', async () => {
    await s.page.goto(s.botUrl('intents'));
    await s.page.getByRole('button', { name: 'Add Intent' }).click();
    await dialog().getByLabel('Name').fill('Greeting');
    await dialog().getByLabel('Description').fill('The user says hello.');
    const typed = dialog().getByRole('combobox', { name: 'New utterance' });
    await typed.fill('hello');
    await typed.press('Enter');
    await dialog().getByRole('button', { name: 'Auto generate' }).click();
    await expectVisible(review(dialog()));
    await expect.poll(() => review(dialog()).getByRole('combobox').count()).toBe(3);
    // The model was told what the modal holds so far.
    const asked = JSON.stringify(provider?.requests.at(-1)?.body);
    expect(asked).toContain('Intent: Greeting');
    expect(asked).toContain('The user says hello.');
    expect(asked).toContain('- hello');

    await review(dialog()).getByRole('checkbox', { name: 'Select proposal 3' }).uncheck();
    await screenshot(s.page, 'intents-auto-generate-create-modal');
    await review(dialog()).getByRole('button', { name: 'Add selected' }).click();
    await expectHidden(review(dialog()));
    const toCreate = dialog().getByRole('list', { name: 'Utterances to create' });
    await expect
      .poll(() => toCreate.getByRole('listitem').allInnerTexts())
      .toEqual(['hello', 'good morning', 'hi there']);
    await dialog().getByRole('button', { name: 'Create', exact: true }).click();
    await expectHidden(dialog());
    await expectVisible(pane().getByRole('heading', { name: 'Greeting' }));
    expect((await examplesOf('Greeting')).sort()).toEqual(['good morning', 'hello', 'hi there']);
  });

  test("nothing usable: the modal says the spec's message under its utterances", async () => {
    await s.page.goto(s.botUrl('intents'));
    await s.page.getByRole('button', { name: 'Add Intent' }).click();
    await dialog().getByLabel('Name').fill('Riddle');
    await dialog().getByRole('button', { name: 'Auto generate' }).click();
    await expectVisible(dialog().getByText(M.generateFailed));
    await expect.poll(() => review(dialog()).count()).toBe(0);
    await dialog().getByRole('button', { name: 'Close' }).click();
    await popupOf(s.page).getByRole('button', { name: 'Discard' }).click();
    await expectHidden(dialog());
  });

  test('without the intents permission there is no Auto generate', async () => {
    const viewer = await launchBrowser();
    try {
      const viewerPage = await viewer.newPage();
      await logInThroughUi(viewerPage, s.app.baseUrl, VERA.email, VERA.password);
      await viewerPage.goto(s.botUrl('intents/TrackOrder'));
      await expectVisible(viewerPage.getByRole('article').getByRole('heading', { name: 'TrackOrder' }));
      await expectVisible(viewerPage.getByRole('article').getByText('track my order'));
      await expect.poll(() => viewerPage.getByRole('button', { name: 'Auto generate' }).count()).toBe(0);
      expect(viewer.pageErrors).toEqual([]);
    } finally {
      await viewer.close();
    }
  });

  test('no page errors', () => {
    expect(s.browser.pageErrors).toEqual([]);
  });
});
