import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEFAULT_SYSTEM_MESSAGES, type FunctionRunResponse, type ServerMessage } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { type AdminWorld, as, buildAdminWorld, type Call, expectStatus } from './support/admin-world';
import { createIntent } from './support/bot-content';
import { createBot } from './support/bots';
import { testDatabases } from './support/databases';
import { createFunction, functionPath, runFailure } from './support/functions';
import { publishTestFlows } from './support/publishing';
import { openSocket, socketUrl, type TestSocket } from './support/socket-client';
import { startTestServer, type TestServer } from './support/test-server';

type TurnMessage = Extract<ServerMessage, { type: 'conversation:turn' }>;

const PRIVATE_NETWORK_MESSAGE =
  "Requests to private or local network addresses are not allowed. The server's operator can open them with FUNCTIONS_ALLOW_PRIVATE_NETWORKS=true, or allow this host in FUNCTIONS_ALLOWED_HOSTS.";

/** The order API the bot calls: order 42 exists, 404 does not, 500 breaks, slow answers after 3 s. */
async function startOrderApi(): Promise<{ url: string; close(): Promise<void> }> {
  const api = http.createServer((request, response) => {
    const id = (request.url ?? '').split('/').pop() ?? '';
    const json = (status: number, body: unknown) => {
      response.statusCode = status;
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify(body));
    };
    if (id === '404') return json(404, { error: 'no such order' });
    if (id === '500') {
      response.statusCode = 500;
      response.end('database down');
      return;
    }
    if (id === 'slow') {
      setTimeout(() => json(200, { order: { id, status: 'late' } }), 3000).unref();
      return;
    }
    json(200, { order: { id, status: 'shipped' } });
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  const { port } = api.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        api.closeAllConnections();
        api.close(() => resolve());
      }),
  };
}

const BOT = 'Order Bot';
const SORRY = 'Sorry, I cannot look up order [OrderId] right now.';

/**
 * What a failed REST call does (issue 22): an answer that is not 2xx, a timeout or a refused
 * address leaves the Function block by its Call failed exit, or, without one, ends the turn
 * with the bot's unexpected-error message (never a [placeholder]); the test call (Run Function)
 * shows the answer under the same network rules as a conversation.
 */
