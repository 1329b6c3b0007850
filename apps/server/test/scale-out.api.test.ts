import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { testDatabases } from './support/databases';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestServer, type TestServer } from './support/test-server';

const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl)
  console.info('TEST_REDIS_URL is not set: the two-process session and rate-limit test does not run.');

/** Two identical processes behind a load balancer: whatever one knows, the other knows. */
describe.runIf(redisUrl).each(testDatabases())(
  'two processes sharing the database and Redis on %s',
  (kind) => {
    let a: TestServer;
    let b: TestServer;

    beforeAll(async () => {
      a = await startTestServer(kind, { REDIS_URL: redisUrl, LOGIN_RATE_LIMIT_PER_ACCOUNT: '4' });
      b = await startTestServer(kind, {
        REDIS_URL: redisUrl,
        LOGIN_RATE_LIMIT_PER_ACCOUNT: '4',
        DATA_DIR: a.ctx.config.dataDir,
        DATABASE_URL: a.ctx.config.databaseUrl,
      });
      await a.signUpFirstAdmin();
    });
    afterAll(async () => {
      await b?.close();
      await a?.close();
    });

    test('a session opened on A works on B, and a logout on B ends it on A', async () => {
      const { token } = await a.login(ADMIN_EMAIL, ADMIN_PASSWORD);
      expect((await b.request({ method: 'GET', url: '/api/users/info', token })).statusCode).toBe(200);
      expect((await b.request({ method: 'DELETE', url: '/api/auth/logout', token })).statusCode).toBe(204);
      // A keeps the session's principal cached; B's announcement reaches it through Redis.
      await expect
        .poll(async () => (await a.request({ method: 'GET', url: '/api/users/info', token })).json().code)
        .toBe('expired_jwt_code');
    });

    test('failed logins on both processes count against one limit', async () => {
      const email = `nobody-${crypto.randomUUID()}@example.com`;
      for (const server of [a, b, a, b]) {
        const r = await server.request({
          method: 'POST',
          url: '/api/auth/login',
          body: { userId: email, password: 'x' },
        });
        expect(r.statusCode).toBe(401);
      }
      const blocked = await b.request({
        method: 'POST',
        url: '/api/auth/login',
        body: { userId: email, password: 'x' },
      });
      expect(blocked.statusCode).toBe(429);
    });
  },
);
