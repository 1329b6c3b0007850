import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { BLOCK_FILE_EXTENSIONS, FLOW_XML_MAX_BYTES, TEST_CHAT_TOKEN_HEADER } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { routeCatalogue } from '../src/http/route-catalogue';
import { expectStatus } from './support/admin-world';
import { EXECUTABLE, HTML_PAGE, officeOpenXml, PDF_FILE, pngFile, storedZip } from './support/block-files';
import { buildContentWorld, type ContentWorld, multipartBody } from './support/bot-content';
import { testDatabases } from './support/databases';
import { testFlowXml } from './support/flows';
import {
  createFuzzLog,
  fuzzSender,
  HOSTILE_PARAMS,
  HOSTILE_RAW_BODIES,
  HOSTILE_VALUES,
  hostileBodies,
  sendBrokenMultiparts,
} from './support/fuzz';
import { ownContentBot } from './support/own-content-bot';
import { fillPath } from './support/route-walk';
import { startTestServer, type TestServer } from './support/test-server';

/** The flow editor's own calls: lock, compression, block files and their downloads, the LLM list; routes added later too. */
const EDITOR_AREA =
  /^\/api\/(bots\/:bot\/editor$|flow\/for-(compression|decompression)$|:bot\/block-upload-file$|test-download-file\/|bots\/:bot\/chat-files\/|test-chat\/files\/|llm$)/;

const GOOD = testFlowXml({ message: 'Hi [name]' });

/** What bites a flow's way through compression: odd encodings, entities, sizes. */
const XML_VALUES: unknown[] = [
  ...HOSTILE_VALUES,
  '%',
  '%E0%A4%A',
  '%00',
  '%3C',
  encodeURIComponent(GOOD).slice(0, 300),
  '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>',
  `<a>${'<b>'.repeat(5000)}${'</b>'.repeat(5000)}</a>`,
  GOOD.replace('parley:customData="', 'parley:customData="{{{'),
  `${GOOD}<extra/>`,
];

/** Gzip bodies that are broken, huge when unpacked, or unpack to something that is no flow. */
function hostileGzipBodies(): Buffer[] {
  const whole = gzipSync(GOOD);
  const withName = Buffer.from(whole);
  withName[3] = 0x08; // FNAME set, with no name to follow
  return [
    Buffer.alloc(0),
    Buffer.from([0x1f, 0x8b]),
    whole.subarray(0, whole.length - 4),
    withName,
    randomBytes(1024),
    gzipSync(Buffer.alloc(FLOW_XML_MAX_BYTES * 4, '<')),
    gzipSync(Buffer.from([0xc3, 0x28, 0xa0, 0xa1])),
    gzipSync(Buffer.alloc(0)),
    Buffer.concat([gzipSync(GOOD), gzipSync(Buffer.alloc(FLOW_XML_MAX_BYTES, ' '))]),
    ...XML_VALUES.map((value) => gzipSync(typeof value === 'string' ? value : (JSON.stringify(value) ?? ''))),
  ];
}

/** File names that try to leave their place or break a header. */
const HOSTILE_FILE_NAMES = [
  '../../../../etc/passwd.txt',
  '..\\..\\boot.ini.txt',
  '/dev/null.txt',
  'C:\\Windows\\System32\\cmd.exe.png',
  'nul\u0000byte.png',
  'line\r\nContent-Type: text/html\r\n\r\n.txt',
  'quote".png',
  "apostrophe'.txt",
  '\u202Egnp.exe',
  '.png',
  '.',
  '..',
  ' ',
  `${'x'.repeat(5000)}.png`,
  `menu.${'p'.repeat(500)}`,
  '𝕏😀.txt',
  'CON.txt',
  '%2e%2e%2f.txt',
  'a/b/c.pdf',
];

