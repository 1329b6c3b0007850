import { describe, expect, test } from 'vitest';
import type { InboundActivity } from '../activities';
import { type ConversationState, newConversationState } from '../conversation-state';
import { runTurn } from '../run-turn';
import type { Recognition } from '../runtime-services';
import { lineFlow, mails, testBot } from '../test-support/flows';

type Task = Parameters<typeof lineFlow>[1][number];

/** Runs a one-flow bot ('Test') over the messages; answers each turn's activities, trace and state. */
async function talk(
  tasks: Task[],
  messages: Array<string | InboundActivity>,
  options: {
    variables?: Record<string, unknown>;
    random?: () => number;
    recognize?: (text: string) => Recognition;
  } = {},
) {
  const flow = lineFlow('Test', tasks);
  const bot = testBot([flow], (text) =>
    options.recognize && text !== 'test'
      ? options.recognize(text)
      : { intent: 'Test', score: 1, entities: [] },
  );
  let state: ConversationState = { ...newConversationState(), variables: { ...options.variables } };
  const turns = [];
  for (const message of ['test', ...messages]) {
    const result = await runTurn({
      bot,
      state,
      activity: typeof message === 'string' ? { type: 'text', text: message } : message,
      random: options.random,
    });
    state = result.state;
    turns.push(result);
  }
  return { turns, state, last: turns.at(-1) as (typeof turns)[number] };
}

