import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { testDatabases } from './support/databases';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestServer } from './support/test-server';

const redisUrl = process.env.TEST_REDIS_URL;
const limiters: Array<[string, Record<string, string>]> = [
  ['in-process counters', {}],
  ...(redisUrl ? [['Redis counters', { REDIS_URL: redisUrl }] as [string, Record<string, string>]] : []),
];
if (!redisUrl)
  console.info('TEST_REDIS_URL is not set: login bursts are tested on in-process counters only.');

const login = (password: string, userId = ADMIN_EMAIL) => ({
  method: 'POST' as const,
  url: '/api/auth/login',
  body: { userId, password },
});

/**
 * An account and a client address no other test uses: Redis counters outlive a test server,
 * and a burst from the usual address would use up the other tests' allowance.
 */
const freshClient = () => {
  const id = crypto.randomUUID();
  return { email: `burst-${id}@example.com`, remoteAddress: `fd00::${id.slice(0, 4)}:${id.slice(4, 8)}` };
};

describe.each(limiters)('login limits under a concurrent burst (%s)', (_name, env) => {
  test('a burst of wrong passwords gets exactly the allowance checked; the rest are refused with 429', async () => {
    const server = await startTestServer('sqlite', { ...env, LOGIN_RATE_LIMIT_PER_ACCOUNT: '5' });
    try {
      const { email, remoteAddress } = freshClient();
      await server.signUpFirstAdmin(email);
      const answers = await Promise.all(
        Array.from({ length: 40 }, () => server.request({ ...login('wrong', email), remoteAddress })),
      );
      const statuses = answers.map((answer) => answer.statusCode);
      expect(statuses.filter((status) => status === 401)).toHaveLength(5);
      expect(statuses.filter((status) => status === 429)).toHaveLength(35);
    } finally {
      await server.close();
    }
  });

  test('a right password hidden in a burst past the allowance is not accepted', async () => {
    const server = await startTestServer('sqlite', { ...env, LOGIN_RATE_LIMIT_PER_ACCOUNT: '3' });
    try {
      const { email, remoteAddress } = freshClient();
      await server.signUpFirstAdmin(email);
      const burst = Array.from({ length: 20 }, () =>
        server.request({ ...login('wrong', email), remoteAddress }),
      );
      // Sent after the wrong ones, so it reaches the counter past the allowance.
      const hidden = server.request({ ...login(ADMIN_PASSWORD, email), remoteAddress });
      await Promise.all(burst);
      expect((await hidden).statusCode).toBe(429);
    } finally {
      await server.close();
    }
  });

  test('a right password gives back its slot of the address allowance', async () => {
    // The account is made on a server with the usual limits: the sign-up's own sign-in comes
    // from the shared test address, whose Redis counter other tests use too.
    const setup = await startTestServer('sqlite', env);
    const { email, remoteAddress } = freshClient();
    await setup.signUpFirstAdmin(email);
    const server = await startTestServer('sqlite', {
      ...env,
      LOGIN_RATE_LIMIT_PER_ADDRESS: '2',
      DATA_DIR: setup.ctx.config.dataDir,
    });
    try {
      for (let attempt = 0; attempt < 4; attempt++) {
        const answer = await server.request({ ...login(ADMIN_PASSWORD, email), remoteAddress });
        expect(answer.statusCode).toBe(200);
      }
    } finally {
      await server.close();
      await setup.close();
    }
  });
});

describe.each(testDatabases())('trusted proxies on %s', (kind) => {
  const burstFrom = async (
    server: Awaited<ReturnType<typeof startTestServer>>,
    forwardedFor: (i: number) => string,
  ) => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt++) {
      const answer = await server.request({
        ...login('wrong'),
        body: { userId: `nobody${attempt}@example.com`, password: 'wrong' },
        remoteAddress: '198.51.100.7',
        headers: { 'x-forwarded-for': forwardedFor(attempt) },
      });
      statuses.push(answer.statusCode);
    }
    return statuses;
  };

  test('by default X-Forwarded-For is ignored: a client cannot pick a new address per attempt', async () => {
    const server = await startTestServer(kind, { LOGIN_RATE_LIMIT_PER_ADDRESS: '2' });
    try {
      expect(await burstFrom(server, (i) => `192.0.2.${i + 1}`)).toEqual([401, 401, 429, 429]);
    } finally {
      await server.close();
    }
  });

  test("a configured proxy's X-Forwarded-For names the client", async () => {
    const server = await startTestServer(kind, {
      LOGIN_RATE_LIMIT_PER_ADDRESS: '2',
      TRUSTED_PROXIES: '198.51.100.0/24',
    });
    try {
      expect(await burstFrom(server, (i) => `192.0.2.${i + 1}`)).toEqual([401, 401, 401, 401]);
    } finally {
      await server.close();
    }
  });
});

