import {
  type BotDetails,
  DEFAULT_DASHBOARD,
  DEFAULT_GDPR_SETTINGS,
  DEFAULT_HANDOVER_SETTINGS,
  type GdprSettings,
  type HandoverSettings,
  FEATURES_MESSAGES as M,
  Permission,
} from '@parley/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { gdprSettingsOf, handoverSettingsOf } from '../src/services/features/feature-settings.service';
import { addUser, as, type Call, expectStatus, USER_PASSWORD } from './support/admin-world';
import { buildContentWorld, type ContentWorld, DESIGNER_ROLE } from './support/bot-content';
import { botPath, createBot } from './support/bots';
import { parseCsv } from './support/csv';
import { testDatabases } from './support/databases';
import { uniqueKey } from './support/tenant-world';
import { startTestServer, type TestServer } from './support/test-server';

const GDPR: GdprSettings = {
  askForConsent: true,
  canDisable: true,
  consentMessage: 'May I keep a record of this chat?',
  consentAgreeMessage: 'Thanks!',
  consentRejectMessage: 'Fine, nothing is kept.',
  consentUrl: 'https://example.com/privacy',
  disableMessage: 'I am switched off for you.',
  removeUserData: true,
  removeUserDataMessage: 'Your data is gone.',
  maskPersonalData: true,
  maskAIData: false,
  maskingPatterns: [
    { name: 'Customer number', pattern: 'C-\\d{6}' },
    { name: 'Email', pattern: '[^@\\s]+@[^@\\s]+' },
  ],
};

const HANDOVER: HandoverSettings = {
  isActive: true,
  openingTime: '08:30',
  closingTime: '18:00',
  timeZone: 'Europe/Berlin',
  queueEnterMessage: 'One moment, please.',
  chatStartMessage: 'Hi, Anna here.',
  chatEndMessage: 'Bye from Anna.',
  notAvailableMessage: 'Nobody is here now.',
  negativeSentimentLimit: 3,
  unrecognizedIntentLimit: null,
};

/** One custom role per sub-tab permission, each held by a user of its own. */
const HOLDERS = {
  gdpr: { email: 'gina.gdpr@example.com', permission: Permission.ManageGdprSettings },
  handover: { email: 'hank.handover@example.com', permission: Permission.ManageHandoverSettings },
  widgets: { email: 'wendy.widgets@example.com', permission: Permission.ManageDashboardWidgets },
  languages: { email: 'lars.languages@example.com', permission: Permission.ManageGeneralSettings },
  logs: { email: 'lola.logs@example.com', permission: Permission.ExportLogs },
} as const;
type Holder = keyof typeof HOLDERS;

