import type { LogoutResponse, UserInfo } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createInvitationCode } from '../src/services/accounts/bootstrap.service';
import { testDatabases } from './support/databases';
import { signInThroughDirectory, tokenFrom } from './support/directory-browser';
import { startOidcProvider, type TestOidcProvider } from './support/oidc-provider';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestServer, type TestServer } from './support/test-server';

const CALLBACK = 'http://parley.test/api/auth/directory/callback';

/** The directory's people: login name (their subject) to claims. */
const ACCOUNTS = {
  dora: { email: 'Dora@Directory.example', email_verified: true, name: 'Dora Directory' },
  // Directory users of the sign-in-again and the signing-up-again tests, each signed up by its test.
  doris: { email: 'doris@directory.example', email_verified: true, name: 'Doris Directory' },
  dana: { email: 'dana@directory.example', email_verified: true, name: 'Dana Directory' },
  vic: { email: 'vic@directory.example', email_verified: true, name: 'Vic Verified' },
  uma: { email: 'uma@directory.example', email_verified: false, name: 'Uma Unverified' },
  nomail: { name: 'No Mail' },
  // Claims the platform administrator's address (verified by this directory).
  mallory: { email: ADMIN_EMAIL, email_verified: true, name: 'Mallory' },
};

const signupBody = (invitationCode: string, overrides: Record<string, unknown> = {}) => ({
  userData: {
    identity: 'microsoft',
    invitationCode,
    name: 'Dora D.',
    organization: 'Directory Corp',
    workEmail: 'dora@directory.example',
    ...overrides,
  },
});

