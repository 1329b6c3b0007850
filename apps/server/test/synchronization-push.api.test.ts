import { botIdFor, type SyncProgressStateMessage } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { USER_PASSWORD } from './support/admin-world';
import { buildContentWorld, type ContentWorld, createIntent } from './support/bot-content';
import { testDatabases } from './support/databases';
import { startPublish, waitForSync } from './support/publishing';
import { openSocket, socketUrl } from './support/socket-client';
import { startTestServer, type TestServer } from './support/test-server';

describe.each(testDatabases())('publishing progress pushed over the websocket on %s', (kind) => {
  let server: TestServer;
  let w: ContentWorld;
  let baseUrl: string;

  beforeAll(async () => {
    server = await startTestServer(kind);
    w = await buildContentWorld(server, 'Push Bot');
    await createIntent(w.admin, w.botName, { name: 'Greeting', utterances: ['hello', 'hi there'] });
    baseUrl = await server.listen();
  });
  afterAll(() => server?.close());

  test('users who see the bot follow its publishing up to the end; others are refused', async () => {
    const watcher = await openSocket(socketUrl(baseUrl, w.world.plainUser.token));
    const stranger = await openSocket(
      socketUrl(baseUrl, (await server.login('nora.norole@example.com', USER_PASSWORD)).token),
    );
    const topic = { kind: 'bot-publishing', botId: botIdFor(w.world.tenantB, w.botName) } as const;
    try {
      expect(await watcher.subscribe(topic)).toEqual({ type: 'subscribed', topic });
      expect(await stranger.subscribe(topic)).toMatchObject({ type: 'error', topic });
      const { syncId, response } = await startPublish(w.admin, w.botName);
      expect(response.statusCode).toBe(202);
      const last = (await watcher.waitFor(
        (m) => m.type === 'sync:progress-state' && (m as SyncProgressStateMessage).progress.isDone,
        30_000,
      )) as SyncProgressStateMessage;
      expect(last).toMatchObject({ topic, botName: 'Push Bot', provider: 'parley', syncId });
      expect(last.progress).toMatchObject({ isDone: true, state: 'Succeeded', progress: 100 });
      await waitForSync(w.admin, w.botName, syncId);
      await stranger.sync();
      expect(stranger.messages.filter((m) => m.type === 'sync:progress-state')).toEqual([]);
    } finally {
      watcher.close();
      stranger.close();
    }
  });
});
