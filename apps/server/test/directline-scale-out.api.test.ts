import type { GeneratedApiKey } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import WebSocket from 'ws';
import { as, expectStatus } from './support/admin-world';
import { createBot } from './support/bots';
import { testDatabases } from './support/databases';
import { pollUntil } from './support/poll-until';
import { buildOwnAdminWorld, signUpMaster, uniqueKey } from './support/tenant-world';
import { startTestServer, type TestServer } from './support/test-server';

const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) console.info('TEST_REDIS_URL is not set: the two-process Direct Line test does not run.');

/** Direct Line behind a load balancer: a stream on one process follows what happens on the other. */
describe.runIf(redisUrl).each(testDatabases())('Direct Line on two processes on %s', (kind) => {
  let a: TestServer;
  let b: TestServer;
  let baseUrlA: string;

  beforeAll(async () => {
    a = await startTestServer(kind, { REDIS_URL: redisUrl });
    b = await startTestServer(kind, {
      REDIS_URL: redisUrl,
      DATA_DIR: a.ctx.config.dataDir,
      DATABASE_URL: a.ctx.config.databaseUrl,
    });
    baseUrlA = await a.listen();
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  test('a message posted on B reaches the stream opened on A; a key locked on B closes it at once', async () => {
    const world = await buildOwnAdminWorld(a, await signUpMaster(a), uniqueKey());
    const admin = as(b, world.tenantAdmin);
    const botName = 'Two Process Bot';
    await createBot(admin, botName);
    expectStatus(
      await admin('POST', `/api/bots/${encodeURIComponent(botName)}/configuration`, {
        channels: [{ name: 'api', visible: true }],
      }),
      200,
    );
    const key = expectStatus(
      await admin('POST', `/api/external/${encodeURIComponent(botName)}/api-key/generate`, {}),
      200,
    ).json() as GeneratedApiKey;
    const authorization = `Bearer ${key.apiKey}`;

    const started = expectStatus(
      await a.request({ method: 'POST', url: '/v3/directline/conversations', headers: { authorization } }),
      201,
    ).json() as { conversationId: string; streamUrl: string };
    const socket = new WebSocket(
      started.streamUrl.replace('ws://parley.test', baseUrlA.replace(/^http/, 'ws')),
    );
    const frames: Array<{ activities: Array<{ text?: string; from: { role: string } }> }> = [];
    socket.on('message', (data) => frames.push(JSON.parse(data.toString())));
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
    await new Promise((resolve, reject) => {
      socket.on('open', resolve);
      socket.on('error', reject);
    });

    const posted = await b.request({
      method: 'POST',
      url: `/v3/directline/conversations/${started.conversationId}/activities`,
      headers: { authorization },
      body: { type: 'message', from: { id: 'u' }, text: 'hello from B' },
    });
    expect(posted.statusCode).toBe(200);
    const seen = await pollUntil(
      'the message on A',
      async () => frames.flatMap((f) => f.activities),
      (activities) => activities.some((x) => x.from.role === 'user' && x.text === 'hello from B'),
      { timeoutMs: 15_000, intervalMs: 50 },
    );
    expect(seen[0]).toMatchObject({ text: 'hello from B', from: { role: 'user' } });

    expectStatus(
      await admin('PUT', `/api/external/${encodeURIComponent(botName)}/api-key/update`, {
        apiKeys: { [key.keyId]: { isLocked: true } },
      }),
      204,
    );
    const code = await Promise.race([
      closed,
      new Promise<number>((resolve) => setTimeout(() => resolve(-1), 10_000)),
    ]);
    // Well before the streams' own periodic check (30 s).
    expect(code).toBe(4403);
  });
});
