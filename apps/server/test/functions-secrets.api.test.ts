import {
  FUNCTION_FILE_FIELD,
  FUNCTION_MESSAGES,
  type FunctionView,
  FUNCTION_SECRET_MASK as MASK,
  Permission,
} from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createSecretSeal } from '../src/services/functions/function-secret-seal';
import { expectStatus } from './support/admin-world';
import { buildContentWorld, type ContentWorld, multipartBody } from './support/bot-content';
import { testDatabases } from './support/databases';
import { createFunction, functionPath, functionsPath, listFunctions } from './support/functions';
import { startTestServer, type TestServer } from './support/test-server';

const BOT = 'Secrets Bot';
const CONNECTION = 'postgres://shop:s3cret-pw@db.example.com:5432/shop';
const sqlFunction = { type: 'sql', name: 'Orders', connectionString: CONNECTION, sqlCommand: 'SELECT 1' };
const restFunction = {
  type: 'rest',
  name: 'Weather',
  url: 'https://api.example.com/v1/weather?city=Oslo',
  headers: [
    { key: 'Authorization', value: 'Bearer tok-123' },
    { key: 'Accept', value: 'application/json' },
  ],
};

/**
 * Issue 9: a bot member with no permission read database passwords and bearer tokens of the
 * bot's functions in clear. Secrets are write-only to the browser, and a definition is read
 * only with the right to manage its type.
 */