/** Resolves when the server closes the socket; the test's own time-out is the bound. */
const closedByServer = (socket: Socket) =>
  new Promise<string>((resolve) => {
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk.toString();
    });
    socket.on('close', () => resolve(received));
    socket.on('error', () => undefined);
  });

describe('connections that never finish their request', () => {
  test('half-sent heads, half-sent bodies and silent connections are closed by the server', async () => {
    const server = await startTestServer('sqlite', {
      HEADERS_TIMEOUT_SECONDS: '1',
      REQUEST_TIMEOUT_SECONDS: '2',
      KEEP_ALIVE_TIMEOUT_SECONDS: '1',
    });
    try {
      const address = new URL(await server.listen());
      const open = () => connect(Number(address.port), address.hostname);
      const halfHead = open();
      halfHead.write('POST /api/auth/login HTTP/1.1\r\nHost: x\r\n');
      const halfBody = open();
      halfBody.write(
        'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"userId":',
      );
      const silent = open();
      const answers = await Promise.all([halfHead, halfBody, silent].map(closedByServer));
      // Node answers 408 to a request it gave up on, or just closes the connection.
      for (const answer of answers) expect(answer === '' || answer.startsWith('HTTP/1.1 408')).toBe(true);
    } finally {
      await server.close();
    }
  }, 20_000);

  test('a connection cap refuses connections past it', async () => {
    const server = await startTestServer('sqlite', { MAX_CONNECTIONS: '2' });
    try {
      const address = new URL(await server.listen());
      const held = [0, 1].map(() => connect(Number(address.port), address.hostname));
      await Promise.all(held.map((socket) => new Promise((resolve) => socket.on('connect', resolve))));
      // The server only counts a connection once it has accepted it: ask it something on each.
      await Promise.all(
        held.map(
          (socket) =>
            new Promise((resolve) => {
              socket.once('data', resolve);
              socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n');
            }),
        ),
      );
      const third = connect(Number(address.port), address.hostname);
      expect(await closedByServer(third)).toBe('');
      for (const socket of held) socket.destroy();
    } finally {
      await server.close();
    }
  });
});

describe('the built web app', () => {
  test('an unknown /assets/ file is a 404, other paths are the app', async () => {
    const webDir = mkdtempSync(path.join(tmpdir(), 'parley-web-'));
    mkdirSync(path.join(webDir, 'assets'));
    writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Parley</title>');
    writeFileSync(path.join(webDir, 'assets', 'app.js'), 'console.log(1)');
    const server = await startTestServer('sqlite', { WEB_DIST_DIR: webDir });
    try {
      expect((await server.request({ method: 'GET', url: '/assets/app.js' })).statusCode).toBe(200);
      const missing = await server.request({ method: 'GET', url: '/assets/app-0ld.js' });
      expect(missing.statusCode).toBe(404);
      expect(missing.headers['content-type']).not.toContain('text/html');
      const page = await server.request({ method: 'GET', url: '/bots/some-bot/intents' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<title>Parley</title>');
    } finally {
      await server.close();
      rmSync(webDir, { recursive: true, force: true });
    }
  });
});

describe('JSON bodies', () => {
  test('a body nested too deeply is a 400 before it is parsed, on any route', async () => {
    const server = await startTestServer('sqlite');
    try {
      const nested = `{"userId":${'['.repeat(100)}${']'.repeat(100)},"password":"x"}`;
      const response = await server.request({
        method: 'POST',
        url: '/api/auth/login',
        body: nested,
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'validation_error',
        message: 'The request body is nested too deeply or holds too many values.',
      });
    } finally {
      await server.close();
    }
  });

  test('public routes take small bodies only; signed-in routes keep the 1 MiB limit', async () => {
    const server = await startTestServer('sqlite');
    try {
      const big = JSON.stringify({ userId: 'a@example.com', password: 'x'.repeat(100 * 1024) });
      const anonymous = await server.request({
        method: 'POST',
        url: '/api/auth/login',
        body: big,
        headers: { 'content-type': 'application/json' },
      });
      expect(anonymous.statusCode).toBe(413);
      const poisoned = await server.request({
        method: 'POST',
        url: '/api/auth/login',
        body: '{"userId":"a@example.com","password":"x","__proto__":{"isAdmin":true}}',
        headers: { 'content-type': 'application/json' },
      });
      expect(poisoned.statusCode).toBe(400);
    } finally {
      await server.close();
    }
  });
});