/** The Features tab's calls (spec 04 sections 3.7-3.9, 5, 6, 7.2; spec 01 consent CSV). */
describe.each(testDatabases())('bot features: GDPR, handover, widgets, languages, consent on %s', (kind) => {
  let server: TestServer;
  let w: ContentWorld;
  let bot: string;
  const holders = {} as Record<Holder, { call: Call; roleId: number }>;

  const path = (suffix: string, name = bot) => `${botPath(name)}${suffix}`;
  const refusal = (response: LightMyRequestResponse, status = 400) => {
    const body = expectStatus(response, status).json();
    return status === 400 ? { fieldName: body.fieldName, message: body.message } : body;
  };
  const storedBot = async (name = bot) => (await server.ctx.repos.forTenant(w.world.tenantB).bots.get(name))!;
  const readGdpr = async (call: Call = w.admin) =>
    expectStatus(await call('GET', path('/gdpr/settings')), 200).json() as GdprSettings;
  const readHandover = async (call: Call = w.admin) =>
    expectStatus(await call('GET', path('/handover/settings')), 200).json() as HandoverSettings;

  beforeAll(async () => {
    server = await startTestServer(kind);
    w = await buildContentWorld(server, 'Features Bot');
    for (const [key, { email, permission }] of Object.entries(HOLDERS) as Array<
      [Holder, (typeof HOLDERS)[Holder]]
    >) {
      const { roleId } = expectStatus(
        await w.admin('POST', '/api/tenant/roles', { roleName: `Only ${key}` }),
        201,
      ).json() as { roleId: number };
      expectStatus(
        await w.admin('POST', `/api/tenant/roles/${roleId}/permissions`, { permissionId: permission }),
        201,
      );
      await addUser(server, w.world.tenantAdmin, email, `User_${key}`);
      holders[key] = { call: as(server, (await server.login(email, USER_PASSWORD)).token), roleId };
    }
  });
  afterAll(() => server?.close());

  // Each test a bot of its own: Pat holds the Designer role (none of the feature permissions),
  // each holder the role of one permission, Nora none; deleted after the test.
  beforeEach(async () => {
    bot = `Features Bot ${uniqueKey()}`;
    await createBot(w.admin, bot);
    const roles: Array<[string, number]> = [
      [w.world.plainUser.email, DESIGNER_ROLE],
      ...(Object.keys(HOLDERS) as Holder[]).map((k): [string, number] => [
        HOLDERS[k].email,
        holders[k].roleId,
      ]),
    ];
    for (const [userEmail, role] of roles)
      expectStatus(await w.admin('POST', '/api/user/role', { userEmail, botName: bot, role }), 200);
  });
  afterEach(async () => {
    expectStatus(await w.admin('DELETE', botPath(bot)), 204);
  });

  test('a new bot has the default GDPR, handover and dashboard settings, read by any role on the bot', async () => {
    expect(await readGdpr(w.designer)).toEqual(DEFAULT_GDPR_SETTINGS);
    expect(await readHandover(w.designer)).toEqual(DEFAULT_HANDOVER_SETTINGS);
    expect(expectStatus(await w.designer('GET', path('/dashboard')), 200).json()).toEqual(DEFAULT_DASHBOARD);
    for (const suffix of ['/gdpr/settings', '/handover/settings', '/dashboard'])
      expect(refusal(await w.stranger('GET', path(suffix)), 403)).toMatchObject({ code: 'permission_error' });
  });

  test('GDPR settings are saved with Manage GDPR settings (23), trimmed, kept, and read by the runtime', async () => {
    const saved = expectStatus(
      await holders.gdpr.call('PUT', path('/gdpr/settings'), {
        ...GDPR,
        consentMessage: `  ${GDPR.consentMessage}  `,
        maskingPatterns: [{ name: ' Customer number ', pattern: 'C-\\d{6}' }, GDPR.maskingPatterns[1]],
      }),
      200,
    ).json();
    expect(saved).toEqual(GDPR);
    expect(await readGdpr(w.designer)).toEqual(GDPR);
    const stored = await storedBot();
    expect(gdprSettingsOf(stored)).toEqual(GDPR);
    // The other settings of the bot stay as they were.
    expect(handoverSettingsOf(stored)).toEqual(DEFAULT_HANDOVER_SETTINGS);
    expect(stored.settings).toMatchObject({ language: 'en', confidence: 0.7 });
  });

  test('consent off: the consent messages and the disabled message may be blank; canDisable alone needs nothing', async () => {
    const body = {
      ...GDPR,
      askForConsent: false,
      canDisable: true,
      consentMessage: '',
      consentAgreeMessage: ' ',
      consentRejectMessage: '',
      disableMessage: '',
      removeUserData: false,
      removeUserDataMessage: '',
      maskingPatterns: [],
    };
    expect(expectStatus(await w.admin('PUT', path('/gdpr/settings'), body), 200).json()).toMatchObject({
      askForConsent: false,
      consentAgreeMessage: '',
      maskingPatterns: [],
    });
  });

  test.each([
    ['(a+', 'maskingPatterns.0.pattern', M.invalidRegex('(a+'), /missing closing \)/],
    ['(?=secret)\\w+', 'maskingPatterns.0.pattern', M.invalidRegex('(?=secret)\\w+'), /lookahead/],
    ['(\\w)\\1', 'maskingPatterns.0.pattern', M.invalidRegex('(\\w)\\1'), /back-references/],
  ])(
    'a masking pattern %s that the regex engine refuses is "Invalid regex:" with the pattern; nothing is saved',
    async (pattern, fieldName, message, reason) => {
      const response = await w.admin('PUT', path('/gdpr/settings'), {
        ...GDPR,
        maskingPatterns: [{ name: 'Broken', pattern }, GDPR.maskingPatterns[0]],
      });
      const body = expectStatus(response, 400).json();
      expect(body).toMatchObject({ code: 'validation_error', fieldName, message });
      expect(body.message.startsWith('Invalid regex: ')).toBe(true);
      expect(body.reason).toMatch(reason);
      expect(await readGdpr()).toEqual(DEFAULT_GDPR_SETTINGS);
    },
  );

  test.each([
    ['askForConsent', 'yes', 'askForConsent', M.flag('askForConsent')],
    ['maskAIData', undefined, 'maskAIData', M.flag('maskAIData')],
    ['consentMessage', '   ', 'consentMessage', M.messageMissing('consent message')],
    ['consentRejectMessage', '', 'consentRejectMessage', M.messageMissing('message after rejecting')],
    ['disableMessage', '', 'disableMessage', M.messageMissing('disabled message')],
    [
      'removeUserDataMessage',
      '',
      'removeUserDataMessage',
      M.messageMissing('message after removing the data'),
    ],
    ['consentMessage', 'x'.repeat(1001), 'consentMessage', M.messageTooLong('consent message')],
    ['consentMessage', 7, 'consentMessage', M.messageTooLong('consent message')],
    ['consentUrl', 'example.com/privacy', 'consentUrl', M.consentUrl],
    ['consentUrl', 'javascript:alert(1)', 'consentUrl', M.consentUrl],
    ['consentUrl', `https://example.com/${'p'.repeat(2000)}`, 'consentUrl', M.consentUrlTooLong],
    ['maskingPatterns', 'C-\\d+', 'maskingPatterns', M.maskingPatternsList],
    ['maskingPatterns', [{ name: 'x' }], 'maskingPatterns.0.pattern', M.maskingPatternMissing],
    ['maskingPatterns', [{ name: ' ', pattern: 'a' }], 'maskingPatterns.0.name', M.maskingPatternNameMissing],
    ['maskingPatterns', [{ name: 'A', pattern: '  ' }], 'maskingPatterns.0.pattern', M.maskingPatternMissing],
    [
      'maskingPatterns',
      [
        { name: 'Same', pattern: 'a' },
        { name: 'same ', pattern: 'b' },
      ],
      'maskingPatterns.1.name',
      M.maskingPatternNameTaken('same'),
    ],
    [
      'maskingPatterns',
      Array.from({ length: 51 }, (_, i) => ({ name: `p${i}`, pattern: 'a' })),
      'maskingPatterns',
      M.tooManyMaskingPatterns,
    ],
    [
      'maskingPatterns',
      [{ name: 'Long', pattern: 'a'.repeat(501) }],
      'maskingPatterns.0.pattern',
      M.maskingPatternTooLong,
    ],
  ])('GDPR: a bad %s is refused with its message (case %#)', async (field, value, fieldName, message) => {
    expect(refusal(await w.admin('PUT', path('/gdpr/settings'), { ...GDPR, [field]: value }))).toEqual({
      fieldName,
      message,
    });
    expect(await readGdpr()).toEqual(DEFAULT_GDPR_SETTINGS);
  });

  test('handover settings are saved with Manage handover settings (32), kept, and read by the runtime', async () => {
    expect(
      expectStatus(await holders.handover.call('PUT', path('/handover/settings'), HANDOVER), 200).json(),
    ).toEqual(HANDOVER);
    expect(await readHandover(w.designer)).toEqual(HANDOVER);
    expect(handoverSettingsOf(await storedBot())).toEqual(HANDOVER);
    // Off, the messages may be blank; the limits are whole numbers from 1, or empty.
    const off = {
      ...HANDOVER,
      isActive: false,
      chatEndMessage: '',
      negativeSentimentLimit: 1,
      unrecognizedIntentLimit: 100,
    };
    expect(expectStatus(await w.admin('PUT', path('/handover/settings'), off), 200).json()).toEqual(off);
    expect(gdprSettingsOf(await storedBot())).toEqual(DEFAULT_GDPR_SETTINGS);
  });

  test.each([
    ['openingTime', '24:00', M.time('opening time')],
    ['openingTime', '9:00', M.time('opening time')],
    ['closingTime', '17:60', M.time('closing time')],
    ['closingTime', 1700, M.time('closing time')],
    ['timeZone', 'Mars/Olympus_Mons', M.timeZone],
    ['timeZone', '', M.timeZone],
    ['negativeSentimentLimit', 0, M.handoverLimit('negative sentiment limit')],
    ['negativeSentimentLimit', 1.5, M.handoverLimit('negative sentiment limit')],
    ['negativeSentimentLimit', '3', M.handoverLimit('negative sentiment limit')],
    ['unrecognizedIntentLimit', -1, M.handoverLimit('unrecognized intent limit')],
    ['unrecognizedIntentLimit', 101, M.handoverLimit('unrecognized intent limit')],
    ['queueEnterMessage', '  ', M.messageMissing('queue message')],
    ['notAvailableMessage', 'x'.repeat(1001), M.messageTooLong('not available message')],
    ['isActive', 1, M.flag('isActive')],
  ])('handover: a bad %s is refused with its message (case %#)', async (field, value, message) => {
    expect(
      refusal(await w.admin('PUT', path('/handover/settings'), { ...HANDOVER, [field]: value })),
    ).toEqual({
      fieldName: field,
      message,
    });
    expect(await readHandover()).toEqual(DEFAULT_HANDOVER_SETTINGS);
  });

  test('custom widgets are saved with Manage dashboard widgets (18); the design stays unless sent; blank stored widgets are dropped on load', async () => {
    const widgets = [
      { text: 'Handled without people', formula: 'touchless / conversations' },
      { text: 'Questions', formula: 'questionsAsked' },
    ];
    expect(
      expectStatus(
        await holders.widgets.call('POST', path('/dashboard'), [
          { text: ' Handled without people ', formula: widgets[0]!.formula },
          widgets[1],
        ]),
        200,
      ).json(),
    ).toEqual({ design: { col1: [], col2: [] }, customWidget: widgets });
    const design = { col1: ['interactions', 'Questions'], col2: ['Handled without people'] };
    expectStatus(await w.admin('POST', path('/dashboard'), { customWidget: widgets, design }), 200);
    expectStatus(await w.admin('POST', path('/dashboard'), widgets.slice(1)), 200);
    expect(expectStatus(await w.designer('GET', path('/dashboard')), 200).json()).toEqual({
      design,
      customWidget: widgets.slice(1),
    });
    // A widget stored blank (written before the rule) is not shown.
    const stored = await storedBot();
    await server.ctx.repos.forTenant(w.world.tenantB).bots.update(stored.id, {
      settings: {
        ...stored.settings,
        dashboard: {
          design,
          customWidget: [{ text: ' ', formula: 'x' }, widgets[0], { text: 'No formula' }],
        },
      },
    });
    expect(expectStatus(await w.admin('GET', path('/dashboard')), 200).json()).toEqual({
      design,
      customWidget: [widgets[0]],
    });
  });

  test.each([
    [[{ text: 'Rate', formula: ' ' }], 'customWidget.0', M.emptyWidgets],
    [
      [
        { text: 'Ok', formula: 'a' },
        { text: '', formula: 'b' },
      ],
      'customWidget.1',
      M.emptyWidgets,
    ],
    [[{ text: 'No formula' }], 'customWidget.0.formula', M.emptyWidgets],
    [[{ text: 'x'.repeat(101), formula: 'a' }], 'customWidget.0.text', M.widgetTextTooLong],
    [
      Array.from({ length: 21 }, (_, i) => ({ text: `w${i}`, formula: 'a' })),
      'customWidget',
      M.tooManyWidgets,
    ],
    [{ customWidget: [], design: { col1: 'a', col2: [] } }, 'design.col1', M.dashboardColumn],
    [{ customWidget: 'widgets' }, 'customWidget', M.widgetsList],
    [42, 'body', M.widgetsList],
  ])('dashboard: bad widgets are refused with their message (case %#)', async (body, fieldName, message) => {
    expect(refusal(await w.admin('POST', path('/dashboard'), body))).toEqual({ fieldName, message });
    expect(expectStatus(await w.admin('GET', path('/dashboard')), 200).json()).toEqual(DEFAULT_DASHBOARD);
  });

  test('supported languages: saved with Manage general settings (17), default first; the default cannot be removed; only languages the recognizer knows', async () => {
    const saved = expectStatus(
      await holders.languages.call('PUT', path('/languages'), {
        supportedLanguages: ['de', 'EN', 'fr', 'de'],
      }),
      200,
    ).json() as BotDetails;
    expect(saved.settings.supportedLanguages).toEqual(['en', 'de', 'fr']);
    expectStatus(
      await w.admin('PUT', `${botPath(bot)}/settings/system-messages`, {
        systemMessages: { de: { messageEmpty: 'Nichts?' } },
      }),
      200,
    );
    expect(refusal(await w.admin('PUT', path('/languages'), { supportedLanguages: ['de'] }))).toEqual({
      fieldName: 'supportedLanguages',
      message: M.defaultLanguageKept('en'),
    });
    expect(refusal(await w.admin('PUT', path('/languages'), { supportedLanguages: ['en', 'xx'] }))).toEqual({
      fieldName: 'supportedLanguages',
      message: M.languageNotOffered('xx'),
    });
    expect(refusal(await w.admin('PUT', path('/languages'), { supportedLanguages: [] }))).toEqual({
      fieldName: 'supportedLanguages',
      message: M.supportedLanguagesList,
    });
    expect(refusal(await w.admin('PUT', path('/languages'), { supportedLanguages: 'en' }))).toEqual({
      fieldName: 'supportedLanguages',
      message: M.supportedLanguagesList,
    });
    // Taking German away keeps its messages: adding it again brings them back.
    const fewer = expectStatus(
      await w.admin('PUT', path('/languages'), { supportedLanguages: ['en'] }),
      200,
    ).json() as BotDetails;
    expect(fewer.settings.supportedLanguages).toEqual(['en']);
    expect(fewer.settings.systemMessages).toEqual({ de: { messageEmpty: 'Nichts?' } });
  });

  test('the consent CSV lists every recorded decision, oldest first, safe for spreadsheets, as bot-{bot}-gdpr-consent.csv with Export logs (7)', async () => {
    const consents = server.ctx.repos.forTenant(w.world.tenantB).consents((await storedBot()).id);
    await consents.recordConsent({
      conversationId: 'c-2',
      userKey: '=HYPERLINK("x")',
      channel: 'webchat',
      decision: 'rejected',
      decidedAt: '2026-11-02T10:00:00.000Z',
    });
    await consents.recordConsent({
      conversationId: 'c-1',
      userKey: 'anna, the user',
      channel: 'test',
      decision: 'agreed',
      decidedAt: '2026-11-01T09:00:00.000Z',
    });
    await consents.recordConsent({
      conversationId: 'c-2',
      userKey: '=HYPERLINK("x")',
      channel: 'webchat',
      decision: 'disabled',
      decidedAt: '2026-11-02T10:00:05.000Z',
    });
    expect((await consents.latestOf('=HYPERLINK("x")'))?.decision).toBe('disabled');
    const response = expectStatus(await holders.logs.call('GET', path('/consent')), 200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="bot-${bot}-gdpr-consent.csv"`,
    );
    expect(parseCsv(response.body)).toEqual([
      ['timestamp', 'userId', 'conversationId', 'consent', 'channel'],
      ['2026-11-01T09:00:00.000Z', 'anna, the user', 'c-1', 'agreed', 'test'],
      ['2026-11-02T10:00:00.000Z', `'=HYPERLINK("x")`, 'c-2', 'rejected', 'webchat'],
      ['2026-11-02T10:00:05.000Z', `'=HYPERLINK("x")`, 'c-2', 'disabled', 'webchat'],
    ]);
    for (const call of [w.designer, holders.gdpr.call, w.stranger])
      expect(refusal(await call('GET', path('/consent')), 403)).toMatchObject({ code: 'permission_error' });
  });

  test('each save needs its own permission; the holder of another sub-tab is refused and nothing changes', async () => {
    const saves: Array<[Holder, () => [method: 'PUT' | 'POST', url: string, body: unknown]]> = [
      ['gdpr', () => ['PUT', path('/gdpr/settings'), GDPR]],
      ['handover', () => ['PUT', path('/handover/settings'), HANDOVER]],
      ['widgets', () => ['POST', path('/dashboard'), [{ text: 'a', formula: 'b' }]]],
      ['languages', () => ['PUT', path('/languages'), { supportedLanguages: ['en', 'de'] }]],
    ];
    const before = (await storedBot()).settings;
    for (const [owner, save] of saves) {
      const [method, url, body] = save();
      for (const caller of [...(Object.keys(HOLDERS) as Holder[]).filter((h) => h !== owner)]) {
        expect(refusal(await holders[caller].call(method, url, body), 403)).toMatchObject({
          code: 'permission_error',
          requiredPermission: HOLDERS[owner].permission,
        });
      }
      for (const call of [w.designer, w.stranger])
        expect(refusal(await call(method, url, body), 403)).toMatchObject({ code: 'permission_error' });
    }
    expect((await storedBot()).settings).toEqual(before);
    // The holders themselves may.
    for (const [owner, save] of saves) {
      const [method, url, body] = save();
      expectStatus(await holders[owner].call(method, url, body), 200);
    }
  });

  test("another tenant's bot of the same name is unknown here, its settings and consents stay its own", async () => {
    const master = as(server, w.world.master);
    const name = `Elsewhere Bot ${uniqueKey()}`;
    const elsewhere = await createBot(master, name);
    expectStatus(await master('PUT', path('/gdpr/settings', name), GDPR), 200);
    await server.ctx.repos
      .forTenant(w.world.masterTenantId)
      .consents(elsewhere.id)
      .recordConsent({ conversationId: 'm-1', userKey: 'other', channel: 'webchat', decision: 'agreed' });
    for (const [method, suffix, body] of [
      ['GET', '/gdpr/settings', undefined],
      ['PUT', '/gdpr/settings', { ...GDPR, askForConsent: false }],
      ['GET', '/handover/settings', undefined],
      ['PUT', '/handover/settings', HANDOVER],
      ['GET', '/dashboard', undefined],
      ['POST', '/dashboard', []],
      ['PUT', '/languages', { supportedLanguages: ['en'] }],
      ['GET', '/consent', undefined],
    ] as const) {
      expect(refusal(await w.admin(method, path(suffix, name), body), 404)).toMatchObject({
        code: 'not-found_error',
      });
    }
    expect(expectStatus(await master('GET', path('/gdpr/settings', name)), 200).json()).toEqual(GDPR);
    expect(parseCsv(expectStatus(await master('GET', path('/consent', name)), 200).body)).toHaveLength(2);
    // Tenant B's own bot of the test has no consent rows of the other tenant.
    expect(parseCsv(expectStatus(await w.admin('GET', path('/consent')), 200).body)).toHaveLength(1);
    expectStatus(await master('DELETE', botPath(name)), 204);
  });
});
