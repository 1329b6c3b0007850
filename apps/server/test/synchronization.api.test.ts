import { SYNC_MESSAGES, SYNC_STEP_LABELS } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectStatus } from './support/admin-world';
import {
  buildContentWorld,
  type ContentWorld,
  createEntity,
  createIntent,
  entitiesPath,
  intentsPath,
  isPublished,
} from './support/bot-content';
import { testDatabases } from './support/databases';
import {
  errorOf,
  predict,
  predictPath,
  startPublish,
  syncPath,
  syncStatusOf,
  waitForSync,
} from './support/publishing';
import { startTestServer, type TestServer } from './support/test-server';

describe.each(testDatabases())('publishing a bot on %s', (kind) => {
  let server: TestServer;
  let w: ContentWorld;
  let bot: string;

  beforeAll(async () => {
    server = await startTestServer(kind);
    w = await buildContentWorld(server, 'Travel Bot');
    bot = w.botName;
    await createEntity(w.admin, bot, {
      name: 'City',
      description: 'Where to',
      type: 'closedlists',
      sublists: [
        { canonicalForm: 'Paris', list: ['paris'] },
        { canonicalForm: 'London', list: ['london'] },
        { canonicalForm: 'Berlin', list: ['berlin'] },
      ],
    });
    await createIntent(w.admin, bot, {
      name: 'BookFlight',
      utterances: ['i want to fly to paris', 'book a flight to london', 'a plane ticket to berlin please'],
      patterns: ['fly me to [City]', 'flights to [City]'],
    });
    await createIntent(w.admin, bot, {
      name: 'Greeting',
      utterances: ['hello', 'good morning', 'hi there', 'hey, how are you'],
    });
  });
  afterAll(() => server?.close());

  test('before any publish: no sync status, prediction is 409 with a clear message', async () => {
    const details = expectStatus(await w.admin('GET', `/api/bots/${encodeURIComponent(bot)}`), 200).json();
    expect(details.syncStatus).toBeNull();
    const status = await syncStatusOf(w.admin, bot);
    expect(status).toEqual({ lastSyncId: null, providers: {}, publishTo: ['parley'] });
    expect(errorOf(await w.admin('POST', predictPath(bot), { text: 'hello' }))).toEqual([
      409,
      'cohesion_error',
      SYNC_MESSAGES.noPublishedModel,
    ]);
  });

  test('a whole publish: steps, edits blocked meanwhile, published bot, prediction with the published model', async () => {
    expect(await isPublished(w.admin, bot)).toBe(false);
    const { syncId, response } = await startPublish(w.admin, bot);
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ syncId, provider: 'parley' });

    // While the sync runs (training takes a worker start at least), edits are refused.
    const blockedIntent = await w.admin('POST', intentsPath(bot), {
      name: 'Late',
      utterances: ['a b', 'c d'],
    });
    expect(errorOf(blockedIntent)).toEqual([409, 'custom_error', SYNC_MESSAGES.intentsBlocked]);
    const blockedEntity = await w.admin('POST', entitiesPath(bot), {
      name: 'Late',
      type: 'entities',
      examples: ['x'],
    });
    expect(errorOf(blockedEntity)).toEqual([409, 'custom_error', SYNC_MESSAGES.entitiesBlocked]);
    const during = expectStatus(await w.admin('GET', `/api/bots/${encodeURIComponent(bot)}`), 200).json();
    expect(during.syncStatus.providers.parley).toMatchObject({ lastSyncId: syncId, isSyncInProgress: true });
    // A second publish meanwhile is refused.
    const second = await startPublish(w.admin, bot, 'parley', Date.now() + 1);
    expect(errorOf(second.response)).toEqual([409, 'cohesion_error', SYNC_MESSAGES.alreadyActive]);

    const done = await waitForSync(w.admin, bot, syncId);
    expect(done).toMatchObject({ isDone: true, progress: 100, state: 'Succeeded', comparison: null });
    expect(done.steps.map((s) => [SYNC_STEP_LABELS[s.name], s.status])).toEqual([
      ['NLU Resource', 'Succeeded'],
      ['NLU', 'Succeeded'],
      ['Initializing cache', 'Succeeded'],
      ['Syncing entities', 'Succeeded'],
      ['Syncing intents', 'Succeeded'],
      ['Training bot', 'Succeeded'],
    ]);
    expect(await isPublished(w.admin, bot)).toBe(true);
    const status = await syncStatusOf(w.admin, bot);
    expect(status.lastSyncId).toBe(syncId);
    expect(status.providers.parley).toMatchObject({
      lastSyncId: syncId,
      isSyncInProgress: false,
      state: 'Succeeded',
    });

    const flight = await predict(w.admin, bot, 'fly me to berlin');
    expect(flight.topIntent).toBe('BookFlight');
    expect(flight.entities).toContainEqual(expect.objectContaining({ entity: 'City', value: 'Berlin' }));
    expect(flight.decision).toBe('answer');
    expect((await predict(w.admin, bot, 'hello there')).topIntent).toBe('Greeting');
  });
});
