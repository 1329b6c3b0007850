import { INTENT_MESSAGES as M } from '@parley/contracts';
import { type OpenAiProtocolServer, startOpenAiProtocolServer } from '@parley/llm/testing';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { as, expectStatus } from './support/admin-world';
import { buildContentWorld, type ContentWorld, createIntent } from './support/bot-content';
import { createBot } from './support/bots';
import { testDatabases } from './support/databases';
import { createFuzzLog, HOSTILE_RAW_BODIES, hostileBodies, sendJsonBodies } from './support/fuzz';
import { startTestServer, type TestServer } from './support/test-server';

/** What the model proposes: new ones, one already an example, a repeat, one too short, one not text. */
const PROPOSALS = {
  utterances: [
    'where is my parcel',
    'Track my order',
    'has my package shipped yet',
    'where is my parcel',
    'x',
    42,
    'when will my delivery arrive',
  ],
};

/**
 * Auto generate (spec 02 sections 2.2, 7, 8): the tenant's provider proposes utterances for an
 * intent, new and usable ones only, and nothing is added until the designer adds it.
 */
describe.each(testDatabases())('Auto generate utterances on %s', (kind) => {
  let provider: OpenAiProtocolServer;
  let server: TestServer;
  let bare: TestServer;
  let w: ContentWorld;
  let answer = JSON.stringify(PROPOSALS);

  beforeAll(async () => {
    provider = await startOpenAiProtocolServer({ apiKey: 'sk-gen', answer: () => answer });
    server = await startTestServer(kind, { OPENAI_BASE_URL: provider.url, OPENAI_API_KEY: 'sk-gen' });
    bare = await startTestServer(kind);
    w = await buildContentWorld(server, 'Parcel Bot');
    await createIntent(w.admin, w.botName, {
      name: 'TrackOrder',
      description: 'The user asks where their order is.',
      utterances: ['track my order', 'where is my order'],
    });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await bare?.close();
    await provider?.close();
  });

  const intentPath = (bot: string) => `/api/${encodeURIComponent(bot)}/intents`;

  test('proposals for an intent: new, usable and each once; the intent itself is unchanged', async () => {
    const before = expectStatus(await w.admin('GET', `${intentPath(w.botName)}/TrackOrder`), 200).json();
    const generated = expectStatus(
      await w.designer('PUT', `${intentPath(w.botName)}/TrackOrder/utterances/generate`),
      200,
    ).json();
    expect(generated).toEqual({
      utterances: ['where is my parcel', 'has my package shipped yet', 'when will my delivery arrive'],
      patterns: [],
    });
    // The model was told the intent, its description and examples, in the bot's language.
    const sent = JSON.stringify(provider.requests.at(-1)?.body);
    expect(sent).toContain('TrackOrder');
    expect(sent).toContain('The user asks where their order is.');
    expect(sent).toContain('- where is my order');
    expect(expectStatus(await w.admin('GET', `${intentPath(w.botName)}/TrackOrder`), 200).json()).toEqual(
      before,
    );
  });

  test('proposals for an intent being created, from what the modal holds', async () => {
    const generated = expectStatus(
      await w.admin('POST', `${intentPath(w.botName)}/utterances/generate`, {
        intentName: 'Parc',
        intentDescription: '',
        utterances: ['where is my parcel'],
      }),
      200,
    ).json();
    expect(generated.utterances).toEqual([
      'Track my order',
      'has my package shipped yet',
      'when will my delivery arrive',
    ]);
  });

  test("a model answer with nothing usable, a failing provider and no provider at all say so, with the spec's text", async () => {
    answer = 'I cannot help with that.';
    const useless = await w.admin('PUT', `${intentPath(w.botName)}/TrackOrder/utterances/generate`);
    expect(expectStatus(useless, 409).json().message).toBe(M.generateFailed);
    answer = JSON.stringify(PROPOSALS);

    provider.inject({ kind: 'server-error', route: 'chat', times: 3 });
    const failing = await w.admin('PUT', `${intentPath(w.botName)}/TrackOrder/utterances/generate`);
    expect(expectStatus(failing, 409).json().message).toBe(M.generateFailed);

    const { token } = await bare.signUpFirstAdmin();
    const bareAdmin = as(bare, token);
    await createBot(bareAdmin, 'Lonely Bot');
    const none = await bareAdmin('POST', `${intentPath('Lonely Bot')}/utterances/generate`, {
      intentName: 'Hello',
    });
    expect(expectStatus(none, 409).json().message).toBe(M.generateNoProvider);
  });

  test('only those who may manage intents of the bot may ask; other tenants do not find it', async () => {
    expectStatus(await w.stranger('PUT', `${intentPath(w.botName)}/TrackOrder/utterances/generate`), 403);
    expectStatus(await w.stranger('POST', `${intentPath(w.botName)}/utterances/generate`, {}), 403);
    const master = as(server, w.world.master);
    expect([403, 404]).toContain(
      (await master('PUT', `${intentPath(w.botName)}/TrackOrder/utterances/generate`)).statusCode,
    );
    expectStatus(await w.admin('PUT', `${intentPath(w.botName)}/NoSuchIntent/utterances/generate`), 404);
  });

  test('hostile bodies never answer 5xx', async () => {
    const log = createFuzzLog();
    await sendJsonBodies(
      server,
      {
        method: 'POST',
        url: `${intentPath(w.botName)}/utterances/generate`,
        token: w.world.tenantAdmin.token,
      },
      {
        values: hostileBodies({
          intentName: 'Parcel',
          intentDescription: 'About parcels',
          utterances: ['a parcel'],
        }),
        raw: HOSTILE_RAW_BODIES,
      },
      log,
    );
    expect(log.failures).toEqual([]);
    expect(log.sent).toBeGreaterThan(30);
  }, 60_000);
});
