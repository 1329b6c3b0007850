import {
  NLU_PERFORMANCE_MESSAGES as M,
  NLU_DATASET_MAX_BYTES,
  NLU_DATASET_MAX_ROWS,
  type NluAutomateStatus,
  type NluMeasuringView,
  type NluTestResults,
  type NluTestStatus,
  Permission,
} from '@parley/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { routeCatalogue } from '../src/http/route-catalogue';
import { addUser, as, type Call, expectStatus, USER_PASSWORD } from './support/admin-world';
import {
  buildContentWorld,
  type ContentWorld,
  createIntent,
  DESIGNER_ROLE,
  multipartBody,
} from './support/bot-content';
import { createBot } from './support/bots';
import { testDatabases } from './support/databases';
import {
  createFuzzLog,
  fuzzSender,
  HOSTILE_PARAMS,
  HOSTILE_RAW_BODIES,
  HOSTILE_VALUES,
  hostileBodies,
} from './support/fuzz';
import { pollUntil } from './support/poll-until';
import { fillPath } from './support/route-walk';
import { startTestServer, type TestServer } from './support/test-server';

const base = (bot: string) => `/api/bots/${encodeURIComponent(bot)}`;

/** Three intents with words of their own: the embedded engine knows its training sentences. */
const INTENTS = [
  { name: 'Greeting', utterances: ['hello there', 'good morning', 'hi friend', 'hey how are you'] },
  {
    name: 'Weather',
    utterances: ['will it rain today', 'weather forecast please', 'is it sunny outside', 'how cold is it'],
  },
  { name: 'Goodbye', utterances: ['goodbye', 'see you later', 'bye for now', 'talk to you tomorrow'] },
];

/** A dataset whose score is known: three training sentences, and one of an intent the bot lacks. */
const DATASET = [
  'utterance,intent',
  'hello there,Greeting',
  '"will it rain today",weather',
  'see you later,Goodbye',
  '"Refund, please",Refund',
].join('\r\n');