describe.each(testDatabases())('REST calls that fail, on %s', (kind) => {
  let orders: Awaited<ReturnType<typeof startOrderApi>>;
  /** The operator allowed private networks (the order API is on this machine); calls time out after 1 s. */
  let open: TestServer;
  /** The default: the network guard closed. */
  let guarded: TestServer;
  const talk: Record<'open' | 'guarded', { admin: Call & { token: string }; baseUrl: string }> = {} as never;

  /** The bot on a server: Order asks for the order and has a Call failed path; Track has none. */
  async function orderBot(server: TestServer) {
    const baseUrl = await server.listen();
    const world: AdminWorld = await buildAdminWorld(server);
    const admin = Object.assign(as(server, world.tenantAdmin), { token: world.tenantAdmin.token });
    await createBot(admin, BOT);
    await createIntent(admin, BOT, {
      name: 'Order',
      utterances: ['where is my order', 'order status please', 'what about my order', 'check my order'],
    });
    await createIntent(admin, BOT, {
      name: 'Track',
      utterances: ['track my parcel', 'parcel tracking', 'where is the parcel', 'follow my parcel'],
    });
    await createFunction(admin, BOT, {
      type: 'rest',
      name: 'Order status',
      url: `${orders.url}/orders/{{id}}`,
      inputs: [{ name: 'id', defaultValue: '42' }],
      outputs: [
        { variableName: 'OrderStatus', propertyPath: 'data.order.status' },
        { variableName: 'HttpStatus', propertyPath: 'status' },
      ],
    });
    await publishTestFlows(admin, BOT, {
      // Order has a Call failed path; Track has none.
      Order: [
        { block: 'askQuestion', fields: { question: 'Which order number?' }, outputs: ['OrderId'] },
        {
          function: 'Order status',
          type: 'rest',
          fields: { id: '[OrderId]' },
          outputs: ['OrderStatus', 'HttpStatus'],
          failed: [{ block: 'message', fields: { message: SORRY } }, { end: 'endFlow' }],
        },
        { block: 'message', fields: { message: 'Order [OrderId] is [OrderStatus].' } },
      ],
      Track: [
        { function: 'Order status', type: 'rest', fields: { id: '404' }, outputs: ['ParcelStatus', 'Code'] },
        { block: 'message', fields: { message: 'Your parcel is [ParcelStatus].' } },
      ],
    });
    return { admin, baseUrl };
  }

  beforeAll(async () => {
    orders = await startOrderApi();
    open = await startTestServer(kind, {
      FUNCTIONS_ALLOW_PRIVATE_NETWORKS: 'true',
      FUNCTIONS_TIMEOUT_SECONDS: '1',
    });
    guarded = await startTestServer(kind);
    talk.open = await orderBot(open);
    talk.guarded = await orderBot(guarded);
  }, 180_000);
  afterAll(async () => {
    await open?.close();
    await guarded?.close();
    await orders?.close();
  });

  /** A test chat as the web opens it: started over HTTP, talked to over the websocket. */
  async function testChat(on: 'open' | 'guarded') {
    const { admin, baseUrl } = talk[on];
    const started = expectStatus(
      await admin('POST', `/api/bots/${encodeURIComponent(BOT)}/test-chat`, { startNew: true }),
      201,
    ).json();
    const topic = {
      kind: 'conversation' as const,
      botId: started.botId,
      conversationId: started.conversationId,
    };
    const socket: TestSocket = await openSocket(socketUrl(baseUrl, admin.token));
    await socket.subscribe(topic);
    return {
      async say(text: string): Promise<TurnMessage> {
        const before = socket.messages.length;
        socket.send(JSON.stringify({ type: 'conversation:say', topic, activity: { type: 'text', text } }));
        return (await socket.waitFor(
          (m) => m.type === 'conversation:turn' && socket.messages.indexOf(m) >= before,
          15_000,
        )) as TurnMessage;
      },
      close: () => socket.close(),
    };
  }

  const texts = (turn: TurnMessage) => turn.activities.map((a) => ('text' in a ? a.text : a.type));
  const variable = (turn: TurnMessage, name: string) =>
    turn.details.variables.find((v: { name: string }) => v.name === name)?.value;

  /** Asks for the order, answers `id`: the turn after the answer. */
  async function lookUp(id: string, on: 'open' | 'guarded' = 'open') {
    const chat = await testChat(on);
    try {
      expect(texts(await chat.say('where is my order'))).toEqual(['Which order number?']);
      return await chat.say(id);
    } finally {
      chat.close();
    }
  }

  test('an order the API finds (200) goes on by the plain arrow with its outputs', async () => {
    const answered = await lookUp('42');
    expect(texts(answered)).toEqual(['Order 42 is shipped.']);
    expect(answered.details.error).toBeFalsy();
    expect(variable(answered, 'HttpStatus')).toBe(200);
  });

  test.each([
    ['404', 404],
    ['500', 500],
  ])(
    'an answer of %s is a failed call: the Call failed path runs, with the status kept',
    async (id, status) => {
      const answered = await lookUp(id);
      expect(texts(answered)).toEqual([`Sorry, I cannot look up order ${id} right now.`]);
      expect(answered.details.error).toBeFalsy();
      expect(variable(answered, 'HttpStatus')).toBe(status);
      // The body has no order: its status is no value to say.
      expect(variable(answered, 'OrderStatus') ?? null).toBeNull();
    },
  );

  test('a call slower than the time limit fails at the limit and takes the Call failed path', async () => {
    const started = Date.now();
    const answered = await lookUp('slow');
    expect(texts(answered)).toEqual(['Sorry, I cannot look up order slow right now.']);
    expect(Date.now() - started).toBeLessThan(2800);
  });

  test('an address the network rules refuse is a failed call in a conversation too', async () => {
    const answered = await lookUp('42', 'guarded');
    expect(texts(answered)).toEqual(['Sorry, I cannot look up order 42 right now.']);
    expect(variable(answered, 'HttpStatus')).toBeUndefined();
  });

  test('without a Call failed path, a 404 ends the turn with the unexpected-error message, never a placeholder', async () => {
    const chat = await testChat('open');
    try {
      const answered = await chat.say('track my parcel');
      expect(texts(answered)).toEqual([DEFAULT_SYSTEM_MESSAGES.unexpectedErrorMessage]);
      expect(texts(answered).join(' ')).not.toContain('[');
      expect(answered.details.error).toBe('Function Order status failed: The API answered 404 Not Found');
    } finally {
      chat.close();
    }
  });

  test('one failed call is one warning in the log, with a Call failed path or without one', async () => {
    const warn = vi.spyOn(open.ctx.log, 'warn');
    const chat = await testChat('open');
    try {
      const ended = await chat.say('track my parcel');
      expect(ended.details.error).toBe('Function Order status failed: The API answered 404 Not Found');
      expect(warn.mock.calls).toEqual([
        [
          {
            bot: expect.any(String),
            conversationId: ended.topic.conversationId,
            function: 'Order status',
            functionType: 'rest',
            reason: 'The API answered 404 Not Found',
          },
          'a function call in a conversation failed',
        ],
      ]);
      warn.mockClear();
      await lookUp('404');
      expect(warn.mock.calls.map(([, message]) => message)).toEqual([
        'a function call in a conversation failed',
      ]);
    } finally {
      chat.close();
      warn.mockRestore();
    }
  });

  test('without a Call failed path, a refused address ends the turn naming the settings that open it', async () => {
    const chat = await testChat('guarded');
    try {
      const answered = await chat.say('track my parcel');
      expect(texts(answered)).toEqual([DEFAULT_SYSTEM_MESSAGES.unexpectedErrorMessage]);
      expect(answered.details.error).toBe(
        `Function Order status failed: ${PRIVATE_NETWORK_MESSAGE} (127.0.0.1 (loopback))`,
      );
    } finally {
      chat.close();
    }
  });

  /** The sub-editor's test call: the function as it stands in the editor, run on the server. */
  const testCall = (on: 'open' | 'guarded', id: string) =>
    talk[on].admin('POST', `${functionPath(BOT, 'Order status')}/output`, {
      flowFunction: {
        type: 'rest',
        name: 'Order status',
        url: `${orders.url}/orders/${id}`,
        outputs: [{ variableName: 'OrderStatus', propertyPath: 'data.order.status' }],
      },
    });

  test('the test call answers the whole response, {status, headers, data}, and marks an answer that failed', async () => {
    const found = expectStatus(await testCall('open', '42'), 200).json() as FunctionRunResponse;
    expect(found.output).toMatchObject({
      status: 200,
      headers: { 'content-type': 'application/json' },
      data: { order: { id: '42', status: 'shipped' } },
    });
    expect(found.outputs).toEqual({ OrderStatus: 'shipped' });
    expect(found.failure).toBeUndefined();

    const missing = expectStatus(await testCall('open', '404'), 200).json() as FunctionRunResponse;
    expect(missing.output).toMatchObject({ status: 404, data: { error: 'no such order' } });
    expect(missing.outputs).toEqual({ OrderStatus: null });
    expect(missing.failure).toBe('The API answered 404 Not Found');

    const broken = expectStatus(await testCall('open', '500'), 200).json() as FunctionRunResponse;
    expect(broken.output).toMatchObject({ status: 500, data: 'database down' });
    expect(broken.failure).toBe('The API answered 500 Internal Server Error');
  });

  test('the test call times out at the operator limit', async () => {
    const slow = runFailure(await testCall('open', 'slow'));
    expect(slow).toMatchObject({ message: 'The function took longer than 1000 ms', functionType: 'rest' });
  });

  test('the test call follows the same network rules as a conversation: the refusal names the settings', async () => {
    const refused = runFailure(await testCall('guarded', '42'));
    expect(refused.message).toBe(PRIVATE_NETWORK_MESSAGE);
    expect(refused.details).toBe('127.0.0.1 (loopback)');
  });
});
