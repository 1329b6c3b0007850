import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { routeCatalogue } from '../src/http/route-catalogue';
import { buildContentWorld, type ContentWorld } from './support/bot-content';
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
import { startTestServer, type TestServer } from './support/test-server';

/** The conversation area: the test chat and the conversations behind it, including routes added later. */
const CONVERSATIONS_AREA =
  /^\/api\/(bots\/:bot\/(test-chat|is-chat-ready|conversations(\/:id)?)$|conversation\/)/;

describe.each(testDatabases())('hostile input to the test chat on %s', (kind) => {
  let server: TestServer;
  let w: ContentWorld;
  const botName = 'Fuzz Chat Bot';

  beforeAll(async () => {
    server = await startTestServer(kind);
    w = await buildContentWorld(server, botName);
  });
  afterAll(() => server?.close());

  test('no route of the area ever answers 5xx, and every refusal carries a catalogue code', async () => {
    // HEAD answers carry no body to read a code from; their GET twins are fuzzed.
    const routes = routeCatalogue(server.app).filter(
      (r) => r.method !== 'HEAD' && CONVERSATIONS_AREA.test(r.url),
    );
    expect(routes.length).toBeGreaterThanOrEqual(5);
    const log = createFuzzLog();
    const send = fuzzSender(server, w.world.tenantAdmin.token, log);
    for (const route of routes) {
      for (const p of HOSTILE_PARAMS) {
        await send(route.method, fillPath(route.url, { bot: p, id: p }).replace(/%25/g, '%'), undefined);
      }
      const url = fillPath(route.url, { bot: botName, id: 'no-such-conversation' });
      for (const body of hostileBodies({}, HOSTILE_VALUES)) await send(route.method, url, body);
      for (const raw of HOSTILE_RAW_BODIES)
        await send(route.method, url, raw, { 'content-type': 'application/json' });
    }
    expect(log.failures).toEqual([]);
    expect(log.sent).toBeGreaterThan(20);
  });

  test('hostile websocket frames get an error each and leave the socket working', async () => {
    const started = (await w.admin('POST', `/api/bots/${encodeURIComponent(botName)}/test-chat`)).json();
    const topic = {
      kind: 'conversation',
      botId: started.botId,
      conversationId: started.conversationId,
    } as const;
    const socket = await openSocket(socketUrl(await server.listen(), w.world.tenantAdmin.token));
    await socket.subscribe(topic);
    const frames = [
      'not json',
      '{"type":"conversation:say"}',
      JSON.stringify({ type: 'conversation:say', topic, activity: null }),
      JSON.stringify({ type: 'conversation:say', topic, activity: { type: 'text', text: 7 } }),
      JSON.stringify({ type: 'conversation:say', topic, activity: { type: 'text', text: 'x'.repeat(5000) } }),
      JSON.stringify({ type: 'conversation:say', topic, activity: { type: 'attachment', files: [] } }),
      JSON.stringify({
        type: 'conversation:say',
        topic,
        activity: { type: 'text', text: 'hi', __proto__: { x: 1 } },
      }),
      JSON.stringify({
        type: 'conversation:say',
        topic: { ...topic, conversationId: 'x'.repeat(400) },
        activity: { type: 'text', text: 'hi' },
      }),
      JSON.stringify({
        type: 'conversation:say',
        topic: { ...topic, conversationId: 'not-mine' },
        activity: { type: 'text', text: 'hi' },
      }),
    ];
    for (const frame of frames) socket.send(frame);
    await socket.sync();
    const errors = socket.messages.filter((m) => m.type === 'error');
    expect(errors.length).toBeGreaterThanOrEqual(frames.length - 1);
    // Still talking: a good message is answered.
    socket.send(
      JSON.stringify({ type: 'conversation:say', topic, activity: { type: 'text', text: 'hello' } }),
    );
    await socket.waitFor((m) => m.type === 'conversation:turn', 10_000);
    socket.close();
  });
});
