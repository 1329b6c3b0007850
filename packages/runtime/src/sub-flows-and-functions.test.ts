import { CARD_SUBMIT_EVENT, IDLE_ACTIVITY, RESUME_ACTIVITY, subFlowTestActivity } from '@parley/contracts';
import { missingHandlers } from '@parley/flows/handlers';
import { describe, expect, test } from 'vitest';
import type { InboundActivity } from './activities';
import { type ConversationState, newConversationState, readConversationState } from './conversation-state';
import { type BotForTurn, runTurn, type TurnResult } from './run-turn';
import { BLOCK_RUNNERS } from './runners';
import { compileFlow } from './runtime-flow';
import type { RuntimeFunction } from './runtime-function';
import { flowDocument, lineFlow, testBot } from './test-support/flows';

const texts = (result: TurnResult) =>
  result.activities.map((a) => ('text' in a ? a.text : a.type === 'adaptiveCard' ? 'card' : a.type));

function chat(bot: BotForTurn) {
  let state: ConversationState = newConversationState();
  return {
    async send(activity: InboundActivity | string) {
      const result = await runTurn({
        bot,
        state,
        activity: typeof activity === 'string' ? { type: 'text', text: activity } : activity,
      });
      state = readConversationState(JSON.parse(JSON.stringify(result.state)));
      return result;
    },
    get state() {
      return state;
    },
  };
}

const withFunctions = (bot: BotForTurn, functions: RuntimeFunction[]): BotForTurn => ({
  ...bot,
  functionOf: async (name) => functions.find((fn) => fn.name === name),
});

const custom = (name: string, data: Record<string, unknown> = {}) => ({
  task: name,
  category: 'custom',
  data,
});

describe('every block kind', () => {
  test('has a runner', () => {
    expect(missingHandlers(BLOCK_RUNNERS)).toEqual([]);
  });
});

describe('sub flows', () => {
  const address = lineFlow(
    'Address',
    [
      { task: 'message', data: { 'field-message': 'Delivery to [city].' } },
      { task: 'askQuestion', data: { 'field-question': 'Which street?' }, outputs: ['street'] },
    ],
    { owner: 'function', version: 3 },
  );
  const order = lineFlow('Order', [
    { task: 'message', data: { 'field-message': 'Your order.' } },
    custom('Address', { 'field-city': '[town]' }),
    { task: 'message', data: { 'field-message': 'Sent to [street], [city].' } },
  ]);
  const bot = () =>
    withFunctions(testBot([order]), [
      { type: 'flow', name: 'Address', inputs: [{ name: 'city', defaultValue: 'Paris' }], flow: address },
    ]);

  test('a sub flow runs with its inputs, waits inside, and its caller goes on when it ends', async () => {
    const c = chat({ ...bot(), startingVariables: async () => ({ town: 'Ghent' }) });
    const first = await c.send('order');
    expect(texts(first)).toEqual(['Your order.', 'Delivery to Ghent.', 'Which street?']);
    expect(c.state.waiting).toMatchObject({ flow: 'fn:Address', blockId: 'Activity_2' });
    expect(c.state.stack).toEqual([{ flow: 'Order', blockId: 'Activity_2' }]);

    const second = await c.send('Main Street');
    expect(texts(second)).toEqual(['Sent to Main Street, Ghent.']);
    expect(c.state.stack).toEqual([]);
    expect(
      second.trace.blockHits.map((hit) => `${hit.owner}:${hit.flow}@${hit.version}/${hit.blockId}`),
    ).toEqual([
      'function:Address@3/Activity_2',
      'function:Address@3/End',
      'intent:Order@1/Activity_3',
      'intent:Order@1/End',
    ]);
  });

  test("an input left empty takes the function's default, with [variables] filled in", async () => {
    const withDefault = lineFlow('Order', [
      { task: 'setVariable', data: { 'field-variable-value': 'Lyon' }, outputs: ['town'] },
      custom('Address'),
    ]);
    const c = chat(
      withFunctions(testBot([withDefault]), [
        { type: 'flow', name: 'Address', inputs: [{ name: 'city', defaultValue: '[town]' }], flow: address },
      ]),
    );
    expect(texts(await c.send('order'))).toEqual(['Delivery to Lyon.', 'Which street?']);
  });

  test('a sub flow that calls itself ends the turn with an error, and the conversation goes on', async () => {
    const loop = lineFlow('Loop', [custom('Loop')], { owner: 'function', version: 1 });
    const c = chat(
      withFunctions(testBot([lineFlow('Order', [custom('Loop')])]), [
        { type: 'flow', name: 'Loop', inputs: [], flow: loop },
      ]),
    );
    const result = await c.send('order');
    expect(result.trace.error).toBe('Sub flows call each other more than 20 deep.');
    expect(c.state.stack).toEqual([]);
    expect(c.state.waiting).toBeNull();
  });

  test('a function the bot lacks, or one that cannot run here, ends the turn with its reason', async () => {
    const flows = [lineFlow('Order', [custom('Missing')]), lineFlow('Ask', [custom('Gpt')])];
    const c = chat(
      withFunctions(testBot(flows), [
        { type: 'unavailable', name: 'Gpt', reason: 'LLM functions run in the LLM area, not in a flow.' },
      ]),
    );
    expect((await c.send('order')).trace.error).toBe('Function Missing is not available in this bot.');
    expect((await c.send('ask')).trace.error).toBe('LLM functions run in the LLM area, not in a flow.');
  });
});