describe('dialog runners', () => {
  test('dictionary: each key becomes a variable, its value filled in', async () => {
    const { state } = await talk(
      [
        {
          task: 'dictionary',
          data: {
            dictionaryElements: [
              { key: 'Greeting', value: 'Hi [Name]' },
              { key: ' ', value: 'x' },
            ],
          },
        },
      ],
      [],
      { variables: { Name: 'Ada' } },
    );
    expect(state.variables).toMatchObject({ Greeting: 'Hi Ada' });
    expect(Object.keys(state.variables)).toEqual(['Name', 'Greeting']);
  });

  test('send image: the URL, else the uploaded file, else an error', async () => {
    expect(
      (
        await talk([{ task: 'sendGif', data: { 'field-gif': 'https://x.test/[Pic].gif' } }], [], {
          variables: { Pic: 'cat' },
        })
      ).last.activities,
    ).toEqual([{ type: 'image', url: 'https://x.test/cat.gif' }]);
    expect(
      (await talk([{ task: 'sendGif', data: { file: 'cat.png', fileId: 'f1' } }], [])).last.activities,
    ).toEqual([{ type: 'attachment', name: 'cat.png', fileId: 'f1' }]);
    expect((await talk([{ task: 'sendGif' }], [])).last.trace.error).toBe(
      'The Send Image block has no image.',
    );
  });

  test('show rating: the standard labels keep their number, 5 for Very Satisfied', async () => {
    const first = await talk(
      [{ task: 'showRating', data: { 'field-suggestion': 'How was it?' } }],
      [{ type: 'click', text: 'Very Satisfied' }],
    );
    expect(first.turns[0]?.activities).toEqual([
      {
        type: 'rating',
        text: 'How was it?',
        options: ['Very Satisfied', 'Satisfied', 'Neutral', 'Unsatisfied', 'Very unsatisfied'],
      },
    ]);
    expect(first.state.variables.Rating).toBe(5);
    expect((await talk([{ task: 'showRating' }], ['very unsatisfied'])).state.variables.Rating).toBe(1);
    const custom = await talk(
      [{ task: 'showRating', data: { 'field-possible-answers': ['Great', 'Bad'] } }],
      ['bad'],
    );
    expect(custom.state.variables.Rating).toBe('Bad');
  });

  test('unexpected answer: Yes and No by default, the choice kept', async () => {
    const { turns, state } = await talk([{ task: 'unexpectedAnswer' }], ['no']);
    expect(turns[0]?.activities).toEqual([
      { type: 'options', text: 'Does this answer your question?', options: ['Yes', 'No'] },
    ]);
    expect(state.variables.ClickedAnswerButton).toBe('No');
  });

  test('random answer: one of the answers, blank ones left out', async () => {
    const answers = { 'field-possible-answers': ['One', ' ', 'Two', 'Three [X]'] };
    expect(
      (await talk([{ task: 'randomAnswer', data: answers }], [], { random: () => 0 })).last.activities,
    ).toEqual([{ type: 'text', text: 'One' }]);
    expect(
      (await talk([{ task: 'randomAnswer', data: answers }], [], { random: () => 0.99, variables: { X: 3 } }))
        .last.activities,
    ).toEqual([{ type: 'text', text: 'Three 3' }]);
  });

  test('send attachment: the uploaded file, or an error without one', async () => {
    expect(
      (await talk([{ task: 'sendAttachment', data: { 'field-input': 'Terms.pdf', fileId: 'f9' } }], [])).last
        .activities,
    ).toEqual([{ type: 'attachment', name: 'Terms.pdf', fileId: 'f9' }]);
    expect(
      (await talk([{ task: 'sendAttachment', data: { 'field-input': 'Terms.pdf' } }], [])).last.trace.error,
    ).toBe('The Send Attachment block has no file.');
  });

  test('receive attachment: allowed files are kept; a wrong type or a text gets the error and the question stays', async () => {
    const block = {
      task: 'receiveUserAttachment',
      data: {
        'field-message': 'Send your invoice.',
        'field-error': 'A PDF, please.',
        'field-possible-extensions': ['pdf'],
      },
    };
    const pdf: InboundActivity = {
      type: 'attachment',
      files: [{ url: 'https://f/1.pdf', name: 'invoice.PDF', content: 'text' }],
    };
    const png: InboundActivity = {
      type: 'attachment',
      files: [{ url: 'https://f/1.png', name: 'photo.png' }],
    };
    const { turns, state } = await talk([block], ['here you go', png, pdf]);
    expect(turns.map((t) => t.activities)).toEqual([
      [{ type: 'text', text: 'Send your invoice.' }],
      [{ type: 'text', text: 'A PDF, please.' }],
      [{ type: 'text', text: 'A PDF, please.' }],
      [],
    ]);
    expect(state.variables).toMatchObject({ FileUrls: ['https://f/1.pdf'], FileContents: ['text'] });
    const optional = await talk(
      [{ ...block, data: { ...block.data, 'field-is-optional': true } }],
      ['no file'],
    );
    expect(optional.state.variables.FileUrls).toEqual([]);
  });

  test('multiple entity check: asks for each missing entity and reads the answer for it', async () => {
    const recognize = (text: string): Recognition => ({
      intent: null,
      score: 0,
      entities: text.includes('paris') ? [{ entity: 'City', text: 'paris', value: 'Paris' }] : [],
    });
    const { turns, state } = await talk(
      [
        {
          task: 'multipleEntityCheck',
          data: {
            'field-entities': [
              { entity: 'Date', message: 'When?' },
              { entity: 'City', message: 'Where to?' },
            ],
          },
        },
        { task: 'message', data: { 'field-message': '[City] on [Date].' } },
      ],
      ['somewhere', 'to paris'],
      { variables: { Date: 'Monday' }, recognize },
    );
    expect(turns.map((t) => t.activities.map((a) => ('text' in a ? a.text : '')))).toEqual([
      ['Where to?'],
      ['Where to?'],
      ['Paris on Monday.'],
    ]);
    expect(state.waiting).toBeNull();
  });
});

