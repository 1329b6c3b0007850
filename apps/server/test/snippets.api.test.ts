import {
  DEFAULT_SNIPPET_SETTINGS,
  SNIPPET_MESSAGES as M,
  SNIPPET_ICON_MAX_BYTES,
  SNIPPET_LIMITS,
  SNIPPET_POSITIONS,
  SNIPPET_VERSION,
  type SnippetView,
} from '@parley/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { snippetIconKey } from '../src/services/chat-bubble/snippet.service';
import { as, type Call, expectStatus } from './support/admin-world';
import { buildContentWorld, type ContentWorld, multipartBody } from './support/bot-content';
import { botPath, createBot } from './support/bots';
import { testDatabases } from './support/databases';
import { uniqueKey } from './support/tenant-world';
import { startTestServer, type TestServer } from './support/test-server';

const MAINTAINER_ROLE = 3;
const png = (side: number) =>
  sharp({ create: { width: side, height: side, channels: 4, background: '#336699' } })
    .png()
    .toBuffer();
const SAFE_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24"><script>alert(1)</script><circle cx="12" cy="12" r="10" fill="#c00" onload="alert(2)"/></svg>';

/**
 * Chat bubble snippets (spec 04 sections 3.6, 5, 8): the bot's members list them, permission 19
 * creates, saves, renames and deletes them, origins hold only origin parts, icons are png, jpeg
 * or svg within the size limit and are stored re-drawn as PNG, and nothing crosses tenants.
 */
