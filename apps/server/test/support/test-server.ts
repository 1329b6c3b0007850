import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LoginResponse } from '@parley/contracts';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import pino from 'pino';
import { loadConfig } from '../../src/config';
import { createServer, type RunningParts } from '../../src/server';
import { createInvitationCode } from '../../src/services/accounts/bootstrap.service';
import { createPostgresDatabase, type TestDatabaseKind } from './databases';

export interface TestServer extends RunningParts {
  kind: TestDatabaseKind;
  /** Sends a request through the real HTTP layer; `token` goes into the AuthToken header. */
  request(options: {
    method: InjectOptions['method'];
    url: string;
    token?: string;
    body?: unknown;
    headers?: Record<string, string>;
    remoteAddress?: string;
  }): Promise<LightMyRequestResponse>;
  /** Signs up the master-tenant administrator through the public sign-up and logs in. */
  /** Signs up the master administrator, with a new master-admin code unless one is given (e.g. the printed first-run link's). */
  signUpFirstAdmin(email?: string, password?: string, invitationCode?: string): Promise<LoginResponse>;
  login(email: string, password: string): Promise<LoginResponse>;
  /** Opens the server on a real port (browser and websocket tests). */
  listen(): Promise<string>;
}

export const ADMIN_EMAIL = 'admin@example.com';
export const ADMIN_PASSWORD = 'Admin-Password-1';

export async function startTestServer(
  kind: TestDatabaseKind,
  env: Record<string, string | undefined> = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'parley-test-'));
  const pgDatabase = kind === 'postgres' ? await createPostgresDatabase() : undefined;
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: pgDatabase?.url,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://parley.test',
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
    ...env,
  });
  const parts = await createServer(config, pino({ level: config.logLevel }));
  await parts.app.ready();

  const server: TestServer = {
    ...parts,
    kind,
    async request({ method, url, token, body, headers, remoteAddress }) {
      return parts.app.inject({
        method,
        url,
        headers: { ...(token ? { authtoken: token } : {}), ...headers },
        ...(body !== undefined ? { payload: body as InjectOptions['payload'] } : {}),
        ...(remoteAddress ? { remoteAddress } : {}),
      });
    },
    async signUpFirstAdmin(email = ADMIN_EMAIL, password = ADMIN_PASSWORD, givenCode?: string) {
      const invitationCode =
        givenCode ??
        (await createInvitationCode(parts.ctx.repos, 'master-admin', { requiresConfirmation: false }));
      const response = await server.request({
        method: 'POST',
        url: '/api/users/signup',
        body: {
          userData: {
            identity: 'platform',
            invitationCode,
            name: 'Ada Admin',
            organization: 'Master',
            workEmail: email,
            password,
            confirmPassword: password,
          },
        },
      });
      if (response.statusCode !== 200)
        throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
      return server.login(email, password);
    },
    async login(email, password) {
      const response = await server.request({
        method: 'POST',
        url: '/api/auth/login',
        body: { userId: email, password },
      });
      if (response.statusCode !== 200)
        throw new Error(`login failed: ${response.statusCode} ${response.body}`);
      return response.json() as LoginResponse;
    },
    async listen() {
      await parts.app.listen({ port: 0, host: '127.0.0.1' });
      const address = parts.app.server.address();
      if (!address || typeof address === 'string') throw new Error('no address');
      return `http://127.0.0.1:${address.port}`;
    },
    async close() {
      await parts.close();
      await pgDatabase?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return server;
}