describe('functions', () => {
  test("a called function gets its inputs filled in and sets its outputs (the block's own names first); its event goes to the channel", async () => {
    const calls: Array<Record<string, string>> = [];
    const c = chat(
      withFunctions(
        testBot([
          lineFlow('Weather', [
            { task: 'setVariable', data: { 'field-variable-value': 'Oslo' }, outputs: ['city'] },
            custom('GetWeather', { 'field-city': '[city]', 'fc-output': ['degrees'] }),
            { task: 'message', data: { 'field-message': '[degrees] degrees in [city], [wind].' } },
          ]),
        ]),
        [
          {
            type: 'call',
            name: 'GetWeather',
            outputs: ['temperature', 'wind'],
            inputs: [
              { name: 'city', defaultValue: '' },
              { name: 'unit', defaultValue: 'C' },
            ],
            run: async (inputs) => {
              calls.push(inputs);
              return {
                outputs: { temperature: 4, wind: 'calm' },
                event: { name: 'weather', value: { city: inputs.city } },
              };
            },
          },
        ],
      ),
    );
    const result = await c.send('weather');
    expect(calls).toEqual([{ city: 'Oslo', unit: 'C' }]);
    expect(result.activities).toEqual([
      {
        type: 'event',
        name: 'functionEvent',
        value: { function: 'GetWeather', name: 'weather', value: { city: 'Oslo' } },
      },
      { type: 'text', text: '4 degrees in Oslo, calm.' },
    ]);
  });

  test('an adaptive card is filled string by string, waits for its submit, and sets a variable per input', async () => {
    const card: RuntimeFunction = {
      type: 'adaptiveCard',
      name: 'Survey',
      inputs: [{ name: 'title', defaultValue: 'Hi "[name]"' }],
      json: JSON.stringify({
        type: 'AdaptiveCard',
        version: '1.5',
        body: [
          { type: 'TextBlock', text: '{{title}}' },
          { type: 'Input.Text', id: 'comment' },
        ],
        actions: [{ type: 'Action.Submit', title: 'Send' }],
      }),
      skipUserInput: false,
    };
    const c = chat(
      withFunctions(
        testBot([
          lineFlow('Survey', [
            { task: 'setVariable', data: { 'field-variable-value': 'Ann "A" \\ B' }, outputs: ['name'] },
            custom('Survey'),
            { task: 'message', data: { 'field-message': 'Thanks: [comment]' } },
          ]),
        ]),
        [card],
      ),
    );
    const shown = await c.send('survey');
    expect(shown.activities).toEqual([
      {
        type: 'adaptiveCard',
        card: {
          type: 'AdaptiveCard',
          version: '1.5',
          body: [
            { type: 'TextBlock', text: 'Hi "Ann "A" \\ B"' },
            { type: 'Input.Text', id: 'comment' },
          ],
          actions: [{ type: 'Action.Submit', title: 'Send' }],
        },
      },
    ]);
    expect(c.state.waiting).not.toBeNull();
    const submitted = await c.send({ type: 'event', name: CARD_SUBMIT_EVENT, value: { comment: 'great' } });
    expect(texts(submitted)).toEqual(['Thanks: great']);
  });

  test('an adaptive card that is not JSON ends the turn with a clear error', async () => {
    const c = chat(
      withFunctions(testBot([lineFlow('Survey', [custom('Survey')])]), [
        { type: 'adaptiveCard', name: 'Survey', inputs: [], json: '{ nope', skipUserInput: true },
      ]),
    );
    expect((await c.send('survey')).trace.error).toBe('Adaptive card Survey is not valid JSON.');
  });
});

