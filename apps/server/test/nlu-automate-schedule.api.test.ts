import type { NluAutomateStatus } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectStatus } from './support/admin-world';
import { buildContentWorld, type ContentWorld, createIntent } from './support/bot-content';
import { createBot } from './support/bots';
import { testDatabases } from './support/databases';
import { pollUntil } from './support/poll-until';
import { startTestServer, type TestServer } from './support/test-server';

const redisUrl = process.env.TEST_REDIS_URL;
const queues: Array<[string, Record<string, string>]> = [
  ['the in-process queue', {}],
  ...(redisUrl ? [['BullMQ on Redis', { REDIS_URL: redisUrl }] as [string, Record<string, string>]] : []),
];

/**
 * Issue 9: the NLU automate schedule starts with the server (a repeatable job), not from a route
 * module; no request is needed for a due bot to be re-measured.
 */
describe.each(testDatabases())('the NLU automate schedule on %s', (kind) => {
  describe.each(queues)('with %s', (_queue, env) => {
    let server: TestServer;
    let w: ContentWorld;

    beforeAll(async () => {
      // 0.0002 hours: the due-check runs every 0.72 s.
      server = await startTestServer(kind, { ...env, NLU_AUTOMATE_INTERVAL_HOURS: '0.0002' });
      w = await buildContentWorld(server, 'Scheduled Bot');
    });
    afterAll(() => server?.close());

    test('a bot with Automate on is measured by the schedule, without any call', async () => {
      await createBot(w.admin, 'Auto Scheduled', { nluAutomate: true });
      for (const [name, word] of [
        ['Greeting', 'hello'],
        ['Weather', 'weather'],
      ])
        await createIntent(w.admin, 'Auto Scheduled', {
          name,
          utterances: [`${word} there`, `${word} today`, `${word} my friend`],
        });
      const status = await pollUntil(
        'a scheduled automate decision',
        async () =>
          expectStatus(
            await w.admin('GET', '/api/bots/Auto%20Scheduled/nlu-automate'),
            200,
          ).json() as NluAutomateStatus,
        (s) => s.decision !== null,
        { timeoutMs: 20_000, intervalMs: 100 },
      );
      expect(status.decision).toMatchObject({ method: 'cross-validation', chosen: 'parley' });
    });
  });
});
