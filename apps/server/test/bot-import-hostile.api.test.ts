import { BOT_BUNDLE_MESSAGES as M } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { bundleKey, sealBundleJson } from '../src/bot-bundle/bundle-codec';
import { type AdminWorld, buildAdminWorld } from './support/admin-world';
import { STAGING_URL, uploadBotFile } from './support/bot-bundles';
import { testDatabases } from './support/databases';
import { startTestServer, type TestServer } from './support/test-server';

const sealText = (text: string) => sealBundleJson(Buffer.from(text, 'utf8'), bundleKey(undefined));

/** 200,000 nested arrays: enough to overflow JSON.parse's stack. */
const deepFile = () => sealText(`${'['.repeat(200_000)}${']'.repeat(200_000)}`);
/** About 18 MB of empty arrays in a file of a few tens of KB: millions of objects once parsed. */
const wideFile = () => sealText(`{"format":"parley-bot","sections":[${'[],'.repeat(6_000_000)}[]]}`);

/**
 * A bot file is read in a worker thread with limits (issue 9: a 60 KB file that unpacked to
 * 62 MB of nested arrays stalled every request for up to 82 s and took 3.2 GB of memory).
 */
describe.each(testDatabases())('hostile bot files on %s', (kind) => {
  let server: TestServer;
  let world: AdminWorld;
  beforeAll(async () => {
    server = await startTestServer(kind);
    world = await buildAdminWorld(server);
  });
  afterAll(() => server?.close());

  test.each([
    ['nested too deeply', deepFile],
    ['holding millions of values', wideFile],
  ])('a file %s is refused with a clear 400', async (_what, make) => {
    const response = await uploadBotFile(server, world.plainUser.token, STAGING_URL, make());
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'validation_error',
      fieldName: 'bot-file',
      reason: 'too-complex',
      message: M.tooComplex,
    });
  });

  test('other requests are answered while a hostile file is being read', async () => {
    const finished: string[] = [];
    const staging = uploadBotFile(server, world.plainUser.token, STAGING_URL, wideFile()).then((response) => {
      finished.push('staging');
      return response;
    });
    const info = await server.request({
      method: 'GET',
      url: '/api/users/info',
      token: world.plainUser.token,
    });
    finished.push('info');
    expect(info.statusCode).toBe(200);
    expect((await staging).statusCode).toBe(400);
    expect(finished).toEqual(['info', 'staging']);
  });

  test('staging needs what importing needs: a user at a bot cap without additional cost is refused', async () => {
    const setCap = (maxFreeBots: number) =>
      server.ctx.repos.db
        .updateTable('plans')
        .set({ max_free_bots: maxFreeBots })
        .where('id', '=', 'default')
        .execute();
    await setCap(0);
    try {
      const response = await uploadBotFile(server, world.plainUser.token, STAGING_URL, deepFile());
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'custom_error', botLimit: 'reached' });
    } finally {
      await setCap(25);
    }
  });
});
