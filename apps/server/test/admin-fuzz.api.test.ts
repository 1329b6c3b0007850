import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type CataloguedRoute, routeCatalogue } from '../src/http/route-catalogue';
import { type AdminWorld, as, buildAdminWorld, createTenant, USER_PASSWORD } from './support/admin-world';
import { createBot } from './support/bots';
import { testDatabases } from './support/databases';
import { HOSTILE_PARAMS, HOSTILE_RAW_BODIES, HOSTILE_VALUES, hostileBodies } from './support/fuzz';
import { fillPath, plausibleParams } from './support/route-walk';
import { startTestServer, type TestServer } from './support/test-server';

/** The administration area; sign-in, sign-up and password routes have their own tests. */
const ADMIN_AREA = /^\/api\/(users|user|tenant|tenants|master-tenant)(\/|$)/;
const NOT_ADMIN = /^\/api\/(users\/signup|users\/confirm|user\/password)/;

/** The shared hostile values, and what bites accounts: e-mail tricks and role names. */
const VALUES: unknown[] = [...HOSTILE_VALUES, 'nul\u0000@example.com', ['admin'], { __proto__x: 'admin' }];

/** Raw JSON texts: prototype-pollution keys cannot be written as object literals. */
const RAW_BODIES = [
  ...HOSTILE_RAW_BODIES,
  '{"tenantRoles":{"__proto__":"admin"},"userEmail":"pat.user@example.com"}',
  '{"tenantRoles":{"\\u0000":"user"},"userEmail":"pat.user@example.com"}',
  '{"roles":[{"roleId":1,"permissions":[1],"__proto__":{"polluted":true}}]}',
];

/** A well-formed body per route, so each field's mutation reaches past the first check. */
function baseBody(route: CataloguedRoute, world: AdminWorld): Record<string, unknown> {
  const bodies: Record<string, Record<string, unknown>> = {
    'POST /api/users': {
      name: 'Fuzz',
      email: 'fuzz@example.com',
      password: USER_PASSWORD,
      sendLoginData: false,
    },
    'PUT /api/users/tenant-admin': { userEmail: world.plainUser.email },
    'PUT /api/users/tenant-roles': {
      userEmail: world.plainUser.email,
      tenantRoles: { [world.tenantB]: 'user' },
    },
    'PUT /api/users/auto-publish': { autoPublish: true },
    'PUT /api/users/auto-validation': { autoValidation: true },
    'PUT /api/users/selected-tenant': { tenantId: world.masterTenantId },
    'POST /api/users/get-match-email': { userId: world.master.email },
    'POST /api/user/role': { userEmail: world.plainUser.email, botName: 'Support Bot', role: 1 },
    'PUT /api/tenant/settings': { displayName: 'Fuzzed', email: 'fuzz@example.com' },
    'POST /api/tenant/roles': { roleName: 'Fuzz role' },
    'PUT /api/tenant/roles': { roles: [{ roleId: 1, roleName: 'Designer', permissions: [1, 2] }] },
    'POST /api/tenant/roles/:roleId/permissions': { roleId: 1, permissionId: 3 },
    'POST /api/tenants': { name: 'Fuzz tenant' },
  };
  return bodies[`${route.method} ${route.url}`] ?? {};
}

const PARAMS = [...HOSTILE_PARAMS, '1e9'];

describe.each(testDatabases())('hostile input to the administration API on %s', (kind) => {
  let server: TestServer;
  let world: AdminWorld;

  beforeAll(async () => {
    server = await startTestServer(kind);
    world = await buildAdminWorld(server);
    // POST /api/user/role's plausible body names a bot that exists, so it reaches the role checks.
    await createBot(as(server, world.master), 'Support Bot');
  });
  afterAll(() => server?.close());

  test('no POST, PUT, PATCH or DELETE route ever answers 5xx', async () => {
    const routes = routeCatalogue(server.app).filter(
      (r) =>
        ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method) &&
        ADMIN_AREA.test(r.url) &&
        !NOT_ADMIN.test(r.url),
    );
    expect(routes.length).toBeGreaterThanOrEqual(18);
    // Destructive routes aim at a tenant made for the purpose.
    const target = await createTenant(server, world.master, 'Fuzz target');
    const failures: string[] = [];
    let sent = 0;
    const send = async (method: string, url: string, payload: unknown, raw: boolean) => {
      sent++;
      const response = await server.request({
        method: method as 'POST',
        url,
        token: world.master.token,
        ...(payload === undefined ? {} : { body: raw ? payload : JSON.stringify(payload) }),
        headers: { 'content-type': 'application/json' },
      });
      if (response.statusCode >= 500) {
        failures.push(
          `${method} ${url} ${String(raw ? payload : JSON.stringify(payload)).slice(0, 120)} -> ${response.statusCode} ${response.body.slice(0, 200)}`,
        );
      } else if (response.statusCode >= 400 && typeof response.json().code !== 'string') {
        failures.push(`${method} ${url} -> ${response.statusCode} without an error code`);
      }
    };

    for (const route of routes) {
      const urls = [
        ...PARAMS.map((p) =>
          fillPath(route.url, Object.fromEntries(Object.keys(plausibleParams(world)).map((k) => [k, p]))),
        ),
        fillPath(route.url, plausibleParams(world, target)),
      ].map((u) => u.replace(/%25/g, '%'));
      if (route.url === '/api/tenant')
        urls.push('/api/tenant?id[]=x', '/api/tenant?id=__proto__', `/api/tenant?id=${'z'.repeat(500)}`);
      const uniqueUrls = [...new Set(urls)];
      for (const url of uniqueUrls.slice(0, -1)) await send(route.method, url, baseBody(route, world), false);
      const url = uniqueUrls.at(-1) as string;
      for (const body of hostileBodies(baseBody(route, world), VALUES))
        await send(route.method, url, body, false);
      for (const raw of RAW_BODIES) await send(route.method, url, raw, true);
    }
    expect(sent).toBeGreaterThan(1000);
    expect(failures).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // The master administrator is still one, and the master tenant still there.
    const info = await server.request({
      method: 'GET',
      url: '/api/master-tenant/info',
      token: world.master.token,
    });
    expect(info.statusCode).toBe(200);
  });
});
