import { BOT_BUNDLE_MESSAGES, BOT_MESSAGES } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ABANDONED_IMPORT_MS, sweepAbandonedImports } from '../src/services/bots/importing-bot.service';
import { type AdminWorld, as, buildAdminWorld, type Call, expectStatus } from './support/admin-world';
import { importUrl, minimalBundle, STAGING_URL, sealBotFile, uploadBotFile } from './support/bot-bundles';
import { intentsPath } from './support/bot-content';
import { botPath } from './support/bots';
import { testDatabases } from './support/databases';
import { startTestServer, type TestServer } from './support/test-server';
import { variablesPath } from './support/variables';

const many = (count: number, prefix: string) =>
  Array.from({ length: count }, (_, i) => ({
    name: `${prefix}_${i}`,
    description: '',
    type: 'normal',
    answer: '',
    isRedirect: false,
    template: null,
    utterances: [`tell me about ${prefix} ${i}`, `what is ${prefix} number ${i}`],
    patterns: [],
  }));

/**
 * A bot file is written in short transactions into a bot nothing sees until it is complete
 * (issue 22: a 10,000-intent file held the database for seconds); each person has one bot file
 * read at a time; a refused import leaves nothing behind, and an abandoned one is swept away.
 */
describe.each(testDatabases())('bot files written in slices on %s', (kind) => {
  let server: TestServer;
  let world: AdminWorld;
  let admin: Call;

  beforeAll(async () => {
    server = await startTestServer(kind);
    world = await buildAdminWorld(server);
    admin = as(server, world.tenantAdmin);
  });
  afterAll(() => server?.close());

  const tenantB = () => server.ctx.repos.forTenant(world.tenantB);
  /** A bot file of this person's being read right now (as a request in flight leaves it). */
  const fileBeingRead = (email: string, botName = `import ${email}`) =>
    tenantB().bots.create({ botName, region: 'eu-west', settings: {}, importingBy: email });
  const backdate = (botId: string, ms: number) =>
    server.ctx.repos.db
      .updateTable('bots')
      .set({ importing_since: new Date(Date.now() - ms).toISOString() })
      .where('id', '=', botId)
      .execute();
  const stage = (token: string, file: Buffer) => uploadBotFile(server, token, STAGING_URL, file);

  test('one bot file per person at a time: another is refused with 429 until the first is done', async () => {
    const file = sealBotFile(minimalBundle({ intents: many(3, 'one') }));
    const reading = await fileBeingRead(world.tenantAdmin.email);

    const refused = await stage(world.tenantAdmin.token, file);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'rate_limit_error',
      message: BOT_BUNDLE_MESSAGES.oneAtATime,
    });
    const refusedImport = await uploadBotFile(
      server,
      world.tenantAdmin.token,
      importUrl({ name: 'Second File', region: 'eu-west', recognizer: 'parley', language: 'en' }),
      file,
    );
    expect(refusedImport.statusCode).toBe(429);
    // Someone else's file is read meanwhile.
    expect(expectStatus(await stage(world.plainUser.token, file), 200).json().counts.intents).toBe(3);

    // Done (here: its process ended long ago): the person's next file is read.
    await backdate(reading.id, ABANDONED_IMPORT_MS + 1000);
    expect(expectStatus(await stage(world.tenantAdmin.token, file), 200).json().counts.intents).toBe(3);
    // A staging leaves nothing: no bot, no claim, no intents.
    expect(await server.ctx.repos.botImports.of(world.tenantAdmin.email)).toBeUndefined();
    expect(await server.ctx.repos.botImports.of(world.plainUser.email)).toBeUndefined();
    const orphans = await server.ctx.repos.db
      .selectFrom('intents')
      .select('id')
      .where('name', 'like', 'one_%')
      .execute();
    expect(orphans).toEqual([]);
  });

  test('a bot being imported is seen by nothing, its name is taken, and an abandoned one is swept', async () => {
    const coming = await fileBeingRead(world.master.email, 'Coming Bot');
    const bots = expectStatus(await admin('GET', '/api/bots'), 200).json() as Array<{ botName: string }>;
    expect(bots.map((b) => b.botName)).not.toContain('Coming Bot');
    expect((await admin('GET', intentsPath('Coming Bot'))).statusCode).toBe(404);
    const taken = await admin('POST', '/api/bot', { name: 'Coming Bot', region: 'eu-west', language: 'en' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toMatchObject({ fieldName: 'name', message: BOT_MESSAGES.nameTaken });

    // Still being written: the sweep leaves it; abandoned: the sweep removes it and frees the name.
    await sweepAbandonedImports(server.ctx);
    expect(await server.ctx.repos.botImports.of(world.master.email)).toMatchObject({ botId: coming.id });
    await backdate(coming.id, ABANDONED_IMPORT_MS + 1000);
    await sweepAbandonedImports(server.ctx);
    expect(await server.ctx.repos.botImports.of(world.master.email)).toBeUndefined();
    expectStatus(
      await admin('POST', '/api/bot', { name: 'Coming Bot', region: 'eu-west', language: 'en' }),
      200,
    );
  });

  test('an import refused while it is written leaves nothing: no bot, no content, no global it made', async () => {
    // The flow names an intent the file does not have: refused after the intents and the global
    // variable were written.
    const file = sealBotFile(
      minimalBundle({
        intents: many(400, 'doomed'),
        variables: [{ name: 'doomedShop', value: 'Example Shop', isGlobal: true }],
        flows: [
          {
            owner: 'intent',
            name: 'Nowhere',
            versions: [
              {
                version: 1,
                xml: '<definitions/>',
                status: 'unpublished',
                savedBy: 'someone@example.com',
                modified: new Date().toISOString(),
              },
            ],
            activations: [],
          },
        ],
      }),
    );
    const choice = { name: 'Doomed Bot', region: 'eu-west', recognizer: 'parley', language: 'en' };
    const refused = await uploadBotFile(server, world.tenantAdmin.token, importUrl(choice), file);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'validation_error', reason: 'invalid-content' });

    expect((await admin('GET', botPath('Doomed Bot'))).statusCode).toBe(404);
    const left = await server.ctx.repos.db
      .selectFrom('intents')
      .select('id')
      .where('name', 'like', 'doomed_%')
      .execute();
    expect(left).toEqual([]);
    // The global variable the import had made is gone again: another bot does not see it.
    expectStatus(
      await admin('POST', '/api/bot', { name: 'Witness Bot', region: 'eu-west', language: 'en' }),
      200,
    );
    const seen = expectStatus(await admin('GET', `${variablesPath('Witness Bot')}/all`), 200).json();
    expect(Object.keys(seen.variables)).not.toContain('doomedShop');
    // The name is free for the next try.
    expect(await server.ctx.repos.botImports.of(world.tenantAdmin.email)).toBeUndefined();
  });

  test('a file of 3,000 intents stages, and imports whole, over many short transactions', async () => {
    const file = sealBotFile(minimalBundle({ intents: many(3000, 'bulk') }));
    expect(expectStatus(await stage(world.tenantAdmin.token, file), 200).json().counts.intents).toBe(3000);
    const choice = { name: 'Bulk Bot', region: 'eu-west', recognizer: 'parley', language: 'en' };
    expectStatus(await uploadBotFile(server, world.tenantAdmin.token, importUrl(choice), file), 200);
    const intents = expectStatus(await admin('GET', `${intentsPath('Bulk Bot')}?view=summary`), 200).json();
    // None is in every bot.
    expect(intents).toHaveLength(3001);
    const bots = expectStatus(await admin('GET', '/api/bots'), 200).json() as Array<{ botName: string }>;
    expect(bots.map((b) => b.botName)).toContain('Bulk Bot');
  }, 120_000);
});
