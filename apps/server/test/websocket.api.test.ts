import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createInvitationCode } from '../src/services/accounts/bootstrap.service';
import { websocketUrl } from '../src/services/realtime/websocket-url';
import {
  type AdminWorld,
  addUser,
  as,
  buildAdminWorld,
  createTenant,
  USER_PASSWORD,
} from './support/admin-world';
import { testDatabases } from './support/databases';
import { openSocket, socketUrl, type TestSocket } from './support/socket-client';
import { startTestServer, type TestServer } from './support/test-server';

test('the websocket address follows PUBLIC_URL', () => {
  expect(websocketUrl('http://parley.test')).toBe('ws://parley.test/ws');
  expect(websocketUrl('https://bots.example.com/parley')).toBe('wss://bots.example.com/parley/ws');
  expect(websocketUrl('https://bots.example.com:8443')).toBe('wss://bots.example.com:8443/ws');
});

describe.each(testDatabases())('live tenant updates over the websocket on %s', (kind) => {
  let server: TestServer;
  let world: AdminWorld;
  let baseUrl: string;
  const sockets: TestSocket[] = [];
  const open = async (token: string) => {
    const socket = await openSocket(socketUrl(baseUrl, token));
    sockets.push(socket);
    return socket;
  };

  beforeAll(async () => {
    server = await startTestServer(kind);
    world = await buildAdminWorld(server);
    baseUrl = await server.listen();
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await server?.close();
  });

  test('GET /api/websocket-url names the gateway', async () => {
    const response = await as(server, world.plainUser)('GET', '/api/websocket-url');
    expect(response.json()).toEqual({ url: 'ws://parley.test/ws' });
  });

  test('a socket without a valid token, or for another app, is refused before the upgrade', async () => {
    await expect(openSocket(`${baseUrl.replace('http', 'ws')}/ws?app=parley`)).rejects.toThrow(
      'refused: 401',
    );
    await expect(openSocket(socketUrl(baseUrl, 'not-a-token'))).rejects.toThrow('refused: 401');
    await expect(openSocket(socketUrl(baseUrl, world.master.token, 'other'))).rejects.toThrow('refused: 400');
    // The raw token (not base64) is not accepted either.
    await expect(
      openSocket(`${baseUrl.replace('http', 'ws')}/ws?app=parley&token=${world.master.token}`),
    ).rejects.toThrow('refused: 401');
  });

  test('an organisation that signs up with an invitation appears live for master administrators', async () => {
    const masterSocket = await open(world.master.token);
    expect(await masterSocket.subscribe({ kind: 'tenants' })).toEqual({
      type: 'subscribed',
      topic: { kind: 'tenants' },
    });
    const invitationCode = await createInvitationCode(server.ctx.repos, 'new-tenant', {
      requiresConfirmation: false,
    });
    const signup = await server.request({
      method: 'POST',
      url: '/api/users/signup',
      body: {
        userData: {
          identity: 'platform',
          invitationCode,
          name: 'Olga Org',
          organization: 'Signed Up Org',
          workEmail: 'olga@signed-up.example.com',
          password: 'Olga-Password-1',
          confirmPassword: 'Olga-Password-1',
        },
      },
    });
    expect(signup.statusCode).toBe(200);
    const tenantId = (await server.ctx.repos.users.get('olga@signed-up.example.com'))?.selectedTenantId;
    expect(
      await masterSocket.waitFor((m) => m.type === 'tenants:changed' && m.tenantId === tenantId),
    ).toMatchObject({
      change: 'created',
    });
  });

  test('master administrators may follow tenants created and deleted; others are refused', async () => {
    const masterSocket = await open(world.master.token);
    const userSocket = await open(world.plainUser.token);
    const adminSocket = await open(world.tenantAdmin.token);
    await masterSocket.waitFor((m) => m.type === 'connected');
    expect(masterSocket.messages[0]).toEqual({ type: 'connected', userId: world.master.email });
    await masterSocket.subscribe({ kind: 'tenants' });
    for (const socket of [userSocket, adminSocket])
      expect(await socket.subscribe({ kind: 'tenants' })).toEqual({
        type: 'error',
        topic: { kind: 'tenants' },
        message: 'You may not follow this topic.',
      });

    const tenantId = await createTenant(server, world.master, 'Live');
    expect(await masterSocket.waitFor((m) => m.type === 'tenants:changed')).toEqual({
      type: 'tenants:changed',
      topic: { kind: 'tenants' },
      tenantId,
      change: 'created',
    });
    const deleted = await as(server, world.master)('DELETE', `/api/tenant/${tenantId}`);
    expect(deleted.statusCode).toBe(200);
    await masterSocket.waitFor((m) => m.type === 'tenants:changed' && m.change === 'deleted');

    for (const socket of [userSocket, adminSocket]) {
      await socket.sync();
      expect(socket.messages.map((m) => m.type)).toEqual(['connected', 'error', 'pong']);
    }
  });

  test('a socket that follows nothing hears nothing', async () => {
    const masterSocket = await open(world.master.token);
    await masterSocket.waitFor((m) => m.type === 'connected');
    await createTenant(server, world.master, 'Unheard');
    await masterSocket.sync();
    expect(masterSocket.messages.map((m) => m.type)).toEqual(['connected', 'pong']);
  });

  test('ping is answered; bad frames, unknown and malformed subscriptions get an error message', async () => {
    const socket = await open(world.master.token);
    await socket.sync();
    const bad = [
      '{not json',
      JSON.stringify({ type: 'shout' }),
      JSON.stringify({ type: 'subscribe', channel: 'everything' }),
      JSON.stringify({ type: 'subscribe', topic: { kind: 'everything' } }),
      JSON.stringify({ type: 'subscribe', topic: { kind: 'bot-publishing' } }),
      JSON.stringify({ type: 'subscribe', topic: { kind: 'bot-publishing', botId: 7 } }),
      JSON.stringify({ type: 'subscribe', topic: { kind: 'bot-publishing', botId: 'x'.repeat(301) } }),
      JSON.stringify({ type: 'subscribe', topic: { kind: 'tenants', extra: true } }),
      JSON.stringify({ type: 'unsubscribe', topic: 'tenants' }),
    ];
    for (const frame of bad) socket.send(frame);
    // Frames are answered in order, so every error comes before this pong.
    await socket.sync();
    const errors = socket.messages.filter((m) => m.type === 'error').map((m) => m.message);
    expect(errors).toHaveLength(bad.length);
    expect(errors.slice(0, 3)).toEqual([
      'Messages must be JSON.',
      'Unknown message.',
      'Invalid topic (topic): Invalid input: expected object, received undefined.',
    ]);
    expect(errors[3]).toContain('topic.kind');
    expect(errors[4]).toContain('topic.botId');
    expect(errors[7]).toContain('extra');
    // The socket is still served.
    expect(await socket.subscribe({ kind: 'tenants' })).toMatchObject({ type: 'subscribed' });
  });

  test('unsubscribe ends the events of a topic', async () => {
    const socket = await open(world.master.token);
    await socket.subscribe({ kind: 'tenants' });
    socket.send(JSON.stringify({ type: 'unsubscribe', topic: { kind: 'tenants' } }));
    expect(await socket.waitFor((m) => m.type === 'unsubscribed')).toEqual({
      type: 'unsubscribed',
      topic: { kind: 'tenants' },
      reason: 'requested',
    });
    await createTenant(server, world.master, 'After unsubscribe');
    await socket.sync();
    expect(socket.messages.some((m) => m.type === 'tenants:changed')).toBe(false);
  });

  test('a socket whose session is logged out is closed at once, with no event needed', async () => {
    const { token } = await server.login(world.master.email, 'Admin-Password-1');
    const socket = await open(token);
    await socket.subscribe({ kind: 'tenants' });
    expect((await server.request({ method: 'DELETE', url: '/api/auth/logout', token })).statusCode).toBe(204);
    expect(await socket.closed).toMatchObject({ code: 4401 });
    await createTenant(server, world.master, 'After logout');
    expect(socket.messages.some((m) => m.type === 'tenants:changed')).toBe(false);
  });

  test('a master administrator who loses the role stops hearing of tenants at once', async () => {
    const bob = 'bob.master@example.com';
    await addUser(server, world.master, bob, 'Bob_Master');
    // Administrator of the master tenant is master administrator; the call toggles it.
    const toggleAdmin = () => as(server, world.master)('PUT', '/api/users/tenant-admin', { userEmail: bob });
    expect((await toggleAdmin()).statusCode).toBe(200);
    const socket = await open((await server.login(bob, USER_PASSWORD)).token);
    expect(await socket.subscribe({ kind: 'tenants' })).toMatchObject({ type: 'subscribed' });
    expect((await toggleAdmin()).statusCode).toBe(200);
    expect(await socket.waitFor((m) => m.type === 'unsubscribed')).toEqual({
      type: 'unsubscribed',
      topic: { kind: 'tenants' },
      reason: 'revoked',
    });
    await createTenant(server, world.master, 'After demotion');
    await socket.sync();
    expect(socket.messages.some((m) => m.type === 'tenants:changed')).toBe(false);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) console.info('TEST_REDIS_URL is not set: the two-process websocket test does not run.');

describe.runIf(redisUrl).each(testDatabases())(
  'live updates across two processes sharing Redis on %s',
  (kind) => {
    let first: TestServer;
    let second: TestServer;
    let world: AdminWorld;

    beforeAll(async () => {
      first = await startTestServer(kind, { REDIS_URL: redisUrl });
      world = await buildAdminWorld(first);
      // The second process shares the first one's database, JWT secret and Redis.
      second = await startTestServer(kind, {
        REDIS_URL: redisUrl,
        DATA_DIR: first.ctx.config.dataDir,
        DATABASE_URL: first.ctx.config.databaseUrl,
      });
    });
    afterAll(async () => {
      await second?.close();
      await first?.close();
    });

    test('a socket on process A receives the tenant that process B created', async () => {
      const socket = await openSocket(socketUrl(await first.listen(), world.master.token));
      await socket.subscribe({ kind: 'tenants' });
      const created = await as(second, world.master)('POST', '/api/tenants', { name: 'Made on B' });
      expect(created.statusCode).toBe(200);
      const tenantId = created.json().id;
      expect(await socket.waitFor((m) => m.type === 'tenants:changed' && m.tenantId === tenantId)).toEqual({
        type: 'tenants:changed',
        topic: { kind: 'tenants' },
        tenantId,
        change: 'created',
      });
      socket.close();
    });
  },
);
