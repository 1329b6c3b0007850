import { randomUUID } from 'node:crypto';
import {
  DEFAULT_GDPR_SETTINGS,
  type GeneratedApiKey,
  REMOVE_USER_DATA_EVENT,
  type SnippetView,
} from '@parley/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { botBlobPrefix } from '../src/blobs/blob-store';
import { snippetBlobPrefix } from '../src/services/chat-bubble/snippet.service';
import { as, buildAdminWorld, type Call, expectStatus } from './support/admin-world';
import { multipartBody } from './support/bot-content';
import { botPath, createBot } from './support/bots';
import { testDatabases } from './support/databases';
import { openSocket } from './support/socket-client';
import { startTestServer, type TestServer } from './support/test-server';

const BOT = 'Receipt Bot';
const SHOP = 'https://shop.example.com';
const REMOVED = 'Your data is gone.';

/**
 * GDPR 'remove my data' (spec 04 section 3.7) takes the user's files too: what they uploaded
 * through Direct Line (Web Chat's attachment button) in any of their conversations, and through
 * the chat bubble's Upload button, leaves the blob store; the addresses that served them answer
 * 404, and other users' files stay.
 */
describe.each(testDatabases())("the removal of a user's data takes their uploads on %s", (kind) => {
  let server: TestServer;
  let admin: Call;
  let baseUrl: string;
  let secret: string;
  let picture: Buffer;
  let tenantId: string;
  /** The keys of the bot's blobs under `folder`. */
  const blobsUnder = async (folder: string) => {
    const bot = await server.ctx.repos.forTenant(tenantId).bots.get(BOT);
    return server.ctx.blobs.list(`${botBlobPrefix(tenantId, bot?.id ?? '')}${folder}`);
  };

  beforeAll(async () => {
    server = await startTestServer(kind);
    baseUrl = await server.listen();
    server.ctx.config.publicUrl = baseUrl;
    const world = await buildAdminWorld(server);
    admin = as(server, world.tenantAdmin);
    tenantId = world.tenantB;
    await createBot(admin, BOT);
    expectStatus(
      await admin('PUT', `${botPath(BOT)}/gdpr/settings`, {
        ...DEFAULT_GDPR_SETTINGS,
        removeUserData: true,
        removeUserDataMessage: REMOVED,
      }),
      200,
    );
    expectStatus(
      await admin('POST', `/api/bots/${encodeURIComponent(BOT)}/configuration`, {
        channels: [
          { name: 'api', visible: true, enabled: true },
          { name: 'chatBubble', visible: true },
        ],
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
    picture = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0a0' } })
      .png()
      .toBuffer();
  }, 120_000);
  afterAll(() => server?.close());

  const status = async (url: string) => (await fetch(url)).status;

  describe('through Direct Line', () => {
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
      return (await response.json()) as { conversationId: string; token: string };
    }

    /** A picture with text, uploaded as Web Chat uploads it; answers the file's contentUrl. */
    async function uploadPicture(conversation: { conversationId: string; token: string }, userId: string) {
      const form = new FormData();
      form.append(
        'activity',
        new Blob([JSON.stringify({ type: 'message', from: { id: userId }, text: 'my receipt' })], {
          type: 'application/vnd.microsoft.activity',
        }),
      );
      form.append('file', new Blob([new Uint8Array(picture)], { type: 'image/png' }), 'receipt.png');
      const response = await dl(
        `/conversations/${conversation.conversationId}/upload?userId=${userId}`,
        conversation.token,
        { method: 'POST', body: form },
      );
      expect(response.status, await response.clone().text()).toBe(200);
      const { id } = (await response.json()) as { id: string };
      const read = await dl(`/conversations/${conversation.conversationId}/activities`, conversation.token);
      const { activities } = (await read.json()) as {
        activities: Array<{ id: string; attachments?: Array<{ contentUrl: string }> }>;
      };
      const contentUrl = activities.find((a) => a.id === id)?.attachments?.[0]?.contentUrl ?? '';
      expect(await status(contentUrl)).toBe(200);
      return contentUrl;
    }

    test("every conversation's uploads of the user go; another user's stay", async () => {
      const earlier = await startConversation('frank');
      const later = await startConversation('frank');
      const other = await startConversation('gina');
      const frankEarlier = await uploadPicture(earlier, 'frank');
      const frankLater = await uploadPicture(later, 'frank');
      const ginas = await uploadPicture(other, 'gina');

      const asked = await dl(`/conversations/${later.conversationId}/activities`, later.token, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'event', name: REMOVE_USER_DATA_EVENT, from: { id: 'frank' } }),
      });
      expect(asked.status).toBe(200);
      const read = await dl(`/conversations/${later.conversationId}/activities`, later.token);
      const { activities } = (await read.json()) as { activities: Array<{ text?: string }> };
      expect(activities.map((a) => a.text)).toContain(REMOVED);

      expect(await status(frankEarlier)).toBe(404);
      expect(await status(frankLater)).toBe(404);
      expect(await status(ginas)).toBe(200);
      const kept = await blobsUnder('direct-line-uploads/');
      expect(kept).toEqual([expect.stringContaining(`/direct-line-uploads/${other.conversationId}/`)]);
    });
  });

  describe('through the chat bubble', () => {
    let snippet: SnippetView;
    beforeAll(async () => {
      snippet = expectStatus(
        await admin('POST', `${botPath(BOT)}/snippets`, { name: 'Shop chat', allowedOrigins: [SHOP] }),
        201,
      ).json();
      expectStatus(
        await admin('PUT', `${botPath(BOT)}/snippets/${encodeURIComponent(snippet.name)}`, {
          settings: { hasUploadButton: true },
        }),
        200,
      );
    });

    /** A visitor of the shop's page: their conversation, and an upload of a picture (not sent yet, or sent). */
    async function visitor(address: string) {
      const started = expectStatus(
        await server.request({
          method: 'POST',
          url: `/api/widget/${snippet.token}/conversations`,
          body: { code: snippet.code },
          remoteAddress: address,
          headers: { origin: SHOP },
        }),
        201,
      ).json() as { conversationId: string; botId: string; visitorToken: string };
      const upload = async () => {
        const { payload, contentType } = multipartBody('file', 'photo.png', picture, {
          visitorToken: started.visitorToken,
        });
        const uploaded = expectStatus(
          await server.request({
            method: 'POST',
            url: `/api/widget/${snippet.token}/uploads`,
            body: payload,
            headers: { 'content-type': contentType, origin: SHOP },
          }),
          201,
        ).json() as { url: string; name: string };
        expect(await status(uploaded.url)).toBe(200);
        return uploaded;
      };
      return { started, upload };
    }

    test("the visitor's uploads go, sent or not; another visitor's stay", async () => {
      const ann = await visitor('10.9.0.1');
      const bea = await visitor('10.9.0.2');
      const sent = await ann.upload();
      const notSent = await ann.upload();
      const beas = await bea.upload();

      const topic = {
        kind: 'conversation',
        botId: ann.started.botId,
        conversationId: ann.started.conversationId,
      } as const;
      const socket = await openSocket(
        `${baseUrl.replace(/^http/, 'ws')}/ws?app=parley&widgetToken=${encodeURIComponent(ann.started.visitorToken)}`,
        { origin: SHOP },
      );
      try {
        await socket.subscribe(topic);
        const turns = () => socket.messages.filter((m) => m.type === 'conversation:turn').length;
        socket.send(
          JSON.stringify({
            type: 'conversation:say',
            topic,
            activity: { type: 'attachment', files: [sent] },
          }),
        );
        await socket.waitFor(() => turns() === 1, 15_000);
        socket.send(
          JSON.stringify({
            type: 'conversation:say',
            topic,
            activity: { type: 'event', name: REMOVE_USER_DATA_EVENT },
          }),
        );
        await socket.waitFor(() => turns() === 2, 15_000);
        expect(JSON.stringify(socket.messages.at(-1))).toContain(REMOVED);
      } finally {
        socket.close();
      }

      expect(await status(sent.url)).toBe(404);
      expect(await status(notSent.url)).toBe(404);
      expect(await status(beas.url)).toBe(200);
      const kept = await blobsUnder('snippets/');
      expect(kept).toHaveLength(1);
    });

    test('an upload kept before visitors had folders is still served', async () => {
      const scope = server.ctx.repos.forTenant(tenantId);
      const bot = await scope.bots.get(BOT);
      const record = bot && (await scope.snippets(bot.id).get(snippet.name));
      if (!record) throw new Error('the snippet was not made');
      const name = `${randomUUID()}.png`;
      await server.ctx.blobs.put(`${snippetBlobPrefix(record)}uploads/${name}`, picture, 'image/png');
      expect(await status(`${baseUrl}/api/widget/${snippet.token}/uploads/${name}/photo.png`)).toBe(200);
      expect(
        await status(`${baseUrl}/api/widget/${snippet.token}/uploads/${randomUUID()}.png/photo.png`),
      ).toBe(404);
    });
  });
});
