import { IDLE_ACTIVITY } from '@parley/contracts';
import type { BlockData } from '@parley/flows';
import { describe, expect, test } from 'vitest';
import { newConversationState } from './conversation-state';
import type { BotForTurn } from './run-turn';
import { compileFlow } from './runtime-flow';
import type { RuntimeFunction } from './runtime-function';
import type { Recognition } from './runtime-services';
import { chatWith, saidIn } from './test-support/chat';
import { flowDocument, lineFlow, testBot } from './test-support/flows';

/**
 * What a designer's first bot expects of the runtime (issue 22): changing the subject works
 * inside validation loops, a question the first message already answered is not asked, and no
 * [placeholder] reaches a user.
 */

const askOrderNumber = {
  task: 'askQuestion',
  data: { 'field-question': 'What is your order number?' },
  outputs: ['OrderNumber'],
};
const validateOrderNumber = (onFailAction: string): { task: string; data: BlockData } => ({
  task: 'validationBlock',
  data: {
    condition: 'OrderNumber',
    operation: 12,
    connector: { regex: '^\\d{5}$' },
    'field-onFailAction': onFailAction,
    'field-message': 'That is not an order number.',
  },
});
const lookingUp = { task: 'message', data: { 'field-message': 'Looking up order [OrderNumber].' } };

const cancelOrder = lineFlow('CancelOrder', [
  {
    task: 'askQuestion',
    data: { 'field-question': 'Which order shall I cancel?' },
    outputs: ['OrderNumber'],
  },
  { task: 'message', data: { 'field-message': 'Cancelling order [OrderNumber].' } },
]);

/**
 * 'where is order 98765' → OrderStatus, 'cancel' → CancelOrder, each with the number as the
 * OrderNumber entity; 'open' → the Hours FAQ.
 */
function recognize(text: string): Recognition {
  const number = /\b\d+\b/.exec(text)?.[0];
  const entities = number ? [{ entity: 'OrderNumber', text: number, value: number }] : [];
  if (text.includes('cancel')) return { intent: 'CancelOrder', score: 0.95, entities };
  if (text.includes('open')) return { intent: 'Hours', score: 0.9, entities: [] };
  if (text.includes('order')) return { intent: 'OrderStatus', score: 0.9, entities };
  return { intent: null, score: 0.1, entities: [] };
}

/** The designer's bot: the order status flow given, CancelOrder, and the Hours FAQ intent. */
function shopBot(
  orderStatus = lineFlow('OrderStatus', [
    askOrderNumber,
    validateOrderNumber('repeat-previous-block'),
    lookingUp,
  ]),
): BotForTurn {
  return {
    ...testBot([orderStatus, cancelOrder], recognize),
    answerOf: async (intent) => (intent === 'Hours' ? 'We open at 9.' : undefined),
  };
}

