import { buildFlowXml, parseFlow } from '@parley/flows';
import { describe, expect, test } from 'vitest';
import type { InboundActivity } from './activities';
import { type ConversationState, newConversationState, readConversationState } from './conversation-state';
import { type BotForTurn, runTurn, type TurnResult } from './run-turn';
import { compileFlow } from './runtime-flow';
import { flowDocument, lineFlow, testBot } from './test-support/flows';

const say = (text: string): InboundActivity => ({ type: 'text', text });
const texts = (result: TurnResult) =>
  result.activities.map((a) => ('text' in a ? a.text : a.type === 'image' ? a.url : a.type));

/** Talks to a bot turn by turn; the state goes through JSON between turns, as the database keeps it. */
function chat(bot: BotForTurn, options: { random?: () => number } = {}) {
  let state: ConversationState = newConversationState();
  return {
    async send(activity: InboundActivity | string) {
      const result = await runTurn({
        bot,
        state,
        activity: typeof activity === 'string' ? say(activity) : activity,
        random: options.random,
      });
      state = readConversationState(JSON.parse(JSON.stringify(result.state)));
      return result;
    },
    get state() {
      return state;
    },
  };
}

describe('a turn', () => {
  test('a question waits for the answer, which fills the [variables] of the blocks after it', async () => {
    const bot = testBot([
      lineFlow('Greeting', [
        { task: 'message', data: { 'field-message': 'Hello!' } },
        { task: 'askQuestion', data: { 'field-question': 'What is your name?' }, outputs: ['Name'] },
        { task: 'message', data: { 'field-message': 'Nice to meet you, [Name].' } },
      ]),
    ]);
    const c = chat(bot);
    const first = await c.send('greeting please');
    expect(texts(first)).toEqual(['Hello!', 'What is your name?']);
    expect(first.trace.flowTriggered).toBe('Greeting');
    expect(c.state.waiting).toMatchObject({ flow: 'Greeting', blockId: 'Activity_2' });

    const second = await c.send('Ada');
    expect(texts(second)).toEqual(['Nice to meet you, Ada.']);
    // The answer went to the waiting block, not to the recognizer.
    expect(second.trace.recognition).toBeNull();
    expect(c.state.waiting).toBeNull();
    expect(c.state.variables.Name).toBe('Ada');
  });

  test('Ask Question with Capture DTMF tells keypad channels the DTMF message and the confirm key', async () => {
    const bot = testBot([
      lineFlow('Greeting', [
        {
          task: 'askQuestion',
          data: {
            'field-question': 'What is your order number?',
            'capture-dtmf': true,
            'dtmf-message': 'Type it, then press hash.',
            'dtmf-confirm-key': '#',
          },
          outputs: ['OrderNumber'],
        },
        { task: 'askQuestion', data: { 'field-question': 'Anything else?' }, outputs: ['More'] },
      ]),
    ]);
    const c = chat(bot);
    const asked = await c.send('greeting please');
    expect(asked.activities).toEqual([
      {
        type: 'text',
        text: 'What is your order number?',
        dtmf: { message: 'Type it, then press hash.', confirmKey: '#' },
      },
    ]);
    // Keys come in as text: the answer is kept as any answer is.
    const next = await c.send('12345');
    expect(c.state.variables.OrderNumber).toBe('12345');
    expect(next.activities).toEqual([{ type: 'text', text: 'Anything else?' }]);
  });

  test('the thresholds: a confident intent starts its flow, a doubtful one and a weak one get the messages', async () => {
    const flows = [lineFlow('Order', [{ task: 'message', data: { 'field-message': 'Your order.' } }])];
    const scored = (score: number) => testBot(flows, () => ({ intent: 'Order', score, entities: [] }));
    expect(
      texts(await runTurn({ bot: scored(0.8), state: newConversationState(), activity: say('x') })),
    ).toEqual(['Your order.']);
    expect(
      texts(await runTurn({ bot: scored(0.5), state: newConversationState(), activity: say('x') })),
    ).toEqual(['Did you mean something else?']);
    expect(
      texts(await runTurn({ bot: scored(0.1), state: newConversationState(), activity: say('x') })),
    ).toEqual(['Sorry, I did not understand.']);
  });

  test('recognised entities become variables', async () => {
    const bot = testBot(
      [lineFlow('Book', [{ task: 'message', data: { 'field-message': 'To [City].' } }])],
      () => ({
        intent: 'Book',
        score: 0.95,
        entities: [{ entity: 'City', text: 'paris', value: 'Paris' }],
      }),
    );
    expect(texts(await chat(bot).send('fly to paris'))).toEqual(['To Paris.']);
  });

  test('options: a click or the number picks the exit; an unexpected answer asks again or leaves by unexpected', async () => {
    const flowWith = (handleUnexpected: boolean) =>
      compileFlow(
        'Menu',
        flowDocument(
          [
            { id: 'Start', start: true },
            {
              id: 'Ask',
              task: 'showOptions',
              data: {
                'field-suggestion': 'Tea or coffee?',
                'field-choices': ['Tea', 'Coffee'],
                'field-handle-unexpected-input': handleUnexpected,
              },
              outputs: ['Drink'],
            },
            { id: 'TeaSaid', task: 'message', data: { 'field-message': 'Tea it is.' } },
            { id: 'CoffeeSaid', task: 'message', data: { 'field-message': '[Drink] it is.' } },
            { id: 'Other', task: 'message', data: { 'field-message': 'No [Drink] here.' } },
            { id: 'End', end: { endFlow: true } },
          ],
          [
            { from: 'Start', to: 'Ask' },
            { from: 'Ask', to: 'TeaSaid', data: { exit: 'option-1' } },
            { from: 'Ask', to: 'CoffeeSaid', data: { exit: 'option-2' } },
            { from: 'Ask', to: 'Other', data: { exit: 'unexpected' } },
            { from: 'TeaSaid', to: 'End' },
            { from: 'CoffeeSaid', to: 'End' },
            { from: 'Other', to: 'End' },
          ],
        ),
        'en',
      );
    const strict = chat(testBot([flowWith(false)]));
    const shown = await strict.send('menu');
    expect(shown.activities).toEqual([
      { type: 'options', text: 'Tea or coffee?', options: ['Tea', 'Coffee'] },
    ]);
    expect(texts(await strict.send('beer'))).toEqual(['Tea or coffee?']);
    expect(strict.state.waiting?.retries).toBe(1);
    expect(texts(await strict.send({ type: 'click', text: 'Coffee' }))).toEqual(['Coffee it is.']);

    const numbered = chat(testBot([flowWith(false)]));
    await numbered.send('menu');
    expect(texts(await numbered.send(' 1 '))).toEqual(['Tea it is.']);

    const lenient = chat(testBot([flowWith(true)]));
    await lenient.send('menu');
    expect(texts(await lenient.send('beer'))).toEqual(['No beer here.']);
  });

  test('options drawn with one plain arrow all go on to the block it leads to', async () => {
    const flow = lineFlow('Size', [
      {
        task: 'showOptions',
        data: { 'field-suggestion': 'Size?', 'field-choices': ['S', 'L'] },
        outputs: ['Size'],
      },
      { task: 'message', data: { 'field-message': 'Size [Size].' } },
    ]);
    const c = chat(testBot([flow]));
    await c.send('size');
    expect(texts(await c.send('l'))).toEqual(['Size L.']);
  });

  test('a condition takes the first connector that holds, else the default', async () => {
    const flow = compileFlow(
      'Age',
      flowDocument(
        [
          { id: 'Start', start: true },
          {
            id: 'Ask',
            task: 'askQuestion',
            data: { 'field-question': 'How old are you?' },
            outputs: ['Age'],
          },
          { id: 'Check', gateway: { condition: 'Age', operation: 3 } },
          { id: 'Adult', task: 'message', data: { 'field-message': 'Welcome.' } },
          { id: 'Young', task: 'message', data: { 'field-message': 'Too young.' } },
          { id: 'End', end: { endFlow: true } },
        ],
        [
          { from: 'Start', to: 'Ask' },
          { from: 'Ask', to: 'Check' },
          { from: 'Check', to: 'Adult', data: { mathOperation: 2, mathNumber1: 17 } },
          { from: 'Check', to: 'Young', data: { isDefault: true } },
          { from: 'Adult', to: 'End' },
          { from: 'Young', to: 'End' },
        ],
      ),
      'en',
    );
    const c = chat(testBot([flow]));
    await c.send('age');
    expect(texts(await c.send('42'))).toEqual(['Welcome.']);
    await c.send('age');
    expect(texts(await c.send('12'))).toEqual(['Too young.']);
    await c.send('age');
    // Not a number: the comparison does not hold, the default is taken.
    expect(texts(await c.send('old enough'))).toEqual(['Too young.']);
  });

  test('a condition where nothing holds and there is no default ends the turn with an error', async () => {
    const flow = compileFlow(
      'Check',
      flowDocument(
        [
          { id: 'Start', start: true },
          { id: 'Gate', gateway: { condition: 'Missing', operation: 2 } },
          { id: 'End', end: { endFlow: true } },
        ],
        [
          { from: 'Start', to: 'Gate' },
          { from: 'Gate', to: 'End', data: { checkExistance: 'yes' } },
        ],
      ),
      'en',
    );
    const result = await chat(testBot([flow])).send('check');
    expect(result.trace.error).toBe('No connector of condition Gate holds, and it has no default connector.');
  });

  test('a flow that loops forever ends the turn at the step limit; the next turn works', async () => {
    const flow = compileFlow(
      'Loop',
      flowDocument(
        [
          { id: 'Start', start: true },
          { id: 'Count', task: 'passCounter', outputs: ['Counter'] },
        ],
        [
          { from: 'Start', to: 'Count' },
          { from: 'Count', to: 'Count' },
        ],
      ),
      'en',
    );
    const bot = testBot([flow, lineFlow('Hello', [{ task: 'message', data: { 'field-message': 'Hi.' } }])]);
    const c = chat(bot);
    const looped = await c.send('loop');
    expect(looped.trace.error).toBe('The flow stepped through 500 blocks in one turn: it may loop forever.');
    expect(c.state.variables.Counter).toBe(499);
    expect(c.state.waiting).toBeNull();
    expect(texts(await c.send('hello'))).toEqual(['Hi.']);
  });

  test('end blocks: redirect to the intent a variable holds, restart the flow', async () => {
    const router = compileFlow(
      'Router',
      flowDocument(
        [
          { id: 'Start', start: true },
          { id: 'Pick', task: 'setVariable', data: { 'field-variable-value': 'Goodbye' }, outputs: ['Next'] },
          { id: 'End', end: { redirectToOtherIntent: true, intentTo: '[Next]' } },
        ],
        [
          { from: 'Start', to: 'Pick' },
          { from: 'Pick', to: 'End' },
        ],
      ),
      'en',
    );
    const goodbye = lineFlow('Goodbye', [{ task: 'message', data: { 'field-message': 'Bye!' } }]);
    const redirected = await chat(testBot([router, goodbye])).send('router');
    expect(texts(redirected)).toEqual(['Bye!']);
    expect(redirected.trace.flowTriggered).toBe('Goodbye');

    const again = compileFlow(
      'Again',
      flowDocument(
        [
          { id: 'Start', start: true },
          { id: 'Ask', task: 'askQuestion', data: { 'field-question': 'Again?' } },
          { id: 'End', end: { restartIntent: true } },
        ],
        [
          { from: 'Start', to: 'Ask' },
          { from: 'Ask', to: 'End' },
        ],
      ),
      'en',
    );
    const c = chat(testBot([again]));
    await c.send('again');
    expect(texts(await c.send('yes'))).toEqual(['Again?']);
    expect(c.state.waiting?.blockId).toBe('Ask');
  });

  test('an intent without an active flow, and a block kind this version cannot run, end the turn with a clear error', async () => {
    const bot = testBot(
      [lineFlow('Ticket', [{ task: 'sendFax', category: 'action', data: { 'field-text': 'hello' } }])],
      (text) =>
        text === 'nothing'
          ? { intent: 'Nothing', score: 0.99, entities: [] }
          : { intent: 'Ticket', score: 0.99, entities: [] },
    );
    expect((await chat(bot).send('nothing')).trace.error).toBe('Intent Nothing has no active flow.');
    expect((await chat(bot).send('ticket')).trace.error).toBe(
      'Block Activity_1 (sendFax) cannot run in this version of Parley.',
    );
  });

  test('an intent without an active flow says its answer when it has one', async () => {
    const bot = {
      ...testBot([], () => ({ intent: 'Hours', score: 0.9, entities: [] })),
      answerOf: async () => 'We open at 9, [Name].',
    };
    const result = await runTurn({
      bot,
      state: { ...newConversationState(), variables: { Name: 'Ada' } },
      activity: say('hours?'),
    });
    expect(texts(result)).toEqual(['We open at 9, Ada.']);
    expect(result.trace.error).toBeNull();
  });

  test('a variable may not grow past its limit', async () => {
    const bot = testBot([
      lineFlow('Big', [
        { task: 'setVariable', data: { 'field-variable-value': 'x'.repeat(70_000) }, outputs: ['Huge'] },
      ]),
    ]);
    const result = await chat(bot).send('big');
    expect(result.trace.error).toMatch(/^Variable Huge would hold 70002 bytes; at most 65536 fit\.$/);
    expect(result.state.variables.Huge).toBeUndefined();
  });

  test('a flow stored as BPMN XML runs the same', async () => {
    const xml = await buildFlowXml(
      [
        { block: 'askQuestion', fields: { question: 'Your order number?' }, outputs: ['OrderNumber'] },
        {
          condition: 'OrderNumber',
          operation: 6,
          branches: [
            {
              operator: { isOfType: 'number' },
              steps: [{ block: 'message', fields: { message: 'Order [OrderNumber] is on its way.' } }],
            },
            { isDefault: true, steps: [{ block: 'message', fields: { message: 'That is no number.' } }] },
          ],
        },
        { end: 'endFlow' },
      ],
      { languages: ['en', 'de'] },
    );
    const flow = compileFlow('OrderStatus', await parseFlow(xml), 'de');
    const c = chat(testBot([flow], () => ({ intent: 'OrderStatus', score: 0.9, entities: [] })));
    expect(texts(await c.send('where is my order'))).toEqual(['Your order number?']);
    expect(texts(await c.send('1234'))).toEqual(['Order 1234 is on its way.']);
    await c.send('where is my order');
    expect(texts(await c.send('soon'))).toEqual(['That is no number.']);
  });
});