describe('the platform blocks', () => {
  test('a delay ends the turn and asks to be resumed; the resuming turn goes on after it', async () => {
    const c = chat(
      testBot([
        lineFlow('Wait', [
          { task: 'message', data: { 'field-message': 'One moment.' } },
          { task: 'blockDelay', data: { 'field-duration': 2.5 } },
          { task: 'message', data: { 'field-message': 'Done.' } },
        ]),
      ]),
    );
    const first = await c.send('wait');
    expect(texts(first)).toEqual(['One moment.']);
    expect(first.resumeAfterMs).toBe(2500);
    const resumed = await c.send(RESUME_ACTIVITY);
    expect(texts(resumed)).toEqual(['Done.']);
    expect(resumed.resumeAfterMs).toBeUndefined();
  });

  test('a message during a delay ends the wait: what follows it is said, then the message is answered', async () => {
    const c = chat(
      testBot([
        lineFlow('Wait', [
          { task: 'message', data: { 'field-message': 'One moment.' } },
          { task: 'blockDelay', data: { 'field-duration': 2.5 } },
          { task: 'message', data: { 'field-message': 'Done.' } },
          { task: 'blockDelay', data: { 'field-duration': 1 } },
          { task: 'message', data: { 'field-message': 'Really done.' } },
        ]),
        lineFlow('Pizza', [{ task: 'message', data: { 'field-message': 'Which pizza?' } }]),
      ]),
    );
    expect(texts(await c.send('wait'))).toEqual(['One moment.']);
    const spoke = await c.send('pizza please');
    // Both waits end; the message is not taken as the end of a wait but answered as itself.
    expect(texts(spoke)).toEqual(['Done.', 'Really done.', 'Which pizza?']);
    expect(spoke.trace.recognition?.intent).toBe('Pizza');
    expect(spoke.resumeAfterMs).toBeUndefined();
    expect(c.state.waiting).toBeNull();
  });

  test('a message during a delay answers the question the flow asks after it', async () => {
    const c = chat(
      testBot([
        lineFlow('Greet', [
          { task: 'blockDelay', data: { 'field-duration': 2 } },
          { task: 'askQuestion', data: { 'field-question': 'What is your name?' }, outputs: ['Name'] },
          { task: 'message', data: { 'field-message': 'Hello [Name].' } },
        ]),
      ]),
    );
    expect(texts(await c.send('greet'))).toEqual([]);
    expect(texts(await c.send('Ada'))).toEqual(['What is your name?', 'Hello Ada.']);
  });

  test('delays that loop end early only up to the step limit', async () => {
    const loop = compileFlow(
      'Loop',
      flowDocument(
        [
          { id: 'Start', start: true },
          { id: 'Wait', task: 'blockDelay', data: { 'field-duration': 1 } },
        ],
        [
          { from: 'Start', to: 'Wait' },
          { from: 'Wait', to: 'Wait' },
        ],
      ),
      'en',
      { owner: 'intent', version: 1 },
    );
    const c = chat(testBot([loop]));
    expect((await c.send('loop')).resumeAfterMs).toBe(1000);
    const spoke = await c.send('hello');
    expect(spoke.trace.error).toMatch(/may loop forever/);
  });

  test("a delay's end with nothing waiting any more (its flow deactivated) says nothing", async () => {
    const c = chat(testBot([lineFlow('Other', [])]));
    const late = await c.send(RESUME_ACTIVITY);
    expect(late.activities).toEqual([]);
    expect(late.trace.recognition).toBeNull();
  });

  test('a delay of 0 goes straight on, and one above 300 s waits 300 s', async () => {
    const flows = [
      lineFlow('Zero', [
        { task: 'blockDelay', data: { 'field-duration': 0 } },
        { task: 'message', data: { 'field-message': 'Now.' } },
      ]),
      lineFlow('Long', [{ task: 'blockDelay', data: { 'field-duration': 100_000 } }]),
    ];
    expect(texts(await chat(testBot(flows)).send('zero'))).toEqual(['Now.']);
    expect((await chat(testBot(flows)).send('long')).resumeAfterMs).toBe(300_000);
  });

  test("user statistics counts the variable's value, or null when it has none", async () => {
    const c = chat(
      testBot([
        lineFlow('Count', [
          { task: 'setVariable', data: { 'field-variable-value': 'pizza' }, outputs: ['food'] },
          { task: 'userStatistics', data: { 'field-var-name': '[food]' } },
          { task: 'userStatistics', data: { 'field-var-name': 'drink' } },
        ]),
      ]),
    );
    expect((await c.send('count')).trace.counted).toEqual([
      { variable: 'food', value: 'pizza' },
      { variable: 'drink', value: null },
    ]);
  });

  test.each([
    ['languageDetection', 'action', 'Language Detection needs a language detection provider'],
    ['languageTranslation', 'action', 'Language Translation needs a translation provider'],
    ...[
      'GetTicket',
      'CreateTicket',
      'EditTicket',
      'GetTicketsOfUser',
      'GetAssetsOfUser',
      'GetAssetDetails',
    ].map((fc) => [fc, 'system', 'Ticketing blocks need the Microsoft SCSM system']),
    ['addToBasket', 'foodl', 'Add to Basket needs the Foodl system'],
  ])(
    '%s without its provider or system ends the turn saying what to connect',
    async (fc, category, message) => {
      const c = chat(testBot([lineFlow('Go', [{ task: fc, category }])]));
      const result = await c.send('go');
      expect(result.trace.error).toContain(message);
      expect(c.state.waiting).toBeNull();
    },
  );
});