describe.each(testDatabases())('chat bubble snippets on %s', (kind) => {
  let server: TestServer;
  let w: ContentWorld;
  let master: Call;
  const BOT = 'Bubble Bot';
  const snippets = (bot = BOT) => `${botPath(bot)}/snippets`;
  const snippet = (name: string, bot = BOT) => `${snippets(bot)}/${encodeURIComponent(name)}`;
  const fresh = () => `Bubble ${uniqueKey()}`;

  const create = async (call: Call, body: Record<string, unknown>, bot = BOT) =>
    expectStatus(await call('POST', snippets(bot), body), 201).json() as SnippetView;

  const uploadIcon = (
    url: string,
    fileName: string,
    data: Buffer | string,
    token = w.world.tenantAdmin.token,
  ) => {
    const { payload, contentType } = multipartBody('file', fileName, data);
    return server.request({
      method: 'PUT',
      url,
      token,
      body: payload,
      headers: { 'content-type': contentType },
    });
  };

  beforeAll(async () => {
    server = await startTestServer(kind);
    w = await buildContentWorld(server, BOT);
    master = as(server, w.world.master);
    // The master tenant has a bot of the same name: its snippets are another tenant's.
    await createBot(master, BOT);
    await createBot(w.admin, 'Maintained Bubble Bot');
    expectStatus(
      await w.admin('POST', '/api/user/role', {
        userEmail: w.world.plainUser.email,
        botName: 'Maintained Bubble Bot',
        role: MAINTAINER_ROLE,
      }),
      200,
    );
  }, 120_000);
  afterAll(() => server?.close());

  test('a snippet is made with every field of 3.6, its defaults, a string version and a token and code', async () => {
    const name = fresh();
    const made = await create(w.admin, {
      name,
      description: 'On the shop',
      allowedOrigins: ['https://shop.example.com', 'http://localhost:8080/'],
      settings: {
        title: 'Ask us',
        position: 'top-left',
        defaultChatScreen: 'big',
        isMainColor: true,
        mainColor: '#112233',
        hasPopupMessages: true,
        popupMessages: [{ message: 'Need help?', delay: 2.5 }],
      },
    });
    expect(made).toMatchObject({
      name,
      version: SNIPPET_VERSION,
      description: 'On the shop',
      allowedOrigins: ['https://shop.example.com', 'http://localhost:8080'],
      settings: {
        ...DEFAULT_SNIPPET_SETTINGS,
        title: 'Ask us',
        position: 'top-left',
        defaultChatScreen: 'big',
        isMainColor: true,
        mainColor: '#112233',
        hasPopupMessages: true,
        popupMessages: [{ message: 'Need help?', delay: 2.5 }],
      },
    });
    expect(typeof made.version).toBe('string');
    expect(made.token).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(made.code).toMatch(/^[A-Za-z0-9_-]{16}$/);
    const listed = expectStatus(await w.admin('GET', snippets()), 200).json() as SnippetView[];
    expect(listed.find((s) => s.name === name)).toEqual(made);
    // A bot member without permission 19 (Pat, Designer) lists them too.
    const seen = expectStatus(await w.designer('GET', snippets()), 200).json() as SnippetView[];
    expect(seen.map((s) => s.name)).toContain(name);
  });

  test('a save changes what it sends and keeps the rest; every position is accepted', async () => {
    const name = fresh();
    const made = await create(w.admin, { name, settings: { title: 'Hello' } });
    for (const position of SNIPPET_POSITIONS) {
      const saved = expectStatus(
        await w.admin('PUT', snippet(name), { settings: { position } }),
        200,
      ).json() as SnippetView;
      expect(saved.settings.position).toBe(position);
      expect(saved.settings.title).toBe('Hello');
    }
    const saved = expectStatus(
      await w.admin('PUT', snippet(name), {
        description: 'Changed',
        allowedOrigins: [],
        settings: { hasUploadButton: true, showNotificationMessage: true, hasMicButton: true },
      }),
      200,
    ).json() as SnippetView;
    expect(saved).toMatchObject({
      name,
      token: made.token,
      code: made.code,
      description: 'Changed',
      allowedOrigins: [],
      settings: { title: 'Hello', hasUploadButton: true, showNotificationMessage: true, hasMicButton: true },
    });
  });

  test('a rename keeps the token and code; a taken name is a conflict; delete by name', async () => {
    const [a, b] = [fresh(), fresh()];
    const made = await create(w.admin, { name: a });
    await create(w.admin, { name: b });
    expectStatus(await w.admin('PUT', `${snippet(a)}/name`, { newName: b }), 409);
    const renamed = expectStatus(
      await w.admin('PUT', `${snippet(a)}/name`, { newName: `${a} new` }),
      200,
    ).json();
    expect(renamed).toMatchObject({ name: `${a} new`, token: made.token, code: made.code });
    expectStatus(await w.admin('PUT', snippet(a), { description: 'x' }), 404);
    expectStatus(await w.admin('POST', snippets(), { name: b }), 409);
    expectStatus(await w.admin('DELETE', snippet(`${a} new`)), 204);
    expectStatus(await w.admin('DELETE', snippet(`${a} new`)), 404);
    const names = (expectStatus(await w.admin('GET', snippets()), 200).json() as SnippetView[]).map(
      (s) => s.name,
    );
    expect(names).toContain(b);
    expect(names).not.toContain(`${a} new`);
  });

  test('changes need Manage chat bubbles (19); a stranger to the bot may not even list', async () => {
    const name = fresh();
    await create(w.admin, { name });
    const refusals = [
      await w.designer('POST', snippets(), { name: fresh() }),
      await w.designer('PUT', snippet(name), { description: 'no' }),
      await w.designer('PUT', `${snippet(name)}/name`, { newName: fresh() }),
      await w.designer('DELETE', snippet(name)),
      await uploadIcon(`${snippet(name)}/avatar`, 'a.png', await png(16), w.world.plainUser.token),
    ];
    for (const response of refusals) {
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json()).toMatchObject({ code: 'permission_error', requiredPermission: 19 });
    }
    expectStatus(await w.stranger('GET', snippets()), 403);
    // The same user as Maintainer of another bot (which has 19) manages that bot's bubbles.
    const other = await create(w.designer, { name: fresh() }, 'Maintained Bubble Bot');
    expect(other.version).toBe(SNIPPET_VERSION);
  });

  test('snippets belong to their tenant: the same bot name in another tenant shows none of them', async () => {
    const name = fresh();
    await create(w.admin, { name });
    const theirs = expectStatus(await master('GET', snippets()), 200).json() as SnippetView[];
    expect(theirs.map((s) => s.name)).not.toContain(name);
    expectStatus(await master('PUT', snippet(name), { description: 'theirs' }), 404);
    expectStatus(await master('DELETE', snippet(name)), 404);
    const own = await create(master, { name });
    expect(own.token).not.toBe(
      (expectStatus(await w.admin('GET', snippets()), 200).json() as SnippetView[]).find(
        (s) => s.name === name,
      )?.token,
    );
  });

  test.each([
    ['HTTPS://Shop.Example.com:443/', 'https://shop.example.com'],
    ['http://localhost:8080', 'http://localhost:8080'],
    ['http://[::1]:3000', 'http://[::1]:3000'],
  ])('the origin %j is taken as %j', async (origin, stored) => {
    const made = await create(w.admin, { name: fresh(), allowedOrigins: [origin, stored] });
    expect(made.allowedOrigins).toEqual([stored]);
  });

  test.each([
    ['https://shop.example.com/path', M.originOnly],
    ['https://shop.example.com/?q=1', M.originOnly],
    ['https://shop.example.com#top', M.originOnly],
    ['https://user:pw@shop.example.com', M.originOnly],
    ['ftp://shop.example.com', M.originOnly],
    ['javascript:alert(1)', M.originOnly],
    ['not a url', M.invalidUrl],
    ['', M.invalidUrl],
  ])('the origin %j is refused with %j', async (origin, message) => {
    const response = await w.admin('POST', snippets(), { name: fresh(), allowedOrigins: [origin] });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation_error', message });
  });

  test.each([
    [{ name: '' }, M.nameMissing],
    [{ name: 42 }, M.nameMissing],
    [{ name: 'x'.repeat(101) }, M.nameTooLong],
    [{ name: 'ok', settings: { mainColor: 'red;background:url(x)' } }, M.colorInvalid],
    [{ name: 'ok', settings: { position: 'middle' } }, undefined],
    [{ name: 'ok', settings: { defaultChatScreen: 'huge' } }, undefined],
    [{ name: 'ok', settings: { popupMessages: [{ message: 'Hi', delay: -1 }] } }, M.popupDelay],
    [{ name: 'ok', settings: { popupMessages: [{ message: ' ', delay: 1 }] } }, M.popupMessageMissing],
    [{ name: 'ok', settings: { avatar: 'x' } }, undefined],
    [{ name: 'ok', token: 'chosen' }, undefined],
  ])('bad input %j is a 400', async (body, message) => {
    const response = await w.admin('POST', snippets(), body);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().code).toBe('validation_error');
    if (message) expect(response.json().message).toBe(message);
  });

  test('icons: png, jpeg and svg are stored re-drawn as PNG; the old one goes; too big and wrong types are refused', async () => {
    const name = fresh();
    const made = await create(w.admin, { name });
    const record = async () => (await server.ctx.repos.snippets.byToken(made.token))!;
    const avatar = expectStatus(
      await uploadIcon(`${snippet(name)}/avatar`, 'logo.png', await png(600)),
      200,
    ).json() as SnippetView;
    expect(avatar.settings.avatar).toMatch(/^[a-f0-9-]{36}$/);
    const first = await server.ctx.blobs.get(
      snippetIconKey(await record(), 'avatar', avatar.settings.avatar!),
    );
    expect(first?.contentType).toBe('image/png');
    expect((await sharp(first!.data).metadata()).width).toBe(256);

    const jpeg = await sharp(await png(32))
      .jpeg()
      .toBuffer();
    const second = expectStatus(await uploadIcon(`${snippet(name)}/avatar`, 'photo.JPG', jpeg), 200).json();
    expect(second.settings.avatar).not.toBe(avatar.settings.avatar);
    expect(
      await server.ctx.blobs.exists(snippetIconKey(await record(), 'avatar', avatar.settings.avatar!)),
    ).toBe(false);

    // An SVG is drawn: what is kept is a PNG picture, none of the SVG's script.
    const icon = expectStatus(
      await uploadIcon(`${snippet(name)}/bubble-icon`, 'bubble.svg', SAFE_SVG),
      200,
    ).json();
    const drawn = await server.ctx.blobs.get(
      snippetIconKey(await record(), 'bubble-icon', icon.settings.bubbleIcon),
    );
    expect(drawn!.data.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(drawn!.data.toString('latin1')).not.toContain('alert');
    expect(icon.settings.avatar).toBe(second.settings.avatar);

    const refused = async (fileName: string, data: Buffer | string, message: string) => {
      const response = await uploadIcon(`${snippet(name)}/bubble-icon`, fileName, data);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().message).toBe(message);
    };
    await refused(
      'big.png',
      Buffer.alloc(SNIPPET_ICON_MAX_BYTES + 1, 1),
      M.iconTooBig(SNIPPET_ICON_MAX_BYTES),
    );
    expect(M.iconTooBig(SNIPPET_ICON_MAX_BYTES)).toBe('Icon is too big. Accepted size is 200KB');
    await refused('icon.gif', await png(8), M.iconType);
    await refused('icon.html', '<script>alert(1)</script>', M.iconType);
    expect(M.iconType).toBe('Icon type is incorrect. Accepted types are png, jpeg, svg');
    await refused('fake.png', 'not a png at all', M.iconUnreadable);
    await refused(
      'linked.svg',
      '<svg xmlns="http://www.w3.org/2000/svg"><image href="file:///etc/passwd" width="9" height="9"/></svg>',
      M.iconUnsafeSvg,
    );
    await refused(
      'entity.svg',
      '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg"><text>&x;</text></svg>',
      M.iconUnsafeSvg,
    );
    const missing = await server.request({
      method: 'PUT',
      url: `${snippet(name)}/avatar`,
      token: w.world.tenantAdmin.token,
      body: {},
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(M.iconMissing);

    // Removing the icon deletes its image; deleting the snippet deletes the rest.
    const removed = expectStatus(await w.admin('DELETE', `${snippet(name)}/bubble-icon`), 200).json();
    expect(removed.settings.bubbleIcon).toBeNull();
    const kept = await record();
    expectStatus(await w.admin('DELETE', snippet(name)), 204);
    expect(await server.ctx.blobs.exists(snippetIconKey(kept, 'avatar', second.settings.avatar))).toBe(false);
  });

  test('a bot has at most 50 chat bubbles', async () => {
    const bot = `Crowded ${uniqueKey()}`;
    await createBot(w.admin, bot);
    for (let i = 0; i < SNIPPET_LIMITS.perBot; i++) await create(w.admin, { name: `Bubble ${i}` }, bot);
    const refused = await w.admin('POST', snippets(bot), { name: 'One too many' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(M.tooMany);
    expectStatus(await w.admin('DELETE', snippet('Bubble 0', bot)), 204);
    await create(w.admin, { name: 'One too many' }, bot);
  });

  test('the base URL names the backend, the websocket, the chat root and the script', async () => {
    const base = expectStatus(await w.designer('GET', `${snippets()}/base-url`), 200).json();
    const backend = server.ctx.config.publicUrl;
    expect(base).toEqual({
      backendUrl: backend,
      websocketUrl: `${backend.replace(/^http/, 'ws')}/ws`,
      bcr: `${backend}/api/widget`,
      scriptUrl: `${backend}/assets/chat-widget.js`,
    });
    expectStatus(await w.stranger('GET', `${snippets()}/base-url`), 403);
  });
});