describe.each(testDatabases())('directory sign-in (OpenID Connect) on %s', (kind) => {
  let provider: TestOidcProvider;
  let server: TestServer;

  const newInvitation = () =>
    createInvitationCode(server.ctx.repos, 'new-tenant', { requiresConfirmation: false });
  const userInfo = async (token: string) => {
    const response = await server.request({ method: 'GET', url: '/api/users/info', token });
    expect(response.statusCode).toBe(200);
    return response.json() as UserInfo;
  };
  const startSignup = async (invitationCode: string, overrides: Record<string, unknown> = {}) => {
    const response = await server.request({
      method: 'POST',
      url: '/api/users/signup',
      body: signupBody(invitationCode, overrides),
    });
    expect(response.statusCode).toBe(200);
    return response.json() as string;
  };
  const LOGIN_START = '/api/auth/directory/start?mode=login';
  /** Signs a directory person up with an organisation of their own; answers their token. */
  const signUpThroughDirectory = async (login: 'doris' | 'dana', organization: string) => {
    const url = await startSignup(await newInvitation(), {
      name: ACCOUNTS[login].name,
      organization,
      workEmail: ACCOUNTS[login].email,
    });
    return tokenFrom((await signInThroughDirectory(server, url, { login })).location);
  };

  beforeAll(async () => {
    provider = await startOidcProvider(ACCOUNTS, CALLBACK);
    server = await startTestServer(kind, provider.env);
    await server.signUpFirstAdmin();
  });
  afterAll(async () => {
    await server?.close();
    await provider?.close();
  });

  test('the login methods offer the directory', async () => {
    const response = await server.request({ method: 'GET', url: '/api/auth/methods' });
    expect(response.json()).toEqual({
      methods: ['platform', 'microsoft'],
      directoryLoginUrl: '/api/auth/directory/start',
    });
  });

  test('sign-up with a directory account creates the organisation and signs the user in', async () => {
    const code = await newInvitation();
    const url = await startSignup(code);
    expect(url).toMatch(/^\/api\/auth\/directory\/start\?mode=signup&/);
    const query = new URL(url, 'http://x').searchParams;
    expect(Object.fromEntries(query)).toEqual({
      mode: 'signup',
      invitationCode: code,
      name: 'Dora D.',
      organization: 'Directory Corp',
      loginHint: 'dora@directory.example',
    });

    const { location, loginPage } = await signInThroughDirectory(server, url, { login: 'dora' });
    // The e-mail typed in the form was passed on as the provider's login hint.
    expect(loginPage).toContain('value="dora@directory.example"');
    const info = await userInfo(tokenFrom(location));
    expect(info).toMatchObject({
      id: 'dora@directory.example',
      name: 'Dora D.',
      identity: 'microsoft',
      isTenantAdmin: true,
      isMasterTenantAdmin: false,
      selectedTenant: { displayName: 'Directory Corp' },
    });
    const user = await server.ctx.repos.users.get('dora@directory.example');
    expect(user?.passwordHash).toBeNull();

    // The invitation code is spent.
    const again = await server.request({ method: 'POST', url: '/api/users/signup', body: signupBody(code) });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'validation_error', fieldName: 'invitationCode' });
    // A directory account has no password to sign in with.
    const passwordLogin = await server.request({
      method: 'POST',
      url: '/api/auth/login',
      body: { userId: 'dora@directory.example', password: 'anything at all' },
    });
    expect(passwordLogin.statusCode).toBe(401);
  });

  test('a signed-up directory user signs in again through the directory', async () => {
    await signUpThroughDirectory('doris', 'Doris Corp');
    const { location } = await signInThroughDirectory(server, LOGIN_START, { login: 'doris' });
    const token = tokenFrom(location);
    expect(await userInfo(token)).toMatchObject({ id: 'doris@directory.example', identity: 'microsoft' });
    // A real session: logout ends it, and answers where the directory logs the user out too.
    const logout = await server.request({ method: 'DELETE', url: '/api/auth/logout', token });
    expect(logout.statusCode).toBe(200);
    const endSession = new URL((logout.json() as LogoutResponse).directoryLogoutUrl);
    expect(endSession.origin).toBe(provider.issuer);
    expect(endSession.searchParams.get('post_logout_redirect_uri')).toBe('http://parley.test/login');
    expect(endSession.searchParams.get('id_token_hint')?.split('.')).toHaveLength(3);
    expect((await server.request({ method: 'GET', url: '/api/users/info', token })).statusCode).toBe(401);
    // The provider accepts it: its logout confirmation asks to sign out of Parley's client.
    const confirmation = await fetch(endSession);
    expect(confirmation.status).toBe(200);
    expect(await confirmation.text()).toContain('logout');
  });

  test('a platform session logs out with 204 and no directory address, with a directory configured', async () => {
    const admin = await server.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const logout = await server.request({ method: 'DELETE', url: '/api/auth/logout', token: admin.token });
    expect(logout.statusCode).toBe(204);
    expect(logout.body).toBe('');
  });

  test('signing up again with the same directory account just signs in and keeps the code', async () => {
    await signUpThroughDirectory('dana', 'Dana Corp');
    const code = await newInvitation();
    const url = await startSignup(code, { organization: 'Second Corp', workEmail: 'dana@directory.example' });
    const { location } = await signInThroughDirectory(server, url, { login: 'dana' });
    expect(await userInfo(tokenFrom(location))).toMatchObject({ id: 'dana@directory.example' });
    expect((await server.ctx.repos.invitations.findUsable(code))?.code).toBe(code);
  });

  test('an unknown directory user is sent back to login with user_not_found_code', async () => {
    const { location } = await signInThroughDirectory(server, LOGIN_START, { login: 'stranger' });
    expect(location).toBe('/login#error=user_not_found_code');
  });

  test('an administrator-created directory account is found by its verified e-mail and bound', async () => {
    const master = await server.ctx.repos.tenants.getMaster();
    await server.ctx.repos.users.create({
      id: 'vic@directory.example',
      name: 'Vic',
      identity: 'microsoft',
      passwordHash: null,
      selectedTenantId: master?.id ?? null,
    });
    await server.ctx.repos.forTenant(master?.id ?? '').members.set('vic@directory.example', 'user');

    const first = await signInThroughDirectory(server, LOGIN_START, { login: 'vic' });
    expect(await userInfo(tokenFrom(first.location))).toMatchObject({
      id: 'vic@directory.example',
      identity: 'microsoft',
      isTenantAdmin: false,
    });
    expect((await server.ctx.repos.users.get('vic@directory.example'))?.directorySubject).toBe(
      `${provider.issuer}|vic`,
    );
    const second = await signInThroughDirectory(server, LOGIN_START, { login: 'vic' });
    expect(tokenFrom(second.location)).toBeTruthy();
  });

  test('an e-mail the directory has not verified does not open an existing account', async () => {
    const master = await server.ctx.repos.tenants.getMaster();
    await server.ctx.repos.users.create({
      id: 'uma@directory.example',
      name: 'Uma',
      identity: 'microsoft',
      passwordHash: null,
      selectedTenantId: master?.id ?? null,
    });
    await server.ctx.repos.forTenant(master?.id ?? '').members.set('uma@directory.example', 'user');
    const { location } = await signInThroughDirectory(server, LOGIN_START, { login: 'uma' });
    expect(location).toBe('/login#error=user_not_found_code');
    expect((await server.ctx.repos.users.get('uma@directory.example'))?.directorySubject).toBeNull();
  });

  test('a platform account is not opened by a directory sign-in with its e-mail', async () => {
    const { location } = await signInThroughDirectory(server, LOGIN_START, { login: 'mallory' });
    expect(location).toBe('/login#error=user_not_found_code');
    expect((await server.ctx.repos.users.get(ADMIN_EMAIL))?.directorySubject).toBeNull();
  });

  test('a callback without the browser’s flow cookie is refused', async () => {
    const { location, callbackQuery } = await signInThroughDirectory(server, LOGIN_START, {
      login: 'dora',
      isCookieDropped: true,
    });
    expect(callbackQuery.get('code')).toBeTruthy();
    expect(location).toBe('/login#error=unauthorised_error_code');
  });

  test('a callback with a made-up state is refused', async () => {
    const response = await server.request({
      method: 'GET',
      url: '/api/auth/directory/callback?code=stolen-code&state=made-up-state-0123456789',
      headers: { cookie: 'parley_directory_made-up-state-0123456789=forged' },
    });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/login#error=unauthorised_error_code');
  });

  test('cancelling at the provider comes back to login with an error', async () => {
    const { location, callbackQuery } = await signInThroughDirectory(server, LOGIN_START, {
      login: 'dora',
      isCancelled: true,
    });
    expect(callbackQuery.get('error')).toBe('access_denied');
    expect(location).toBe('/login#error=unauthorised_error_code');
  });

  test('a directory account without an e-mail cannot sign up, and the form gets the reason', async () => {
    const code = await newInvitation();
    const url = await startSignup(code);
    const { location } = await signInThroughDirectory(server, url, { login: 'nomail' });
    const [path, fragment] = location.split('#');
    expect(path).toBe(`/signup?invitationCode=${code}`);
    expect(Object.fromEntries(new URLSearchParams(fragment))).toEqual({
      error: 'validation_error',
      message: 'Your directory account has no e-mail address.',
    });
    expect((await server.ctx.repos.invitations.findUsable(code))?.code).toBe(code);
  });

  test('a directory sign-up is refused before leaving when the invitation code is not usable', async () => {
    const response = await server.request({
      method: 'POST',
      url: '/api/users/signup',
      body: signupBody('not-a-real-code'),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'validation_error',
      fieldName: 'invitationCode',
      message: 'This invitation code is not valid or has already been used.',
    });
  });

  test.each([
    ['an unknown mode', '?mode=register', 'mode'],
    ['sign-up without a code', '?mode=signup&name=Dora&organization=Corp', 'invitationCode'],
    ['sign-up with a bad name', '?mode=signup&invitationCode=abcdefgh&name=D&organization=Corp', 'name'],
    ['a bad login hint', '?mode=login&loginHint=not-mail', 'loginHint'],
  ])('the start with %s is a validation error', async (_name, query, fieldName) => {
    const response = await server.request({ method: 'GET', url: `/api/auth/directory/start${query}` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation_error', fieldName });
  });
});