describe('a function that fails', () => {
  test('ends the turn with the function and its message', async () => {
    const c = chat(
      withFunctions(testBot([lineFlow('Order', [custom('Api')])]), [
        {
          type: 'call',
          name: 'Api',
          inputs: [],
          outputs: [],
          run: async () => {
            throw new Error('The request to api.example.com timed out after 10 s');
          },
        },
      ]),
    );
    expect((await c.send('order')).trace.error).toBe(
      'Function Api failed: The request to api.example.com timed out after 10 s',
    );
  });

  /** Order: Api -> 'Your order is [OrderStatus].'; with `failedPath`, Api -failed-> 'Sorry, ...'. */
  const orderFlow = (failedPath: boolean) =>
    compileFlow(
      'Order',
      flowDocument(
        [
          { id: 'Start', start: true },
          { id: 'Call', ...custom('Api'), outputs: ['OrderStatus', 'HttpStatus'] },
          { id: 'Said', task: 'message', data: { 'field-message': 'Your order is [OrderStatus].' } },
          { id: 'Sorry', task: 'message', data: { 'field-message': 'Sorry, no order status now.' } },
          { id: 'End', end: { endFlow: true } },
        ],
        [
          { from: 'Start', to: 'Call' },
          { from: 'Call', to: 'Said' },
          { from: 'Said', to: 'End' },
          ...(failedPath
            ? [
                { from: 'Call', to: 'Sorry', data: { exit: 'failed' } },
                { from: 'Sorry', to: 'End' },
              ]
            : []),
        ],
      ),
      'en',
    );
  type Call = Extract<RuntimeFunction, { type: 'call' }>;
  const api = (answer: Call['run']): Call => ({
    type: 'call',
    name: 'Api',
    inputs: [],
    outputs: ['status', 'code'],
    run: answer,
  });

  test('an answer that failed (404) takes the Call failed exit, its outputs read from that answer', async () => {
    const c = chat(
      withFunctions(testBot([orderFlow(true)]), [
        api(async () => ({
          outputs: { status: null, code: 404 },
          failure: 'The API answered 404 Not Found',
        })),
      ]),
    );
    const result = await c.send('order');
    expect(texts(result)).toEqual(['Sorry, no order status now.']);
    expect(result.trace.error).toBeNull();
    expect(c.state.variables).toMatchObject({ OrderStatus: null, HttpStatus: 404 });
  });

  test('a call without an answer takes the Call failed exit and unsets the outputs an earlier call set', async () => {
    let isUp = true;
    const c = chat(
      withFunctions(testBot([orderFlow(true)]), [
        api(async () => {
          if (isUp) return { outputs: { status: 'shipped', code: 200 } };
          throw new Error('The request failed');
        }),
      ]),
    );
    expect(texts(await c.send('order'))).toEqual(['Your order is shipped.']);
    isUp = false;
    const failed = await c.send('order');
    expect(texts(failed)).toEqual(['Sorry, no order status now.']);
    expect(c.state.variables).not.toHaveProperty('OrderStatus');
    expect(c.state.variables).not.toHaveProperty('HttpStatus');
  });

  test("a call may take the turn's time left but a second, so a timeout still reaches the failed path", async () => {
    let limit: number | undefined;
    const c = chat(
      withFunctions(testBot([orderFlow(true)]), [
        api(async (_inputs, _variables, limits) => {
          limit = limits?.timeLeftMs;
          throw new Error('The function took longer than 9000 ms');
        }),
      ]),
    );
    expect(texts(await c.send('order'))).toEqual(['Sorry, no order status now.']);
    // The turn may take 10 s (DEFAULT_TURN_LIMITS); recognition took a little of it.
    expect(limit).toBeGreaterThan(8500);
    expect(limit).toBeLessThanOrEqual(9000);
  });

  test('without a Call failed connector a failed answer ends the turn; the plain arrow is not followed', async () => {
    const c = chat(
      withFunctions(testBot([orderFlow(false)]), [
        api(async () => ({
          outputs: { status: null, code: 500 },
          failure: 'The API answered 500 Internal Server Error',
        })),
      ]),
    );
    const result = await c.send('order');
    expect(texts(result)).toEqual([]);
    expect(result.trace.error).toBe('Function Api failed: The API answered 500 Internal Server Error');
  });
});

