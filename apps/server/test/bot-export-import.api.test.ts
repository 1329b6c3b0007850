import { BOT_BUNDLE_MESSAGES, BOT_MESSAGES, type ImportedBotData, Permission } from '@parley/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { as, expectStatus } from './support/admin-world';
import {
  botNames,
  botSnapshot,
  exportBotFile,
  importUrl,
  openBotFile,
  STAGING_URL,
  uploadBotFile,
} from './support/bot-bundles';
import {
  buildContentWorld,
  type ContentWorld,
  createEntity,
  createIntent,
  entitiesPath,
  intentsPath,
  multipartBody,
  refusal,
} from './support/bot-content';
import { botPath } from './support/bots';
import { testDatabases } from './support/databases';
import { intentFlowPath, subFlowPath, testFlowXml } from './support/flows';
import { createFunction, functionsPath } from './support/functions';
import { ownTenantContentWorld } from './support/own-tenant-world';
import { startTestServer, type TestServer } from './support/test-server';
import { objectBody, putObject, putVariables } from './support/variables';

const RICH = 'Rich Bot';
const PASSPHRASE = 'correct horse battery staple';

/**
 * Export and import of a whole bot (spec 01 sections 2, 3, 5 and 7; issue 3): the .enc file,
 * the staging step with its counts, the import with the dialog's choices, and a bot that comes
 * back identical.
 */
