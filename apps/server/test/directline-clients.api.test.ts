import { deflateSync } from 'node:zlib';
import type { GeneratedApiKey } from '@parley/contracts';
import { buildFlowXml, type FlowStep } from '@parley/flows';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import WebSocket from 'ws';
import { createDirectLineTokens } from '../src/services/external-api/direct-line-tokens';
import { as, type Call, expectStatus } from './support/admin-world';
import { createIntent } from './support/bot-content';
import { createBot } from './support/bots';
import { testDatabases } from './support/databases';
import { intentFlowPath } from './support/flows';
import { pollUntil } from './support/poll-until';
import { startPublish, waitForSync } from './support/publishing';
import { buildOwnAdminWorld, type MasterWorld, signUpMaster, uniqueKey } from './support/tenant-world';
import { startTestServer, type TestServer } from './support/test-server';

const BOT = 'Counter Bot';
const FIRST = 'Hello! I am the counter bot.';
const SECOND = 'What shall I count for you?';
const DELAY_MS = 1500;

const twoMessages: FlowStep[] = [
  { block: 'message', fields: { message: FIRST } },
  { block: 'message', fields: { message: SECOND } },
  { end: 'endFlow' },
];

/** A tiny valid PNG (1×1), as a user's picture. */
function pngBytes(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from([0, 200, 40, 40]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function crc32(data: Buffer): number {
  let crc = ~0;
  for (const byte of data) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

interface Activity {
  type: string;
  id: string;
  text?: string;
  from: { id: string; name?: string; role?: string };
  recipient?: { id: string; role?: string };
  replyToId?: string;
  locale?: string;
  inputHint?: string;
  textFormat?: string;
  timestamp: string;
  attachments?: Array<{ contentType: string; contentUrl: string; name: string }>;
  channelData?: Record<string, unknown>;
}

/**
 * Direct Line as Microsoft's clients use it (issue 22): the bot's answer paced by its in-between
 * delay with typing before each held-back message (stream and GET alike, the POST answered at
 * once), bot activities with replyToId, recipient, locale, inputHint and textFormat, the user's
 * activity echoed as sent, an expired token answered 403 TokenExpired, and files uploaded as Web
 * Chat uploads them (a file part and an activity part) served back from the activity's contentUrl.
 */
describe.each(testDatabases())('Direct Line as Microsoft clients use it on %s', (kind) => {
  let server: TestServer;
  let baseUrl: string;
  let admin: Call;
  let secret: string;
  const sockets: WebSocket[] = [];

  beforeAll(async () => {
    server = await startTestServer(kind);
    const base: MasterWorld = await signUpMaster(server);
    baseUrl = await server.listen();
    server.ctx.config.publicUrl = baseUrl;
    const world = await buildOwnAdminWorld(server, base, uniqueKey());
    admin = as(server, world.tenantAdmin);
    await createBot(admin, BOT);
    await createIntent(admin, BOT, {
      name: 'Greeting',
      utterances: ['hello', 'hi there', 'good morning', 'hey'],
    });
    await createIntent(admin, BOT, {
      name: 'Goodbye',
      utterances: ['bye', 'see you later', 'goodbye', 'ciao'],
    });
    const xml = await buildFlowXml(twoMessages, { languages: ['en'] });
    expectStatus(await admin('PUT', `${intentFlowPath(BOT, 'Greeting')}/published-version`, { xml }), 200);
    const { syncId } = await startPublish(admin, BOT);
    expect((await waitForSync(admin, BOT, syncId)).state).toBe('Succeeded');
    expectStatus(
      await admin('POST', `/api/bots/${encodeURIComponent(BOT)}/configuration`, {
        channels: [{ name: 'api', visible: true, enabled: true }],
      }),
      200,
    );
    secret = (
      expectStatus(
        await admin('POST', `/api/external/${encodeURIComponent(BOT)}/api-key/generate`, {
          expiresOnDate: false,
        }),
        200,
      ).json() as GeneratedApiKey
    ).apiKey;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await server?.close();
  });

  const setDelay = async (delay: number) =>
    expectStatus(
      await admin('PUT', `/api/bots/${encodeURIComponent(BOT)}/settings/general`, {
        displayName: 'Counter',
        delay,
        continueOldConversations: false,
        idleTimeout: 2.5,
        idleText: 'Are you still there?',
        confidence: 0.6,
        lowConfidence: 0.35,
      }),
      200,
    );

  const dl = (path: string, bearer: string, init: RequestInit = {}) =>
    fetch(`${baseUrl}/v3/directline${path}`, {
      ...init,
      headers: { authorization: `Bearer ${bearer}`, ...(init.headers ?? {}) },
    });

  async function startConversation(userId: string) {
    const response = await dl('/conversations', secret, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user: { id: userId } }),
    });
    expect(response.status).toBe(201);
    return (await response.json()) as { conversationId: string; token: string; streamUrl: string };
  }

  const activitiesOf = async (conversationId: string, token: string, watermark = '') => {
    const response = await dl(`/conversations/${conversationId}/activities?watermark=${watermark}`, token);
    expect(response.status).toBe(200);
    return (await response.json()) as { activities: Activity[]; watermark: string };
  };

  /** The frames of a conversation's stream, with when each came. */
  function follow(streamUrl: string) {
    const frames: Array<{ at: number; activities: Activity[] }> = [];
    const socket = new WebSocket(streamUrl);
    sockets.push(socket);
    socket.on('message', (data) => {
      const text = data.toString();
      if (text.trim() === '') return;
      frames.push({
        at: Date.now(),
        activities: (JSON.parse(text) as { activities: Activity[] }).activities,
      });
    });
    const opened = new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    return { frames, opened, socket };
  }

  const post = (conversationId: string, token: string, body: unknown) =>
    dl(`/conversations/${conversationId}/activities`, token, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  test("the answer keeps the bot's in-between delay with typing before the held-back message, on the stream and in GET; the POST answers at once", async () => {
    await setDelay(DELAY_MS);
    const started = await startConversation('casey');
    const stream = follow(started.streamUrl);
    await stream.opened;

    const sentAt = Date.now();
    const posted = await post(started.conversationId, started.token, {
      type: 'message',
      from: { id: 'casey', name: 'Casey Jones' },
      locale: 'en-GB',
      text: 'hello',
      channelData: { clientActivityID: 'web-1', clientTimestamp: '2026-01-05T10:00:00.000Z' },
    });
    expect(posted.status).toBe(200);
    const answeredIn = Date.now() - sentAt;
    const { id } = (await posted.json()) as { id: string };
    expect(answeredIn).toBeLessThan(DELAY_MS);

    // Polled meanwhile: the echo and the first message, then the bot typing; the watermark stays before the second.
    const early = await activitiesOf(started.conversationId, started.token);
    expect(early.activities.map((a) => a.type)).toEqual(['message', 'message', 'typing']);
    expect(early.activities.map((a) => a.text)).toEqual(['hello', FIRST, undefined]);
    expect(Number(early.watermark)).toBe(Number(early.activities[1]?.id.split('|')[1]));

    // The stream: echo and first message, typing, and the second message one delay after the first.
    const frames = await pollUntil(
      'the second message on the stream',
      async () => stream.frames,
      (seen) => seen.some((frame) => frame.activities.some((a) => a.text === SECOND)),
      { timeoutMs: 10_000, intervalMs: 50 },
    );
    const order = frames.flatMap((frame) => frame.activities.map((a) => a.text ?? a.type));
    expect(order).toEqual(['hello', FIRST, 'typing', SECOND]);
    const whenSaid = (text: string) =>
      frames.find((f) => f.activities.some((a) => (a.text ?? a.type) === text))?.at ?? 0;
    expect(whenSaid(SECOND) - whenSaid(FIRST)).toBeGreaterThanOrEqual(DELAY_MS - 250);
    expect(whenSaid('typing')).toBeLessThan(whenSaid(SECOND));

    // Read again from the watermark once it is due: only the second message.
    const later = await activitiesOf(started.conversationId, started.token, early.watermark);
    expect(later.activities.map((a) => a.text)).toEqual([SECOND]);

    const all = (await activitiesOf(started.conversationId, started.token)).activities;
    const [echo, first, second] = all;
    // The user's activity as sent: the name, the locale and the channelData kept.
    expect(echo).toMatchObject({
      id,
      type: 'message',
      text: 'hello',
      from: { id: 'casey', name: 'Casey Jones', role: 'user' },
      recipient: { id: BOT, role: 'bot' },
      locale: 'en-GB',
      channelData: { clientActivityID: 'web-1', clientTimestamp: '2026-01-05T10:00:00.000Z' },
    });
    // The bot's: a reply to it, to the user, in the conversation's language, plain text.
    for (const said of [first, second])
      expect(said).toMatchObject({
        type: 'message',
        from: { id: BOT, name: 'Counter', role: 'bot' },
        recipient: { id: 'casey', role: 'user' },
        replyToId: id,
        locale: 'en',
        inputHint: 'acceptingInput',
        textFormat: 'plain',
      });
    expect(Date.parse(second?.timestamp ?? '') - Date.parse(first?.timestamp ?? '')).toBe(DELAY_MS);
  });

  test('without a delay the whole answer comes at once, with no typing', async () => {
    await setDelay(0);
    const started = await startConversation('dana');
    expect(
      (
        await post(started.conversationId, started.token, {
          type: 'message',
          from: { id: 'dana' },
          text: 'hello',
        })
      ).status,
    ).toBe(200);
    const read = await activitiesOf(started.conversationId, started.token);
    expect(read.activities.map((a) => a.text ?? a.type)).toEqual(['hello', FIRST, SECOND]);
  });

  test('an expired token is 403 TokenExpired: for calls, the stream and a file address', async () => {
    const started = await startConversation('eve');
    const claims = (await server.ctx.repos.externalApiKeys.byKeyId(secret.split('_')[1] ?? '')) ?? undefined;
    expect(claims).toBeDefined();
    const record = {
      tenantId: claims?.tenantId ?? '',
      botId: claims?.botId ?? '',
      keyId: claims?.keyId ?? '',
      conversationId: started.conversationId,
      userId: 'eve',
    };
    // Tokens signed an hour ago, with the server's own secret: good signatures whose time is up.
    const anHourAgo = createDirectLineTokens(server.ctx.config.jwtSecret, () => Date.now() - 3_600_000);
    const expired = await anHourAgo.sign('conversation', record, 1800);
    const expected = { error: { code: 'TokenExpired', message: expect.stringContaining('Token expired') } };
    const get = await dl(`/conversations/${started.conversationId}/activities`, expired);
    expect(get.status).toBe(403);
    expect(await get.json()).toEqual(expected);
    const sent = await post(started.conversationId, expired, {
      type: 'message',
      from: { id: 'eve' },
      text: 'hello',
    });
    expect(sent.status).toBe(403);
    expect(await sent.json()).toEqual(expected);
    const refresh = await dl('/tokens/refresh', expired, { method: 'POST' });
    expect(await refresh.json()).toEqual(expected);

    const file = await fetch(
      `${baseUrl}/v3/directline/conversations/${started.conversationId}/files/x?t=${await anHourAgo.sign('file', record, 1800)}`,
    );
    expect(file.status).toBe(403);
    expect(await file.json()).toEqual(expected);

    const streamUrl = new URL(started.streamUrl);
    streamUrl.searchParams.set('t', await anHourAgo.sign('stream', record, 300));
    const refused = await new Promise<number>((resolve) => {
      const socket = new WebSocket(streamUrl);
      socket.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
      socket.on('open', () => resolve(101));
    });
    expect(refused).toBe(403);

    // A token that is not ours stays a plain Forbidden.
    const forged = await createDirectLineTokens('another-secret-entirely-another-secret').sign(
      'conversation',
      record,
      1800,
    );
    expect(await (await dl(`/conversations/${started.conversationId}/activities`, forged)).json()).toEqual({
      error: { code: 'Forbidden', message: expect.any(String) },
    });
  });

  /** An upload as Web Chat makes it: the activity first (a Blob named 'blob'), then each file. */
  function webChatForm(
    activity: Record<string, unknown>,
    files: Array<{ name: string; type: string; data: Buffer }>,
  ) {
    const form = new FormData();
    form.append(
      'activity',
      new Blob([JSON.stringify(activity)], { type: 'application/vnd.microsoft.activity' }),
    );
    for (const file of files)
      form.append('file', new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
    return form;
  }

  const upload = (
    conversationId: string,
    token: string,
    body: FormData | Buffer,
    headers: Record<string, string> = {},
  ) =>
    dl(`/conversations/${conversationId}/upload?userId=frank`, token, {
      method: 'POST',
      headers,
      body: body instanceof FormData ? body : new Uint8Array(body),
    });

  test("a file with text, uploaded as Web Chat uploads it, is the user's message: its contentUrl serves the file", async () => {
    await setDelay(0);
    const started = await startConversation('frank');
    const picture = pngBytes();
    const response = await upload(
      started.conversationId,
      started.token,
      webChatForm(
        {
          type: 'message',
          from: { id: 'frank', name: 'Frank' },
          text: 'Here is my receipt',
          locale: 'en-US',
          attachments: [{ contentType: 'image/png', name: 'receipt.png' }],
          channelData: { clientActivityID: 'web-upload-1', attachmentSizes: [picture.length] },
        },
        [{ name: 'receipt.png', type: 'image/png', data: picture }],
      ),
    );
    expect(response.status, await response.clone().text()).toBe(200);
    const { id } = (await response.json()) as { id: string };

    const read = await activitiesOf(started.conversationId, started.token);
    const sent = read.activities.find((a) => a.id === id);
    expect(sent).toMatchObject({
      type: 'message',
      text: 'Here is my receipt',
      from: { id: 'frank', name: 'Frank', role: 'user' },
      locale: 'en-US',
      channelData: { clientActivityID: 'web-upload-1' },
      attachments: [{ contentType: 'image/png', name: 'receipt.png' }],
    });
    // The bot answered the message too.
    expect(read.activities.some((a) => a.from.role === 'bot')).toBe(true);
    const contentUrl = sent?.attachments?.[0]?.contentUrl ?? '';
    expect(contentUrl).toMatch(
      new RegExp(
        `^${baseUrl}/v3/directline/conversations/${started.conversationId}/uploads/[0-9a-f-]{36}\\.png/receipt\\.png$`,
      ),
    );
    const served = await fetch(contentUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await served.arrayBuffer()).equals(picture)).toBe(true);

    // Its name is bound to its conversation: under another conversation, or made up, there is nothing.
    const other = await startConversation('gina');
    expect((await fetch(contentUrl.replace(started.conversationId, other.conversationId))).status).toBe(404);
    expect(
      (await fetch(contentUrl.replace(/uploads\/[0-9a-f-]{36}/, `uploads/${crypto.randomUUID()}`))).status,
    ).toBe(404);
    // Another conversation's token uploads nothing here, and reads nothing of it.
    const intruding = await upload(
      started.conversationId,
      other.token,
      webChatForm({ type: 'message', text: 'mine now' }, [
        { name: 'x.png', type: 'image/png', data: picture },
      ]),
    );
    expect(intruding.status).toBe(403);
    expect((await dl(`/conversations/${started.conversationId}/activities`, other.token)).status).toBe(403);
  });

  test('a single file as the body, named by Content-Disposition, is a message of its own', async () => {
    await setDelay(0);
    const started = await startConversation('hana');
    const text = Buffer.from('Order 4711: two boxes of pencils\n');
    const response = await upload(started.conversationId, started.token, text, {
      'content-type': 'text/plain',
      'content-disposition': 'name="file"; filename="order.txt"',
    });
    expect(response.status).toBe(200);
    const { id } = (await response.json()) as { id: string };
    const sent = (await activitiesOf(started.conversationId, started.token)).activities.find(
      (a) => a.id === id,
    );
    expect(sent?.text).toBeUndefined();
    expect(sent?.attachments).toEqual([
      {
        contentType: 'text/plain; charset=utf-8',
        contentUrl: expect.stringContaining('/uploads/'),
        name: 'order.txt',
      },
    ]);
    const served = await fetch(sent?.attachments?.[0]?.contentUrl ?? '');
    expect(await served.text()).toBe(text.toString());
    expect(served.headers.get('content-disposition')).toContain('attachment');
  });

  test('uploads over the limits, of other types or not what their name says are refused, and nothing is kept', async () => {
    const started = await startConversation('ivan');
    const picture = pngBytes();
    const cases: Array<[string, FormData | Buffer, Record<string, string>, number, string, string]> = [
      [
        'a file over 4 MB',
        webChatForm({ type: 'message' }, [
          {
            name: 'big.png',
            type: 'image/png',
            data: Buffer.concat([picture, Buffer.alloc(4 * 1024 * 1024)]),
          },
        ]),
        {},
        413,
        'MessageSizeTooBig',
        'A file can be at most 4 MB.',
      ],
      [
        'files over 10 MB together',
        webChatForm(
          { type: 'message' },
          [1, 2, 3].map((n) => ({
            name: `part${n}.png`,
            type: 'image/png',
            data: Buffer.concat([picture, Buffer.alloc(3.5 * 1024 * 1024)]),
          })),
        ),
        {},
        413,
        'MessageSizeTooBig',
        'The files of one upload can be at most 10 MB together.',
      ],
      [
        'a program',
        webChatForm({ type: 'message' }, [
          { name: 'setup.exe', type: 'application/octet-stream', data: Buffer.from('MZ\x90\x00') },
        ]),
        {},
        415,
        'UnsupportedMediaType',
        'setup.exe: only doc, docx, ppt, pptx, xls, xlsx, pdf, txt, png, jpeg, gif, jpg files can be sent.',
      ],
      [
        'a page named as a picture',
        webChatForm({ type: 'message' }, [
          { name: 'cat.png', type: 'image/png', data: Buffer.from('<html><script>alert(1)</script>') },
        ]),
        {},
        400,
        'BadArgument',
        'cat.png is not what its name says.',
      ],
      [
        'six files',
        webChatForm(
          { type: 'message' },
          [1, 2, 3, 4, 5, 6].map((n) => ({ name: `p${n}.png`, type: 'image/png', data: picture })),
        ),
        {},
        400,
        'BadArgument',
        'One upload holds at most 5 files and an activity.',
      ],
      [
        'an activity that is not JSON',
        (() => {
          const form = new FormData();
          form.append('activity', new Blob(['{not json'], { type: 'application/vnd.microsoft.activity' }));
          form.append('file', new Blob([new Uint8Array(picture)], { type: 'image/png' }), 'a.png');
          return form;
        })(),
        {},
        400,
        'BadArgument',
        'The activity part is a JSON object: a message (application/vnd.microsoft.activity).',
      ],
      [
        'a multipart body cut short',
        Buffer.from('--cut\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG'),
        { 'content-type': 'multipart/form-data; boundary=cut' },
        400,
        'BadArgument',
        'The upload could not be read: send multipart/form-data with a file part per file.',
      ],
      [
        'multipart without a boundary',
        Buffer.from('whatever'),
        { 'content-type': 'multipart/form-data' },
        400,
        'BadArgument',
        'The upload could not be read: send multipart/form-data with a file part per file.',
      ],
      [
        'no file at all',
        webChatForm({ type: 'message', text: 'only words' }, []),
        {},
        400,
        'BadArgument',
        'Send at least one file: the body of the request, or multipart/form-data parts.',
      ],
    ];
    for (const [label, body, headers, status, code, message] of cases) {
      const response = await upload(started.conversationId, started.token, body, headers);
      expect(response.status, label).toBe(status);
      expect(await response.json(), label).toEqual({ error: { code, message } });
    }
    expect((await activitiesOf(started.conversationId, started.token)).activities).toEqual([]);
    const bot = await server.ctx.repos
      .forTenant((await server.ctx.repos.externalApiKeys.byKeyId(secret.split('_')[1] ?? ''))?.tenantId ?? '')
      .bots.get(BOT);
    const kept = await server.ctx.blobs.list(
      `tenants/${bot?.tenantId}/bots/${bot?.id}/direct-line-uploads/${started.conversationId}/`,
    );
    expect(kept).toEqual([]);
  });
});
