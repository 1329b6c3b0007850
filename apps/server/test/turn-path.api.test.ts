import type { GeneratedApiKey } from '@parley/contracts';
import { buildFlowXml, type FlowStep } from '@parley/flows';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { countStatements } from '../../../scripts/bench/statement-counter.mjs';
import { as, buildAdminWorld, type Call, expectStatus } from './support/admin-world';
import { createIntent } from './support/bot-content';
import { createBot } from './support/bots';
import { testDatabases } from './support/databases';
import { intentFlowPath } from './support/flows';
import { startPublish, waitForSync } from './support/publishing';
import { startTestServer, type TestServer } from './support/test-server';

const counts = countStatements(import.meta.url);

const greetingFlow = (text: string): FlowStep[] => [
  { block: 'message', fields: { message: text } },
  { end: 'endFlow' },
];

const INTENTS = [
  { name: 'Greeting', utterances: ['hello', 'hi there', 'good morning', 'hey how are you'] },
  { name: 'Goodbye', utterances: ['bye', 'see you later', 'goodbye', 'have a nice day'] },
];

/** A published bot whose Greeting flow says `text`, active on test and production, with the API channel on. */
async function greetingBot(admin: Call, name: string, text: string) {
  await createBot(admin, name);
  for (const intent of INTENTS) await createIntent(admin, name, intent);
  await activateGreeting(admin, name, text);
  const { syncId } = await startPublish(admin, name);
  expect((await waitForSync(admin, name, syncId)).state).toBe('Succeeded');
  expectStatus(
    await admin('POST', `/api/bots/${encodeURIComponent(name)}/configuration`, {
      channels: [{ name: 'api', visible: true, enabled: true }],
    }),
    200,
  );
  const key = expectStatus(
    await admin('POST', `/api/external/${encodeURIComponent(name)}/api-key/generate`, {
      expiresOnDate: false,
    }),
    200,
  ).json() as GeneratedApiKey;
  return key.apiKey;
}

/** Saves the Greeting flow saying `text` and activates it on test and production. */
async function activateGreeting(admin: Call, name: string, text: string) {
  const xml = await buildFlowXml(greetingFlow(text), { languages: ['en'] });
  for (const target of ['test-version', 'published-version'])
    expectStatus(await admin('PUT', `${intentFlowPath(name, 'Greeting')}/${target}`, { xml }), 200);
}

/** A Direct Line client of one conversation on a server (the injected HTTP layer, no socket). */
async function directLineChat(server: TestServer, secret: string) {
  const call = async (url: string, body: unknown, bearer: string) => {
    const response = await server.app.inject({
      method: 'POST',
      url: `/v3/directline${url}`,
      headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.json() as Record<string, unknown>;
  };
  const started = await call('/conversations', { user: { id: 'casey' } }, secret);
  const conversationId = started.conversationId as string;
  return {
    conversationId,
    say: (text: string) =>
      call(
        `/conversations/${encodeURIComponent(conversationId)}/activities`,
        { type: 'message', from: { id: 'casey' }, text },
        started.token as string,
      ),
  };
}

/**
 * The turn path (issue 21): a turn reads its conversation and writes its state and log in one
 * transaction, nothing more; what it keeps of the bot in memory is dropped when the bot changes.
 */
describe.each(testDatabases())('the turn path on %s', (kind) => {
  let server: TestServer;
  let admin: Call;

  beforeAll(async () => {
    server = await startTestServer(kind, { LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent' });
    const world = await buildAdminWorld(server);
    admin = as(server, world.tenantAdmin);
  });
  afterAll(() => server?.close());

  test('a greeting over Direct Line runs at most 3 statements once the bot is known', async () => {
    const secret = await greetingBot(admin, 'Counted Bot', 'Hello from the counted bot!');
    const chat = await directLineChat(server, secret);
    // What is read within a second of a change is kept only briefly (a commit may still be on its
    // way): the bot was just made, so it is known once that second has passed.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await chat.say('hello');
    const before = { statements: counts.statements, transactionControl: counts.transactionControl };
    const turns = 5;
    for (let i = 0; i < turns; i++) await chat.say('hello');
    const statements = (counts.statements - before.statements) / turns;
    // Read the conversation; store its state and log its activities (one transaction).
    expect(
      statements,
      counts.recent.slice(-Math.ceil(statements * turns) - 2 * turns).join('\n'),
    ).toBeLessThanOrEqual(3);
    expect((counts.transactionControl - before.transactionControl) / turns).toBeLessThanOrEqual(2);
  });

  test('a flow activated anew answers the next message: what turns keep is dropped', async () => {
    const secret = await greetingBot(admin, 'Changing Bot', 'Hello, version one.');
    const chat = await directLineChat(server, secret);
    const texts = async () => {
      const response = await server.app.inject({
        method: 'GET',
        url: `/v3/directline/conversations/${encodeURIComponent(chat.conversationId)}/activities`,
        headers: { authorization: `Bearer ${secret}` },
      });
      return (response.json().activities as Array<{ text?: string; from: { role?: string } }>)
        .filter((a) => a.from.role === 'bot')
        .map((a) => a.text);
    };
    await chat.say('hello');
    expect((await texts()).at(-1)).toBe('Hello, version one.');
    await activateGreeting(admin, 'Changing Bot', 'Hello, version two.');
    await chat.say('hello');
    expect((await texts()).at(-1)).toBe('Hello, version two.');
    // The API channel switched off on the Configuration tab: the next call is refused.
    expectStatus(
      await admin('POST', `/api/bots/${encodeURIComponent('Changing Bot')}/configuration`, {
        channels: [{ name: 'api', visible: true, enabled: false }],
      }),
      200,
    );
    const refused = await server.app.inject({
      method: 'POST',
      url: `/v3/directline/conversations/${encodeURIComponent(chat.conversationId)}/activities`,
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ type: 'message', from: { id: 'casey' }, text: 'hello' }),
    });
    expect(refused.statusCode).toBe(403);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

/** Two processes: what one keeps of a bot is dropped when the other changes it (through Redis). */
describe.runIf(redisUrl && process.env.TEST_DATABASE_URL)('the turn path on two processes', () => {
  let a: TestServer;
  let b: TestServer;
  let adminOnA: Call;
  let adminOnB: Call;

  beforeAll(async () => {
    a = await startTestServer('postgres', { REDIS_URL: redisUrl });
    b = await startTestServer('postgres', {
      REDIS_URL: redisUrl,
      DATA_DIR: a.ctx.config.dataDir,
      DATABASE_URL: a.ctx.config.databaseUrl,
    });
    const world = await buildAdminWorld(a);
    adminOnA = as(a, world.tenantAdmin);
    adminOnB = as(b, world.tenantAdmin);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  test('a flow activated on B answers the next message on A', async () => {
    const secret = await greetingBot(adminOnA, 'Shared Bot', 'Hello from one.');
    const chat = await directLineChat(a, secret);
    await chat.say('hello');
    await activateGreeting(adminOnB, 'Shared Bot', 'Hello from two.');
    await expect
      .poll(async () => {
        await chat.say('hello');
        const response = await a.app.inject({
          method: 'GET',
          url: `/v3/directline/conversations/${encodeURIComponent(chat.conversationId)}/activities`,
          headers: { authorization: `Bearer ${secret}` },
        });
        return (response.json().activities as Array<{ text?: string }>).at(-1)?.text;
      })
      .toBe('Hello from two.');
  });
});
