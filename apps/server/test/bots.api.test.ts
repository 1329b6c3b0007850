import { ALL_PERMISSION_IDS, BOT_MESSAGES, type BotDetails, type BotView } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type AdminWorld, as, type Call, expectStatus } from './support/admin-world';
import { botPath, createBot, overviewNames } from './support/bots';
import { testDatabases } from './support/databases';
import { buildOwnAdminWorld, type MasterWorld, signUpMaster } from './support/tenant-world';
import { startTestServer, type TestServer } from './support/test-server';

const M = BOT_MESSAGES;

describe.each(testDatabases())('bots on %s', (kind) => {
  let server: TestServer;
  let base: MasterWorld;

  beforeAll(async () => {
    server = await startTestServer(kind);
    base = await signUpMaster(server);
  });
  afterAll(() => server?.close());

  /** A tenant B of the test's own, and Bea, its account administrator. */
  async function ownWorld(): Promise<{ world: AdminWorld; admin: Call }> {
    const world = await buildOwnAdminWorld(server, base);
    return { world, admin: as(server, world.tenantAdmin) };
  }

  /** A tenant of the test's own with Support Bot in it. */
  async function withSupportBot(): Promise<{ world: AdminWorld; admin: Call }> {
    const own = await ownWorld();
    await createBot(own.admin, 'Support Bot');
    return own;
  }

  test('a new tenant has no bots', async () => {
    const { admin } = await ownWorld();
    expect((await admin('GET', '/api/bots')).json()).toEqual([]);
    expect((await admin('GET', '/api/bots/id-name')).json()).toEqual([]);
  });

  test('creating from scratch answers the bot with its settings; the overview then lists its card', async () => {
    const { world, admin } = await ownWorld();
    const response = await admin('POST', '/api/bot', {
      name: '  Support Bot ',
      region: 'eu-west',
      language: 'en',
      recognizer: 'parley',
      nluAutomate: false,
      createType: 'scratch',
    });
    expect(response.statusCode).toBe(200);
    const { bot } = response.json() as { bot: BotDetails };
    expect(bot).toEqual({
      id: `${world.tenantB}-support-bot`,
      botName: 'Support Bot',
      displayName: 'Support Bot',
      tenantId: world.tenantB,
      region: 'eu-west',
      settings: {
        language: 'en',
        supportedLanguages: ['en'],
        intentRecognizerProvider: 'parley',
        entityExtractorProvider: 'parley',
        sentimentAnalysisProvider: null,
        nluAutomate: false,
        disableTestInteractions: false,
        confidence: 0.7,
        lowConfidence: 0.3,
        delay: 0,
        continueOldConversations: false,
        idleTimeout: 1,
        idleText: '',
        llmSplitSentences: false,
        llmAsyncGuardrails: false,
        chitChatEnabled: false,
        belowThresholdLimit: 3,
        chitChatModel: null,
      },
      isPublished: false,
      showSnippetMigrationBanner: false,
      allTimeData: { interactions: 0, questionsAsked: 0, questionsRecognized: 0 },
      syncStatus: null,
    });
    const cards = (await admin('GET', '/api/bots')).json() as BotView[];
    expect(cards).toHaveLength(1);
    const { tenantId: _tenantId, syncStatus: _syncStatus, ...card } = bot;
    expect(cards[0]).toEqual(card);
  });

  test('the bot page loads the bot by its name, however the name is written in the path', async () => {
    const { admin } = await withSupportBot();
    for (const name of ['Support Bot', 'support-bot', 'SUPPORT BOT']) {
      const response = await admin('GET', botPath(name));
      expect(response.statusCode, name).toBe(200);
      expect(response.json()).toMatchObject({ botName: 'Support Bot', syncStatus: null });
    }
  });

  test('the region may come in its short form; us-east is stored as such', async () => {
    const { admin } = await ownWorld();
    const bot = await createBot(admin, 'Yankee', { region: 'us-east-1' });
    expect(bot.region).toBe('us-east');
  });

  test('recognizer none gives a bot without recognizer, in any known language', async () => {
    const { admin } = await ownWorld();
    const bot = await createBot(admin, 'Quiet', { recognizer: 'none', language: 'ja-jp' });
    expect(bot.settings).toMatchObject({
      language: 'ja-jp',
      intentRecognizerProvider: null,
      entityExtractorProvider: null,
      nluAutomate: false,
    });
  });

  test('a bot takes a language of its engine’s list; Automate starts on an engine that knows the language; engines Parley cannot publish to yet are refused', async () => {
    const { admin } = await ownWorld();
    const none = await createBot(admin, 'Lexi', { recognizer: 'none', language: 'en-GB' });
    expect(none.settings).toMatchObject({ language: 'en-gb', intentRecognizerProvider: null });
    const automated = await createBot(admin, 'Lyon', { nluAutomate: true, language: 'fr' });
    expect(automated.settings).toMatchObject({ nluAutomate: true, intentRecognizerProvider: 'parley' });
    const lex = await admin('POST', '/api/bot', {
      name: 'Tokyo',
      region: 'eu-west',
      recognizer: 'lex',
      language: 'en-us',
    });
    expect(lex.statusCode).toBe(400);
    expect(lex.json()).toMatchObject({
      message: M.unavailableRecognizer('Amazon Lex'),
      fieldName: 'recognizer',
    });
  });

  test.each([
    ['the same name', 'Support Bot'],
    ['the same name in other case', 'support BOT'],
    ['the name with dashes for spaces', 'support-bot'],
    ['the name with spaces around', ' Support Bot  '],
  ])('%s is taken: 400 with the spec message, nothing created', async (_case, name) => {
    const { admin } = await withSupportBot();
    const before = await overviewNames(admin);
    const response = await admin('POST', '/api/bot', { name, region: 'eu-west', language: 'en' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'validation_error', message: M.nameTaken, fieldName: 'name' });
    expect(await overviewNames(admin)).toEqual(before);
  });

  test.each(['templates', 'id-name', 'Id Name', 'ids', 'limit'])(
    'the name %s is the API’s own word and taken',
    async (name) => {
      const { admin } = await ownWorld();
      const response = await admin('POST', '/api/bot', { name, region: 'eu-west', language: 'en' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: M.nameTaken, fieldName: 'name' });
    },
  );

  test('a template that is not one of the starter templates is refused', async () => {
    const { admin } = await ownWorld();
    const response = await admin('POST', '/api/bot', {
      name: 'From Template',
      region: 'eu-west',
      createType: 'template',
      template: 'no-such-template.enc',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'validation_error',
      message: M.selectTemplate,
      fieldName: 'template',
    });
    expect(await overviewNames(admin)).not.toContain('From Template');
  });

  test('id-name and ids list the bots', async () => {
    const { world, admin } = await withSupportBot();
    await createBot(admin, 'Yankee', { region: 'us-east-1' });
    const names = await overviewNames(admin);
    expect(names).toHaveLength(2);
    const idNames = (await admin('GET', '/api/bots/id-name')).json() as Array<{
      id: string;
      botName: string;
    }>;
    expect(idNames.map((b) => b.botName)).toEqual(names);
    expect(idNames.every((b) => b.id.startsWith(`${world.tenantB}-`))).toBe(true);
    const ids = (await admin('GET', '/api/bots/ids')).json();
    expect(ids).toEqual(idNames.map((b) => b.id));
    expect((await admin('GET', `/api/bots/ids?tenantId=${world.tenantB}`)).json()).toEqual(ids);
  });

  test('an account administrator holds every permission on every bot of the tenant', async () => {
    const { admin } = await withSupportBot();
    const response = await admin('GET', `${botPath('Support Bot')}/permissions`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ permissions: [...ALL_PERMISSION_IDS] });
  });

  test('the snippet migration banner goes away for good once hidden', async () => {
    const { world, admin } = await ownWorld();
    const bot = await createBot(admin, 'Snippets');
    await server.ctx.repos.forTenant(world.tenantB).bots.update(bot.id, { showSnippetMigrationBanner: true });
    expect((await admin('GET', botPath('Snippets'))).json().showSnippetMigrationBanner).toBe(true);
    const response = await admin('PUT', `${botPath('Snippets')}/hide-snippet-migration-banner`);
    expect(response.statusCode).toBe(204);
    expect((await admin('GET', botPath('Snippets'))).json().showSnippetMigrationBanner).toBe(false);
    expect((await admin('PUT', `${botPath('Nobody')}/hide-snippet-migration-banner`)).statusCode).toBe(404);
  });

  test('message history and consent are CSV files with their headers and the spec’s file names', async () => {
    const { admin } = await withSupportBot();
    const history = await admin('GET', `${botPath('support-bot')}/message-history`);
    expect(history.statusCode).toBe(200);
    expect(history.headers['content-type']).toMatch(/^text\/csv/);
    expect(history.headers['content-disposition']).toBe('attachment; filename="bot-Support Bot-history.csv"');
    expect(history.body).toBe(
      'conversationId,timestamp,user,type,message,messageFirstReceived,messageTextSent,messageSpeechSent\r\n',
    );
    const consent = await admin('GET', `${botPath('Support Bot')}/consent`);
    expect(consent.statusCode).toBe(200);
    expect(consent.headers['content-disposition']).toBe(
      'attachment; filename="bot-Support Bot-gdpr-consent.csv"',
    );
    expect(consent.body).toBe('timestamp,userId,conversationId,consent,channel\r\n');
  });

  test('unknown bots are 404 not-found_error on every bot route', async () => {
    const { admin } = await ownWorld();
    for (const [method, suffix] of [
      ['GET', ''],
      ['DELETE', ''],
      ['GET', '/permissions'],
      ['GET', '/message-history'],
      ['GET', '/consent'],
    ] as const) {
      for (const name of ['Nobody', 'bad.name', 'x'.repeat(300), 'tab\there']) {
        const response = await admin(method, `${botPath(name)}${suffix}`);
        expect(response.statusCode, `${method} ${suffix} ${name}`).toBe(404);
        expect(response.json().code).toBe('not-found_error');
      }
    }
  });

  test('the master administrators see the bot count of each tenant', async () => {
    const { world, admin } = await withSupportBot();
    await createBot(admin, 'Yankee');
    const info = (await as(server, world.master)('GET', '/api/master-tenant/info')).json();
    expect(info.bots[world.tenantB]).toBe((await overviewNames(admin)).length);
    expect(info.bots[world.masterTenantId]).toBe(0);
  });

  test('deleting a bot: 204, gone from the overview and the page, its users’ roles removed, recorded in the audit log', async () => {
    const { world, admin } = await ownWorld();
    const bot = await createBot(admin, 'Doomed Bot');
    expectStatus(
      await admin('POST', '/api/user/role', {
        userEmail: world.plainUser.email,
        botName: 'Doomed Bot',
        role: 1,
      }),
      200,
    );
    const response = await admin('DELETE', botPath('doomed-bot'));
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(await overviewNames(admin)).not.toContain('Doomed Bot');
    expect((await admin('GET', botPath('Doomed Bot'))).statusCode).toBe(404);
    expect((await admin('DELETE', botPath('Doomed Bot'))).statusCode).toBe(404);
    const roles = await server.ctx.repos.forTenant(world.tenantB).botRoles.forBot(bot.id);
    expect(roles).toEqual([]);

    const log = (await admin('GET', '/api/tenant/audit-log')).body;
    expect(log).toContain(`bot.created,${bot.id}`);
    expect(log).toContain(`bot.deleted,${bot.id},Doomed Bot`);
  });

  test('a deleted bot’s name can be used again', async () => {
    const { world, admin } = await ownWorld();
    const doomed = await createBot(admin, 'Doomed Bot');
    expectStatus(
      await admin('POST', '/api/user/role', {
        userEmail: world.plainUser.email,
        botName: 'Doomed Bot',
        role: 1,
      }),
      200,
    );
    expectStatus(await admin('DELETE', botPath('Doomed Bot')), 204);
    const bot = await createBot(admin, 'Doomed Bot', { language: 'de' });
    expect(bot.settings.language).toBe('de');
    expect(bot.id).toBe(doomed.id);
    expect((await admin('GET', '/api/user/unique/bot/roles')).json()).not.toContainEqual(
      expect.objectContaining({ botId: bot.id }),
    );
  });
});