describe.each(testDatabases())('function secrets on %s', (kind) => {
  let server: TestServer;
  let w: ContentWorld;
  const storedRow = (name: string) =>
    server.ctx.repos.db
      .selectFrom('functions')
      .select(['definition', 'type'])
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
  /** The stored fields as the server opens them (the secrets are sealed in the row). */
  const storedFields = async (name: string) => {
    const row = await storedRow(name);
    const seal = createSecretSeal(server.ctx.config.jwtSecret);
    return JSON.stringify(seal.codec.open(row.type, JSON.parse(row.definition)));
  };

  beforeAll(async () => {
    server = await startTestServer(kind);
    w = await buildContentWorld(server, BOT);
    await createFunction(w.admin, BOT, sqlFunction);
    await createFunction(w.admin, BOT, restFunction);
  });
  afterAll(() => server?.close());

  test('no answer carries a stored secret: passwords and credential headers are masked', async () => {
    const listed = await listFunctions(w.admin, BOT);
    const body = JSON.stringify(listed);
    expect(body).not.toContain('s3cret-pw');
    expect(body).not.toContain('tok-123');
    expect(listed.find((fn) => fn.name === 'Orders')).toMatchObject({
      connectionString: `postgres://shop:${MASK}@db.example.com:5432/shop`,
    });
    expect(listed.find((fn) => fn.name === 'Weather')).toMatchObject({
      headers: [
        { key: 'Authorization', value: MASK },
        { key: 'Accept', value: 'application/json' },
      ],
    });
  });

  test('a member without the functions permission sees what a flow needs, not the definition', async () => {
    const admin = w.admin;
    const created = expectStatus(
      await admin('POST', '/api/tenant/roles', { roleName: 'Tester only' }),
      201,
    ).json();
    expectStatus(
      await admin('POST', `/api/tenant/roles/${created.roleId}/permissions`, {
        roleId: created.roleId,
        permissionId: Permission.TestBot,
      }),
      201,
    );
    expectStatus(
      await admin('POST', '/api/user/role', {
        userEmail: 'nora.norole@example.com',
        botName: BOT,
        role: created.roleId,
      }),
      200,
    );
    const listed = (await w.stranger('GET', functionsPath(BOT))).json() as FunctionView[];
    const orders = listed.find((fn) => fn.name === 'Orders');
    expect(orders).toMatchObject({
      name: 'Orders',
      type: 'sql',
      connectionString: '',
      sqlCommand: '',
      isDefinitionHidden: true,
    });
    expect(JSON.stringify(listed)).not.toContain('db.example.com');
  });

  test('saving the mask back keeps the stored secret; a new value replaces it', async () => {
    const [orders] = (await listFunctions(w.admin, BOT)).filter((fn) => fn.name === 'Orders');
    expectStatus(
      await w.admin('PUT', functionPath(BOT, 'Orders'), { ...orders, sqlCommand: 'SELECT 2' }),
      200,
    );
    expect(await storedFields('Orders')).toContain('s3cret-pw');
    const changed = CONNECTION.replace('s3cret-pw', 'n3w-pw');
    expectStatus(
      await w.admin('PUT', functionPath(BOT, 'Orders'), { ...orders, connectionString: changed }),
      200,
    );
    expect(await storedFields('Orders')).toContain('n3w-pw');
  });

  test('the mask sent with another address is refused: a stored secret never goes to a new server', async () => {
    const [weather] = (await listFunctions(w.admin, BOT)).filter((fn) => fn.name === 'Weather');
    const moved = await w.admin('PUT', functionPath(BOT, 'Weather'), {
      ...weather,
      url: 'https://collector.example/steal',
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json()).toMatchObject({
      code: 'validation_error',
      message: FUNCTION_MESSAGES.secretNeedsEntering('header Authorization'),
    });
    expect(await storedFields('Weather')).toContain('https://api.example.com/v1/weather');
  });

  test('secrets are sealed at rest: a copy of the database reveals no password or token', async () => {
    for (const name of ['Orders', 'Weather']) {
      const { definition } = await storedRow(name);
      expect(definition).toContain('sealed1.');
      expect(definition).not.toMatch(/s3cret-pw|n3w-pw|tok-123/);
    }
    // Only the secrets: the rest stays readable.
    expect((await storedRow('Orders')).definition).toContain('db.example.com:5432/shop');
    expect((await storedRow('Weather')).definition).toContain('application/json');
  });

  test('a function stored before sealing still reads, and is sealed when saved again', async () => {
    await createFunction(w.admin, BOT, { ...sqlFunction, name: 'Legacy' });
    await server.ctx.repos.db
      .updateTable('functions')
      .set({ definition: JSON.stringify({ connectionString: CONNECTION, sqlCommand: 'SELECT 1' }) })
      .where('name', '=', 'Legacy')
      .execute();
    const [legacy] = (await listFunctions(w.admin, BOT)).filter((fn) => fn.name === 'Legacy');
    expect(legacy).toMatchObject({ connectionString: `postgres://shop:${MASK}@db.example.com:5432/shop` });
    expectStatus(
      await w.admin('PUT', functionPath(BOT, 'Legacy'), { ...legacy, sqlCommand: 'SELECT 3' }),
      200,
    );
    expect((await storedRow('Legacy')).definition).not.toContain('s3cret-pw');
    expect(await storedFields('Legacy')).toContain('s3cret-pw');
  });

  test('a function file leaves the credentials out, and its import says so', async () => {
    const exported = expectStatus(await w.admin('GET', `${functionPath(BOT, 'Weather')}/export`), 200).body;
    expect(exported).not.toContain('tok-123');
    const file = JSON.parse(exported);
    expect(file.credentialsLeftOut).toBe(true);
    expect(file.function.headers).toEqual([
      { key: 'Authorization', value: '' },
      { key: 'Accept', value: 'application/json' },
    ]);
    const { payload, contentType } = multipartBody(FUNCTION_FILE_FIELD, 'weather.json', exported);
    const staged = await server.request({
      method: 'POST',
      url: '/api/functions/import/staging',
      token: w.world.tenantAdmin.token,
      body: payload,
      headers: { 'content-type': contentType },
    });
    expect(expectStatus(staged, 200).json()).toMatchObject({ name: 'Weather', credentialsLeftOut: true });
  });

  test('a new function cannot be saved with the mask as its secret', async () => {
    const response = await w.admin('POST', functionsPath(BOT), {
      ...sqlFunction,
      name: 'Copy',
      connectionString: `postgres://shop:${MASK}@db.example.com/shop`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(FUNCTION_MESSAGES.secretUnknown('connection string password'));
  });
});