describe('changing the subject inside a validation loop', () => {
  test.each(['repeat-previous-block', 'restart-flow'])(
    "with '%s', a FAQ question is answered and the question asked again; the loop still checks",
    async (onFail) => {
      const c = chatWith(
        shopBot(lineFlow('OrderStatus', [askOrderNumber, validateOrderNumber(onFail), lookingUp])),
      );
      expect(saidIn(await c.send('where is my order'))).toEqual(['What is your order number?']);
      // The validation message is not said: the user asked something else.
      expect(saidIn(await c.send('when are you open?'))).toEqual([
        'We open at 9.',
        'What is your order number?',
      ]);
      expect(c.state.variables.OrderNumber).toBeUndefined();
      expect(c.state.waiting).toMatchObject({ flow: 'OrderStatus', blockId: 'Activity_1' });
      expect(saidIn(await c.send('no idea'))).toEqual([
        'That is not an order number.',
        'What is your order number?',
      ]);
      expect(saidIn(await c.send('12345'))).toEqual(['Looking up order 12345.']);
    },
  );

  test("another intent's flow takes over; nothing said or set in the refused loop stays", async () => {
    const c = chatWith(shopBot());
    await c.send('where is my order');
    const turned = await c.send('I want to cancel it');
    expect(saidIn(turned)).toEqual(['Which order shall I cancel?']);
    expect(turned.trace.flowTriggered).toBe('CancelOrder');
    expect(turned.trace.recognition?.intent).toBe('CancelOrder');
    expect(c.state.waiting).toMatchObject({ flow: 'CancelOrder' });
    // The text the question took (and the validation refused) is not kept as the order number.
    expect(c.state.variables.OrderNumber).toBeUndefined();
  });

  test("with 'input-variable' the validation block asks itself: FAQ and other flows work there too", async () => {
    const c = chatWith(
      shopBot(lineFlow('OrderStatus', [askOrderNumber, validateOrderNumber('input-variable'), lookingUp])),
    );
    await c.send('where is my order');
    expect(saidIn(await c.send('no idea'))).toEqual(['That is not an order number.']);
    expect(saidIn(await c.send('are you open today'))).toEqual([
      'We open at 9.',
      'That is not an order number.',
    ]);
    expect(c.state.variables.OrderNumber).toBe('no idea');
    expect(saidIn(await c.send('cancel please'))).toEqual(['Which order shall I cancel?']);
  });

  test('a loop drawn by hand from the fail exit back to the question works the same', async () => {
    const flow = compileFlow(
      'OrderStatus',
      flowDocument(
        [
          { id: 'Start', start: true },
          { id: 'Ask', ...askOrderNumber },
          { id: 'Check', ...validateOrderNumber('send-message') },
          { id: 'Found', ...lookingUp },
          { id: 'End', end: { endFlow: true } },
        ],
        [
          { from: 'Start', to: 'Ask' },
          { from: 'Ask', to: 'Check' },
          { from: 'Check', to: 'Found' },
          { from: 'Check', to: 'Ask', data: { exit: 'fail' } },
          { from: 'Found', to: 'End' },
        ],
      ),
      'en',
    );
    const c = chatWith(shopBot(flow));
    await c.send('where is my order');
    expect(saidIn(await c.send('when do you open'))).toEqual(['We open at 9.', 'What is your order number?']);
    expect(saidIn(await c.send('cancel'))).toEqual(['Which order shall I cancel?']);
  });

  test("the intent under way, a doubtful one or none only repeat the loop's message", async () => {
    const c = chatWith(shopBot());
    await c.send('where is my order');
    expect(saidIn(await c.send('where is my order'))).toEqual([
      'That is not an order number.',
      'What is your order number?',
    ]);
    expect(c.state.waiting?.blockId).toBe('Activity_1');
  });

  test('an answer a loop accepted is kept, even when it reads like another intent', async () => {
    // A question drawn in a loop that collects items: no check refuses them, so none is a change of subject.
    const collect = compileFlow(
      'Basket',
      flowDocument(
        [
          { id: 'Start', start: true },
          { id: 'Ask', task: 'askQuestion', data: { 'field-question': 'Which item?' }, outputs: ['Item'] },
          { id: 'Added', task: 'message', data: { 'field-message': 'Added [Item].' } },
        ],
        [
          { from: 'Start', to: 'Ask' },
          { from: 'Ask', to: 'Added' },
          { from: 'Added', to: 'Ask' },
        ],
      ),
      'en',
    );
    const c = chatWith({
      ...testBot([collect, cancelOrder], (text) =>
        text === 'basket' ? { intent: 'Basket', score: 0.9, entities: [] } : recognize(text),
      ),
    });
    await c.send('basket');
    expect(saidIn(await c.send('cancel voucher'))).toEqual(['Added cancel voucher.', 'Which item?']);
  });
});

describe('an entity recognised in the message that starts the intent', () => {
  test('fills the question: it is not asked, and the validation after it checks the value', async () => {
    const c = chatWith(shopBot());
    const first = await c.send('where is order 98765');
    expect(saidIn(first)).toEqual(['Looking up order 98765.']);
    expect(c.state.waiting).toBeNull();
    expect(c.state.entities).toEqual(['OrderNumber']);
  });

  test("without the entity the question is asked; an earlier turn's value does not count", async () => {
    const c = chatWith(shopBot());
    await c.send('where is order 98765');
    // A new order status request: the number of the last one is not taken for granted.
    expect(saidIn(await c.send('where is my order'))).toEqual(['What is your order number?']);
    expect(saidIn(await c.send('11111'))).toEqual(['Looking up order 11111.']);
  });

  test('a value the validation refuses is asked for once, not looped over', async () => {
    const c = chatWith(shopBot());
    const first = await c.send('where is order 123');
    expect(saidIn(first)).toEqual(['That is not an order number.', 'What is your order number?']);
    expect(first.trace.error).toBeNull();
    expect(c.state.waiting?.blockId).toBe('Activity_1');
  });

  test("an entity recognised when the subject changes fills the new flow's question too", async () => {
    const c = chatWith(shopBot());
    await c.send('where is my order');
    const switched = await c.send('please cancel order 55555');
    expect(saidIn(switched)).toEqual(['Cancelling order 55555.']);
    expect(switched.trace.flowTriggered).toBe('CancelOrder');
  });
});

