import {
  BOT_BUNDLE_MAX_BYTES,
  ENTITY_MESSAGES,
  fileTooBigMessage,
  INTENT_MESSAGES,
  BOT_BUNDLE_MESSAGES as M,
  NLU_PERFORMANCE_MESSAGES,
  VARIABLE_MESSAGES,
} from '@parley/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type AdminWorld, as, buildAdminWorld, type Call, expectStatus } from './support/admin-world';
import {
  botNames,
  exportBotFile,
  importUrl,
  minimalBundle,
  openBotFile,
  STAGING_URL,
  sealBotFile,
  uploadBotFile,
} from './support/bot-bundles';
import { createIntent } from './support/bot-content';
import { createBot } from './support/bots';
import { testDatabases } from './support/databases';
import { testFlowXml } from './support/flows';
import { startTestServer, type TestServer } from './support/test-server';

/** A bundle's flow of an intent with one version. */
const bundleFlow = (intent: string, xml: string) => ({
  owner: 'intent',
  name: intent,
  versions: [
    {
      version: 1,
      xml,
      status: 'unpublished',
      savedBy: 'a@example.com',
      modified: '2026-11-21T10:00:00.000Z',
    },
  ],
  activations: [],
});

const OPERATOR_SECRET = 'this installation keeps its bots to itself 0123456789';

/** The refusal of a bot file: 400 validation_error naming bot-file, with the reason and the message. */
function fileRefusal(response: LightMyRequestResponse): { reason: string | undefined; message: string } {
  expect(response.statusCode, response.body).toBe(400);
  const body = response.json();
  expect(body).toMatchObject({ code: 'validation_error', fieldName: 'bot-file' });
  return { reason: body.reason, message: body.message };
}

/**
 * Bot files that cannot be imported (issue 3: tampered, truncated, foreign or oversized files
 * get a clear error and create nothing): each is refused by staging and by the import with its
 * own message, and the account is left as it was.
 */