describe('action runners', () => {
  test('set variable and set object; reset clears', async () => {
    const { state } = await talk(
      [
        { task: 'setVariable', data: { 'field-variable-value': '[First] Lovelace' }, outputs: ['FullName'] },
        {
          task: 'setObject',
          data: {
            'field-object': 'Customer',
            'field-object-property': 'name',
            'field-object-value': '[FullName]',
          },
        },
        {
          task: 'setObject',
          data: { 'field-object': 'Customer', 'field-object-property': 'tier', 'field-object-value': 'gold' },
        },
        {
          task: 'setObject',
          data: { 'field-object': 'Customer', 'field-object-property': 'tier', 'field-reset-value': true },
        },
        { task: 'setVariable', data: { 'field-reset-value': true }, outputs: ['First'] },
      ],
      [],
      { variables: { First: 'Ada' } },
    );
    expect(state.variables).toEqual({ FullName: 'Ada Lovelace', Customer: { name: 'Ada Lovelace' } });
  });

  test('trigger recognizer: the intent and entities of the input, or of the user message', async () => {
    const recognize = (text: string): Recognition => ({
      intent: text.includes('refund') ? 'Refund' : 'Other',
      score: 0.9,
      entities: [{ entity: 'Amount', text: '5', value: 5 }],
    });
    const { state } = await talk(
      [{ task: 'triggerRecognizer', data: { 'field-input': 'I want a refund' } }],
      [],
      { recognize },
    );
    expect(state.variables).toMatchObject({
      Intent: 'Refund',
      Entities: [{ entity: 'Amount', text: '5', value: 5 }],
    });
  });

  test('pass counter counts passes through the block across turns', async () => {
    const first = await talk([{ task: 'passCounter' }], []);
    expect(first.state.variables.Counter).toBe(1);
  });

  test('replace in variable: literal texts, never regexes', async () => {
    const { state } = await talk(
      [
        {
          task: 'replaceInVariable',
          data: {
            'field-replace-variable': '[Phone]',
            'field-replace-rules': [
              { find: '.', replace: '' },
              { find: '+', replace: '00' },
            ],
          },
        },
      ],
      [],
      { variables: { Phone: '+49.30.1234' } },
    );
    expect(state.variables.Phone).toBe('0049301234');
  });

  test('simple calculation: the math buttons, variables, the three formats and clear errors', async () => {
    const calculate = async (equation: string, style?: string, variables: Record<string, unknown> = {}) =>
      (
        await talk(
          [
            {
              task: 'simpleCalculationBlock',
              data: { 'field-equation': equation, ...(style ? { 'field-formatingStyle': style } : {}) },
            },
          ],
          [],
          { variables },
        )
      ).last;
    expect((await calculate('0.1 + 0.2')).state.variables.Math).toBe(0.3);
    expect(
      (await calculate('[Price] × [Quantity] ÷ 4', undefined, { Price: '2,5', Quantity: 8 })).state.variables
        .Math,
    ).toBe(5);
    expect((await calculate('√16 + 2^3^2')).state.variables.Math).toBe(516);
    expect((await calculate('-(3 - 10) * 1.5', 'Format with comma as decimal')).state.variables.Math).toBe(
      '10,5',
    );
    expect((await calculate('7 / 2', 'Format with dot as decimal')).state.variables.Math).toBe('3.5');
    expect((await calculate('[Missing] + 1')).trace.error).toBe(
      'Simple calculation: Variable Missing has no number.',
    );
    expect((await calculate('1 / 0')).trace.error).toBe(
      'Simple calculation: The result is not a finite number.',
    );
    expect((await calculate('2 + ')).trace.error).toBe('Simple calculation: The equation ends too early.');
    expect((await calculate('process.exit()')).trace.error).toMatch(
      /^Simple calculation: The equation cannot be read at/,
    );
  });
});

