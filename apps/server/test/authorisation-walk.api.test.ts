import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { routeCatalogue } from '../src/http/route-catalogue';
import { type AdminWorld, buildAdminWorld } from './support/admin-world';
import { testDatabases } from './support/databases';
import { describeRoute, fillPath, guardedRoutes, plausibleParams } from './support/route-walk';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * Walks every registered route, including those added after this test was written, and
 * proves the guard: no token is 401, a plain user is refused on administrator and bot
 * permission routes, an account administrator on master-administrator routes.
 */
describe.each(testDatabases())('the authorisation walk on %s', (kind) => {
  let server: TestServer;
  let world: AdminWorld;

  beforeAll(async () => {
    server = await startTestServer(kind);
    world = await buildAdminWorld(server);
  });
  afterAll(() => server?.close());

  const call = (method: string, url: string, token?: string) =>
    server.request({
      method: method as 'GET',
      url,
      ...(token ? { token } : {}),
      ...(['POST', 'PUT', 'PATCH'].includes(method) ? { body: {} } : {}),
    });

  test('the catalogue holds the routes of every area', () => {
    const routes = guardedRoutes(routeCatalogue(server.app));
    const count = (access: string) => routes.filter((r) => r.access === access).length;
    expect(count('masterAdmin')).toBeGreaterThanOrEqual(5);
    expect(count('tenantAdmin')).toBeGreaterThanOrEqual(12);
    expect(routes.some((r) => typeof r.access === 'object')).toBe(true);
    expect(routes.some((r) => r.url === '/api/users/info' && r.access === 'authenticated')).toBe(true);
  });

  test('without a token every guarded route answers 401 unauthorised_error_code', async () => {
    const failures: string[] = [];
    for (const route of guardedRoutes(routeCatalogue(server.app))) {
      const response = await call(route.method, fillPath(route.url, plausibleParams(world)));
      if (response.statusCode !== 401 || response.json().code !== 'unauthorised_error_code')
        failures.push(`${describeRoute(route)} -> ${response.statusCode} ${response.body}`);
    }
    expect(failures).toEqual([]);
  });

  test('a plain user gets 403 permission_error on administrator and bot permission routes', async () => {
    const failures: string[] = [];
    const routes = guardedRoutes(routeCatalogue(server.app)).filter((r) => r.access !== 'authenticated');
    expect(routes.length).toBeGreaterThan(0);
    for (const route of routes) {
      const response = await call(
        route.method,
        fillPath(route.url, plausibleParams(world)),
        world.plainUser.token,
      );
      if (response.statusCode !== 403 || response.json().code !== 'permission_error')
        failures.push(`${describeRoute(route)} -> ${response.statusCode} ${response.body}`);
    }
    expect(failures).toEqual([]);
  });

  test('an account administrator gets 403 permission_error on master administrator routes', async () => {
    const failures: string[] = [];
    const routes = guardedRoutes(routeCatalogue(server.app)).filter((r) => r.access === 'masterAdmin');
    for (const route of routes) {
      const response = await call(
        route.method,
        fillPath(route.url, plausibleParams(world)),
        world.tenantAdmin.token,
      );
      if (response.statusCode !== 403 || response.json().code !== 'permission_error')
        failures.push(`${describeRoute(route)} -> ${response.statusCode} ${response.body}`);
    }
    expect(failures).toEqual([]);
  });

  test('the guarded routes still serve their rightful callers (the walk is not refusing everyone)', async () => {
    const tenantInfo = await call('GET', '/api/tenant/users', world.tenantAdmin.token);
    expect(tenantInfo.statusCode).toBe(200);
    const masterInfo = await call('GET', '/api/master-tenant/info', world.master.token);
    expect(masterInfo.statusCode).toBe(200);
  });
});
