import {
  BLOCK_FILE_CONTENT_TYPES,
  BLOCK_FILE_MAX_BYTES,
  type BlockFileExtension,
  type BlockFileView,
  FLOW_EDITOR_MESSAGES as M,
  Permission,
  TEST_CHAT_TOKEN_HEADER,
  type TestChatStarted,
} from '@parley/contracts';
import { buildFlowXml } from '@parley/flows';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { as, type Call, expectStatus, USER_PASSWORD } from './support/admin-world';
import {
  EXECUTABLE,
  gifFile,
  HTML_PAGE,
  jpegFile,
  officeOpenXml,
  ole2File,
  PDF_FILE,
  pngFile,
  storedZip,
} from './support/block-files';
import { buildContentWorld, type ContentWorld, multipartBody } from './support/bot-content';
import { botPath, createBot } from './support/bots';
import { testDatabases } from './support/databases';
import { botUserWith, downloadPath, uploadPath } from './support/flow-editor';
import { subFlowPath } from './support/flows';
import { createFunction } from './support/functions';
import { startTestServer, type TestServer } from './support/test-server';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The files of Send Attachment and Send Image blocks (spec 03 sections 3.2, 5, 6, 7 'Files', 8):
 * uploaded when a flow is saved, checked against their extension, kept under a generated id,
 * downloaded safely by whoever may manage flows, and fetched by the chats the blocks send them to.
 */
