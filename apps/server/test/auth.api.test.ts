import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signUpUser } from './support/accounts';
import { USER_PASSWORD } from './support/admin-world';
import { testDatabases } from './support/databases';
import { uniqueKey } from './support/tenant-world';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestServer, type TestServer } from './support/test-server';

describe.each(testDatabases())('sign-in on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server?.close());

  /** An account of the test's own, signed up with an organisation of its own; answers its e-mail. */
  async function ownAccount(): Promise<string> {
    const email = `pat.${uniqueKey()}@example.com`;
    await signUpUser(server, email, USER_PASSWORD);
    return email;
  }

  test('first run made a master tenant and a one-time sign-up link', async () => {
    expect(server.firstRunSignupLink).toMatch(/^http:\/\/parley\.test\/signup\?invitationCode=[\w-]+$/);
    expect(await server.ctx.repos.tenants.getMaster()).toMatchObject({ isMaster: true });
  });

  test('the first administrator signs up with the printed link, becomes master administrator and names the organisation', async () => {
    // The printed link is used once: a server of the test's own.
    const server = await startTestServer(kind);
    try {
      const code = new URL(server.firstRunSignupLink ?? '').searchParams.get('invitationCode');
      const body = (invitationCode: string | null) => ({
        userData: {
          identity: 'platform',
          invitationCode,
          name: 'Ada Admin',
          organization: 'Acme Support',
          workEmail: ADMIN_EMAIL,
          password: ADMIN_PASSWORD,
          confirmPassword: ADMIN_PASSWORD,
        },
      });
      const signup = await server.request({ method: 'POST', url: '/api/users/signup', body: body(code) });
      expect(signup.statusCode).toBe(200);
      const again = await server.request({ method: 'POST', url: '/api/users/signup', body: body(code) });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toMatchObject({ code: 'validation_error', fieldName: 'invitationCode' });

      const { user, token } = await server.login(ADMIN_EMAIL, ADMIN_PASSWORD);
      expect(token).toBeTruthy();
      expect(user).toMatchObject({
        id: ADMIN_EMAIL,
        name: 'Ada Admin',
        identity: 'platform',
        isMasterTenantAdmin: true,
        isTenantAdmin: true,
        hasMasterTenant: true,
        canSeeAdminPage: true,
        canSeeLLMs: true,
        canExportLLMs: true,
        selectedTenant: { displayName: 'Acme Support', planName: 'Master tenant' },
      });
    } finally {
      await server.close();
    }
  });

  test('login answers a wrong password and an unknown account alike', async () => {
    const email = await ownAccount();
    const wrong = await server.request({
      method: 'POST',
      url: '/api/auth/login',
      body: { userId: email, password: 'nope' },
    });
    const unknown = await server.request({
      method: 'POST',
      url: '/api/auth/login',
      body: { userId: 'who@example.com', password: 'nope' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toMatchObject({ code: 'unauthorised_error_code' });
  });

  test.each([
    ['no body', undefined],
    ['missing password', { userId: ADMIN_EMAIL }],
    ['wrong types', { userId: 42, password: ['x'] }],
    ['too long', { userId: `${'a'.repeat(300)}@example.com`, password: 'x' }],
  ])('login with %s is a validation error', async (_name, body) => {
    const response = await server.request({ method: 'POST', url: '/api/auth/login', body });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation_error' });
  });

  test('malformed JSON is a 400, not a 500', async () => {
    const response = await server.request({
      method: 'POST',
      url: '/api/auth/login',
      body: '{"userId":',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('validation_error');
  });

  test('a token works until logout, then is refused', async () => {
    const email = await ownAccount();
    const { token } = await server.login(email, USER_PASSWORD);
    const info = await server.request({ method: 'GET', url: '/api/users/info', token });
    expect(info.statusCode).toBe(200);
    expect(info.json().id).toBe(email);
    const logout = await server.request({ method: 'DELETE', url: '/api/auth/logout', token });
    expect(logout.statusCode).toBe(204);
    const after = await server.request({ method: 'GET', url: '/api/users/info', token });
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('expired_jwt_code');
  });

  test('tampered and expired tokens get their catalogue codes', async () => {
    const email = await ownAccount();
    const { token } = await server.login(email, USER_PASSWORD);
    const tampered = await server.request({ method: 'GET', url: '/api/users/info', token: `${token}x` });
    expect(tampered.json()).toMatchObject({ code: 'invalid_jwt_code', message: 'Invalid JWT token!' });
    const past = await server.ctx.tokens.sign({ userId: email, sessionId: 'gone' });
    const expiredService = (await import('../src/auth/tokens')).createTokenService(
      server.ctx.config.jwtSecret,
      -60_000,
    );
    const expired = await expiredService.sign({ userId: email, sessionId: 'gone' });
    const response = await server.request({ method: 'GET', url: '/api/users/info', token: expired.token });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'expired_jwt_code', message: 'JWT has expired' });
    expect(past.token).toBeTruthy();
  });

  test('login attempts are limited per account', async () => {
    const limited = await startTestServer(kind, { LOGIN_RATE_LIMIT_PER_ACCOUNT: '3' });
    try {
      await limited.signUpFirstAdmin();
      for (let i = 0; i < 3; i++) {
        const r = await limited.request({
          method: 'POST',
          url: '/api/auth/login',
          body: { userId: ADMIN_EMAIL, password: 'bad' },
        });
        expect(r.statusCode).toBe(401);
      }
      const blocked = await limited.request({
        method: 'POST',
        url: '/api/auth/login',
        body: { userId: ADMIN_EMAIL, password: ADMIN_PASSWORD },
      });
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().code).toBe('rate_limit_error');
    } finally {
      await limited.close();
    }
  });

  test('healthz reports the database', async () => {
    const response = await server.request({ method: 'GET', url: '/healthz' });
    expect(response.json()).toEqual({ status: 'ok', database: kind });
  });

  test('a very long path parameter reaches validation: a catalogue 4xx, not a bare 414', async () => {
    const { token } = await server.login(await ownAccount(), USER_PASSWORD);
    const response = await server.request({
      method: 'GET',
      url: `/api/tenant/users/${'a'.repeat(500)}`,
      token,
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.statusCode).not.toBe(414);
    expect(response.json().code).toBeTruthy();
  });

  test('unknown API paths are 404 not-found errors', async () => {
    const response = await server.request({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('not-found_error');
  });
});

describe.each(testDatabases())('values a database cannot store, on %s', (kind) => {
  test('a NUL character in the login e-mail is a 400, not a 500', async () => {
    const server = await startTestServer(kind);
    try {
      const response = await server.request({
        method: 'POST',
        url: '/api/auth/login',
        body: { userId: 'a\u0000b@example.com', password: 'whatever' },
      });
      expect(response.statusCode).toBeLessThan(500);
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
    } finally {
      await server.close();
    }
  });
});
