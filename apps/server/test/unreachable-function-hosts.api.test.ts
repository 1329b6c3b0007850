import { once } from 'node:events';
import net, { type AddressInfo } from 'node:net';
import type { UnreachableFunctionHost } from '@parley/contracts';
import { buildFlowXml, type FlowStep } from '@parley/flows';
import { PRIVATE_NETWORK_MESSAGE } from '@parley/functions';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type AdminWorld, as, buildAdminWorld, type Call, expectStatus } from './support/admin-world';
import { createIntent } from './support/bot-content';
import { botPath, createBot } from './support/bots';
import { testDatabases } from './support/databases';
import { intentFlowPath, subFlowPath } from './support/flows';
import { createFunction, functionPath } from './support/functions';
import { startTestServer, type TestServer } from './support/test-server';

const BOT = 'Shop Bot';
const warningsPath = `${botPath(BOT)}/unreachable-function-hosts`;

const rest = (name: string, url: string) => ({ type: 'rest', name, method: 'get', url });

/**
 * Issue 22: the test chat tells the designer, before a chat breaks, when a function that the
 * bot's active flows call cannot reach its host: the name does not resolve (`.invalid` never
 * does), the operator's network rules refuse the address, or nothing listens on the port.
 */
describe.each(testDatabases())('unreachable function hosts on %s', (kind) => {
  let server: TestServer;
  let world: AdminWorld;
  let admin: Call;
  let listener: net.Server;
  let listening: number;
  let closedPort: number;

  /** Saves the flow as the intent's newest version and activates it to test. */
  async function activateToTest(intent: string, steps: FlowStep[]) {
    const xml = await buildFlowXml([...steps, { end: 'endFlow' }], { languages: ['en'] });
    expectStatus(
      await admin('PUT', `${intentFlowPath(BOT, intent)}/test-version`, { xml, ignoreWarnings: true }),
      200,
    );
  }
  const warnings = async (call: Call = admin) =>
    expectStatus(await call('GET', warningsPath), 200).json() as UnreachableFunctionHost[];

  beforeAll(async () => {
    listener = net.createServer((socket) => socket.end()).listen(0, '127.0.0.1');
    await once(listener, 'listening');
    listening = (listener.address() as AddressInfo).port;
    const probe = net.createServer().listen(0, '127.0.0.1');
    await once(probe, 'listening');
    closedPort = (probe.address() as AddressInfo).port;
    await new Promise((done) => probe.close(done));

    // The operator lets functions reach this machine (127.0.0.1) but no other private address.
    server = await startTestServer(kind, { FUNCTIONS_ALLOWED_HOSTS: '127.0.0.1' });
    world = await buildAdminWorld(server);
    admin = as(server, world.tenantAdmin);
    await createBot(admin, BOT);
    for (const name of ['OrderStatus', 'Returns', 'Stock']) {
      await createIntent(admin, BOT, { name, utterances: [`${name} one`, `${name} two`, `${name} three`] });
    }
    await createFunction(admin, BOT, rest('Order lookup', 'https://shop.invalid/api/orders/{{orderNumber}}'));
    await createFunction(admin, BOT, rest('Return label', `http://127.0.0.1:${closedPort}/labels`));
    await createFunction(admin, BOT, rest('Stock level', `http://127.0.0.1:${listening}/stock`));
    await createFunction(admin, BOT, rest('Intranet', 'http://10.20.30.40/wiki'));
    await createFunction(admin, BOT, {
      type: 'sql',
      name: 'Warehouse',
      connectionString: `postgres://reader:secret@127.0.0.1:${closedPort}/warehouse`,
      sqlCommand: 'select 1',
    });
    // Not called by any flow: it breaks no chat.
    await createFunction(admin, BOT, rest('Draft', 'https://draft.invalid/'));
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await new Promise((done) => listener.close(done));
  });

  test('a bot whose flows call no function has nothing to warn of', async () => {
    expect(await warnings()).toEqual([]);
  });

  test('each function an active flow calls is checked: what a call would fail with, and which flows call it', async () => {
    await activateToTest('OrderStatus', [{ function: 'Order lookup' }, { function: 'Stock level' }]);
    await activateToTest('Returns', [{ function: 'Return label' }, { function: 'Warehouse' }]);
    await activateToTest('Stock', [{ function: 'Stock level' }, { function: 'Intranet' }]);

    const found = await warnings();
    expect(found.map((w) => w.functionName).sort()).toEqual([
      'Intranet',
      'Order lookup',
      'Return label',
      'Warehouse',
    ]);
    const byName = Object.fromEntries(found.map((w) => [w.functionName, w]));
    expect(byName['Order lookup']).toEqual({
      functionName: 'Order lookup',
      functionType: 'rest',
      host: 'shop.invalid',
      message: 'The host name could not be resolved',
      details: expect.stringMatching(/^shop\.invalid/),
      calledBy: ['OrderStatus'],
    });
    expect(byName['Return label']).toEqual({
      functionName: 'Return label',
      functionType: 'rest',
      host: '127.0.0.1',
      message: 'The host refused the connection',
      details: `127.0.0.1:${closedPort}`,
      calledBy: ['Returns'],
    });
    // The operator's rules are those a run obeys: the refusal names the settings that open it.
    expect(byName.Intranet).toMatchObject({
      host: '10.20.30.40',
      message: PRIVATE_NETWORK_MESSAGE,
      calledBy: ['Stock'],
    });
    // An SQL function's database host too, without its connection string (it holds a password).
    expect(byName.Warehouse).toMatchObject({
      functionType: 'sql',
      host: '127.0.0.1',
      message: 'The host refused the connection',
    });
    expect(JSON.stringify(found)).not.toContain('secret');
  });

  test('a sub flow’s calls count once it is published; a version no longer active does not', async () => {
    await createFunction(admin, BOT, { type: 'flow', name: 'Find stock' });
    const subFlow = await buildFlowXml([{ function: 'Return label' }, { end: 'endFlow' }], {
      languages: ['en'],
    });
    expectStatus(
      await admin('POST', `${subFlowPath(BOT, 'Find stock')}/flow`, { xml: encodeURIComponent(subFlow) }),
      200,
    );
    expect((await warnings()).find((w) => w.functionName === 'Return label')?.calledBy).toEqual(['Returns']);
    expectStatus(
      await admin('PUT', `${subFlowPath(BOT, 'Find stock')}/published-version`, { versionName: 'v1' }),
      200,
    );
    expect((await warnings()).find((w) => w.functionName === 'Return label')?.calledBy).toEqual([
      'Find stock',
      'Returns',
    ]);

    // The Stock flow's new version no longer calls the intranet: its old version breaks no chat.
    await activateToTest('Stock', [{ function: 'Stock level' }]);
    expect((await warnings()).map((w) => w.functionName)).not.toContain('Intranet');
  });

  test('fixing the function’s address takes the warning away', async () => {
    expectStatus(
      await admin(
        'PUT',
        functionPath(BOT, 'Order lookup'),
        rest('Order lookup', `http://127.0.0.1:${listening}/orders/{{orderNumber}}`),
      ),
      200,
    );
    expect((await warnings()).map((w) => w.functionName)).not.toContain('Order lookup');
  });

  test('only those who may use the bot’s test chat are told', async () => {
    // A member of the account without a role on the bot.
    const refused = await as(server, world.plainUser)('GET', warningsPath);
    expect(refused.statusCode).toBe(403);
  });
});