describe('silence', () => {
  const ask = () =>
    lineFlow('Ask', [
      { task: 'askQuestion', data: { 'field-question': 'Your name?' }, outputs: ['name'] },
      { task: 'message', data: { 'field-message': 'Hi [name].' } },
    ]);

  test('while the bot waits, the idle text is said and the block goes on waiting for the answer', async () => {
    const c = chat({ ...testBot([ask()]), idleText: 'Still there?' });
    await c.send('ask');
    const waiting = c.state.waiting;
    const idle = await c.send(IDLE_ACTIVITY);
    expect(texts(idle)).toEqual(['Still there?']);
    expect(idle.trace.recognition).toBeNull();
    expect(c.state.waiting).toEqual(waiting);
    expect(texts(await c.send('Ada'))).toEqual(['Hi Ada.']);
  });

  test('nothing is said without an idle text, or when the bot waits for nothing', async () => {
    const silent = chat(testBot([ask()]));
    await silent.send('ask');
    expect((await silent.send(IDLE_ACTIVITY)).activities).toEqual([]);
    const between = chat({ ...testBot([ask()]), idleText: 'Still there?' });
    expect((await between.send(IDLE_ACTIVITY)).activities).toEqual([]);
  });
});

describe('end block options', () => {
  test("'clear entities' forgets the recognised entities (other variables stay), 'count touchless' marks the turn", async () => {
    const flow = compileFlow(
      'Order',
      flowDocument(
        [
          { id: 'Start', start: true },
          { id: 'Set', task: 'setVariable', data: { 'field-variable-value': 'kept' }, outputs: ['note'] },
          { id: 'End', end: { endFlow: true, clearEntities: true, countTouchless: true } },
        ],
        [
          { from: 'Start', to: 'Set' },
          { from: 'Set', to: 'End' },
        ],
      ),
      'en',
    );
    const c = chat(
      testBot([flow], () => ({
        intent: 'Order',
        score: 0.9,
        entities: [{ entity: 'size', text: 'large', value: 'L' }],
      })),
    );
    const result = await c.send('a large one');
    expect(result.trace.touchless).toBe(true);
    expect(c.state.variables).toEqual({ note: 'kept' });
    expect(c.state.entities).toEqual([]);
  });

  test('without them, entities stay for the next flow and nothing is counted', async () => {
    const c = chat(
      testBot([lineFlow('Order', [])], () => ({
        intent: 'Order',
        score: 0.9,
        entities: [{ entity: 'size', text: 'large', value: 'L' }],
      })),
    );
    const result = await c.send('a large one');
    expect(result.trace.touchless).toBe(false);
    expect(c.state.variables).toEqual({ size: 'L' });
    expect(c.state.entities).toEqual(['size']);
  });
});

