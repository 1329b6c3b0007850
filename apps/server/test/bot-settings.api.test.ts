import {
  AVATAR_MAX_BYTES,
  BOT_MESSAGES as BM,
  type BotDetails,
  DEFAULT_SYSTEM_MESSAGES,
  GENERAL_SETTINGS_MESSAGES as M,
  Permission,
  type ServerMessage,
} from '@parley/contracts';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { routeCatalogue } from '../src/http/route-catalogue';
import { addUser, as, type Call, expectStatus, USER_PASSWORD } from './support/admin-world';
import { buildContentWorld, type ContentWorld, DESIGNER_ROLE, multipartBody } from './support/bot-content';
import { botPath, createBot } from './support/bots';
import { testDatabases } from './support/databases';
import {
  createFuzzLog,
  fuzzSender,
  HOSTILE_PARAMS,
  HOSTILE_RAW_BODIES,
  HOSTILE_VALUES,
  hostileBodies,
} from './support/fuzz';
import { fillPath } from './support/route-walk';
import { openSocket, socketUrl } from './support/socket-client';
import { uniqueKey } from './support/tenant-world';
import { startTestServer, type TestServer } from './support/test-server';

const GENERAL = {
  displayName: 'Helpful Helga',
  delay: 1500,
  continueOldConversations: true,
  idleTimeout: 2.5,
  idleText: 'Are you still there?',
  confidence: 0.75,
  lowConfidence: 0.35,
};

const { displayName: _name, ...GENERAL_FIELDS } = GENERAL;

const image = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 240, g: 90, b: 30 } } });