describe('runners that reach outside the flow', () => {
  test('handover and redirect call are events for the channel', async () => {
    expect((await talk([{ task: 'handover' }], [])).last.activities).toEqual([
      { type: 'event', name: 'handover' },
    ]);
    const redirected = await talk(
      [
        {
          task: 'redirectCall',
          data: { 'field-phone-number': '+49 [Desk]', 'field-redirect-message': 'Connecting you.' },
        },
      ],
      [],
      { variables: { Desk: '301' } },
    );
    expect(redirected.last.activities).toEqual([
      { type: 'text', text: 'Connecting you.' },
      { type: 'event', name: 'redirectCall', value: { phoneNumber: '+49 301' } },
    ]);
    expect((await talk([{ task: 'redirectCall' }], [])).last.trace.error).toBe(
      'The Redirect Call block has no phone number.',
    );
  });

  test('send e-mail and send conversation history go through the mailer; a bad address is an error', async () => {
    mails.length = 0;
    await talk(
      [
        {
          task: 'sendEmail',
          data: { 'field-receiver': '[Mail]', 'field-subject': 'Order', 'field-text': 'Pizza: [Pizza]' },
        },
        { task: 'sendConversationHistory', data: { 'field-email': 'log@example.com' } },
      ],
      [],
      { variables: { Mail: 'ada@example.com', Pizza: 'Funghi' } },
    );
    expect(mails).toEqual([
      { to: 'ada@example.com', subject: 'Order', text: 'Pizza: Funghi' },
      { to: 'log@example.com', subject: 'Conversation history', text: 'user: hi\nbot: hello' },
    ]);
    expect(
      (await talk([{ task: 'sendEmail', data: { 'field-receiver': 'not an address' } }], [])).last.trace
        .error,
    ).toBe('Send Email: "not an address" is no e-mail address.');
  });
});

describe('the validation block', () => {
  const ask = { task: 'askQuestion', data: { 'field-question': 'How many?' }, outputs: ['Count'] };
  const validate = (onFailAction: string, extra: Record<string, unknown> = {}) => ({
    task: 'validationBlock',
    data: {
      condition: 'Count',
      operation: 6,
      connector: { isOfType: 'number' },
      'field-onFailAction': onFailAction,
      'field-message': 'A number, please.',
      ...extra,
    },
  });
  const done = { task: 'message', data: { 'field-message': 'Got [Count].' } };

  test('a value that passes goes on', async () => {
    expect((await talk([ask, validate('repeat-previous-block'), done], ['3'])).last.activities).toEqual([
      { type: 'text', text: 'Got 3.' },
    ]);
  });

  test('repeat previous block asks the question again, until the answer passes', async () => {
    const { turns } = await talk([ask, validate('repeat-previous-block'), done], ['many', '4']);
    expect(turns.map((t) => t.activities.map((a) => ('text' in a ? a.text : '')))).toEqual([
      ['How many?'],
      ['A number, please.', 'How many?'],
      ['Got 4.'],
    ]);
  });

  test('input variable waits for a new value of the variable and checks it again', async () => {
    const { turns, state } = await talk([ask, validate('input-variable'), done], ['many', 'lots', '5']);
    expect(turns.map((t) => t.activities.map((a) => ('text' in a ? a.text : '')))).toEqual([
      ['How many?'],
      ['A number, please.'],
      ['A number, please.'],
      ['Got 5.'],
    ]);
    expect(state.variables.Count).toBe('5');
  });

  test('continue and send message leave by the fail exit (the plain connector when none is drawn)', async () => {
    expect((await talk([ask, validate('continue'), done], ['many'])).last.activities).toEqual([
      { type: 'text', text: 'Got many.' },
    ]);
    expect((await talk([ask, validate('send-message'), done], ['many'])).last.activities).toEqual([
      { type: 'text', text: 'A number, please.' },
      { type: 'text', text: 'Got many.' },
    ]);
  });

  test('restart flow starts the flow again; redirect flow goes to the named intent', async () => {
    const restarted = await talk([ask, validate('restart-flow')], ['many']);
    expect(restarted.last.activities.map((a) => ('text' in a ? a.text : ''))).toEqual([
      'A number, please.',
      'How many?',
    ]);
    const redirected = await talk([ask, validate('redirect-flow', { 'field-newFlow': 'Nowhere' })], ['many']);
    expect(redirected.last.trace.error).toBe('Intent Nowhere has no active flow.');
  });
});