describe.each(testDatabases())('NLU performance on %s', (kind) => {
  let server: TestServer;
  let w: ContentWorld;
  let bot: string;
  let tester: Call;
  let testerToken: string;
  let measurerToken: string;

  const upload = (token: string, fileName: string, data: Buffer | string, botName = bot) => {
    const { payload, contentType } = multipartBody('file', fileName, data);
    return server.request({
      method: 'PUT',
      url: `${base(botName)}/nlu-dataset`,
      token,
      body: payload,
      headers: { 'content-type': contentType },
    });
  };
  const status = async (call: Call = w.admin, botName = bot) =>
    expectStatus(await call('GET', `${base(botName)}/nlu-test`), 200).json() as NluTestStatus;
  /** Polls like the tab does (every second; here every 50 ms) until the run is over. */
  const untilFinished = (botName = bot): Promise<NluTestStatus> =>
    pollUntil(
      `the NLU test of ${botName} to finish`,
      () => status(w.admin, botName),
      (s) => !s.isRunning,
      { timeoutMs: 30_000, intervalMs: 50 },
    );
  const downloadDataset = async () =>
    expectStatus(await w.admin('GET', `${base(bot)}/nlu-dataset`), 200).body.replace(/^\uFEFF/, '');

  let made = 0;
  const roleOf: Record<string, number> = {};

  /** A role on the bot with only the permissions given, for a new user; answers their token. */
  async function userWith(email: string, permissions: number[]): Promise<string> {
    const role = expectStatus(
      await w.admin('POST', '/api/tenant/roles', { roleName: `Only ${permissions.join(' ')}` }),
      201,
    ).json() as { roleId: number };
    for (const permissionId of permissions)
      expectStatus(
        await w.admin('POST', `/api/tenant/roles/${role.roleId}/permissions`, { permissionId }),
        201,
      );
    await addUser(server, w.world.tenantAdmin, email, 'Nlu_Person');
    expectStatus(
      await w.admin('POST', '/api/user/role', { userEmail: email, botName: bot, role: role.roleId }),
      200,
    );
    roleOf[email] = role.roleId;
    return (await server.login(email, USER_PASSWORD)).token;
  }

  /** The test's own bot, Perf Bot N, with the three intents; Tess, Mo and Pat hold their roles on it. */
  async function ownBot(): Promise<string> {
    made += 1;
    const name = `Perf Bot ${made}`;
    await createBot(w.admin, name);
    for (const intent of INTENTS) await createIntent(w.admin, name, intent);
    const roles = { ...roleOf, [w.world.plainUser.email]: DESIGNER_ROLE };
    for (const [userEmail, role] of Object.entries(roles))
      expectStatus(await w.admin('POST', '/api/user/role', { userEmail, botName: name, role }), 200);
    return name;
  }
  /** The test's bot holds DATASET, uploaded by Tess. */
  const withDataset = async () => expectStatus(await upload(testerToken, 'perf.csv', DATASET), 200);
  /** The test's bot holds DATASET and the results of a finished test of it. */
  const withResults = async () => {
    await withDataset();
    expectStatus(await tester('POST', `${base(bot)}/nlu-test`), 202);
    expect((await untilFinished()).status).toBe('finished');
  };

  beforeAll(async () => {
    server = await startTestServer(kind, { NLU_AUTOMATE_INTERVAL_HOURS: '0' });
    w = await buildContentWorld(server, 'Perf Bot');
    bot = w.botName;
    for (const intent of INTENTS) await createIntent(w.admin, bot, intent);
    testerToken = await userWith('tess.tester@example.com', [Permission.RunNluTests]);
    measurerToken = await userWith('mo.measurer@example.com', [Permission.ManageNluMeasuring]);
    tester = as(server, testerToken);
    // Every test makes a bot of its own: more than the default plan's 25.
    await server.ctx.repos.tenants.update(w.world.tenantB, { planId: 'master' });
  });
  afterAll(() => server?.close());

  // Each test on a bot of its own: 'bot' is Perf Bot N, made for it.
  beforeEach(async () => {
    bot = await ownBot();
  });

  test('a new bot has no dataset, no run and no results; a test cannot start without a dataset', async () => {
    expect(await status()).toMatchObject({
      isRunning: false,
      status: 'none',
      startedAt: null,
      hasResults: false,
      dataset: null,
    });
    expect(expectStatus(await w.admin('GET', `${base(bot)}/nlu-results`), 404).json().details).toBe(
      M.noResults,
    );
    expect(expectStatus(await w.admin('GET', `${base(bot)}/nlu-dataset`), 404).json().details).toBe(
      M.noDataset,
    );
    expect(expectStatus(await w.admin('POST', `${base(bot)}/nlu-test`), 409).json().message).toBe(
      M.noDataset,
    );
  });

  test("the template is a CSV with the header and examples from the bot's own intents", async () => {
    const response = expectStatus(await w.admin('GET', `${base(bot)}/nlu-dataset/template`), 200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toContain(
      `${bot.replace(/ /g, '_')}-nlu-dataset-template.csv`,
    );
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('utterance,intent');
    expect(lines.slice(1)).toEqual(['goodbye,Goodbye', 'hello there,Greeting', 'will it rain today,Weather']);
    // A bot without intents gets generic examples.
    await createBot(w.admin, 'Empty Bot');
    const generic = expectStatus(await w.admin('GET', `${base('Empty Bot')}/nlu-dataset/template`), 200);
    expect(generic.body.split('\r\n').length).toBe(5);
  });

  test('upload and download round trip: quotes, commas and line breaks in quotes, BOM, CSV injection', async () => {
    const csv = [
      'Intent,Utterance',
      'Greeting,"say ""hi"", please"',
      'Weather,"two\nlines"',
      'Goodbye,=cmd|calc',
      '',
    ].join('\n');
    const answer = expectStatus(
      await upload(testerToken, 'first.csv', `\uFEFF${csv}`),
      200,
    ).json() as NluTestStatus;
    expect(answer.dataset).toMatchObject({
      fileName: 'first.csv',
      rowCount: 3,
      uploadedBy: 'tess.tester@example.com',
    });
    expect(await downloadDataset()).toBe(
      [
        'utterance,intent',
        '"say ""hi"", please",Greeting',
        '"two\nlines",Weather',
        "'=cmd|calc,Goodbye",
        '',
      ].join('\r\n'),
    );
    // The real dataset replaces it.
    expectStatus(await upload(testerToken, 'perf.csv', DATASET), 200);
    expect(await downloadDataset()).toBe(
      'utterance,intent\r\nhello there,Greeting\r\nwill it rain today,weather\r\nsee you later,Goodbye\r\n"Refund, please",Refund\r\n',
    );
  });

  test.each([
    ['no header', 'hello there,Greeting\r\nbye,Goodbye', M.badHeader],
    ['wrong columns in the header', 'text,label\r\nhello,Greeting', M.badHeader],
    ['a third header column', 'utterance,intent,extra\r\nhello,Greeting,x', M.badHeader],
    ['an empty file', '', M.emptyFile],
    ['only the header', 'utterance,intent\r\n', M.noRows],
    ['a row of three columns', 'utterance,intent\r\nhello,Greeting\r\nhi,Greeting,x', M.wrongColumns(3, 3)],
    ['a row of one column', 'utterance,intent\r\nhello', M.wrongColumns(2, 1)],
    ['an empty utterance', 'utterance,intent\r\nhello,Greeting\r\n  ,Weather', M.emptyUtterance(3)],
    ['an empty intent', 'utterance,intent\r\nhello,', M.emptyIntent(2)],
    ['an unclosed quote', 'utterance,intent\r\nhello,Greeting\r\n"open,Weather', M.unclosedQuote(3)],
    ['a stray quote', 'utterance,intent\r\nsay "hi",Greeting', M.quoteInField(2)],
    ['text after a closing quote', 'utterance,intent\r\n"hi"x,Greeting', M.quoteInField(2)],
    [
      'a line number after a multi-line field',
      'utterance,intent\r\n"a\nb",Greeting\r\nc',
      M.wrongColumns(4, 1),
    ],
    [
      'an overlong utterance',
      `utterance,intent\r\n${'a'.repeat(501)},Greeting`,
      M.tooLong(2, 'utterance', 500),
    ],
    ['not UTF-8', Buffer.from([0x75, 0x2c, 0x69, 0x0a, 0xff, 0xfe, 0x2c, 0x41]), M.notUtf8],
    [
      'too many rows',
      `utterance,intent\r\n${'hi,Greeting\r\n'.repeat(NLU_DATASET_MAX_ROWS + 1)}`,
      M.tooManyRows(NLU_DATASET_MAX_ROWS),
    ],
  ])(
    'a malformed dataset (%s) is refused with a message naming the problem, and nothing is stored',
    async (_, data, message) => {
      await withDataset();
      const before = await downloadDataset();
      const response = expectStatus(await upload(testerToken, 'bad.csv', data), 400);
      expect(response.json()).toMatchObject({ code: 'validation_error', fieldName: 'file', message });
      expect(await downloadDataset()).toBe(before);
    },
  );

  test('a file that is not .csv, no file, and a file over 2 MiB are refused', async () => {
    await withDataset();
    expect(
      expectStatus(await upload(testerToken, 'data.xlsx', 'utterance,intent\nhi,A'), 400).json().message,
    ).toBe(M.invalidExtension);
    expect(
      expectStatus(
        await server.request({ method: 'PUT', url: `${base(bot)}/nlu-dataset`, token: testerToken }),
        400,
      ).json().message,
    ).toBe(M.fileMissing('file'));
    const big = `utterance,intent\r\n${'x'.repeat(NLU_DATASET_MAX_BYTES)},Greeting`;
    expect(expectStatus(await upload(testerToken, 'big.csv', big), 400).json().message).toBe(
      'File is too big. Accepted size is 2048KB',
    );
    expect(await downloadDataset()).toContain('Refund');
  });

  test('a test runs in the background: started, polled until not running, then results with the right numbers', async () => {
    await withDataset();
    const started = expectStatus(await tester('POST', `${base(bot)}/nlu-test`), 202).json() as NluTestStatus;
    expect(started.startedBy).toBe('tess.tester@example.com');
    const done = await untilFinished();
    expect(done).toMatchObject({ isRunning: false, status: 'finished', error: null, hasResults: true });
    expect(done.finishedAt! >= done.startedAt!).toBe(true);

    const results = expectStatus(
      await w.admin('GET', `${base(bot)}/nlu-results`),
      200,
    ).json() as NluTestResults;
    expect(results.datasetRows).toBe(4);
    expect(results.recognizers.map((r) => r.recognizer)).toEqual(['parley']);
    const [parley] = results.recognizers;
    // Three training sentences right; 'Refund' is not an intent of the bot, so it is always wrong.
    expect(parley).toMatchObject({ accuracy: 0.75, correct: 3, total: 4 });
    expect(parley!.misclassified).toEqual([
      expect.objectContaining({ utterance: 'Refund, please', expected: 'Refund' }),
    ]);
    const byIntent = Object.fromEntries(parley!.intents.map((i) => [i.intent, i]));
    // 'weather' in the file is the bot's 'Weather': intent names ignore case.
    expect(Object.keys(byIntent)).toEqual(['Goodbye', 'Greeting', 'Refund', 'Weather']);
    expect(byIntent.Weather).toMatchObject({ support: 1, recall: 1 });
    expect(byIntent.Refund).toMatchObject({ support: 1, precision: 0, recall: 0, f1: 0 });
    const at = (label: string) => parley!.labels.indexOf(label);
    expect(parley!.confusion[at('Greeting')]![at('Greeting')]).toBe(1);
    expect(parley!.confusion[at('Refund')]!.reduce((a, b) => a + b, 0)).toBe(1);
    expect(parley!.confusion[at('Refund')]![at('Refund')]).toBe(0);

    // The accuracy is kept per recognizer in the settings (performanceRecognizers).
    const measuring = expectStatus(
      await w.admin('GET', `${base(bot)}/nlu-measuring`),
      200,
    ).json() as NluMeasuringView;
    expect(measuring.performanceRecognizers).toEqual({ parley: 0.75 });
  });

  test('the results download as CSV', async () => {
    await withResults();
    const response = expectStatus(await w.admin('GET', `${base(bot)}/nlu-results?format=csv`), 200);
    expect(response.headers['content-disposition']).toContain(`${bot.replace(/ /g, '_')}-nlu-results.csv`);
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'recognizer,type,intent,utterance,expected,predicted,confidence,support,precision,recall,f1,accuracy',
    );
    expect(lines[1]).toBe('parley,accuracy,,,,,,4,,,,0.75');
    expect(lines).toContain('parley,intent,Refund,,,,,1,0,0,0,');
    expect(lines.some((l) => l.startsWith('parley,misclassified,,"Refund, please",Refund,'))).toBe(true);
  });

  test("a second start while a test runs is 409 'Already running'", async () => {
    // A big dataset keeps the first run busy long enough.
    const rows = Array.from({ length: 3000 }, (_, i) => `sentence number ${i} about the weather,Weather`);
    expectStatus(await upload(testerToken, 'big.csv', ['utterance,intent', ...rows].join('\n')), 200);
    expectStatus(await tester('POST', `${base(bot)}/nlu-test`), 202);
    const again = expectStatus(await w.admin('POST', `${base(bot)}/nlu-test`), 409);
    expect(again.json()).toMatchObject({ code: 'cohesion_error', message: M.alreadyRunning });
    expect((await status()).isRunning).toBe(true);
    await untilFinished();
    const results = expectStatus(
      await w.admin('GET', `${base(bot)}/nlu-results`),
      200,
    ).json() as NluTestResults;
    expect(results.datasetRows).toBe(3000);
    expectStatus(await upload(testerToken, 'perf.csv', DATASET), 200);
  });

  test('permissions: 33 reads and saves measuring, 34 runs tests and uploads, neither is refused', async () => {
    await withResults();
    const measurer = as(server, measurerToken);
    expectStatus(await measurer('GET', `${base(bot)}/nlu-test`), 200);
    expectStatus(await measurer('GET', `${base(bot)}/nlu-results`), 200);
    expectStatus(await measurer('GET', `${base(bot)}/nlu-dataset`), 200);
    expect(expectStatus(await measurer('POST', `${base(bot)}/nlu-test`), 403).json().requiredPermission).toBe(
      34,
    );
    expectStatus(await upload(measurerToken, 'x.csv', DATASET), 403);
    expectStatus(
      await measurer('PUT', `${base(bot)}/nlu-measuring`, {
        intentDetectionMeasuring: true,
        measuringRecognizers: [],
      }),
      200,
    );
    expectStatus(await tester('GET', `${base(bot)}/nlu-results`), 200);
    for (const [method, path] of [
      ['GET', 'nlu-test'],
      ['POST', 'nlu-test'],
      ['GET', 'nlu-results'],
      ['GET', 'nlu-dataset'],
      ['GET', 'nlu-measuring'],
      ['POST', 'nlu-automate'],
    ] as const)
      expectStatus(await w.designer(method, `${base(bot)}/${path}`), 403);
    expectStatus(await upload(w.world.plainUser.token, 'x.csv', DATASET), 403);
  });

  test('measuring: the primary is always on and locked, unconfigured providers are forced off', async () => {
    const saved = expectStatus(
      await w.admin('PUT', `${base(bot)}/nlu-measuring`, {
        intentDetectionMeasuring: true,
        measuringRecognizers: ['clu', 'watson', 'nope'],
      }),
      200,
    ).json() as NluMeasuringView;
    expect(saved.intentDetectionMeasuring).toBe(true);
    expect(saved.measuringRecognizers).toEqual(['parley']);
    const byId = Object.fromEntries(saved.providers.map((p) => [p.id, p]));
    expect(byId.parley).toMatchObject({ isPrimary: true, isOn: true, isLocked: true, isConfigured: true });
    expect(byId.clu).toMatchObject({ isPrimary: false, isOn: false, isLocked: true, isConfigured: false });
    expect(
      expectStatus(
        await w.admin('PUT', `${base(bot)}/nlu-measuring`, {
          intentDetectionMeasuring: 'yes',
          measuringRecognizers: [],
        }),
        400,
      ).json().fieldName,
    ).toBe('intentDetectionMeasuring');
  });

  test("the bot's thresholds apply as in a conversation: out-of-scope sentences labelled None score as None hits, an unsure in-scope one is a miss", async () => {
    const scopeBot = 'Scope Bot';
    await createBot(w.admin, scopeBot);
    for (const intent of INTENTS) await createIntent(w.admin, scopeBot, intent);
    const dataset = [
      'utterance,intent',
      'hello there,Greeting',
      'see you later,Goodbye',
      // In scope, but the engine is unsure (its best guess is Greeting, under the bot's 70 %).
      'how are you today,Greeting',
      // Out of scope: the engine's best guess is Weather at two thirds, which a conversation would not act on.
      'is it true that cats can swim,None',
      'what is the capital of peru,none',
      'tell me a joke,None',
    ].join('\r\n');
    expectStatus(await upload(w.world.tenantAdmin.token, 'scope.csv', dataset, scopeBot), 200);
    const run = async () => {
      expectStatus(await w.admin('POST', `${base(scopeBot)}/nlu-test`), 202);
      await untilFinished(scopeBot);
      const results = expectStatus(
        await w.admin('GET', `${base(scopeBot)}/nlu-results`),
        200,
      ).json() as NluTestResults;
      return results.recognizers[0]!;
    };

    const honest = await run();
    expect(honest).toMatchObject({ correct: 5, total: 6 });
    const byIntent = Object.fromEntries(honest.intents.map((i) => [i.intent, i]));
    // None ('none' in the file is None) is reported like any intent.
    expect(Object.keys(byIntent)).toEqual(['Goodbye', 'Greeting', 'None']);
    expect(byIntent.None).toEqual({ intent: 'None', support: 3, precision: 0.75, recall: 1, f1: 3 / 3.5 });
    expect(byIntent.Greeting).toMatchObject({ support: 2, precision: 1, recall: 0.5 });
    expect(honest.misclassified).toEqual([
      expect.objectContaining({ utterance: 'how are you today', expected: 'Greeting', predicted: 'None' }),
    ]);
    const unsure = honest.misclassified[0]!.confidence;
    expect(unsure).toBeGreaterThan(0.3);
    expect(unsure).toBeLessThan(0.7);

    // Thresholds low enough for a conversation to act on every guess: the unsure sentence is a
    // hit, and the cats question counts as the intent the engine guessed.
    const scope = server.ctx.repos.forTenant(w.world.tenantB);
    const stored = (await scope.bots.get(scopeBot))!;
    await scope.bots.update(stored.id, {
      settings: { ...stored.settings, confidence: 0.2, lowConfidence: 0.2 },
    });
    const loose = await run();
    expect(loose.misclassified.map((m) => m.utterance)).toEqual(['is it true that cats can swim']);
    expect(loose.misclassified[0]!.predicted).not.toBe('None');
  });

  test("automate: without a dataset it cross-validates the bot's utterances and keeps or picks the best", async () => {
    expect(expectStatus(await w.admin('POST', `${base(bot)}/nlu-automate`), 409).json().message).toBe(
      M.automateOff,
    );
    const created = await createBot(w.admin, 'Auto Bot', { nluAutomate: true });
    expect(created.settings.intentRecognizerProvider).toBe('parley');
    // Sentences that share their intent's key word, so held-out ones can be recognised.
    for (const [name, word] of [
      ['Greeting', 'hello'],
      ['Weather', 'weather'],
      ['Goodbye', 'goodbye'],
    ])
      await createIntent(w.admin, 'Auto Bot', {
        name,
        utterances: [`${word} there`, `${word} today`, `${word} my friend`, `say ${word} again`],
      });
    const answer = expectStatus(
      await w.admin('POST', `${base('Auto Bot')}/nlu-automate`),
      200,
    ).json() as NluAutomateStatus;
    expect(answer).toMatchObject({ nluAutomate: true, isRunning: false });
    const decision = answer.decision!;
    expect(decision).toMatchObject({
      method: 'cross-validation',
      folds: 4,
      previous: 'parley',
      chosen: 'parley',
      changed: false,
      note: null,
    });
    // Every utterance of the three intents is held out once: 12 predictions.
    expect(decision.scores).toEqual([expect.objectContaining({ recognizer: 'parley', total: 12 })]);
    expect(decision.scores[0]!.accuracy).toBeGreaterThanOrEqual(0.75);
    expect(decision.scores[0]!.correct).toBe(Math.round(decision.scores[0]!.accuracy * 12));

    // A bot left on a provider Parley cannot measure (Watson, not configured) is switched to the best.
    const scope = server.ctx.repos.forTenant(w.world.tenantB);
    const autoBot = (await scope.bots.get('Auto Bot'))!;
    await scope.bots.update(autoBot.id, {
      settings: {
        ...autoBot.settings,
        intentRecognizerProvider: 'watson',
        entityExtractorProvider: 'watson',
      },
      isPublished: true,
    });
    const switched = expectStatus(
      await w.admin('POST', `${base('Auto Bot')}/nlu-automate`),
      200,
    ).json() as NluAutomateStatus;
    expect(switched.decision).toMatchObject({ previous: 'watson', chosen: 'parley', changed: true });
    const after = expectStatus(await w.admin('GET', base('Auto Bot')), 200).json();
    expect(after.settings).toMatchObject({
      intentRecognizerProvider: 'parley',
      entityExtractorProvider: 'parley',
    });
    // The new recognizer has no model of this content yet: the bot asks for a publish.
    expect(after.isPublished).toBe(false);
    const again = expectStatus(
      await w.admin('GET', `${base('Auto Bot')}/nlu-automate`),
      200,
    ).json() as NluAutomateStatus;
    expect(again.decision).toEqual(switched.decision);
    expect(again.intervalHours).toBe(0);
  });

  test('hostile input to every NLU performance route never answers 5xx', async () => {
    const routes = routeCatalogue(server.app).filter(
      (r) =>
        r.method !== 'HEAD' &&
        /^\/api\/bots\/:bot\/nlu-(test|results|dataset|measuring|automate)/.test(r.url),
    );
    expect(routes).toHaveLength(10);
    const log = createFuzzLog();
    const send = fuzzSender(server, w.world.tenantAdmin.token, log);
    for (const route of routes) {
      for (const p of HOSTILE_PARAMS)
        await send(
          route.method === 'POST' ? 'GET' : route.method,
          fillPath(route.url, { bot: p }).replace(/%25/g, '%'),
        );
      if (route.method !== 'PUT') continue;
      const url = fillPath(route.url, { bot });
      for (const body of hostileBodies(
        { intentDetectionMeasuring: true, measuringRecognizers: ['parley'] },
        HOSTILE_VALUES,
      ))
        await send('PUT', url, body);
      for (const raw of HOSTILE_RAW_BODIES)
        await send('PUT', url, raw, { 'content-type': 'application/json' });
      await send('PUT', url, 'a=b', { 'content-type': 'application/x-www-form-urlencoded' });
      await send('PUT', url, '--x\r\nbroken', { 'content-type': 'multipart/form-data; boundary=x' });
    }
    for (const data of HOSTILE_VALUES.map(
      (v) => `utterance,intent\r\n${JSON.stringify(v)},"${String(v).slice(0, 50)}"`,
    )) {
      const response: LightMyRequestResponse = await upload(testerToken, 'fuzz.csv', data);
      log.check('PUT nlu-dataset (hostile csv)', response.statusCode, response.body);
    }
    expect(log.failures).toEqual([]);
    expect(log.sent).toBeGreaterThan(100);
  });
});