describe.each(testDatabases())('bad bot files on %s', (kind) => {
  let server: TestServer;
  let world: AdminWorld;
  let admin: Call;
  let good: Buffer;

  beforeAll(async () => {
    server = await startTestServer(kind);
    world = await buildAdminWorld(server);
    admin = as(server, world.tenantAdmin);
    await createBot(admin, 'Source Bot');
    await createIntent(admin, 'Source Bot', { name: 'Greeting', utterances: ['hello', 'good morning'] });
    good = await exportBotFile(admin, 'Source Bot');
  });
  afterAll(() => server?.close());

  const stage = (data: Buffer | string) => uploadBotFile(server, world.tenantAdmin.token, STAGING_URL, data);
  const importFile = (data: Buffer | string) =>
    uploadBotFile(
      server,
      world.tenantAdmin.token,
      importUrl({
        name: 'Imported Bot',
        region: 'eu-west',
        recognizer: 'parley',
        language: 'en',
        nluAutomate: false,
      }),
      data,
    );

  /** Staging and import both refuse the file the same way, and no bot (nor any global item) appears. */
  async function expectRefused(
    data: Buffer | string,
    reason: string | undefined,
    message: string,
  ): Promise<void> {
    const before = await botNames(admin);
    const globalsBefore = await server.ctx.repos
      .forTenant(world.tenantB)
      .tenantFunctions.named('Shared lookup');
    expect(fileRefusal(await stage(data))).toEqual({ reason, message });
    expect(fileRefusal(await importFile(data))).toEqual({ reason, message });
    expect(await botNames(admin)).toEqual(before);
    expect(await server.ctx.repos.forTenant(world.tenantB).tenantFunctions.named('Shared lookup')).toEqual(
      globalsBefore,
    );
  }

  test('the good file is accepted (the refusals below are about the file, not the setup)', async () => {
    expectStatus(await stage(good), 200);
  });

  test('a changed byte: "The file is damaged or was changed"', async () => {
    const tampered = Buffer.from(good);
    const middle = Math.floor(tampered.length / 2);
    tampered[middle] = (tampered[middle] ?? 0) ^ 0x20;
    await expectRefused(tampered, 'damaged', M.damaged);
    expect(M.damaged).toBe('The file is damaged or was changed');
  });

  test('bytes added at the end: damaged', async () => {
    await expectRefused(Buffer.concat([good, Buffer.from('\n')]), 'damaged', M.damaged);
  });

  test.each([0.9, 0.5, 0.1])('a file cut to %s of its length: incomplete', async (share) => {
    await expectRefused(good.subarray(0, Math.floor(good.length * share)), 'truncated', M.truncated);
  });

  test.each([
    ['a JSON file', '{"format":"parley-bot","bot":{},"sections":{}}'],
    ['an intent file', '{"format":"parley-intent","version":1,"intent":{"name":"x"}}'],
    ['a picture', Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')],
    ['an empty file', Buffer.alloc(0)],
  ])('%s: not a Parley bot file', async (_case, data) => {
    await expectRefused(data, 'not-a-bundle', M.notABotFile);
  });

  test('a file of an installation with its own secret: another key', async () => {
    await expectRefused(sealBotFile(openBotFile(good), OPERATOR_SECRET), 'other-key', M.otherKey);
  });

  test('a newer format version: says so and asks for an update', async () => {
    const newer = Buffer.from(good);
    newer.writeUInt16BE(2, 10);
    await expectRefused(newer, 'newer-version', M.newerVersion(2));
  });

  test('an upload over the size limit: the spec’s "File is too big"', async () => {
    const huge = Buffer.concat([good, Buffer.alloc(BOT_BUNDLE_MAX_BYTES)]);
    // The upload's own limit (http/multipart) speaks before the file is opened.
    await expectRefused(huge, undefined, fileTooBigMessage(BOT_BUNDLE_MAX_BYTES));
  });

  test('a small file that unpacks beyond the limit (zip bomb) is refused before it is read', async () => {
    const bomb = sealBotFile({ ...minimalBundle(), padding: 'x'.repeat(70 * 1024 * 1024) });
    expect(bomb.length).toBeLessThan(200 * 1024);
    await expectRefused(bomb, 'too-large', M.tooLarge(64));
  });

  test.each([
    ['content that is no bot', { hello: 'world' }, '(format)', 'This is not the content of a Parley bot.'],
    [
      'an intent with a forbidden name',
      minimalBundle({ intents: [{ name: 'Bad Name!', utterances: ['hello', 'hi there'] }] }),
      '(intents "Bad Name!", name)',
      INTENT_MESSAGES.invalidName,
    ],
    [
      'an FAQ intent without an answer',
      minimalBundle({ intents: [{ name: 'Faq', type: 'faq', utterances: ['hello', 'hi there'] }] }),
      '(intents "Faq", answer)',
      INTENT_MESSAGES.faqAnswerRequired,
    ],
    [
      'settings with an unknown engine',
      minimalBundle({
        settings: { ...(minimalBundle().sections.settings as object), intentRecognizerProvider: 'skynet' },
      }),
      '(settings, intentRecognizerProvider)',
      'Unknown engine.',
    ],
    [
      'a flow whose intent the bot does not have',
      minimalBundle({ flows: [bundleFlow('Main', testFlowXml())] }),
      '(flows "intent Main", name)',
      'The bot has no intent named Main for this flow.',
    ],
    [
      'a flow version that is not a flow document',
      minimalBundle({
        intents: [{ name: 'Main', utterances: ['hello', 'hi there'] }],
        flows: [bundleFlow('Main', '<html><body>not a flow</body></html>')],
      }),
      '(flows "intent Main", xml)',
      'The flow is not a BPMN document: its root element must be bpmn:definitions.',
    ],
    [
      'a flow activating a version it does not hold',
      minimalBundle({
        intents: [{ name: 'Main', utterances: ['hello', 'hi there'] }],
        flows: [
          {
            ...bundleFlow('Main', testFlowXml()),
            activations: [
              {
                target: 'test',
                version: 7,
                activatedBy: 'a@example.com',
                activatedAt: '2026-11-21T10:00:00.000Z',
              },
            ],
          },
        ],
      }),
      '(flows "Main", activations)',
      'The flow of Main activates v7, which it does not hold.',
    ],
    [
      'two intents of one name',
      minimalBundle({
        intents: [
          { name: 'Twice', utterances: ['hello', 'hi there'] },
          { name: 'twice', utterances: ['good day', 'morning'] },
        ],
      }),
      '(intents "twice", name)',
      INTENT_MESSAGES.nameTaken,
    ],
    [
      'None twice',
      minimalBundle({
        intents: [
          { name: 'None', utterances: ['hello'] },
          { name: 'none', utterances: ['hello'] },
        ],
      }),
      '(intents "none", name)',
      INTENT_MESSAGES.nameTaken,
    ],
    [
      'a regex RE2 cannot run safely (back-reference)',
      minimalBundle({
        entities: [{ name: 'Repeat', type: 'regexentities', regexes: ['(a)\\1'], examples: [] }],
      }),
      '(entities "Repeat", regexes)',
      ENTITY_MESSAGES.invalidRegexBecause(
        '(a)\\1',
        'back-references (\\1, \\k<name>) are not supported (regexes run on RE2, whose matching time is linear)',
      ),
    ],
    [
      'a value claimed by two entities',
      minimalBundle({
        entities: [
          { name: 'First', type: 'entities', examples: ['apple'] },
          { name: 'Second', type: 'entities', examples: ['Apple'] },
        ],
      }),
      '(entities "Second", examples)',
      ENTITY_MESSAGES.valueUsed('Apple', 'First'),
    ],
    [
      'a variable named like an entity',
      minimalBundle({
        entities: [{ name: 'Color', type: 'entities', examples: ['red'] }],
        variables: [{ name: 'color', value: 'blue' }],
      }),
      '(variables "color", name)',
      VARIABLE_MESSAGES.nameUsedElsewhere,
    ],
    [
      'a global function, then an object that breaks a rule (the function must not stay)',
      minimalBundle({
        functions: [{ type: 'rest', name: 'Shared lookup', url: 'https://api.example.com', isGlobal: true }],
        objects: [{ name: 'profile', properties: [] }],
      }),
      '(objects "profile", properties)',
      VARIABLE_MESSAGES.atLeastOneProperty,
    ],
    [
      'an NLU test dataset without rows',
      minimalBundle({ nluDataset: { fileName: 'test.csv', rows: [] } }),
      '(nluDataset, rows)',
      'A dataset has at least one row.',
    ],
    [
      'an NLU test dataset row without its intent',
      minimalBundle({
        nluDataset: {
          fileName: 'test.csv',
          rows: [
            { utterance: 'hello', intent: 'Greeting' },
            { utterance: 'bye', intent: '  ' },
          ],
        },
      }),
      '(nluDataset "test.csv")',
      NLU_PERFORMANCE_MESSAGES.emptyIntent(3),
    ],
  ])('%s: the content is not valid, saying where and why', async (_case, json, where, problem) => {
    const message = M.invalidContent(where.slice(1, -1), problem);
    await expectRefused(sealBotFile(json), 'invalid-content', message);
  });

  test('an installation with BOT_BUNDLE_SECRET reads its own files and refuses files of the shared key', async () => {
    const own = await startTestServer(kind, { BOT_BUNDLE_SECRET: OPERATOR_SECRET });
    try {
      const { token } = await own.signUpFirstAdmin();
      const ownAdmin = as(own, token);
      await createBot(ownAdmin, 'Private Bot');
      const ownFile = await exportBotFile(ownAdmin, 'Private Bot');
      expect(() => openBotFile(ownFile)).toThrow();
      expect(openBotFile(ownFile, OPERATOR_SECRET).bot.botName).toBe('Private Bot');
      expectStatus(await uploadBotFile(own, token, STAGING_URL, ownFile), 200);
      expect(fileRefusal(await uploadBotFile(own, token, STAGING_URL, good))).toEqual({
        reason: 'other-key',
        message: M.otherKey,
      });
      // And the shared-key installation cannot read the private one's file.
      expect(fileRefusal(await stage(ownFile)).reason).toBe('other-key');
    } finally {
      await own.close();
    }
  });
});