describe.each(testDatabases())('block files on %s', (kind) => {
  let server: TestServer;
  let w: ContentWorld;
  let bot: string;
  let files: Record<BlockFileExtension, Buffer>;
  let viewer: Call;
  let subFlowsOnly: { call: Call; token: string };
  let textEditor: Call;

  beforeAll(async () => {
    server = await startTestServer(kind);
    w = await buildContentWorld(server, 'Files Bot');
    bot = w.botName;
    const book = new ExcelJS.Workbook();
    book.addWorksheet('Prices').addRow(['Pizza', 9.5]);
    const [png, gif, jpeg] = await Promise.all([pngFile(), gifFile(), jpegFile()]);
    files = {
      doc: ole2File('WordDocument'),
      docx: officeOpenXml('word'),
      ppt: ole2File('PowerPoint Document'),
      pptx: officeOpenXml('ppt'),
      xls: ole2File('Workbook'),
      xlsx: Buffer.from(await book.xlsx.writeBuffer()),
      pdf: PDF_FILE,
      txt: Buffer.from('Opening hours: 9–17 ☕\n'),
      png,
      jpeg,
      gif,
      jpg: jpeg,
    };
    viewer = (
      await botUserWith(server, w.world, bot, { email: 'vic.viewer@example.com', name: 'Vic_Viewer' }, [
        Permission.TestBot,
      ])
    ).call;
    subFlowsOnly = await botUserWith(
      server,
      w.world,
      bot,
      { email: 'sue.subs@example.com', name: 'Sue_Subs' },
      [Permission.ManageSubflows],
    );
    textEditor = (
      await botUserWith(server, w.world, bot, { email: 'tess.texts@example.com', name: 'Tess_Texts' }, [
        Permission.ManageFlows,
      ])
    ).call;
    await createBot(w.admin, 'Other Files Bot');
  });
  afterAll(() => server?.close());

  const tokens = () => ({
    designer: w.world.plainUser.token,
    admin: w.world.tenantAdmin.token,
    subFlowsOnly: subFlowsOnly.token,
  });
  const upload = (
    fileName: string,
    data: Buffer | string,
    options: { as?: keyof ReturnType<typeof tokens>; accept?: string; field?: string; bot?: string } = {},
  ) => {
    const { payload, contentType } = multipartBody(
      options.field ?? 'file',
      fileName,
      data,
      options.accept === undefined ? {} : { accept: options.accept },
    );
    return server.request({
      method: 'POST',
      url: uploadPath(options.bot ?? bot),
      token: tokens()[options.as ?? 'designer'],
      body: payload,
      headers: { 'content-type': contentType },
    });
  };
  const uploaded = async (fileName: string, data: Buffer | string, options = {}) =>
    expectStatus(await upload(fileName, data, options), 200).json() as BlockFileView;
  const refusal = (response: LightMyRequestResponse) => {
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json();
    expect(body.code).toBe('validation_error');
    return [body.fieldName, body.message];
  };
  const notFound = (response: LightMyRequestResponse) => {
    expect(response.statusCode, response.body).toBe(404);
    expect(response.json()).toEqual({
      code: 'not-found_error',
      message: M.fileNotFound,
      details: M.fileNotFoundDetail,
    });
  };
  const storedRows = () =>
    server.ctx.repos.db.selectFrom('block_files').select(['id', 'file_name']).execute();
  const blobKeys = async () => server.ctx.blobs.list(`tenants/${w.world.tenantB}/`);

  test('each accepted type is stored under a generated id and downloads byte for byte with safe headers', async () => {
    const fileIds: string[] = [];
    for (const [extension, data] of Object.entries(files) as Array<[BlockFileExtension, Buffer]>) {
      const file = await uploaded(`Opening hours.${extension}`, data);
      fileIds.push(file.fileId);
      expect(file).toEqual({
        fileId: expect.stringMatching(UUID),
        fileExtension: extension,
        contentType: BLOCK_FILE_CONTENT_TYPES[extension],
        fileName: `Opening hours.${extension}`,
        size: data.length,
      });
      const download = expectStatus(
        await w.designer('GET', downloadPath(bot, file.fileId, `Opening hours.${extension}`)),
        200,
      );
      expect(download.rawPayload.equals(data), extension).toBe(true);
      expect(download.headers).toMatchObject({
        'content-type': BLOCK_FILE_CONTENT_TYPES[extension],
        'content-disposition': `attachment; filename="Opening hours.${extension}"; filename*=UTF-8''Opening%20hours.${extension}`,
        'x-content-type-options': 'nosniff',
        'content-security-policy': "sandbox; default-src 'none'",
      });
    }
    const botId = (await server.ctx.repos.forTenant(w.world.tenantB).bots.get(bot))?.id;
    const keys = await blobKeys();
    expect(keys.length).toBeGreaterThanOrEqual(12);
    // The files of this test are under the bot's block files; every key of the tenant (other
    // tests' bots' files too) is a block file's, under its bot.
    for (const fileId of fileIds)
      expect(keys).toContain(`tenants/${w.world.tenantB}/bots/${botId}/block-files/${fileId}`);
    for (const key of keys)
      expect(key).toMatch(new RegExp(`^tenants/${w.world.tenantB}/bots/[^/]+/block-files/[0-9a-f-]{36}$`));
  });

  test('Send Image blocks take PNG and GIF only; an unknown list is refused', async () => {
    expect((await uploaded('logo.png', files.png, { accept: 'image' })).fileExtension).toBe('png');
    expect((await uploaded('dance.GIF', files.gif, { accept: 'image' })).fileExtension).toBe('gif');
    for (const [name, data] of [
      ['photo.jpg', files.jpg],
      ['menu.pdf', files.pdf],
    ] as const)
      expect(refusal(await upload(name, data, { accept: 'image' }))).toEqual([
        'file',
        M.fileType(name.split('.')[1] as string, ['png', 'gif']),
      ]);
    expect(refusal(await upload('logo.png', files.png, { accept: 'svg' }))).toEqual(['accept', M.acceptList]);
  });

  test('other types are refused by their extension, and content that is not what the extension says by its bytes', async () => {
    const before = { rows: (await storedRows()).length, blobs: (await blobKeys()).length };
    const accepted = Object.keys(BLOCK_FILE_CONTENT_TYPES);
    for (const [name, extension] of [
      ['setup.exe', 'exe'],
      ['drawing.svg', 'svg'],
      ['page.html', 'html'],
      ['archive.zip', 'zip'],
      ['README', ''],
      ['trailing.dot.', ''],
    ] as const)
      expect(refusal(await upload(name, 'x'))).toEqual(['file', M.fileType(extension, accepted)]);
    for (const [name, data, extension] of [
      ['cat.png', EXECUTABLE, 'png'],
      ['cat.PNG', EXECUTABLE, 'png'],
      ['invoice.pdf', HTML_PAGE, 'pdf'],
      ['letter.docx', storedZip({ 'evil.js': 'x' }), 'docx'],
      ['sheet.xlsx', files.docx, 'xlsx'],
      ['notes.txt', EXECUTABLE, 'txt'],
      ['photo.jpg', files.png, 'jpg'],
      ['old.doc', ole2File('Workbook'), 'doc'],
    ] as const)
      expect(refusal(await upload(name, data))).toEqual(['file', M.fileContent(extension)]);
    expect(refusal(await upload('empty.txt', ''))).toEqual(['file', M.fileEmpty]);
    expect({ rows: (await storedRows()).length, blobs: (await blobKeys()).length }).toEqual(before);
  });

  test('30 MB is the limit, with the spec’s message', async () => {
    const atLimit = await uploaded('big.txt', Buffer.alloc(BLOCK_FILE_MAX_BYTES, 'a'));
    expect(atLimit.size).toBe(BLOCK_FILE_MAX_BYTES);
    const tooBig = await upload('big.txt', Buffer.alloc(BLOCK_FILE_MAX_BYTES + 1, 'a'));
    expect(refusal(tooBig)).toEqual(['file', 'File is too big. Accepted size is 30MB']);
  }, 60_000);

  test('names with folders, control and direction characters or too many characters never reach a key', async () => {
    const cases: Array<[string, string]> = [
      ['../../etc/passwd.txt', 'passwd.txt'],
      ['..\\..\\Windows\\win.txt', 'win.txt'],
      ['/absolute/path/menu.txt', 'menu.txt'],
      ['quarterly\u202Etxt.exe.txt', 'quarterlytxt.exe.txt'],
      ['tab\tand\u0007bell.txt', 'tabandbell.txt'],
      ['Café menü 😀.txt', 'Café menü 😀.txt'],
      [`${'long'.repeat(300)}.txt`, `${'long'.repeat(300).slice(0, 196)}.txt`],
    ];
    for (const [sent, kept] of cases) {
      const file = await uploaded(sent, 'hello');
      expect(file.fileName, sent).toBe(kept);
    }
    expect(refusal(await upload('../', 'hello'))).toEqual(['file', M.fileNameMissing]);
    for (const key of await blobKeys()) expect(key).not.toMatch(/\.\.|passwd|win\.txt|menu\.txt/);
  });

  test('a request without the file, or that is no upload at all, says which field it needs', async () => {
    expect(refusal(await upload('menu.pdf', files.pdf, { field: 'other' }))).toEqual(['file', M.fileMissing]);
    expect(refusal(await w.designer('POST', uploadPath(bot), { file: 'menu.pdf' }))).toEqual([
      'file',
      M.fileMissing,
    ]);
  });

  test('the name a download is saved under keeps the stored extension and is safe in the header', async () => {
    const file = await uploaded('menu.pdf', files.pdf);
    const nameOf = async (asked: string) =>
      expectStatus(await w.designer('GET', downloadPath(bot, file.fileId, asked)), 200).headers[
        'content-disposition'
      ];
    expect(await nameOf('Menu.pdf')).toBe(`attachment; filename="Menu.pdf"; filename*=UTF-8''Menu.pdf`);
    expect(await nameOf('evil.html')).toBe(
      `attachment; filename="evil.html.pdf"; filename*=UTF-8''evil.html.pdf`,
    );
    expect(await nameOf('Café "menu"; x=1.pdf')).toBe(
      `attachment; filename="Caf_ _menu__ x_1.pdf"; filename*=UTF-8''Caf%C3%A9%20%22menu%22%3B%20x%3D1.pdf`,
    );
    expect(await nameOf('../../x.pdf')).toContain('filename="x.pdf"');
  });

  test('an unknown id, or another bot’s or tenant’s file, is not found with the spec’s words', async () => {
    const file = await uploaded('menu.pdf', files.pdf);
    notFound(await w.designer('GET', downloadPath(bot, crypto.randomUUID(), 'menu.pdf')));
    for (const id of ['not-an-id', '...', '%2e%2e%2fx', file.fileId.toUpperCase(), `${file.fileId}x`])
      notFound(await w.designer('GET', downloadPath(bot, id, 'menu.pdf')));

    const other = await uploaded('other.pdf', files.pdf, { as: 'admin', bot: 'Other Files Bot' });
    notFound(await w.admin('GET', downloadPath(bot, other.fileId, 'other.pdf')));
    notFound(await w.admin('GET', downloadPath('Other Files Bot', file.fileId, 'menu.pdf')));

    // The master tenant's bot of the same name: its own files, none of tenant B's.
    const master = as(server, w.world.master);
    await createBot(master, bot);
    notFound(await master('GET', downloadPath(bot, file.fileId, 'menu.pdf')));
    const { payload, contentType } = multipartBody('file', 'master.pdf', files.pdf);
    const masters = expectStatus(
      await server.request({
        method: 'POST',
        url: uploadPath(bot),
        token: w.world.master.token,
        body: payload,
        headers: { 'content-type': contentType },
      }),
      200,
    ).json() as BlockFileView;
    notFound(await w.admin('GET', downloadPath(bot, masters.fileId, 'master.pdf')));
    expectStatus(await master('GET', downloadPath(bot, masters.fileId, 'master.pdf')), 200);
  });

  test('uploading needs a right to change flows; downloading needs Manage flows (spec 03 section 6)', async () => {
    const file = await uploaded('menu.pdf', files.pdf, { as: 'subFlowsOnly' });
    const refused = await subFlowsOnly.call('GET', downloadPath(bot, file.fileId, 'menu.pdf'));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'permission_error',
      requiredPermission: Permission.ManageFlows,
    });
    expectStatus(await textEditor('GET', downloadPath(bot, file.fileId, 'menu.pdf')), 200);
    for (const call of [viewer, w.stranger]) {
      expect((await call('GET', downloadPath(bot, file.fileId, 'menu.pdf'))).statusCode).toBe(403);
    }
    const { payload, contentType } = multipartBody('file', 'menu.pdf', files.pdf);
    const viewerToken = (await server.login('vic.viewer@example.com', USER_PASSWORD)).token;
    for (const [token, status] of [
      [viewerToken, 403],
      [w.world.plainUser.token.slice(0, 0), 401],
    ] as const) {
      const response = await server.request({
        method: 'POST',
        url: uploadPath(bot),
        ...(token ? { token } : {}),
        body: payload,
        headers: { 'content-type': contentType },
      });
      expect(response.statusCode).toBe(status);
    }
  });

  test('what a flow sends reaches the chats: the test chat with Test bot, the public one with its session', async () => {
    const pdf = await uploaded('menu.pdf', files.pdf);
    const gif = await uploaded('dance.gif', files.gif, { accept: 'image' });
    await createFunction(w.admin, bot, { type: 'flow', name: 'Send menu' });
    const xml = await buildFlowXml(
      [
        {
          block: 'sendAttachment',
          fields: {
            input: 'Our menu.pdf',
            file: 'menu.pdf',
            fileId: pdf.fileId,
            fileExtension: 'pdf',
            contentType: pdf.contentType,
          },
        },
        {
          block: 'sendGif',
          fields: {
            file: 'dance.gif',
            fileId: gif.fileId,
            fileExtension: 'gif',
            contentType: gif.contentType,
          },
        },
        { end: 'endFlow' },
      ],
      { languages: ['en'] },
    );
    const saved = expectStatus(
      await w.admin('POST', `${subFlowPath(bot, 'Send menu')}/flow`, { xml: encodeURIComponent(xml) }),
      200,
    ).json();
    expect(saved.problems).toEqual([]);
    const started = expectStatus(
      await w.designer('POST', `${botPath(bot)}/test-chat`, { subFlow: 'Send menu' }),
      201,
    ).json() as TestChatStarted;
    expect(started.history).toEqual([
      { from: 'bot', activity: { type: 'attachment', name: 'Our menu.pdf', fileId: pdf.fileId } },
      { from: 'bot', activity: { type: 'attachment', name: 'dance.gif', fileId: gif.fileId } },
    ]);

    const chatFile = (id: string) => `${botPath(bot)}/chat-files/${id}`;
    for (const call of [w.designer, viewer]) {
      const attachment = expectStatus(await call('GET', chatFile(pdf.fileId)), 200);
      expect(attachment.rawPayload.equals(files.pdf)).toBe(true);
      expect(attachment.headers['content-disposition']).toMatch(/^attachment; filename="menu.pdf"/);
      const image = expectStatus(await call('GET', chatFile(gif.fileId)), 200);
      expect(image.headers['content-type']).toBe('image/gif');
      expect(image.headers['content-disposition']).toMatch(/^inline; filename="dance.gif"/);
      expect(image.headers['x-content-type-options']).toBe('nosniff');
    }
    expect((await subFlowsOnly.call('GET', chatFile(pdf.fileId))).statusCode).toBe(403);
    notFound(await w.designer('GET', chatFile(crypto.randomUUID())));

    // The public test chat: a visitor's session names the bot; its files, and only its files.
    const { password, linkId } = expectStatus(
      await w.admin('GET', `${botPath(bot)}/ext-chat/password`),
      200,
    ).json();
    const session = expectStatus(
      await server.request({ method: 'POST', url: '/api/test-chat/sessions', body: { linkId, password } }),
      201,
    ).json();
    const visitorGet = (id: string, token?: string) =>
      server.request({
        method: 'GET',
        url: `/api/test-chat/files/${id}`,
        ...(token ? { headers: { [TEST_CHAT_TOKEN_HEADER.toLowerCase()]: token } } : {}),
      });
    const seen = expectStatus(await visitorGet(pdf.fileId, session.token), 200);
    expect(seen.rawPayload.equals(files.pdf)).toBe(true);
    const others = await uploaded('other.pdf', files.pdf, { as: 'admin', bot: 'Other Files Bot' });
    notFound(await visitorGet(others.fileId, session.token));
    expect((await visitorGet(pdf.fileId)).statusCode).toBe(401);
    expect((await visitorGet(pdf.fileId, w.world.plainUser.token)).statusCode).toBe(401);
  });

  test('deleting the bot deletes its files, rows and bytes', async () => {
    await createBot(w.admin, 'Doomed Files Bot');
    const file = await uploaded('menu.pdf', files.pdf, { as: 'admin', bot: 'Doomed Files Bot' });
    expect((await storedRows()).some((r) => r.id === file.fileId)).toBe(true);
    expectStatus(await w.admin('DELETE', botPath('Doomed Files Bot')), 204);
    expect((await storedRows()).some((r) => r.id === file.fileId)).toBe(false);
    expect((await blobKeys()).some((key) => key.endsWith(file.fileId))).toBe(false);
  });
});