describe("the bot's variables", () => {
  test('start with their values; what the conversation sets wins from then on', async () => {
    const c = chat({
      ...testBot([
        lineFlow('Shop', [
          { task: 'message', data: { 'field-message': 'Welcome to [shopName], [order].' } },
          { task: 'setVariable', data: { 'field-variable-value': 'Other Shop' }, outputs: ['shopName'] },
        ]),
      ]),
      startingVariables: async () => ({ shopName: 'Example Shop', order: { number: '42' } }),
    });
    expect(texts(await c.send('shop'))).toEqual(['Welcome to Example Shop, {"number":"42"}.']);
    expect(c.state.variables.shopName).toBe('Other Shop');
    expect(texts(await c.send('shop'))).toEqual(['Welcome to Other Shop, {"number":"42"}.']);
  });
});

describe('changing the subject', () => {
  const flows = () => [
    lineFlow('Order', [
      {
        task: 'showOptions',
        data: { 'field-suggestion': 'Which size?', 'field-choices': ['Small', 'Large'] },
        outputs: ['size'],
      },
      { task: 'message', data: { 'field-message': 'One [size] pizza.' } },
    ]),
    lineFlow('Complaint', [{ task: 'message', data: { 'field-message': 'Sorry to hear that.' } }]),
  ];
  const recognize = (text: string) =>
    text.includes('complain')
      ? { intent: 'Complaint', score: 0.95, entities: [] }
      : text.includes('hours')
        ? { intent: 'Hours', score: 0.9, entities: [] }
        : text.includes('maybe')
          ? { intent: 'Complaint', score: 0.5, entities: [] }
          : text.includes('order')
            ? { intent: 'Order', score: 0.9, entities: [] }
            : { intent: null, score: 0.1, entities: [] };

  test("an answer the block refuses that clearly asks for another intent starts that intent's flow", async () => {
    const c = chat(testBot(flows(), recognize));
    await c.send('order');
    const turned = await c.send('I want to complain');
    expect(texts(turned)).toEqual(['Sorry to hear that.']);
    expect(turned.trace.flowTriggered).toBe('Complaint');
    expect(c.state.waiting).toBeNull();
  });

  test("a FAQ intent's answer is said, then the block asks again and still waits", async () => {
    const c = chat({
      ...testBot(flows(), recognize),
      answerOf: async (intent) => (intent === 'Hours' ? 'We open at 9.' : undefined),
    });
    await c.send('order');
    expect(texts(await c.send('what are your hours'))).toEqual(['We open at 9.', 'Which size?']);
    expect(texts(await c.send('Large'))).toEqual(['One Large pizza.']);
  });

  test('a doubtful intent, or the intent under way, only makes the block ask again', async () => {
    const d = chat(testBot(flows(), recognize));
    await d.send('order');
    expect(texts(await d.send('maybe'))).toEqual(['Which size?']);
    expect(texts(await d.send('order again'))).toEqual(['Which size?']);
    expect(d.state.waiting).not.toBeNull();
  });
});

describe('Test Sub Flow', () => {
  test('the sub flow starts at once with its inputs at their defaults; its answers go on inside it', async () => {
    const address = lineFlow(
      'Address',
      [{ task: 'askQuestion', data: { 'field-question': 'Which street in [city]?' }, outputs: ['street'] }],
      { owner: 'function', version: 4 },
    );
    const c = chat(
      withFunctions(testBot([]), [
        { type: 'flow', name: 'Address', inputs: [{ name: 'city', defaultValue: 'Paris' }], flow: address },
      ]),
    );
    const first = await c.send(subFlowTestActivity('Address'));
    expect(texts(first)).toEqual(['Which street in Paris?']);
    expect(first.trace.recognition).toBeNull();
    expect(c.state.waiting).toMatchObject({ flow: 'fn:Address' });
    await c.send('Rue Neuve');
    expect(c.state.variables.street).toBe('Rue Neuve');
    expect(c.state.waiting).toBeNull();
  });

  test('a name that is no sub flow ends the turn saying so', async () => {
    const c = chat(
      withFunctions(testBot([]), [
        { type: 'unavailable', name: 'Gone', reason: 'Sub flow Gone has no saved version.' },
      ]),
    );
    expect((await c.send(subFlowTestActivity('Gone'))).trace.error).toBe(
      'Sub flow Gone has no saved version.',
    );
    expect((await c.send(subFlowTestActivity('Nope'))).trace.error).toBe(
      'Nope is not a sub flow with a saved version.',
    );
  });
});
