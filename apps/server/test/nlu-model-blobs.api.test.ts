import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { botBlobPrefix } from '../src/blobs/blob-store';
import { expectStatus } from './support/admin-world';
import { buildContentWorld, type ContentWorld, createIntent } from './support/bot-content';
import { botPath, createBot } from './support/bots';
import { testDatabases } from './support/databases';
import { predict, startPublish, waitForSync } from './support/publishing';
import { startTestServer, type TestServer } from './support/test-server';

const BOT = 'Blob Bot';
const BUCKET = 'parley-models';
let s3rver: S3rver | undefined;
let s3Folder = '';
let s3Port = 0;

beforeAll(async () => {
  s3Folder = mkdtempSync(path.join(tmpdir(), 'parley-s3-'));
  s3rver = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: s3Folder,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  ({ port: s3Port } = await s3rver.run());
});
afterAll(async () => {
  await s3rver?.close();
  rmSync(s3Folder, { recursive: true, force: true });
});

const blobStores: Array<[string, () => Record<string, string>]> = [
  ['files under DATA_DIR', () => ({})],
  [
    'an S3 bucket',
    () => ({
      BLOB_STORE: 's3',
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    }),
  ],
];

/**
 * Issue 9: NLU models live in the blob store (files or S3), not in a text column: publishing
 * trains one, predictions load it, retraining leaves only the models in use, deleting the bot
 * deletes them.
 */
describe.each(testDatabases())('NLU models as blobs on %s', (kind) => {
  describe.each(blobStores)('in %s', (_store, env) => {
    let server: TestServer;
    let w: ContentWorld;

    let made = 0;

    beforeAll(async () => {
      server = await startTestServer(kind, env());
      w = await buildContentWorld(server, BOT);
    });
    afterAll(() => server?.close());

    /** A bot of the test's own with the intents Greeting and Weather. */
    const ownBot = async () => {
      made += 1;
      const name = `${BOT} ${made}`;
      await createBot(w.admin, name);
      await createIntent(w.admin, name, {
        name: 'Greeting',
        utterances: ['hello there', 'good morning', 'hi'],
      });
      await createIntent(w.admin, name, {
        name: 'Weather',
        utterances: ['is it raining', 'the weather today', 'sunny tomorrow'],
      });
      return name;
    };

    const botId = async (name: string) =>
      (await server.ctx.repos.forTenant(w.world.tenantB).bots.get(name))?.id ?? '';

    const modelBlobs = async (name: string) =>
      server.ctx.blobs.list(`${botBlobPrefix(w.world.tenantB, await botId(name))}nlu-models/parley/`);

    test('a publish stores its model as a blob the rows name; predictions read it', async () => {
      const BOT = await ownBot();
      const { syncId } = await startPublish(w.admin, BOT);
      expect((await waitForSync(w.admin, BOT, syncId)).state).toBe('Succeeded');
      const rows = await server.ctx.repos.db
        .selectFrom('nlu_models')
        .select(['kind', 'model', 'model_blob'])
        .where('bot_id', '=', await botId(BOT))
        .execute();
      expect(rows.map((r) => [r.kind, r.model, typeof r.model_blob])).toEqual(
        expect.arrayContaining([
          ['draft', '', 'string'],
          ['published', '', 'string'],
        ]),
      );
      expect(await modelBlobs(BOT)).toEqual([rows[0]?.model_blob]);
      expect((await predict(w.admin, BOT, 'good morning to you')).topIntent).toBe('Greeting');
    });

    test('publishing again keeps only the models in use, and deleting the bot deletes them', async () => {
      const BOT = await ownBot();
      const first = await startPublish(w.admin, BOT);
      expect((await waitForSync(w.admin, BOT, first.syncId)).state).toBe('Succeeded');
      await createIntent(w.admin, BOT, {
        name: 'Goodbye',
        utterances: ['bye now', 'see you later', 'goodbye'],
      });
      const { syncId } = await startPublish(w.admin, BOT, 'parley', Date.now() + 1);
      expect((await waitForSync(w.admin, BOT, syncId)).state).toBe('Succeeded');
      expect(await modelBlobs(BOT)).toHaveLength(1);
      expect((await predict(w.admin, BOT, 'see you later')).topIntent).toBe('Goodbye');
      const bot = await server.ctx.repos.forTenant(w.world.tenantB).bots.get(BOT);
      expectStatus(await w.admin('DELETE', botPath(BOT)), 204);
      expect(await server.ctx.blobs.list(botBlobPrefix(w.world.tenantB, bot?.id ?? ''))).toEqual([]);
    });
  });
});