describe('directory sign-in configuration', () => {
  test('without OIDC settings the directory routes answer 400 configuration_error', async () => {
    const server = await startTestServer('sqlite');
    try {
      const methods = await server.request({ method: 'GET', url: '/api/auth/methods' });
      expect(methods.json()).toEqual({ methods: ['platform'] });
      const code = await createInvitationCode(server.ctx.repos, 'new-tenant', {
        requiresConfirmation: false,
      });
      for (const [method, url, body] of [
        ['GET', '/api/auth/directory/start?mode=login', undefined],
        ['GET', '/api/auth/directory/callback?code=x&state=y', undefined],
        ['POST', '/api/users/signup', signupBody(code)],
      ] as const) {
        const response = await server.request({ method, url, body });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({
          code: 'configuration_error',
          message: 'Failed to execute action due to a configuration error.',
        });
      }
      expect((await server.ctx.repos.invitations.findUsable(code))?.code).toBe(code);
    } finally {
      await server.close();
    }
  });

  test('an unreachable provider sends the browser back to the sign-in screen with the error', async () => {
    const provider = await startOidcProvider({}, CALLBACK);
    const env = provider.env;
    await provider.close();
    const server = await startTestServer('sqlite', env);
    try {
      const response = await server.request({ method: 'GET', url: '/api/auth/directory/start' });
      expect(response.statusCode).toBe(302);
      const location = new URL(response.headers.location as string, 'http://parley.test');
      expect(location.pathname).toBe('/login');
      expect(Object.fromEntries(new URLSearchParams(location.hash.slice(1)))).toEqual({
        error: 'configuration_error',
        message: 'The directory sign-in provider cannot be reached.',
      });
    } finally {
      await server.close();
    }
  });
});