describe.each(testDatabases())('bot export and import on %s', (kind) => {
  let server: TestServer;
  let w: ContentWorld;
  let file: Buffer;

  /** A bot holding every kind of content, with the unusual cases each kind allows. */
  async function buildRichBot(): Promise<void> {
    const { admin } = w;
    expectStatus(await admin('POST', '/api/bot', { name: RICH, region: 'us-east', language: 'en' }), 200);
    const scope = server.ctx.repos.forTenant(w.world.tenantB);
    const bot = await scope.bots.get(RICH);
    if (!bot) throw new Error('no bot');
    await scope.bots.update(bot.id, {
      settings: { ...bot.settings, supportedLanguages: ['en', 'de'], confidence: 0.85, lowConfidence: 0.25 },
    });
    await createEntity(admin, RICH, {
      name: 'City',
      description: 'Where to fly',
      type: 'closedlists',
      sublists: [
        { canonicalForm: 'Paris', list: ['paname', 'city of light'] },
        { canonicalForm: 'Berlin', list: [] },
      ],
      resolveWithCanonical: true,
      roles: ['origin', 'destination'],
    });
    await createEntity(admin, RICH, {
      name: 'Code',
      type: 'regexentities',
      regexes: ['[A-Z]{3}'],
      examples: ['CDG'],
    });
    // A regex entity may lose its examples after it was created.
    expectStatus(await admin('PUT', entitiesPath(RICH), { name: 'Code', examples: [] }), 200);
    await createEntity(admin, RICH, { name: 'Color', type: 'entities', examples: ['red', 'blue'] });

    await createIntent(admin, RICH, {
      name: 'BookFlight',
      description: 'Books a flight',
      template: 'greeting',
      utterances: ['book a flight', 'from [City:origin] to [City:destination]', 'fly via [Code] on [Date]'],
    });
    await createIntent(admin, RICH, {
      name: 'OpeningHours',
      type: 'faq',
      answer: 'Nine to five.',
      utterances: ['when are you open', 'opening hours'],
    });
    await createIntent(admin, RICH, { name: 'GoToHuman', isRedirect: true });
    const single = await createIntent(admin, RICH, { name: 'Single', utterances: ['only one', 'soon gone'] });
    const gone = single.utterances.find((u) => u.text === 'soon gone');
    // An intent of one example (older data: the API now keeps two) still travels with its bot.
    await server.ctx.repos.db
      .deleteFrom('intent_examples')
      .where('id', '=', gone?.ids.internal ?? '')
      .execute();
    expectStatus(await admin('POST', `${intentsPath(RICH)}/None/examples`, { text: 'asdf qwerty' }), 200);
    expectStatus(
      await admin('POST', `${intentsPath(RICH)}/update-description`, {
        intentName: 'None',
        description: 'Everything else',
      }),
      200,
    );

    const io = { inputs: [{ name: 'city', defaultValue: 'Paris' }], outputs: [] };
    await createFunction(admin, RICH, {
      type: 'rest',
      name: 'Weather',
      description: 'Asks the weather',
      group: 'Outside',
      method: 'post',
      url: 'https://api.example.com/weather/{{city}}',
      headers: [{ key: 'X-Api-Key', value: 'secret-123' }],
      bodyType: 'x-www-form-urlencoded',
      formData: [{ key: 'city', value: '{{city}}' }],
      inputs: [{ name: 'city', defaultValue: 'Paris' }],
      outputs: [{ variableName: 'temperature', propertyPath: 'data.main.temp' }],
    });
    await createFunction(admin, RICH, { type: 'code', name: 'Format date', code: 'return date;', ...io });
    await createFunction(admin, RICH, {
      type: 'sql',
      name: 'Orders query',
      connectionString: 'postgres://u:p@db.example.com/shop',
      sqlCommand: 'select * from orders where city = {{city}}',
      ...io,
    });
    await createFunction(admin, RICH, {
      type: 'adaptiveCard',
      name: 'Card',
      json: '{"type":"AdaptiveCard","version":"1.5","body":[]}',
      skipUserInput: true,
    });
    await createFunction(admin, RICH, {
      type: 'captureStorage',
      name: 'Capture',
      variables: [{ name: 'city', storageType: 'cookie', key: 'c' }],
    });
    await createFunction(admin, RICH, { type: 'sendEvent', name: 'Ping', event: '{"name":"ping"}' });
    await createFunction(admin, RICH, { type: 'flow', name: 'Checkout sub' });
    // Flows: BookFlight has v1 from its template; a second version goes to test, a sub flow live.
    expectStatus(
      await admin('POST', intentFlowPath(RICH, 'BookFlight'), {
        xml: testFlowXml({ message: 'Where to?', callsFunction: 'Weather' }),
      }),
      200,
    );
    expectStatus(
      await admin('PUT', `${intentFlowPath(RICH, 'BookFlight')}/test-version`, { versionName: 'v2' }),
      200,
    );
    expectStatus(
      await admin('POST', `${subFlowPath(RICH, 'Checkout sub')}/flow`, {
        xml: encodeURIComponent(testFlowXml({ message: 'Pay' })),
      }),
      200,
    );
    expectStatus(
      await admin('PUT', `${subFlowPath(RICH, 'Checkout sub')}/published-version`, { versionName: 'v1' }),
      200,
    );
    await createFunction(admin, RICH, {
      type: 'rest',
      name: 'Global lookup',
      url: 'https://api.example.com/lookup',
      isGlobal: true,
    });

    expectStatus(
      await putVariables(admin, RICH, [
        { key: 'greeting', value: 'Hello\nthere' },
        { key: 'shared_rate', value: '1.2', isGlobal: true },
      ]),
      200,
    );
    expectStatus(
      await putObject(
        admin,
        RICH,
        objectBody('profile', { id: { value: '', isSystem: true }, tier: 'gold' }),
      ),
      200,
    );
    expectStatus(
      await putObject(admin, RICH, objectBody('company', { name: 'Acme' }, { isGlobal: true })),
      200,
    );
    // The NLU test dataset, with a comma and a line break inside a quoted utterance.
    const { payload, contentType } = multipartBody(
      'file',
      'rich-test.csv',
      'utterance,intent\r\n"fly to paris, please",BookFlight\r\n"hello\nthere",Greeting\r\n',
    );
    expectStatus(
      await server.request({
        method: 'PUT',
        url: `${botPath(RICH)}/nlu-dataset`,
        token: w.world.tenantAdmin.token,
        body: payload,
        headers: { 'content-type': contentType },
      }),
      200,
    );
  }

  beforeAll(async () => {
    server = await startTestServer(kind);
    w = await buildContentWorld(server);
    await buildRichBot();
    // The file the import tests read, exported with a passphrase; no test changes Rich Bot.
    file = await exportBotFile(w.admin, RICH, PASSPHRASE);
  });
  afterAll(() => server?.close());

  const setPlan = (changes: {
    maxFreeBots?: number;
    hasAdditionalBotsCost?: boolean;
    hasImportExport?: boolean;
  }) =>
    server.ctx.repos.db
      .updateTable('plans')
      .set({
        ...(changes.maxFreeBots !== undefined ? { max_free_bots: changes.maxFreeBots } : {}),
        ...(changes.hasAdditionalBotsCost !== undefined
          ? { has_additional_bots_cost: changes.hasAdditionalBotsCost ? 1 : 0 }
          : {}),
        ...(changes.hasImportExport !== undefined
          ? {
              metadata: JSON.stringify({ hasImportExport: changes.hasImportExport, hasNluPerformance: true }),
            }
          : {}),
      })
      .where('id', '=', 'default')
      .execute();
  afterEach(() => setPlan({ maxFreeBots: 25, hasAdditionalBotsCost: false, hasImportExport: true }));

  const adminToken = () => w.world.tenantAdmin.token;
  const choice = (name: string, extra: Record<string, string | boolean> = {}) => ({
    name,
    region: 'us-east',
    recognizer: 'parley',
    language: 'en',
    nluAutomate: false,
    ...extra,
  });
  // The imports below read a file exported with a passphrase, so the functions' credentials come along.
  const importAs = (token: string, name: string, extra: Record<string, string | boolean> = {}, data = file) =>
    uploadBotFile(server, token, importUrl(choice(name, extra)), data, 'bot-Support.enc', {
      passphrase: PASSPHRASE,
    });

  test('Export Bot downloads bot-{bot}.enc: a sealed file holding every section, recorded in the audit log', async () => {
    const exportsLogged = async () =>
      ((await w.admin('GET', '/api/tenant/audit-log')).body.match(/bot\.exported,.*-rich-bot/g) ?? []).length;
    const loggedBefore = await exportsLogged();
    const response = expectStatus(await w.admin('GET', `${botPath(RICH)}/export`), 200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="bot-Rich Bot.enc"');
    expect(response.headers['content-type']).toBe('application/octet-stream');
    const exported = response.rawPayload;
    expect(exported.subarray(0, 10).toString('ascii')).toBe('PARLEYBOT\n');
    // Nothing readable travels: not the names, not a function's header value.
    for (const text of ['BookFlight', 'paname', 'secret-123', 'Weather'])
      expect(exported.includes(text)).toBe(false);

    const opened = openBotFile(exported);
    expect(opened.bot).toEqual({ botName: RICH, displayName: RICH, region: 'us-east' });
    expect(Object.keys(opened.sections)).toEqual([
      'settings',
      'entities',
      'intents',
      'functions',
      'variables',
      'objects',
      'nluDataset',
      'flows',
      'channels',
    ]);
    expect(opened.sections.nluDataset).toEqual({
      fileName: 'rich-test.csv',
      rows: [
        { utterance: 'fly to paris, please', intent: 'BookFlight' },
        { utterance: 'hello\nthere', intent: 'Greeting' },
      ],
    });
    expect(opened.sections.settings).toMatchObject({ supportedLanguages: ['en', 'de'], confidence: 0.85 });
    expect(opened.sections.functions).toContainEqual(
      expect.objectContaining({ name: 'Global lookup', isGlobal: true }),
    );
    expect(opened.sections.variables).toContainEqual({ name: 'shared_rate', value: '1.2', isGlobal: true });

    const log = (await w.admin('GET', '/api/tenant/audit-log')).body;
    expect(log).toMatch(/bot\.exported,.*-rich-bot/);
    expect(await exportsLogged()).toBe(loggedBefore + 1);
  });

  test('staging checks the file and answers the imported bot data with the counts; nothing is created', async () => {
    const before = await botNames(w.admin);
    const staged = expectStatus(
      await uploadBotFile(server, adminToken(), STAGING_URL, file),
      200,
    ).json() as ImportedBotData;
    expect(staged).toMatchObject({
      botName: RICH,
      region: 'us-east',
      settings: { language: 'en', intentRecognizerProvider: 'parley', nluAutomate: false },
      counts: {
        intents: 4,
        entities: 3,
        functions: 7,
        subs: 1,
        variables: 2,
        objects: 2,
        flows: 2,
        channels: 0,
        connectedChannels: 0,
      },
      flowVariables: { greeting: 'Hello\nthere', shared_rate: '1.2' },
      flowObjects: {
        profile: { keys: ['id', 'tier'], isGlobal: false },
        company: { keys: ['name'], isGlobal: true },
      },
      channels: [],
      formatVersion: 1,
    });
    expect(staged.intents.map((i) => i.name).sort()).toEqual([
      'BookFlight',
      'GoToHuman',
      'OpeningHours',
      'Single',
    ]);
    expect(Object.keys(staged.entities).sort()).toEqual(['City', 'Code', 'Color']);
    expect(staged.functions).toContainEqual({ name: 'Checkout sub', type: 'flow', isGlobal: false });
    expect(await botNames(w.admin)).toEqual(before);
  });

  test('import under a new name gives an identical bot, and exporting it gives the same sections', async () => {
    const response = expectStatus(await importAs(adminToken(), 'Rich Bot Copy'), 200);
    expect(response.json()).toMatchObject({
      url: '/bots/Rich%20Bot%20Copy',
      bot: { botName: 'Rich Bot Copy' },
    });
    expect(response.json().bot.isPublished).toBe(false);

    const original = await botSnapshot(w.admin, RICH);
    const copy = await botSnapshot(w.admin, 'Rich Bot Copy');
    expect(copy).toEqual(original);
    expect(copy.intents.find((i) => i.name === 'Single')?.utterances).toEqual(['only one']);
    expect(copy.intents.find((i) => i.name === 'None')).toMatchObject({
      description: 'Everything else',
      utterances: ['asdf qwerty'],
    });
    expect(copy.intents.find((i) => i.name === 'BookFlight')?.patterns).toEqual([
      'from [City:origin] to [City:destination]',
      'fly via [Code] on [Date]',
    ]);

    // Credentials are sealed afresh in each export: compare the exports that leave them out.
    const again = openBotFile(await exportBotFile(w.admin, 'Rich Bot Copy'));
    const first = openBotFile(await exportBotFile(w.admin, RICH));
    for (const section of Object.keys(first.sections)) {
      const sorted = (value: unknown) =>
        Array.isArray(value)
          ? [...value].sort((a, b) => String(a.name).localeCompare(String(b.name)))
          : value;
      expect(sorted(again.sections[section]), section).toEqual(sorted(first.sections[section]));
    }
    // The account's global function and global variable stay one each: the copy uses them.
    expect(
      await server.ctx.repos.forTenant(w.world.tenantB).tenantFunctions.named('Global lookup'),
    ).toHaveLength(1);
  });

  test('another account gets the same bot, with the global function, variable and object made global there', async () => {
    const master = as(server, w.world.master);
    expectStatus(
      await uploadBotFile(server, w.world.master.token, importUrl(choice(RICH)), file, 'bot-Rich.enc', {
        passphrase: PASSPHRASE,
      }),
      200,
    );
    expect(await botSnapshot(master, RICH)).toEqual(await botSnapshot(w.admin, RICH));
  });

  test('the dialog’s choices are applied: region, recognizer, language and Automate', async () => {
    expectStatus(
      await importAs(adminToken(), 'Rich Bot German', {
        region: 'eu-west',
        recognizer: 'parley',
        language: 'de',
      }),
      200,
    );
    const bot = expectStatus(await w.admin('GET', botPath('Rich Bot German')), 200).json();
    expect(bot.region).toBe('eu-west');
    expect(bot.settings).toMatchObject({
      language: 'de',
      supportedLanguages: ['de'],
      intentRecognizerProvider: 'parley',
      entityExtractorProvider: 'parley',
      nluAutomate: false,
      confidence: 0.85,
    });
    // With Automate the dialog sends no recognizer: the first engine that knows the language is used.
    const automated = await uploadBotFile(
      server,
      adminToken(),
      importUrl({ name: 'Rich Bot Automated', region: 'eu-west', language: 'fr', nluAutomate: true }),
      file,
    );
    expect(expectStatus(automated, 200).json().bot.settings).toMatchObject({
      language: 'fr',
      nluAutomate: true,
      intentRecognizerProvider: 'parley',
    });
  });

  test.each([
    ['the same name', RICH],
    ['the name in other case and spaces', ' rich bot '],
    ['a word of the API', 'templates'],
  ])('%s is taken: 400 "This name is already taken!", nothing created', async (_case, name) => {
    const before = await botNames(w.admin);
    expect(refusal(await importAs(adminToken(), name))).toEqual(['name', BOT_MESSAGES.nameTaken]);
    expect(await botNames(w.admin)).toEqual(before);
  });

  test.each([
    ['a language the recognizer does not know', { language: 'ja' }, 'language', BOT_MESSAGES.invalidLanguage],
    [
      'a language the recognizer does not know',
      { recognizer: 'parley', language: 'ja-jp' },
      'language',
      BOT_MESSAGES.invalidLanguage,
    ],
    [
      'an engine Parley cannot publish to yet',
      { recognizer: 'clu', language: 'en-us' },
      'recognizer',
      BOT_MESSAGES.unavailableRecognizer('Microsoft CLU'),
    ],
    ['no language', { language: '' }, 'language', BOT_MESSAGES.selectLanguage],
    ['an unknown region', { region: 'mars' }, 'region', BOT_MESSAGES.selectRegion],
    [
      'the retired recognizer',
      { recognizer: 'luis' },
      'recognizer',
      BOT_MESSAGES.retiredRecognizer('Microsoft LUIS'),
    ],
    [
      'Automate without a recognizer',
      { recognizer: 'none', nluAutomate: true },
      'nluAutomate',
      BOT_MESSAGES.automateNeedsRecognizer,
    ],
    [
      'nluAutomate that is no flag',
      { nluAutomate: 'maybe' },
      'nluAutomate',
      'nluAutomate must be true or false.',
    ],
  ] as const)('%s: 400 with the rule’s message, nothing created', async (_case, extra, field, message) => {
    const before = await botNames(w.admin);
    expect(refusal(await importAs(adminToken(), 'Refused Bot', extra))).toEqual([field, message]);
    expect(await botNames(w.admin)).toEqual(before);
  });

  test('an invalid bot name is refused with the spec’s name rule', async () => {
    expect(refusal(await importAs(adminToken(), 'Bad.Name!'))).toEqual(['name', BOT_MESSAGES.invalidBotName]);
  });

  test('a request without the file names the form field', async () => {
    const response = await server.request({
      method: 'POST',
      url: importUrl(choice('No File Bot')),
      token: adminToken(),
      body: {},
    });
    expect(refusal(response)).toEqual(['bot-file', BOT_BUNDLE_MESSAGES.fileMissing]);
  });

  test('exporting needs ExportBots on the bot; importing needs what creating needs', async () => {
    const designerExport = await w.designer('GET', `${botPath(RICH)}/export`);
    expect(designerExport.statusCode).toBe(403);
    expect(designerExport.json()).toMatchObject({
      code: 'permission_error',
      requiredPermission: Permission.ExportBots,
    });
    expect((await w.stranger('GET', `${botPath(RICH)}/export`)).statusCode).toBe(403);
    expect((await server.request({ method: 'GET', url: `${botPath(RICH)}/export` })).statusCode).toBe(401);

    // A Maintainer holds ExportBots.
    expectStatus(
      await w.admin('POST', '/api/user/role', {
        userEmail: 'nora.norole@example.com',
        botName: RICH,
        role: 3,
      }),
      200,
    );
    expectStatus(await w.stranger('GET', `${botPath(RICH)}/export`), 200);

    // A plain user imports like they create: the new bot is theirs with the Administrator role.
    expectStatus(await uploadBotFile(server, w.world.plainUser.token, STAGING_URL, file), 200);
    expectStatus(await importAs(w.world.plainUser.token, 'Pats Copy'), 200);
    expect(await botNames(w.designer)).toContain('Pats Copy');
    expectStatus(await w.designer('GET', `${botPath('Pats Copy')}/export`), 200);
    expect((await server.request({ method: 'POST', url: STAGING_URL })).statusCode).toBe(401);
  });

  test('without MakeGlobal the bundle’s global content becomes the new bot’s own', async () => {
    // An account of its own, where the bundle's global function does not exist, and its global
    // variable and object do (as in the account it came from).
    const a = await ownTenantContentWorld(server, w.world, 'BundleGlobals');
    expectStatus(
      await putVariables(a.admin, a.botName, [{ key: 'shared_rate', value: '1.2', isGlobal: true }]),
      200,
    );
    expectStatus(
      await putObject(a.admin, a.botName, objectBody('company', { name: 'Acme' }, { isGlobal: true })),
      200,
    );
    const scope = server.ctx.repos.forTenant(a.world.tenantB);
    expect(await scope.tenantFunctions.global('Global lookup')).toBeUndefined();
    await scope.roles.removePermission(4, Permission.MakeGlobal);
    try {
      expectStatus(await importAs(a.world.plainUser.token, 'Pats Local Copy'), 200);
    } finally {
      await scope.roles.addPermission(4, Permission.MakeGlobal);
    }
    const functions = expectStatus(await a.designer('GET', functionsPath('Pats Local Copy')), 200).json();
    expect(functions.find((f: { name: string }) => f.name === 'Global lookup')).toMatchObject({
      isGlobal: false,
    });
    expect(await scope.tenantFunctions.global('Global lookup')).toBeUndefined();
    // The global variable and object exist in the account, and stay the ones every bot sees.
    const all = expectStatus(await a.designer('GET', '/api/Pats%20Local%20Copy/variables/all'), 200).json();
    expect(all.isGlobalVariable.shared_rate).toBe(true);
    expect(all.objects.company.isGlobal).toBe(true);
  });

  test('a plan without import and export refuses all three calls with 403', async () => {
    await setPlan({ hasImportExport: false });
    expect((await w.admin('GET', '/api/tenant/plan')).json()).toMatchObject({
      id: 'default',
      metadata: { hasImportExport: false },
    });
    const refusals = [
      await w.admin('GET', `${botPath(RICH)}/export`),
      await uploadBotFile(server, adminToken(), STAGING_URL, file),
      await importAs(adminToken(), 'Not In Plan'),
    ];
    for (const response of refusals) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        code: 'custom_error',
        message: BOT_BUNDLE_MESSAGES.notInPlan,
        planFeature: 'hasImportExport',
      });
    }
    expect(await botNames(w.admin)).not.toContain('Not In Plan');
  });

  test('the plan’s bot cap applies to imports: refused at the cap, or with consent to the extra cost', async () => {
    const count = (await botNames(w.admin)).length;
    await setPlan({ maxFreeBots: count });
    const refused = await importAs(adminToken(), 'Over The Cap');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'custom_error', botLimit: 'reached' });

    await setPlan({ maxFreeBots: count, hasAdditionalBotsCost: true });
    expect((await importAs(adminToken(), 'Over The Cap')).json()).toMatchObject({
      botLimit: 'additional-cost',
    });
    expect(await botNames(w.admin)).not.toContain('Over The Cap');
    expectStatus(await importAs(adminToken(), 'Over The Cap', { acceptAdditionalCost: true }), 200);
  });
});