describe('a variable without a value', () => {
  const sayStatus = {
    task: 'message',
    data: { 'field-message': 'Your order is [OrderStatus].' },
  };

  test('is never said as a placeholder: the block is not said and the turn ends with why', async () => {
    const c = chatWith(
      testBot([
        lineFlow('OrderStatus', [{ task: 'message', data: { 'field-message': 'Let me look.' } }, sayStatus]),
      ]),
    );
    const result = await c.send('orderstatus');
    expect(saidIn(result)).toEqual(['Let me look.']);
    expect(result.trace.error).toBe('Block Activity_2 refers to [OrderStatus], which has no value.');
    expect(c.state.waiting).toBeNull();
  });

  test('a function output that found nothing, blank text and an empty list have no value either', async () => {
    const lookup: RuntimeFunction = {
      type: 'call',
      name: 'Lookup',
      inputs: [],
      outputs: ['OrderStatus'],
      run: async () => ({ outputs: { OrderStatus: null } }),
    };
    const flow = lineFlow('OrderStatus', [{ task: 'Lookup', category: 'custom' }, sayStatus]);
    const c = chatWith({ ...testBot([flow]), functionOf: async () => lookup });
    expect((await c.send('orderstatus')).trace.error).toBe(
      'Block Activity_2 refers to [OrderStatus], which has no value.',
    );
    for (const empty of ['  ', []]) {
      const result = await chatWith(testBot([lineFlow('OrderStatus', [sayStatus])]), {
        ...newConversationState(),
        variables: { OrderStatus: empty },
      }).send('orderstatus');
      expect(saidIn(result)).toEqual([]);
      expect(result.trace.error).toMatch(/\[OrderStatus\], which has no value/);
    }
  });

  test('a value passed on gets empty text in its place, which the Exists condition sees as no value', async () => {
    const received: Array<Record<string, string>> = [];
    const notify: RuntimeFunction = {
      type: 'call',
      name: 'Notify',
      inputs: [{ name: 'status', defaultValue: '' }],
      outputs: [],
      run: async (inputs) => {
        received.push(inputs);
        return { outputs: {} };
      },
    };
    const flow = compileFlow(
      'Copy',
      flowDocument(
        [
          { id: 'Start', start: true },
          {
            id: 'Copy',
            task: 'setVariable',
            data: { 'field-variable-value': '[OrderStatus]' },
            outputs: ['Status'],
          },
          {
            id: 'Notify',
            task: 'Notify',
            category: 'custom',
            data: { 'field-status': 'status: [OrderStatus]' },
          },
          { id: 'Known', gateway: { condition: 'Status', operation: 2 } },
          { id: 'Said', task: 'message', data: { 'field-message': 'It is [Status].' } },
          { id: 'Unknown', task: 'message', data: { 'field-message': 'I do not know yet.' } },
          { id: 'End', end: { endFlow: true } },
        ],
        [
          { from: 'Start', to: 'Copy' },
          { from: 'Copy', to: 'Notify' },
          { from: 'Notify', to: 'Known' },
          { from: 'Known', to: 'Said', data: { checkExistance: 'yes' } },
          { from: 'Known', to: 'Unknown', data: { isDefault: true } },
          { from: 'Said', to: 'End' },
          { from: 'Unknown', to: 'End' },
        ],
      ),
      'en',
    );
    const result = await chatWith({ ...testBot([flow]), functionOf: async () => notify }).send('copy');
    expect(saidIn(result)).toEqual(['I do not know yet.']);
    expect(result.trace.error).toBeNull();
    expect(result.state.variables.Status).toBe('');
    expect(received).toEqual([{ status: 'status: ' }]);
  });

  test('a FAQ answer, the threshold messages and the idle text follow the same rule', async () => {
    const faq = await chatWith({
      ...testBot([], () => ({ intent: 'Hours', score: 0.9, entities: [] })),
      answerOf: async () => 'We open at [OpeningTime].',
    }).send('hours');
    expect(saidIn(faq)).toEqual([]);
    expect(faq.trace.error).toBe('The answer of intent Hours refers to [OpeningTime], which has no value.');

    const below = await chatWith({ ...testBot([]), messageBelowThreshold: 'Sorry [Name].' }).send('??');
    expect(below.trace.error).toBe('The below-threshold message refers to [Name], which has no value.');

    const c = chatWith({
      ...testBot([lineFlow('Ask', [askOrderNumber])]),
      idleText: 'Still there, [Name]?',
    });
    await c.send('ask');
    const waiting = c.state.waiting;
    const idle = await c.send(IDLE_ACTIVITY);
    expect(saidIn(idle)).toEqual([]);
    expect(idle.trace.error).toBe('The idle text refers to [Name], which has no value.');
    // Silence is no answer: the question still waits.
    expect(c.state.waiting).toEqual(waiting);
  });
});
