import { SYNC_MESSAGES, SYNC_STEP_LABELS } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectStatus } from './support/admin-world';
import {
  buildContentWorld,
  type ContentWorld,
  createEntity,
  createIntent,
  DESIGNER_ROLE,
  entitiesPath,
  intentsPath,
  isPublished,
  multipartBody,
} from './support/bot-content';
import { createBot } from './support/bots';
import { testDatabases } from './support/databases';
import { functionsPath } from './support/functions';
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
import { objectBody, putObject, putVariables } from './support/variables';

describe.each(testDatabases())('publishing a bot on %s', (kind) => {
  let server: TestServer;
  let w: ContentWorld;
  let made = 0;

  beforeAll(async () => {
    server = await startTestServer(kind);
    w = await buildContentWorld(server, 'Travel Bot');
  });
  afterAll(() => server?.close());

  /** A bot of the test's own (Pat its Designer) with the entity City and the intents BookFlight and Greeting. */
  async function travelBot(): Promise<string> {
    made += 1;
    const bot = `Travel Bot ${made}`;
    await createBot(w.admin, bot);
    expectStatus(
      await w.admin('POST', '/api/user/role', {
        userEmail: w.world.plainUser.email,
        botName: bot,
        role: DESIGNER_ROLE,
      }),
      200,
    );
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
    return bot;
  }

  test('before any publish: no sync status, prediction is 409 with a clear message', async () => {
    const bot = await travelBot();
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
    const bot = await travelBot();
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
    const blockedFunction = await w.admin('POST', functionsPath(bot), {
      type: 'code',
      name: 'Late',
      code: 'return 1;',
    });
    expect(errorOf(blockedFunction)).toEqual([409, 'custom_error', SYNC_MESSAGES.functionsBlocked]);
    const blockedObject = await putObject(w.admin, bot, objectBody('Late', { city: 'Paris' }));
    expect(errorOf(blockedObject)).toEqual([409, 'custom_error', SYNC_MESSAGES.objectsBlocked]);
    // Variables are not part of the model: they may change meanwhile.
    expectStatus(await putVariables(w.admin, bot, [{ key: 'during', value: 'yes' }]), 200);
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

  test('a new model less accurate on the test set waits for the user: kept, the draft differs; published anyway, it answers', async () => {
    const bot = await travelBot();
    // Its first model, published, knows Greeting.
    const published0 = await startPublish(w.admin, bot);
    expect((await waitForSync(w.admin, bot, published0.syncId)).state).toBe('Succeeded');
    const csv =
      'utterance,intent\nhello there,Greeting\ngood morning to you,Greeting\nfly me to paris,BookFlight\n';
    const { payload, contentType } = multipartBody('file', 'tests.csv', csv);
    const upload = await server.request({
      method: 'PUT',
      url: `/api/bots/${encodeURIComponent(bot)}/nlu-dataset`,
      token: w.world.tenantAdmin.token,
      body: payload,
      headers: { 'content-type': contentType },
    });
    expect(upload.statusCode).toBe(200);
    expectStatus(
      await w.admin('PUT', `${intentsPath(bot)}/change-name`, { name: 'Greeting', newName: 'Hello' }),
      200,
    );
    expect(await isPublished(w.admin, bot)).toBe(false);

    const first = await startPublish(w.admin, bot);
    const waiting = await waitForSync(w.admin, bot, first.syncId);
    expect(waiting.state).toBe('AwaitingConfirmation');
    expect(waiting.comparison).toMatchObject({ testSize: 3, isWorse: true });
    expect(waiting.comparison?.draftAccuracy).toBeLessThan(waiting.comparison?.publishedAccuracy ?? 0);
    expect(waiting.steps.at(-1)).toEqual({
      name: 'TRAIN_BOT',
      status: 'Warning',
      message: SYNC_MESSAGES.worseTitle,
    });
    expect(await isPublished(w.admin, bot)).toBe(false);
    // The published model still answers the old intent; the draft knows the new name.
    expect((await predict(w.admin, bot, 'hello there')).topIntent).toBe('Greeting');
    expect((await predict(w.admin, bot, 'hello there', 'draft')).topIntent).toBe('Hello');

    const kept = await w.admin(
      'POST',
      syncPath(bot, 'confirm', { provider: 'parley', syncId: first.syncId }),
      {
        publish: false,
      },
    );
    expect(expectStatus(kept, 200).json()).toMatchObject({ state: 'Warning', isDone: true });
    expect(await isPublished(w.admin, bot)).toBe(false);
    expect((await predict(w.admin, bot, 'hello there')).topIntent).toBe('Greeting');
    // Retrying this publish is refused while the bot is unpublished (spec 02 section 4).
    const retry = await w.admin('POST', syncPath(bot, 'sync', { provider: 'parley', syncId: first.syncId }));
    expect(errorOf(retry)).toEqual([409, 'sync_error', SYNC_MESSAGES.retryNotAllowed]);
    expect(retry.json()).toMatchObject({
      provider: 'parley',
      internalMessage: SYNC_MESSAGES.retryNotAllowed,
    });
    const again = await w.admin(
      'POST',
      syncPath(bot, 'confirm', { provider: 'parley', syncId: first.syncId }),
      {
        publish: true,
      },
    );
    expect(errorOf(again)).toEqual([409, 'cohesion_error', SYNC_MESSAGES.nothingToConfirm]);

    const second = await startPublish(w.admin, bot, 'parley', Date.now() + 5);
    expect((await waitForSync(w.admin, bot, second.syncId)).state).toBe('AwaitingConfirmation');
    const published = await w.admin(
      'POST',
      syncPath(bot, 'confirm', { provider: 'parley', syncId: second.syncId }),
      {
        publish: true,
      },
    );
    expect(expectStatus(published, 200).json()).toMatchObject({ state: 'Succeeded' });
    expect(await isPublished(w.admin, bot)).toBe(true);
    expect((await predict(w.admin, bot, 'hello there')).topIntent).toBe('Hello');
  });

  test('refusals: unknown provider, bad sync ids, all-at-once calls, unknown syncs, permissions', async () => {
    const bot = await travelBot();
    const syncId = `${bot}|${Date.now() + 10}`;
    expect(errorOf(await w.admin('POST', syncPath(bot, 'sync', { provider: 'nope', syncId })))).toEqual([
      400,
      'validation_error',
      SYNC_MESSAGES.unknownProvider('nope'),
    ]);
    for (const bad of ['no-bar', 'Other Bot|123', `${bot}|`, `${bot}|12a`]) {
      const response = await w.admin('POST', syncPath(bot, 'sync', { provider: 'parley', syncId: bad }));
      expect(errorOf(response)).toEqual([400, 'validation_error', SYNC_MESSAGES.badSyncId]);
    }
    expect((await w.admin('POST', syncPath(bot, 'sync'))).statusCode).toBe(400);
    for (const [method, call] of [
      ['POST', 'cache'],
      ['DELETE', 'cache'],
      ['PUT', 'entities'],
      ['POST', 'entities/City'],
      ['PUT', 'intents/Hello'],
      ['PUT', 'train'],
    ] as const) {
      const response = await w.admin(
        method,
        syncPath(bot, call, { provider: 'parley', syncId, cacheId: 'c1' }),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'sync_error', provider: 'parley' });
    }
    const entities = expectStatus(
      await w.admin('GET', syncPath(bot, 'entities', { provider: 'parley' })),
      200,
    );
    expect(entities.json()).toEqual([{ name: 'City', type: 'closedlists' }]);
    expect(
      expectStatus(
        await w.admin('GET', syncPath(bot, 'progress', { provider: 'parley', syncId })),
        404,
      ).json().code,
    ).toBe('not-found_error');
    // The Designer role manages content but may not publish (permission 11); a stranger sees nothing.
    const refused = await w.designer('POST', syncPath(bot, 'sync', { provider: 'parley', syncId }));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'permission_error', requiredPermission: 11 });
    expect((await w.designer('GET', syncPath(bot, 'status'))).statusCode).toBe(200);
    expect((await w.stranger('GET', syncPath(bot, 'status'))).statusCode).toBe(403);
    expect((await w.stranger('POST', predictPath(bot), { text: 'hello' })).statusCode).toBe(403);
    expect(errorOf(await w.admin('POST', predictPath(bot), { text: '   ' }))[0]).toBe(400);
  });
});
