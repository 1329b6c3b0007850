import { SYNC_MESSAGES, type SyncStep } from '@parley/contracts';
import type { Bot, StoredSyncStep } from '@parley/db';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { expectStatus } from './support/admin-world';
import {
  buildContentWorld,
  type ContentWorld,
  createIntent,
  intentsPath,
  isPublished,
} from './support/bot-content';
import { createBot } from './support/bots';
import { testDatabases } from './support/databases';
import { errorOf, startPublish, syncPath, syncStatusOf, waitForSync } from './support/publishing';
import { startTestServer, type TestServer } from './support/test-server';

const MINUTE = 60_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

/**
 * A process that runs a sync refreshes its heartbeat; one that died (crash, deploy, kill) leaves
 * an unfinished row behind. These rows are written directly, as such a process would have left
 * them, to see that the bot is not frozen for an hour.
 */
describe.each(testDatabases())('a publish whose process died, on %s', (kind) => {
  let server: TestServer;
  let w: ContentWorld;
  let bot: string;
  let botRow: Bot;
  let stamp = Date.now();

  const syncs = () => server.ctx.repos.forTenant(w.world.tenantB).nluSyncs(botRow.id);

  /** An unfinished sync row of the bot, started and last beating the given times ago (null: no heartbeat). */
  async function leftBehind(ages: { started: number; beat: number | null }, steps: StoredSyncStep[]) {
    const syncId = `${bot}|${++stamp}`;
    const sync = await syncs().start({
      provider: 'parley',
      syncId,
      state: 'InProgress',
      steps,
      startedBy: 'gone',
    });
    await server.ctx.repos.db
      .updateTable('nlu_syncs')
      .set({ started_at: ago(ages.started), heartbeat_at: ages.beat === null ? null : ago(ages.beat) })
      .where('id', '=', sync.id)
      .execute();
    return { id: sync.id, syncId };
  }

  const progressOf = async (syncId: string) =>
    expectStatus(await w.admin('GET', syncPath(bot, 'progress', { provider: 'parley', syncId })), 200).json();
  const addIntent = (name: string) => w.admin('POST', intentsPath(bot), { name, utterances: ['a b', 'c d'] });
  const training: StoredSyncStep[] = [
    { name: 'INITIALIZE_CACHE', status: 'Succeeded' },
    { name: 'TRAIN_BOT', status: 'InProgress' },
  ];

  let made = 0;

  beforeAll(async () => {
    server = await startTestServer(kind);
    w = await buildContentWorld(server, 'Heartbeat Bot');
  });
  afterAll(() => server?.close());

  // Each test on a bot of its own, Heartbeat Bot N, with the intent Greeting and no sync yet.
  beforeEach(async () => {
    made += 1;
    bot = `Heartbeat Bot ${made}`;
    await createBot(w.admin, bot);
    await createIntent(w.admin, bot, { name: 'Greeting', utterances: ['hello', 'good morning', 'hi there'] });
    const found = await server.ctx.repos.forTenant(w.world.tenantB).bots.get(bot);
    if (!found) throw new Error('no bot');
    botRow = found;
  });

  test('a sync with a fresh heartbeat still blocks edits and other publishes, even minutes after its start', async () => {
    const live = await leftBehind({ started: 5 * MINUTE, beat: 1_000 }, training);
    expect(errorOf(await addIntent('Blocked'))).toEqual([409, 'custom_error', SYNC_MESSAGES.intentsBlocked]);
    const other = await startPublish(w.admin, bot, 'parley', ++stamp);
    expect(errorOf(other.response)).toEqual([409, 'cohesion_error', SYNC_MESSAGES.alreadyActive]);
    expect((await syncStatusOf(w.admin, bot)).providers.parley).toMatchObject({
      lastSyncId: live.syncId,
      isSyncInProgress: true,
      state: 'InProgress',
    });
    expect(await progressOf(live.syncId)).toMatchObject({ isDone: false, state: 'InProgress' });
    // Its process "ends" it.
    await syncs().update(live.id, { state: 'Succeeded', finished: true });
  });

  test('heartbeat 2 minutes old: edits are allowed again, the sync reads Failed with the reason, a new publish runs', async () => {
    const dead = await leftBehind({ started: 5 * MINUTE, beat: 2 * MINUTE }, training);

    expectStatus(await addIntent('AfterCrash'), 200);
    expect(await isPublished(w.admin, bot)).toBe(false);
    const progress = await progressOf(dead.syncId);
    expect(progress).toMatchObject({ isDone: true, state: 'Failed' });
    expect(progress.steps).toEqual([
      { name: 'INITIALIZE_CACHE', status: 'Succeeded' },
      { name: 'TRAIN_BOT', status: 'Failed', message: SYNC_MESSAGES.processStopped },
    ] satisfies SyncStep[]);
    // The edit came after the sync was ended: the bot stays unpublished.
    expect(await isPublished(w.admin, bot)).toBe(false);

    const next = await startPublish(w.admin, bot, 'parley', ++stamp);
    expect(next.response.statusCode).toBe(202);
    expect((await waitForSync(w.admin, bot, next.syncId)).state).toBe('Succeeded');
    expect(await isPublished(w.admin, bot)).toBe(true);
  });

  test('the panel sees the dead sync Failed; all providers ended, so Retry of the same sync id is allowed and runs', async () => {
    const first = await startPublish(w.admin, bot, 'parley', ++stamp);
    expect((await waitForSync(w.admin, bot, first.syncId)).state).toBe('Succeeded');
    expectStatus(await addIntent('BeforePublish'), 200);
    expect(await isPublished(w.admin, bot)).toBe(false);
    // The earlier publishes were long ago, so the dead one is the latest the panel shows.
    await server.ctx.repos.db
      .updateTable('nlu_syncs')
      .set({ started_at: ago(120 * MINUTE) })
      .where('bot_id', '=', botRow.id)
      .execute();
    const dead = await leftBehind({ started: 3 * MINUTE, beat: 2 * MINUTE }, training);

    const status = await syncStatusOf(w.admin, bot);
    expect(status.providers.parley).toMatchObject({
      lastSyncId: dead.syncId,
      isSyncInProgress: false,
      state: 'Failed',
      steps: [
        { name: 'INITIALIZE_CACHE', status: 'Succeeded' },
        { name: 'TRAIN_BOT', status: 'Failed', message: SYNC_MESSAGES.processStopped },
      ],
    });
    // As after any failed provider (spec 02 section 4 'Published state').
    expect(await isPublished(w.admin, bot)).toBe(true);

    const retry = await w.admin('POST', syncPath(bot, 'sync', { provider: 'parley', syncId: dead.syncId }));
    expect(expectStatus(retry, 202).json()).toEqual({ syncId: dead.syncId, provider: 'parley' });
    expect((await waitForSync(w.admin, bot, dead.syncId)).state).toBe('Succeeded');
  });

  test('a start finds the dead sync itself: the publish is not refused as already active', async () => {
    const dead = await leftBehind({ started: 5 * MINUTE, beat: 2 * MINUTE }, []);
    const next = await startPublish(w.admin, bot, 'parley', ++stamp);
    expect(next.response.statusCode).toBe(202);
    expect((await waitForSync(w.admin, bot, next.syncId)).state).toBe('Succeeded');
    // It had not begun a step: the first one carries the reason.
    expect((await progressOf(dead.syncId)).steps).toEqual([
      { name: 'INITIALIZE_CACHE', status: 'Failed', message: SYNC_MESSAGES.processStopped },
    ]);
  });

  test('a row from before the heartbeat counts from its start; one older than an hour ends even while beating', async () => {
    const old = await leftBehind({ started: 2 * MINUTE, beat: null }, training);
    expectStatus(await addIntent('NoHeartbeatRow'), 200);
    expect(await progressOf(old.syncId)).toMatchObject({ isDone: true, state: 'Failed' });

    const long = await leftBehind({ started: 61 * MINUTE, beat: 1_000 }, training);
    expectStatus(await addIntent('AfterAnHour'), 200);
    const progress = await progressOf(long.syncId);
    expect(progress).toMatchObject({ isDone: true, state: 'Failed' });
    expect(progress.steps.at(-1)).toEqual({
      name: 'TRAIN_BOT',
      status: 'Failed',
      message: SYNC_MESSAGES.tookTooLong,
    });
  });

  test('a sync awaiting confirmation has ended its process: an old heartbeat leaves it waiting, and confirm still works', async () => {
    const waiting = await leftBehind({ started: 5 * MINUTE, beat: 2 * MINUTE }, []);
    const steps: StoredSyncStep[] = [
      { name: 'TRAIN_BOT', status: 'Warning', message: SYNC_MESSAGES.worseTitle },
    ];
    const comparison = { testSize: 3, draftAccuracy: 0.33, publishedAccuracy: 0.66, isWorse: true };
    await syncs().update(waiting.id, { state: 'AwaitingConfirmation', steps, comparison, finished: true });
    await server.ctx.repos.db
      .updateTable('nlu_syncs')
      .set({ heartbeat_at: ago(2 * MINUTE) })
      .where('id', '=', waiting.id)
      .execute();

    expectStatus(await addIntent('WhileWaiting'), 200);
    expect(await progressOf(waiting.syncId)).toEqual({
      isDone: true,
      progress: 0,
      state: 'AwaitingConfirmation',
      steps,
      comparison,
    });
    const kept = await w.admin(
      'POST',
      syncPath(bot, 'confirm', { provider: 'parley', syncId: waiting.syncId }),
      {
        publish: false,
      },
    );
    expect(expectStatus(kept, 200).json()).toMatchObject({ state: 'Warning', isDone: true });
  });
});