/** The General Settings and System Messages tabs' calls (spec 04 sections 2.3, 3.1, 5, 6, 8). */
describe.each(testDatabases())('bot settings: General and System Messages on %s', (kind) => {
  let server: TestServer;
  let w: ContentWorld;
  let bot: string;
  /** A user whose only permission on the bot is Manage general settings (17). */
  let manager: Call;
  let managerToken: string;
  let settingsOnlyRole: number;

  const general = (call: Call, body: unknown, name = bot) =>
    call('PUT', `${botPath(name)}/settings/general`, body);
  const messages = (call: Call, body: unknown, name = bot) =>
    call('PUT', `${botPath(name)}/settings/system-messages`, body);
  const uploadAvatar = (token: string, fileName: string, data: Buffer | string, name = bot) => {
    const { payload, contentType } = multipartBody('avatar', fileName, data);
    return server.request({
      method: 'PUT',
      url: `${botPath(name)}/avatar`,
      token,
      body: payload,
      headers: { 'content-type': contentType },
    });
  };
  const readBot = async (call: Call = w.admin, name = bot) =>
    expectStatus(await call('GET', botPath(name)), 200).json() as BotDetails;
  const refusal = (response: LightMyRequestResponse, status = 400) => {
    const body = expectStatus(response, status).json();
    return status === 400 ? { fieldName: body.fieldName, message: body.message } : body;
  };
  const scopeOfB = () => server.ctx.repos.forTenant(w.world.tenantB);

  beforeAll(async () => {
    server = await startTestServer(kind);
    w = await buildContentWorld(server, 'Settings Bot');
    bot = w.botName;
    const role = expectStatus(
      await w.admin('POST', '/api/tenant/roles', { roleName: 'Settings only' }),
      201,
    ).json() as { roleId: number };
    expectStatus(
      await w.admin('POST', `/api/tenant/roles/${role.roleId}/permissions`, {
        permissionId: Permission.ManageGeneralSettings,
      }),
      201,
    );
    settingsOnlyRole = role.roleId;
    await addUser(server, w.world.tenantAdmin, 'sam.settings@example.com', 'Sam_Settings');
    managerToken = (await server.login('sam.settings@example.com', USER_PASSWORD)).token;
    manager = as(server, managerToken);
  });
  afterAll(() => server?.close());

  // Each test a bot of its own: Pat (designer) holds the Designer role on it, Sam (manager) the
  // Settings only role, Nora (stranger) none. It is deleted after the test, which keeps the
  // tenant below the plan's bot cap.
  let bots = 0;
  beforeEach(async () => {
    bots += 1;
    bot = `Settings Bot ${bots}`;
    await createBot(w.admin, bot);
    for (const [userEmail, role] of [
      [w.world.plainUser.email, DESIGNER_ROLE],
      ['sam.settings@example.com', settingsOnlyRole],
    ] as const) {
      expectStatus(await w.admin('POST', '/api/user/role', { userEmail, botName: bot, role }), 200);
    }
  });
  afterEach(async () => {
    expectStatus(await w.admin('DELETE', botPath(bot)), 204);
  });

  test('a new bot has the default general settings and no avatar', async () => {
    const { displayName, settings } = await readBot();
    expect(displayName).toBe(bot);
    expect(settings).toMatchObject({
      delay: 0,
      continueOldConversations: false,
      idleTimeout: 1,
      idleText: '',
      confidence: 0.7,
      lowConfidence: 0.3,
    });
    expect(settings.botAvatar).toBeUndefined();
    expect(refusal(await w.designer('GET', `${botPath(bot)}/avatar`), 404).details).toBe(M.noAvatar);
  });

  test('saving the general settings (with permission 17 only) answers and keeps them; other settings stay', async () => {
    const before = await readBot();
    const saved = expectStatus(await general(manager, GENERAL), 200).json() as BotDetails;
    expect(saved.displayName).toBe('Helpful Helga');
    expect(saved.settings).toMatchObject(GENERAL_FIELDS);
    const after = await readBot();
    expect(after.displayName).toBe('Helpful Helga');
    expect(after.settings).toEqual({ ...before.settings, ...GENERAL_FIELDS });
    // The bot's name (its address) does not change with its display name.
    expect(after.botName).toBe(bot);
    expect((await scopeOfB().bots.get(bot))?.settings).not.toHaveProperty('displayName');
  });

  test('values a browser computes with binary fractions are stored as meant; the name is trimmed', async () => {
    const saved = expectStatus(
      await general(w.admin, {
        ...GENERAL,
        displayName: '  Helga  ',
        delay: 0.1 * 3 * 1000,
        idleTimeout: 0.1 * 3,
        confidence: 0.7000000000000001,
        lowConfidence: 0.35000000000000003,
      }),
      // 0.30000000000000004 s is below the idle timeout's minimum.
      400,
    ).json();
    expect(saved.message).toBe(BM.invalidIdleTimeout);
    const ok = expectStatus(
      await general(w.admin, {
        ...GENERAL,
        displayName: '  Helga  ',
        delay: 0.1 * 3 * 1000,
        idleTimeout: 0.1 * 7,
        confidence: 0.7000000000000001,
        lowConfidence: 0.35000000000000003,
      }),
      200,
    ).json() as BotDetails;
    expect(ok.displayName).toBe('Helga');
    expect(ok.settings).toMatchObject({ delay: 300, idleTimeout: 0.7, confidence: 0.7, lowConfidence: 0.35 });
    // The edges of every range are allowed.
    for (const edges of [
      { delay: 0, idleTimeout: 0.5, confidence: 0.6, lowConfidence: 0.2 },
      { delay: 10_000, idleTimeout: 10, confidence: 1, lowConfidence: 0.55 },
    ]) {
      expect(
        (expectStatus(await general(w.admin, { ...GENERAL, ...edges }), 200).json() as BotDetails).settings,
      ).toMatchObject(edges);
    }
  });

  test.each([
    ['displayName', '', M.displayNameMissing],
    ['displayName', '   ', M.displayNameMissing],
    ['displayName', 42, M.displayNameMissing],
    ['displayName', 'x'.repeat(51), M.displayNameTooLong],
    ['displayName', 'two\nlines', M.displayNameInvalid],
    ['delay', -100, BM.invalidDelay],
    ['delay', 10_100, BM.invalidDelay],
    ['delay', '1000', BM.invalidDelay],
    ['delay', null, BM.invalidDelay],
    ['delay', 150, M.delayStep],
    ['continueOldConversations', 'yes', M.flag('continueOldConversations')],
    ['idleTimeout', 0.4, BM.invalidIdleTimeout],
    ['idleTimeout', 10.1, BM.invalidIdleTimeout],
    ['idleTimeout', 1.25, M.idleTimeoutStep],
    ['idleText', 'x'.repeat(501), BM.idleTextTooLong],
    ['idleText', 7, BM.idleTextTooLong],
    ['confidence', 0.55, M.confidence],
    ['confidence', 1.05, M.confidence],
    ['confidence', 0.62, M.confidence],
    ['confidence', 75, M.confidence],
    ['lowConfidence', 0.6, M.lowConfidence],
    ['lowConfidence', 0.15, M.lowConfidence],
    ['lowConfidence', 0.33, M.lowConfidence],
    ['lowConfidence', undefined, M.lowConfidence],
    ['llmSplitSentences', 'on', M.flag('llmSplitSentences')],
    ['chitChatEnabled', 1, M.flag('chitChatEnabled')],
    ['belowThresholdLimit', 0, M.belowThresholdLimit],
    ['belowThresholdLimit', 21, M.belowThresholdLimit],
    ['belowThresholdLimit', 1.5, M.belowThresholdLimit],
    ['chitChatModel', '  ', M.chitChatModelMissing],
  ])('general settings: %s = %.40j is refused with its message', async (field, value, message) => {
    const before = await readBot();
    expect(refusal(await general(w.admin, { ...GENERAL, [field]: value }))).toEqual({
      fieldName: field,
      message,
    });
    expect(await readBot()).toEqual(before);
  });

  test('the LLM toggles and chit-chat are kept; chit-chat needs one of the tenant’s LLMs', async () => {
    const now = new Date().toISOString();
    const addLlm = (id: string, tenantId: string) =>
      server.ctx.repos.db
        .insertInto('llms')
        .values({
          id,
          tenant_id: tenantId,
          display_name: id,
          provider: 'openai',
          model: null,
          is_complete: kind === 'postgres' ? false : 0,
          created_at: now,
          updated_at: now,
        })
        .execute();
    await addLlm(`own-${kind}`, w.world.tenantB);
    await addLlm(`other-${kind}`, w.world.masterTenantId);
    const chitChat = {
      llmSplitSentences: true,
      llmAsyncGuardrails: true,
      chitChatEnabled: true,
      belowThresholdLimit: 2,
      chitChatModel: `own-${kind}`,
    };
    const saved = expectStatus(await general(w.admin, { ...GENERAL, ...chitChat }), 200).json() as BotDetails;
    expect(saved.settings).toMatchObject(chitChat);
    // Left out, they stay as they were (callers that predate them).
    expect((expectStatus(await general(w.admin, GENERAL), 200).json() as BotDetails).settings).toMatchObject(
      chitChat,
    );
    const before = await readBot();
    expect(refusal(await general(w.admin, { ...GENERAL, chitChatModel: `other-${kind}` }))).toEqual({
      fieldName: 'chitChatModel',
      message: M.chitChatModelUnknown,
    });
    expect(refusal(await general(w.admin, { ...GENERAL, chitChatModel: null }))).toEqual({
      fieldName: 'chitChatModel',
      message: M.chitChatModelMissing,
    });
    expect(await readBot()).toEqual(before);
    const off = { ...GENERAL, chitChatEnabled: false, chitChatModel: null };
    expect((expectStatus(await general(w.admin, off), 200).json() as BotDetails).settings).toMatchObject({
      chitChatEnabled: false,
      chitChatModel: null,
    });
  });

  test('system messages: per language of the bot, a blank one is the default, other languages keep theirs', async () => {
    expectStatus(await general(w.admin, GENERAL), 200);
    const scope = scopeOfB();
    const stored = (await scope.bots.get(bot))!;
    await scope.bots.update(stored.id, {
      settings: { ...stored.settings, supportedLanguages: ['en', 'de'] },
    });
    const saved = expectStatus(
      await messages(manager, {
        systemMessages: {
          en: { messageBelowThreshold: 'Pardon?', messageEmpty: '   ', unexpectedErrorMessage: 'Oops.' },
          de: { messageBelowThreshold: 'Wie bitte?' },
        },
      }),
      200,
    ).json() as BotDetails;
    expect(saved.settings.systemMessages).toEqual({
      en: { messageBelowThreshold: 'Pardon?', unexpectedErrorMessage: 'Oops.' },
      de: { messageBelowThreshold: 'Wie bitte?' },
    });
    // Only German given: English keeps its messages; German's only one left blank goes back to defaults.
    expectStatus(await messages(w.admin, { systemMessages: { de: { messageBelowThreshold: '' } } }), 200);
    expect((await readBot()).settings.systemMessages).toEqual({
      en: { messageBelowThreshold: 'Pardon?', unexpectedErrorMessage: 'Oops.' },
    });
    // The general settings' save leaves the messages alone, and the messages' save the general settings.
    expect((await readBot()).settings).toMatchObject({ idleText: GENERAL.idleText });
  });

  test.each([
    [{ systemMessages: { fr: { messageEmpty: 'Rien ?' } } }, 'systemMessages.fr', M.notBotLanguage('fr')],
    [
      { systemMessages: { en: { messageSoon: 'x' } } },
      'systemMessages.en.messageSoon',
      M.unknownSystemMessage('messageSoon'),
    ],
    [
      { systemMessages: { en: { messageEmpty: 'x'.repeat(2001) } } },
      'systemMessages.en.messageEmpty',
      M.systemMessageTooLong,
    ],
    [
      { systemMessages: { en: { messageEmpty: 3 } } },
      'systemMessages.en.messageEmpty',
      M.systemMessageTooLong,
    ],
    [{ systemMessages: { en: 'Hello' } }, 'systemMessages.en', M.systemMessagesMissing],
    [{ systemMessages: ['en'] }, 'systemMessages', M.systemMessagesMissing],
    [{}, 'systemMessages', M.systemMessagesMissing],
  ])('system messages: %.60j is refused', async (body, fieldName, message) => {
    const before = await readBot();
    expect(refusal(await messages(w.admin, body))).toEqual({ fieldName, message });
    expect(await readBot()).toEqual(before);
  });

  test('the test chat says a changed system message on the very next turn, without a restart', async () => {
    const talk = `Chatty Bot ${bots}`;
    await createBot(w.admin, talk);
    const started = expectStatus(await w.admin('POST', `${botPath(talk)}/test-chat`), 201).json();
    const topic = {
      kind: 'conversation' as const,
      botId: started.botId,
      conversationId: started.conversationId,
    };
    const socket = await openSocket(socketUrl(await server.listen(), w.world.tenantAdmin.token));
    await socket.subscribe(topic);
    const say = async (text: string) => {
      const before = socket.messages.length;
      socket.send(JSON.stringify({ type: 'conversation:say', topic, activity: { type: 'text', text } }));
      const turn = await socket.waitFor(
        (m) => m.type === 'conversation:turn' && socket.messages.indexOf(m) >= before,
        10_000,
      );
      return (turn as Extract<ServerMessage, { type: 'conversation:turn' }>).activities;
    };
    // Never published: nothing is recognised, and the bot says its below-threshold message.
    expect(await say('what is the meaning of life')).toEqual([
      { type: 'text', text: DEFAULT_SYSTEM_MESSAGES.messageBelowThreshold },
    ]);
    expectStatus(
      await messages(
        w.admin,
        { systemMessages: { en: { messageBelowThreshold: 'I only know about pizza.' } } },
        talk,
      ),
      200,
    );
    expect(await say('what is the meaning of life')).toEqual([
      { type: 'text', text: 'I only know about pizza.' },
    ]);
    expectStatus(await messages(w.admin, { systemMessages: { en: {} } }, talk), 200);
    expect(await say('and now?')).toEqual([
      { type: 'text', text: DEFAULT_SYSTEM_MESSAGES.messageBelowThreshold },
    ]);
    socket.close();
  });

  test('an avatar is fitted into 256 x 256, stored as WebP, served to whoever sees the bot, replaced and removed', async () => {
    const token = w.world.tenantAdmin.token;
    const first = expectStatus(
      await uploadAvatar(managerToken, 'Me.PNG', await image(800, 400).png().toBuffer()),
      200,
    ).json() as BotDetails;
    const avatar = first.settings.botAvatar!;
    expect(avatar).toMatchObject({ contentType: 'image/webp', width: 256, height: 128 });
    expect((await readBot()).settings.botAvatar).toEqual(avatar);

    // The designer (no 17) sees the bot, so its avatar too.
    const served = expectStatus(await w.designer('GET', `${botPath(bot)}/avatar`), 200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers.etag).toBe(`"${avatar.id}"`);
    const decoded = await sharp(served.rawPayload).metadata();
    expect([decoded.format, decoded.width, decoded.height]).toEqual(['webp', 256, 128]);
    const again = await server.request({
      method: 'GET',
      url: `${botPath(bot)}/avatar`,
      token,
      headers: { 'if-none-match': `"${avatar.id}"` },
    });
    expect(again.statusCode).toBe(304);

    // A new avatar replaces the old one, whose file is deleted.
    const second = expectStatus(
      await uploadAvatar(token, 'photo.jpeg', await image(100, 300).jpeg().toBuffer()),
      200,
    ).json() as BotDetails;
    expect(second.settings.botAvatar).toMatchObject({ width: 85, height: 256 });
    expect(second.settings.botAvatar!.id).not.toBe(avatar.id);
    const blobs = await server.ctx.blobs.list(`tenants/${w.world.tenantB}/bots/${first.id}/avatar/`);
    expect(blobs).toEqual([
      `tenants/${w.world.tenantB}/bots/${first.id}/avatar/${second.settings.botAvatar!.id}.webp`,
    ]);
    // Saving the general settings keeps the avatar.
    expectStatus(await general(w.admin, GENERAL), 200);
    expect((await readBot()).settings.botAvatar).toEqual(second.settings.botAvatar);

    const removed = expectStatus(await w.admin('DELETE', `${botPath(bot)}/avatar`), 200).json() as BotDetails;
    expect(removed.settings.botAvatar).toBeUndefined();
    expect(await server.ctx.blobs.list(`tenants/${w.world.tenantB}/bots/${first.id}/avatar/`)).toEqual([]);
    expect(refusal(await w.admin('GET', `${botPath(bot)}/avatar`), 404).details).toBe(M.noAvatar);
    expectStatus(await w.admin('DELETE', `${botPath(bot)}/avatar`), 200);
  });

  test('avatar refusals: too big, a type not accepted (SVG too), content that is not what the name says, no file', async () => {
    const token = w.world.tenantAdmin.token;
    const png = await image(50, 50).png().toBuffer();
    const cases: Array<[string, Buffer | string, string]> = [
      ['big.png', Buffer.concat([png, Buffer.alloc(AVATAR_MAX_BYTES + 1 - png.length)]), M.avatarTooBig],
      ['logo.svg', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', M.avatarType],
      ['notes.txt', 'hello', M.avatarType],
      ['no-extension', png, M.avatarType],
      ['png-in-disguise.jpg', png, M.avatarUnreadable('JPEG')],
      ['svg-in-disguise.png', '<svg xmlns="http://www.w3.org/2000/svg"/>', M.avatarUnreadable('PNG')],
      ['cut.png', png.subarray(0, 40), M.avatarUnreadable('PNG')],
      ['empty.gif', '', M.avatarUnreadable('GIF')],
    ];
    for (const [fileName, data, message] of cases) {
      expect(refusal(await uploadAvatar(token, fileName, data)), fileName).toEqual({
        fieldName: 'avatar',
        message,
      });
    }
    // Exactly the limit is accepted.
    expectStatus(
      await uploadAvatar(
        token,
        'full.png',
        Buffer.concat([png, Buffer.alloc(AVATAR_MAX_BYTES - png.length)]),
      ),
      200,
    );
    const { payload, contentType } = multipartBody('picture', 'me.png', png);
    const wrongField = await server.request({
      method: 'PUT',
      url: `${botPath(bot)}/avatar`,
      token,
      body: payload,
      headers: { 'content-type': contentType },
    });
    expect(refusal(wrongField)).toEqual({ fieldName: 'avatar', message: M.avatarMissing });
    expect(
      refusal(await w.admin('PUT', `${botPath(bot)}/avatar`, { avatar: 'data:image/png;base64,AAAA' })),
    ).toEqual({
      fieldName: 'avatar',
      message: M.avatarMissing,
    });
  });

  test('without Manage general settings (17) nothing is saved; without a role on the bot nothing is seen', async () => {
    const before = await readBot();
    const png = await image(20, 20).png().toBuffer();
    for (const caller of ['designer', 'stranger'] as const) {
      const call = w[caller];
      for (const response of [
        await general(call, GENERAL),
        await messages(call, { systemMessages: { en: { messageEmpty: 'Hm?' } } }),
        await call('DELETE', `${botPath(bot)}/avatar`),
      ]) {
        expect(refusal(response, 403)).toMatchObject({ code: 'permission_error' });
      }
    }
    const designerToken = w.world.plainUser.token;
    expect(refusal(await uploadAvatar(designerToken, 'a.png', png), 403)).toMatchObject({
      code: 'permission_error',
      requiredPermission: Permission.ManageGeneralSettings,
    });
    expect(refusal(await w.stranger('GET', `${botPath(bot)}/avatar`), 403)).toMatchObject({
      code: 'permission_error',
    });
    expect(await readBot()).toEqual(before);
  });

  test("another tenant's bot and an unknown bot are not found; the other tenant's bot stays as it was", async () => {
    const master = as(server, w.world.master);
    const elsewhereName = `Elsewhere Bot ${uniqueKey()}`;
    await createBot(master, elsewhereName);
    const png = await image(20, 20).png().toBuffer();
    const token = w.world.tenantAdmin.token;
    for (const name of [elsewhereName, 'No Such Bot']) {
      for (const response of [
        await general(w.admin, GENERAL, name),
        await messages(w.admin, { systemMessages: { en: { messageEmpty: 'Hm?' } } }, name),
        await uploadAvatar(token, 'a.png', png, name),
        await w.admin('GET', `${botPath(name)}/avatar`),
        await w.admin('DELETE', `${botPath(name)}/avatar`),
      ]) {
        expect(refusal(response, 404)).toMatchObject({ code: 'not-found_error' });
      }
    }
    const elsewhere = await readBot(master, elsewhereName);
    expect(elsewhere.displayName).toBe(elsewhereName);
    expect(elsewhere.settings).toMatchObject({ delay: 0, confidence: 0.7 });
    expect(elsewhere.settings.systemMessages).toBeUndefined();
  });

  test('hostile input to every route of the two tabs never answers 5xx', async () => {
    const routes = routeCatalogue(server.app).filter(
      (r) => r.method !== 'HEAD' && /^\/api\/bots\/:bot\/(settings\/|avatar$)/.test(r.url),
    );
    expect(routes.map((r) => `${r.method} ${r.url}`).sort()).toEqual([
      'DELETE /api/bots/:bot/avatar',
      'GET /api/bots/:bot/avatar',
      'PUT /api/bots/:bot/avatar',
      'PUT /api/bots/:bot/settings/general',
      'PUT /api/bots/:bot/settings/system-messages',
    ]);
    const log = createFuzzLog();
    for (const token of [w.world.tenantAdmin.token, managerToken]) {
      const send = fuzzSender(server, token, log);
      for (const route of routes) {
        for (const p of HOSTILE_PARAMS)
          await send(route.method, fillPath(route.url, { bot: p }).replace(/%25/g, '%'));
        if (route.method !== 'PUT') continue;
        const url = fillPath(route.url, { bot });
        const base = route.url.endsWith('general')
          ? GENERAL
          : { systemMessages: { en: { messageEmpty: 'Hm?' } } };
        for (const body of hostileBodies(base, HOSTILE_VALUES)) await send('PUT', url, body);
        for (const value of HOSTILE_VALUES)
          await send('PUT', url, {
            systemMessages: { en: { messageEmpty: value }, [String(value).slice(0, 30)]: {} },
          });
        for (const raw of HOSTILE_RAW_BODIES)
          await send('PUT', url, raw, { 'content-type': 'application/json' });
        await send('PUT', url, 'a=b', { 'content-type': 'application/x-www-form-urlencoded' });
        await send('PUT', url, '--x\r\nbroken', { 'content-type': 'multipart/form-data; boundary=x' });
        await send(
          'PUT',
          url,
          '--x\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\n\r\n\x89PNG',
          {
            'content-type': 'multipart/form-data; boundary=x',
          },
        );
      }
    }
    // Random bytes under every accepted name, and real headers followed by garbage.
    const headers = {
      png: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      jpg: Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
      webp: Buffer.from('RIFF\x00\x00\x00\x00WEBPVP8 ', 'latin1'),
      gif: Buffer.from('GIF89a'),
    };
    let seed = 7;
    const noise = (length: number) =>
      Buffer.from(
        Array.from({ length }, () => {
          seed = (seed * 1103515245 + 12345) % 2 ** 31;
          return seed % 256;
        }),
      );
    for (const [extension, header] of Object.entries(headers)) {
      for (const length of [0, 10, 500, 5000]) {
        const response = await uploadAvatar(
          w.world.tenantAdmin.token,
          `fuzz.${extension}`,
          Buffer.concat([header, noise(length)]),
        );
        log.check(
          `PUT avatar fuzz.${extension} + ${length} random bytes`,
          response.statusCode,
          response.body,
        );
        expect(response.statusCode, `${extension} + ${length}`).toBe(400);
      }
    }
    expect(log.failures).toEqual([]);
    expect(log.sent).toBeGreaterThan(200);
  });
});
