import {
  type BotConfigurationView,
  CHANNELS,
  type ConnectionView,
  CONFIGURATION_MESSAGES as M,
  Permission,
} from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { routeCatalogue } from '../src/http/route-catalogue';
import { addUser, as, type Call, expectStatus, mailsTo, USER_PASSWORD } from './support/admin-world';
import {
  exportBotFile,
  importUrl,
  minimalBundle,
  openBotFile,
  STAGING_URL,
  sealBotFile,
  uploadBotFile,
} from './support/bot-bundles';
import { buildContentWorld, type ContentWorld } from './support/bot-content';
import { botPath } from './support/bots';
import { testDatabases } from './support/databases';
import {
  createFuzzLog,
  fuzzSender,
  HOSTILE_PARAMS,
  HOSTILE_RAW_BODIES,
  HOSTILE_VALUES,
  hostileBodies,
} from './support/fuzz';
import { ownContentBot } from './support/own-content-bot';
import { fillPath } from './support/route-walk';
import { startTestServer, type TestServer } from './support/test-server';

/** The Configuration tab's calls (spec 04 sections 2.3, 3.2, 3.3, 4, 5, 6, 7, 8 and 9). */
describe.each(testDatabases())('bot configuration: channels, connectors and engines on %s', (kind) => {
  let server: TestServer;
  let w: ContentWorld;
  /** Holds only Manage channels (20) on every bot it is given. */
  let channelsOnly: Call;
  let channelsOnlyRole: number;
  const CHANNELS_ONLY_EMAIL = 'cha.channels@example.com';

  const read = async (bot: string, call: Call = w.admin) =>
    expectStatus(await call('GET', `${botPath(bot)}/configuration`), 200).json() as BotConfigurationView;
  const save = (bot: string, body: unknown, call: Call = w.admin) =>
    call('POST', `${botPath(bot)}/configuration`, body);
  const channel = (view: BotConfigurationView, id: string) => {
    const found = view.channels.find((c) => c.id === id);
    if (!found) throw new Error(`no channel ${id}`);
    return found;
  };
  const flags = ({ visible, enabled, connected, requested, state }: ConnectionView) => ({
    visible,
    enabled,
    connected,
    requested,
    state,
  });

  beforeAll(async () => {
    server = await startTestServer(kind);
    w = await buildContentWorld(server, 'Configured Bot');
    const role = expectStatus(
      await w.admin('POST', '/api/tenant/roles', { roleName: 'Channels only' }),
      201,
    ).json() as { roleId: number };
    expectStatus(
      await w.admin('POST', `/api/tenant/roles/${role.roleId}/permissions`, {
        permissionId: Permission.ManageChannels,
      }),
      201,
    );
    channelsOnlyRole = role.roleId;
    await addUser(server, w.world.tenantAdmin, CHANNELS_ONLY_EMAIL, 'Cha_Channels');
    channelsOnly = as(server, (await server.login(CHANNELS_ONLY_EMAIL, USER_PASSWORD)).token);
  });
  afterAll(() => server?.close());

  /** A bot of the test's own on which Cha holds the Channels only role. */
  const ownBot = async (label: string) => {
    const bot = await ownContentBot(w, label);
    expectStatus(
      await w.admin('POST', '/api/user/role', {
        userEmail: CHANNELS_ONLY_EMAIL,
        botName: bot,
        role: channelsOnlyRole,
      }),
      200,
    );
    return bot;
  };

  /** The tenant's own plan with the channel rules given, so other tests keep the default plan. */
  const planWith = async (metadata: Record<string, unknown>) => {
    const id = `plan-${Math.random().toString(36).slice(2, 10)}`;
    await server.ctx.repos.db
      .insertInto('plans')
      .values({
        id,
        name: id,
        max_free_bots: 1000,
        max_free_users: 1000,
        max_free_interactions: 1000,
        has_additional_bots_cost: 0,
        has_additional_users_cost: 0,
        has_additional_interactions_cost: 0,
        metadata: JSON.stringify({ hasImportExport: true, hasNluPerformance: true, ...metadata }),
      })
      .execute();
    await server.ctx.repos.db
      .updateTable('tenants')
      .set({ plan_id: id })
      .where('id', '=', w.world.tenantB)
      .execute();
    return async () => {
      await server.ctx.repos.db
        .updateTable('tenants')
        .set({ plan_id: 'default' })
        .where('id', '=', w.world.tenantB)
        .execute();
    };
  };

  test('a new bot lists every channel and connector of the catalogue, none added, and its engines', async () => {
    const bot = await ownBot('Fresh Config');
    const view = await read(bot, w.designer);
    const listed = view.channels.map((c) => c.id);
    expect(listed).toEqual(
      expect.arrayContaining(['chatBubble', 'api', 'teams', 'slack', 'telegram', 'twilio']),
    );
    for (const hidden of ['whatsapp', 'cortana', 'crisp']) expect(listed).not.toContain(hidden);
    for (const c of view.channels) {
      expect(c.visible).toBe(false);
      expect(c.state).toBe('Not connected, Disabled');
    }
    expect(channel(view, 'api')).toMatchObject({ name: CHANNELS.api.name, settingsDialog: 'api' });
    expect(channel(view, 'discord').settingsDialog).toBeNull();
    expect(channel(view, 'googleAssistant').unavailableReason).toMatch(/Google shut down/);
    expect(view.systems.map((s) => s.name)).toEqual(
      expect.arrayContaining(['SAP', 'Magento', 'Salesforce Agent']),
    );
    // Connectors' dialogs (Magento, Salesforce Agent) are not built: they open the generic one.
    expect(view.systems.find((s) => s.id === 'magento')?.settingsDialog).toBeNull();
    expect(channel(view, 'telegram').settingsDialog).toBe('telegram');
    expect(view.engines.map((e) => [e.id, e.selectedProvider])).toEqual([
      ['intentRecognizer', 'parley'],
      ['entityExtractor', 'parley'],
    ]);
    const options = view.engines[0]?.options ?? [];
    expect(options.find((o) => o.provider === 'parley')?.disabled).toBe(false);
    expect(options.find((o) => o.provider === 'clu')?.disabled).toBe(true);
    expect(view.limits).toEqual({ allowedChannels: null, maxEnabledChannels: null, enabledChannels: 0 });
  });

  test('adding enables a channel; disable, enable and remove move it through its states', async () => {
    const bot = await ownBot('States Config');
    let view = expectStatus(
      await save(bot, { channels: [{ name: 'discord', visible: true }] }, channelsOnly),
      200,
    ).json() as BotConfigurationView;
    expect(flags(channel(view, 'discord'))).toEqual({
      visible: true,
      enabled: true,
      connected: false,
      requested: false,
      state: 'Not connected, Enabled',
    });
    expect(view.limits.enabledChannels).toBe(1);
    view = expectStatus(
      await save(bot, { channels: [{ name: 'discord', enabled: false }] }, channelsOnly),
      200,
    ).json() as BotConfigurationView;
    expect(channel(view, 'discord').state).toBe('Not connected, Disabled');
    expect((await read(bot)).limits.enabledChannels).toBe(0);
    view = expectStatus(
      await save(bot, { channels: [{ name: 'discord', enabled: true }] }),
      200,
    ).json() as BotConfigurationView;
    expect(channel(view, 'discord').state).toBe('Not connected, Enabled');
    view = expectStatus(
      await save(bot, { channels: [{ name: 'discord', visible: false }] }),
      200,
    ).json() as BotConfigurationView;
    expect(channel(view, 'discord').visible).toBe(false);
    expect(channel(await read(bot), 'discord').visible).toBe(false);
  });

  test('a connection without a settings dialog can be requested once; the operator gets a mail', async () => {
    const bot = await ownBot('Request Config');
    const request = (type: string, name: string, call: Call = channelsOnly) =>
      call('POST', `${botPath(bot)}/request/${type}`, { name });
    expect(expectStatus(await request('channel', 'kik'), 400).json().message).toBe(M.notAdded('Kik'));
    expectStatus(
      await save(bot, {
        channels: [
          { name: 'kik', visible: true },
          { name: 'api', visible: true },
        ],
      }),
      200,
    );
    expect(expectStatus(await request('channel', 'kik'), 200).json()).toEqual({ message: M.requestSent });
    expect(flags(channel(await read(bot), 'kik'))).toMatchObject({
      requested: true,
      state: 'Connection requested',
    });
    expect(expectStatus(await request('channel', 'kik'), 409).json().message).toBe(M.alreadyRequested('Kik'));
    expect(expectStatus(await request('channel', 'api'), 409).json().message).toBe(M.hasDialog('API'));
    const mails = await mailsTo(server, server.ctx.config.supportEmail);
    expect(mails.filter((m) => m.subject === `Connection request: Kik for ${bot}`)).toHaveLength(1);
    // Connectors need Manage connections (22), which Cha lacks; the administrator may.
    expectStatus(await save(bot, { systems: [{ name: 'sap', visible: true }] }), 200);
    expect(expectStatus(await request('system', 'sap'), 403).json().code).toBe('permission_error');
    expectStatus(await request('system', 'sap', w.admin), 200);
    expect((await read(bot)).systems.find((s) => s.id === 'sap')?.state).toBe('Connection requested');
    expect(expectStatus(await request('connector', 'sap', w.admin), 400).json().message).toMatch(
      /'channel' or 'system'/,
    );
  });

  test('each list needs its permission; readers may only look; other tenants see nothing', async () => {
    const bot = await ownBot('Rights Config');
    expect(
      expectStatus(await save(bot, { channels: [{ name: 'slack', visible: true }] }, w.designer), 403).json()
        .code,
    ).toBe('permission_error');
    expect(
      expectStatus(await save(bot, { systems: [{ name: 'sap', visible: true }] }, channelsOnly), 403).json(),
    ).toMatchObject({ code: 'permission_error', requiredPermission: Permission.ManageConnections });
    expect(
      expectStatus(
        await save(bot, { engines: [{ id: 'entityExtractor', selectedProvider: null }] }, channelsOnly),
        403,
      ).json(),
    ).toMatchObject({ requiredPermission: Permission.ManageEngines });
    expect(channel(await read(bot), 'slack').visible).toBe(false);
    expect([403, 404]).toContain((await w.stranger('GET', `${botPath(bot)}/configuration`)).statusCode);
    const otherTenant = as(server, w.world.master);
    expect((await otherTenant('GET', `${botPath(bot)}/configuration`)).statusCode).toBe(404);
    expect(
      (await otherTenant('POST', `${botPath(bot)}/configuration`, { channels: [{ name: 'slack' }] }))
        .statusCode,
    ).toBe(404);
  });

  test("the plan's allowed channels and maximum of enabled channels hold", async () => {
    const bot = await ownBot('Plan Config');
    const restore = await planWith({ allowedChannels: ['slack', 'discord', 'kik'], maxChannels: 1 });
    try {
      const view = await read(bot);
      expect(view.limits).toEqual({
        allowedChannels: ['slack', 'discord', 'kik'],
        maxEnabledChannels: 1,
        enabledChannels: 0,
      });
      expect(channel(view, 'telegram').isAllowed).toBe(false);
      expect(channel(view, 'slack').isAllowed).toBe(true);
      expect(
        expectStatus(await save(bot, { channels: [{ name: 'telegram', visible: true }] }), 403).json()
          .message,
      ).toBe(M.notAllowed('Telegram'));
      expectStatus(await save(bot, { channels: [{ name: 'slack', visible: true }] }), 200);
      // The plan is full: a channel added without saying is listed disabled; enabling it is refused.
      const added = expectStatus(
        await save(bot, { channels: [{ name: 'discord', visible: true }] }),
        200,
      ).json() as BotConfigurationView;
      expect(channel(added, 'discord').state).toBe('Not connected, Disabled');
      expect(
        expectStatus(await save(bot, { channels: [{ name: 'discord', enabled: true }] }), 403).json().message,
      ).toBe(M.maxChannels(1));
      expectStatus(await save(bot, { channels: [{ name: 'slack', enabled: false }] }), 200);
      expectStatus(await save(bot, { channels: [{ name: 'discord', enabled: true }] }), 200);
      expect((await read(bot)).limits.enabledChannels).toBe(1);
    } finally {
      await restore();
    }
  });

  test('two saves at once cannot both take the last enabled channel', async () => {
    const bot = await ownBot('Race Config');
    const restore = await planWith({ maxChannels: 1 });
    try {
      const answers = await Promise.all([
        save(bot, { channels: [{ name: 'slack', enabled: true }] }),
        save(bot, { channels: [{ name: 'kik', enabled: true }] }),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 403]);
      expect((await read(bot)).limits.enabledChannels).toBe(1);
    } finally {
      await restore();
    }
  });

  test('engine choices: only engines Parley can publish to, or none', async () => {
    const bot = await ownBot('Engine Config');
    const view = expectStatus(
      await save(bot, { engines: [{ id: 'entityExtractor', selectedProvider: null }] }),
      200,
    ).json() as BotConfigurationView & { warnings: string[] };
    expect(view.engines.find((e) => e.id === 'entityExtractor')?.selectedProvider).toBeNull();
    expect(view.warnings).toEqual([]);
    const bad = expectStatus(
      await save(bot, { engines: [{ id: 'intentRecognizer', selectedProvider: 'clu' }] }),
      400,
    ).json();
    expect(bad.message).toBe(M.engineUnavailable('clu'));
    expect(
      expectStatus(
        await save(bot, { engines: [{ id: 'voicetone', selectedProvider: 'parley' }] }),
        400,
      ).json().message,
    ).toBe(M.unknownEngineCategory('voicetone'));
    expect((await read(bot)).engines.find((e) => e.id === 'intentRecognizer')?.selectedProvider).toBe(
      'parley',
    );
  });

  test('unknown, hidden and retired channels are refused with a message', async () => {
    const bot = await ownBot('Bad Config');
    expect(
      expectStatus(await save(bot, { channels: [{ name: 'myspace', visible: true }] }), 400).json().message,
    ).toBe(M.unknownChannel('myspace'));
    expect(
      expectStatus(await save(bot, { channels: [{ name: 'whatsapp', visible: true }] }), 400).json().message,
    ).toBe(M.unknownChannel('whatsapp'));
    expect(expectStatus(await save(bot, { channels: [{ name: 42 }] }), 400).json().message).toBe(
      M.connectionName,
    );
    expect(
      expectStatus(await save(bot, { channels: [{ name: 'googleAssistant', visible: true }] }), 400).json()
        .message,
    ).toMatch(/Google Assistant cannot be connected/);
    expect((await read(bot)).channels.filter((c) => c.visible)).toEqual([]);
  });

  test('an exported bot carries its channels and connectors without secrets; they arrive listed and disabled', async () => {
    const bot = await ownBot('Export Config');
    expectStatus(
      await save(bot, {
        channels: [
          { name: 'slack', visible: true },
          { name: 'kik', visible: true, enabled: false },
        ],
        systems: [{ name: 'sap', visible: true }],
      }),
      200,
    );
    const file = await exportBotFile(w.admin, bot);
    const exported = openBotFile(file).sections.channels as Array<{ type: string }>;
    expect([...exported].sort((a, b) => a.type.localeCompare(b.type))).toEqual([
      { type: 'kik', name: 'Kik', connected: false, kind: 'channel' },
      { type: 'sap', name: 'SAP', connected: false, kind: 'system' },
      { type: 'slack', name: 'Slack', connected: false, kind: 'channel' },
    ]);
    const token = w.world.tenantAdmin.token;
    const staged = expectStatus(await uploadBotFile(server, token, STAGING_URL, file), 200).json();
    expect(staged.counts).toMatchObject({ channels: 3, connectedChannels: 0 });
    const copy = `${bot} copy`;
    expectStatus(
      await uploadBotFile(
        server,
        token,
        importUrl({ name: copy, region: 'eu-west', recognizer: 'parley', language: 'en' }),
        file,
      ),
      200,
    );
    const imported = await read(copy);
    expect(imported.channels.filter((c) => c.visible).map((c) => [c.id, c.state])).toEqual([
      ['slack', 'Not connected, Disabled'],
      ['kik', 'Not connected, Disabled'],
    ]);
    expect(imported.systems.filter((c) => c.visible).map((c) => c.id)).toEqual(['sap']);

    const unknown = sealBotFile(
      minimalBundle({ channels: [{ type: 'myspace', name: 'MySpace', connected: true }] }),
    );
    const refused = expectStatus(await uploadBotFile(server, token, STAGING_URL, unknown), 400).json();
    expect(JSON.stringify(refused)).toContain('This version of Parley has no channel myspace.');
  });

  test('hostile input to the configuration calls gets a 4xx, never a 500', async () => {
    const bot = await ownBot('Fuzz Config');
    const routes = routeCatalogue(server.app).filter(
      (r) => r.method !== 'HEAD' && /^\/api\/bots\/:bot\/(configuration|request\/:type)$/.test(r.url),
    );
    expect(routes.map((r) => `${r.method} ${r.url}`).sort()).toEqual([
      'GET /api/bots/:bot/configuration',
      'POST /api/bots/:bot/configuration',
      'POST /api/bots/:bot/request/:type',
    ]);
    const log = createFuzzLog();
    const send = fuzzSender(server, w.world.tenantAdmin.token, log);
    for (const route of routes) {
      for (const p of HOSTILE_PARAMS)
        await send(route.method, fillPath(route.url, { bot: p, type: p }).replace(/%25/g, '%'));
    }
    const configuration = `${botPath(bot)}/configuration`;
    const bases = [
      { channels: [{ name: 'slack', visible: true, enabled: true }] },
      { systems: [{ name: 'sap', visible: true }] },
      { engines: [{ id: 'intentRecognizer', selectedProvider: 'parley' }] },
    ];
    for (const base of bases)
      for (const body of hostileBodies(base, HOSTILE_VALUES)) await send('POST', configuration, body);
    for (const value of HOSTILE_VALUES) {
      await send('POST', configuration, { channels: [{ name: value, enabled: value, visible: value }] });
      await send('POST', configuration, { engines: [{ id: value, selectedProvider: value }] });
      await send('POST', `${botPath(bot)}/request/channel`, { name: value });
    }
    for (const raw of HOSTILE_RAW_BODIES) {
      await send('POST', configuration, raw, { 'content-type': 'application/json' });
      await send('POST', `${botPath(bot)}/request/system`, raw, { 'content-type': 'application/json' });
    }
    expect(log.failures).toEqual([]);
    expect(log.sent).toBeGreaterThan(100);
  });
});