describe.each(testDatabases())('hostile input to the flow editor’s calls on %s', (kind) => {
  let server: TestServer;
  let w: ContentWorld;

  beforeAll(async () => {
    server = await startTestServer(kind);
    w = await buildContentWorld(server);
  });
  afterAll(() => server?.close());

  /** The test's own bot, with a menu.pdf block file uploaded to it: its name and the file's id. */
  const ownBot = async (): Promise<{ botName: string; fileId: string }> => {
    const botName = await ownContentBot(w, 'Fuzz Editor Bot');
    const { payload, contentType } = multipartBody('file', 'menu.pdf', PDF_FILE);
    const fileId = expectStatus(
      await server.request({
        method: 'POST',
        url: `/api/${encodeURIComponent(botName)}/block-upload-file`,
        token: w.world.tenantAdmin.token,
        body: payload,
        headers: { 'content-type': contentType },
      }),
      200,
    ).json().fileId as string;
    return { botName, fileId };
  };

  /** Every hostile call to every route of the area, as the account administrator, on one bot. */
  const barrage = async (botName: string, fileId: string) => {
    const routes = routeCatalogue(server.app).filter(
      (r) => ['GET', 'POST', 'PUT', 'DELETE'].includes(r.method) && EDITOR_AREA.test(r.url),
    );
    const log = createFuzzLog();
    const token = w.world.tenantAdmin.token;
    const send = fuzzSender(server, token, log);
    const params = { bot: botName, fileId, fileName: 'menu.pdf' };
    const png = await pngFile();

    for (const route of routes) {
      // Every parameter hostile at once, and each on its own.
      for (const p of HOSTILE_PARAMS) {
        const urls = [
          fillPath(route.url, { bot: p, fileId: p, fileName: p }),
          ...Object.keys(params).map((name) => fillPath(route.url, { ...params, [name]: p })),
        ];
        for (const url of new Set(urls)) await send(route.method, url.replace(/%25/g, '%'));
      }
      const url = fillPath(route.url, params);

      if (route.url === '/api/flow/for-compression') {
        for (const body of hostileBodies({ xml: encodeURIComponent(GOOD) }, XML_VALUES))
          await send('PUT', url, body);
        for (const raw of HOSTILE_RAW_BODIES)
          await send('PUT', url, raw, { 'content-type': 'application/json' });
        await send('PUT', url, 'xml=%3C', { 'content-type': 'application/x-www-form-urlencoded' });
        await send('PUT', url, gzipSync(GOOD), { 'content-type': 'application/gzip' });
      }

      if (route.url === '/api/flow/for-decompression') {
        for (const body of hostileGzipBodies())
          for (const type of ['application/gzip', 'application/octet-stream'])
            await send('PUT', url, body, { 'content-type': type });
        for (const raw of HOSTILE_RAW_BODIES)
          await send('PUT', url, raw, { 'content-type': 'application/json' });
        for (const type of [
          'text/plain',
          'multipart/form-data; boundary=x',
          'application/x-www-form-urlencoded',
        ])
          await send('PUT', url, gzipSync(GOOD), { 'content-type': type });
        await send('PUT', url, randomBytes(FLOW_XML_MAX_BYTES + 100_000), {
          'content-type': 'application/gzip',
        });
      }

      if (route.url === '/api/:bot/block-upload-file') {
        const upload = (
          fileName: string,
          data: Buffer | string,
          fields: Record<string, string> = {},
          field = 'file',
        ) => {
          const { payload, contentType } = multipartBody(field, fileName, data, fields);
          return send('POST', url, payload, { 'content-type': contentType });
        };
        for (const name of [...HOSTILE_FILE_NAMES, ...HOSTILE_VALUES.filter((v) => typeof v === 'string')])
          await upload(name as string, 'hello');
        for (const accept of [
          '',
          'IMAGE',
          '__proto__',
          'constructor',
          'x'.repeat(10_000),
          '\u0000',
          'attachment,image',
        ])
          await upload('logo.png', png, { accept });
        for (const extension of BLOCK_FILE_EXTENSIONS)
          for (const data of [
            EXECUTABLE,
            HTML_PAGE,
            storedZip({}),
            officeOpenXml('word').subarray(0, 40),
            Buffer.from([0xd0, 0xcf, 0x11, 0xe0]),
            randomBytes(300),
            Buffer.alloc(1, 0),
          ])
            await upload(`file.${extension}`, data);
        await upload('menu.pdf', PDF_FILE, {}, '__proto__');
        await upload('menu.pdf', PDF_FILE, { __proto__x: '1', constructor: 'x' });
        // Two files in one form: only one is read.
        const first = multipartBody('file', 'a.pdf', PDF_FILE);
        const boundary = first.contentType.split('boundary=')[1] as string;
        const second = Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="b.png"\r\n\r\n${png.toString('latin1')}\r\n--${boundary}--\r\n`,
          'latin1',
        );
        await send('POST', url, Buffer.concat([first.payload.subarray(0, -(boundary.length + 6)), second]), {
          'content-type': first.contentType,
        });
        await sendBrokenMultiparts(server, { url, token, field: 'file' }, log);
        for (const body of HOSTILE_VALUES)
          await send('POST', url, body ?? 'null', { 'content-type': 'application/json' });
      }

      if (route.url === '/api/test-chat/files/:fileId')
        for (const chatToken of ['', 'x', token, 'a.b.c', 'x'.repeat(5000)])
          await send('GET', url, undefined, { [TEST_CHAT_TOKEN_HEADER.toLowerCase()]: chatToken });
    }
    return { routes, log };
  };

  test('no route of the area ever answers 5xx, and every refusal carries a catalogue code', async () => {
    const { botName, fileId } = await ownBot();
    const { routes, log } = await barrage(botName, fileId);
    expect(routes.length).toBeGreaterThanOrEqual(8);
    expect(log.failures).toEqual([]);
    expect(log.sent).toBeGreaterThan(400);
  }, 120_000);

  test('after the barrage the stored files are sane: generated ids, folder-less names, keys under the bot', async () => {
    const { botName, fileId } = await ownBot();
    await barrage(botName, fileId);
    const botId = (await server.ctx.repos.forTenant(w.world.tenantB).bots.get(botName))?.id;
    if (!botId) throw new Error(`no bot ${botName}`);
    // The files of this test's bot: those its barrage stored, and menu.pdf.
    const rows = await server.ctx.repos.db
      .selectFrom('block_files')
      .select(['id', 'file_name', 'file_extension'])
      .where('bot_id', '=', botId)
      .execute();
    expect(rows.length).toBeGreaterThan(1);
    for (const row of rows) {
      expect(row.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(row.file_name).not.toMatch(/[/\\]/);
      expect([...row.file_name].some((c) => (c.codePointAt(0) ?? 0) < 0x20)).toBe(false);
      expect([...row.file_name].length).toBeLessThanOrEqual(200);
      expect(BLOCK_FILE_EXTENSIONS).toContain(row.file_extension);
    }
    const keys = await server.ctx.blobs.list('tenants/');
    for (const key of keys.filter((k) => k.includes('/block-files/')))
      expect(key).toMatch(/^tenants\/[^/]+\/bots\/[^/]+\/block-files\/[0-9a-f-]{36}$/);
    expect(keys.filter((k) => k.includes(`/bots/${botId}/block-files/`))).toHaveLength(rows.length);
    // And every bot's: one blob for each stored file.
    const allRows = await server.ctx.repos.db.selectFrom('block_files').select('id').execute();
    expect(keys.filter((k) => k.includes('/block-files/'))).toHaveLength(allRows.length);
    // The lock still works: the barrage's holder lets go, and the designer takes it.
    const editor = `/api/bots/${encodeURIComponent(botName)}/editor`;
    expectStatus(await w.admin('DELETE', editor), 204);
    expectStatus(await w.designer('GET', editor), 200);
    expectStatus(await w.designer('DELETE', editor), 204);
    expectStatus(
      await server.request({
        method: 'GET',
        url: `/api/test-download-file/${encodeURIComponent(botName)}/${fileId}/menu.pdf`,
        token: w.world.tenantAdmin.token,
      }),
      200,
    );
  }, 120_000);
});
