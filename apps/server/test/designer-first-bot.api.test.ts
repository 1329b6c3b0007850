import { DEFAULT_SYSTEM_MESSAGES, type ServerMessage } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { as, buildAdminWorld, type Call, expectStatus } from './support/admin-world';
import { createEntity, createIntent } from './support/bot-content';
import { createBot } from './support/bots';
import { testDatabases } from './support/databases';
import { createFunction } from './support/functions';
import { publishTestFlows } from './support/publishing';
import { openSocket, socketUrl, type TestSocket } from './support/socket-client';
import { startTestServer, type TestServer } from './support/test-server';

type TurnMessage = Extract<ServerMessage, { type: 'conversation:turn' }>;

/**
 * A designer's first bot in the test chat (issue 22): an order status flow with a regex entity,
 * a question checked by a validation block and a lookup; a FAQ intent and another flow intent to
 * change the subject to. What got a designer stuck works: changing the subject inside the
 * validation loop, the order number given in the first message, an order the lookup does not
 * know (no [placeholder], the unexpected-error message and a warning in the log).
 */
describe.each(testDatabases())("a designer's first bot in the test chat on %s", (kind) => {
  let server: TestServer;
  let admin: Call & { token: string };
  let baseUrl: string;
  const BOT = 'Shop Bot';

  beforeAll(async () => {
    server = await startTestServer(kind);
    baseUrl = await server.listen();
    const world = await buildAdminWorld(server);
    admin = Object.assign(as(server, world.tenantAdmin), { token: world.tenantAdmin.token });
    await createBot(admin, BOT);
    await createEntity(admin, BOT, {
      name: 'OrderNumber',
      type: 'regexentities',
      regexes: ['\\d{5}'],
      examples: ['12345'],
    });
    await createIntent(admin, BOT, {
      name: 'OrderStatus',
      utterances: [
        'where is my order',
        'where is order 12345',
        'what is the status of my order',
        'order status please',
        'has my order shipped',
        'track order 55555',
      ],
    });
    await createIntent(admin, BOT, {
      name: 'CancelOrder',
      utterances: [
        'i want to cancel my order',
        'cancel my order',
        'please cancel it',
        'stop my order i do not want it',
        'cancel order 12345',
      ],
    });
    await createIntent(admin, BOT, {
      name: 'OpeningHours',
      type: 'faq',
      answer: 'We are open from 9 to 5.',
      utterances: ['when are you open', 'opening hours', 'are you open today', 'what time do you close'],
    });
    await createFunction(admin, BOT, {
      type: 'code',
      name: 'Order lookup',
      // The shop knows one order; any other has no status.
      code: 'return { status: String(orderNumber) === "12345" ? "shipped" : null };',
      inputs: [{ name: 'orderNumber', defaultValue: '12345' }],
      outputs: [{ variableName: 'OrderStatus', propertyPath: 'status' }],
    });
    await publishTestFlows(admin, BOT, {
      OrderStatus: [
        {
          block: 'askQuestion',
          fields: { question: 'What is your order number?' },
          outputs: ['OrderNumber'],
        },
        {
          block: 'validationBlock',
          fields: {
            condition: 'OrderNumber',
            operation: 12,
            connector: { regex: '^\\d{5}$' },
            onFailAction: 'repeat-previous-block',
            message: 'That is not an order number.',
          },
        },
        { function: 'Order lookup', fields: { orderNumber: '[OrderNumber]' }, outputs: ['OrderStatus'] },
        {
          block: 'message',
          name: 'Say the status',
          fields: { message: 'Order [OrderNumber] is [OrderStatus].' },
        },
        { end: 'endFlow' },
      ],
      CancelOrder: [
        { block: 'message', fields: { message: 'You cancel an order on your account page.' } },
        { end: 'endFlow' },
      ],
    });
  }, 120_000);
  afterAll(() => server?.close());

  /** A test chat started over HTTP and talked in over the websocket, as the bot page does. */
  async function testChat() {
    const started = expectStatus(
      await admin('POST', `/api/bots/${encodeURIComponent(BOT)}/test-chat`),
      201,
    ).json();
    const topic = {
      kind: 'conversation' as const,
      botId: started.botId,
      conversationId: started.conversationId,
    };
    const socket: TestSocket = await openSocket(socketUrl(baseUrl, admin.token));
    await socket.subscribe(topic);
    const say = async (text: string): Promise<TurnMessage> => {
      const before = socket.messages.length;
      socket.send(JSON.stringify({ type: 'conversation:say', topic, activity: { type: 'text', text } }));
      return (await socket.waitFor(
        (m) => m.type === 'conversation:turn' && socket.messages.indexOf(m) >= before,
        15_000,
      )) as TurnMessage;
    };
    return { say, close: () => socket.close() };
  }
  const texts = (turn: TurnMessage) => turn.activities.map((a) => ('text' in a ? a.text : a.type));

  test('changing the subject inside the validation loop: a FAQ is answered, another intent takes over', async () => {
    const chat = await testChat();
    try {
      const asked = await chat.say('where is my order');
      expect(texts(asked)).toEqual(['What is your order number?']);
      expect(asked.details).toMatchObject({ intent: 'OrderStatus', flowTriggered: 'OrderStatus' });
      expect(texts(await chat.say('soon I hope'))).toEqual([
        'That is not an order number.',
        'What is your order number?',
      ]);
      expect(texts(await chat.say('when are you open'))).toEqual([
        'We are open from 9 to 5.',
        'What is your order number?',
      ]);
      // The loop still waits for the number, and takes it.
      expect(texts(await chat.say('12345'))).toEqual(['Order 12345 is shipped.']);

      await chat.say('where is my order');
      const turned = await chat.say('i want to cancel my order');
      expect(texts(turned)).toEqual(['You cancel an order on your account page.']);
      expect(turned.details).toMatchObject({ flowTriggered: 'CancelOrder', error: null });
      // Nothing waits any more: the next message is recognised afresh.
      expect(texts(await chat.say('opening hours'))).toEqual(['We are open from 9 to 5.']);
    } finally {
      chat.close();
    }
  });

  test('the order number given in the first message is used: the question is not asked', async () => {
    const chat = await testChat();
    try {
      const answered = await chat.say('where is order 12345');
      expect(texts(answered)).toEqual(['Order 12345 is shipped.']);
      expect(answered.details.variables).toEqual(
        expect.arrayContaining([{ name: 'OrderNumber', type: 'string', value: '12345' }]),
      );
      // Without a number in the message, the question is asked (the last one's number is not taken for granted).
      expect(texts(await chat.say('where is my order'))).toEqual(['What is your order number?']);
    } finally {
      chat.close();
    }
  });

  test('an order the lookup does not know: no placeholder, the unexpected-error message, a warning logged', async () => {
    const warn = vi.spyOn(server.ctx.log, 'warn');
    const chat = await testChat();
    try {
      const unknown = await chat.say('where is order 99999');
      expect(texts(unknown)).toEqual([DEFAULT_SYSTEM_MESSAGES.unexpectedErrorMessage]);
      expect(JSON.stringify(unknown.activities)).not.toContain('[OrderStatus]');
      expect(unknown.details.error).toBe('Block Say the status refers to [OrderStatus], which has no value.');
      expect(warn).toHaveBeenCalledWith(
        expect.objectContaining({
          reason: 'Block Say the status refers to [OrderStatus], which has no value.',
        }),
        'a flow ended its turn early',
      );
      // The conversation goes on.
      expect(texts(await chat.say('where is order 12345'))).toEqual(['Order 12345 is shipped.']);
    } finally {
      chat.close();
      warn.mockRestore();
    }
  });
});
