import { describe, expect, it } from 'vitest';
import { OUTPUT_NAME_TAKEN, outputNameProblems, type RenameBlock, renameOutputs } from './output-rename';
import { savedOutputsOfSnapshot } from './saved-outputs';

describe('output variable names', () => {
  const taken = ['Answer', 'OrderNumber', 'customerName'];

  it('accepts new, free names and leaves unchanged ones alone', () => {
    expect(outputNameProblems(['Size'], ['Answer2'], taken)).toEqual(new Map());
    // An old name that clashes is not the user's doing now.
    expect(outputNameProblems(['Answer'], ['Answer'], taken)).toEqual(new Map());
    expect(outputNameProblems(['Pizza Size'], ['Answer2'], taken)).toEqual(new Map());
  });

  it.each([
    ['blank', ['   '], ['Answer2']],
    ['empty', [''], ['Answer2']],
    ['an existing variable', ['Answer'], ['Answer2']],
    ['an existing variable in another case', ['CUSTOMERNAME'], ['Answer2']],
    ['with brackets', ['Size]'], ['Answer2']],
    ['with a line break', ['Si\nze'], ['Answer2']],
    ['too long', ['x'.repeat(101)], ['Answer2']],
  ])('refuses a name %s', (_case, names, original) => {
    expect(outputNameProblems(names, original, taken)).toEqual(new Map([[0, OUTPUT_NAME_TAKEN]]));
  });

  it('refuses two outputs of the block with the same new name', () => {
    expect(outputNameProblems(['Url', 'url'], ['FileUrls', 'FileContents'], taken)).toEqual(
      new Map([
        [0, OUTPUT_NAME_TAKEN],
        [1, OUTPUT_NAME_TAKEN],
      ]),
    );
    // Nor a new name equal to another output's unchanged one.
    expect(outputNameProblems(['FileContents', 'FileContents'], ['FileUrls', 'FileContents'], [])).toEqual(
      new Map([[0, OUTPUT_NAME_TAKEN]]),
    );
  });
});

describe('renaming outputs through the flow', () => {
  const flow: RenameBlock[] = [
    {
      id: 'ask',
      customData: {
        en: {
          fc: 'askQuestion',
          'field-question': 'Size?',
          'fc-output': ['Answer'],
          'fc-output-default': ['Answer'],
        },
        de: {
          fc: 'askQuestion',
          'field-question': 'Größe?',
          'fc-output': ['Answer'],
          'fc-output-default': ['Answer'],
        },
      },
    },
    {
      id: 'say',
      customData: {
        en: {
          fc: 'message',
          'field-message': 'You chose [Answer], not [ Answer ] or [Answers] or [answer].',
        },
        de: { fc: 'message', 'field-message': 'Gewählt: [Answer]' },
      },
    },
    { id: 'gate', customData: { en: { condition: 'Answer', operation: 1 } } },
    {
      id: 'arrow',
      customData: {
        en: {
          equalsCmpType: 'var',
          equalsValueVar: 'Answer',
          'equals-set': [
            { type: 'var', value: 'Answer' },
            { type: 'raw', value: 'Answer' },
          ],
          regex: '[Answer]',
        },
      },
    },
    {
      id: 'check',
      customData: {
        en: {
          fc: 'validationBlock',
          condition: '[Answer]',
          connector: { equalsCmpType: 'var', equalsValueVar: 'Answer' },
          'field-message': 'Bad {Answer}',
        },
      },
    },
    { id: 'stats', customData: { en: { fc: 'userStatistics', 'field-var-name': '{Answer}' } } },
    { id: 'end', customData: { en: { intentTo: '<Answer>', endFlow: false } } },
    { id: 'other', customData: { en: { fc: 'message', 'field-message': 'Nothing here' } } },
  ];

  it('renames the outputs in every language and every reference in the other blocks', () => {
    const changed = renameOutputs(flow, 'ask', new Map([['Answer', 'PizzaSize']]));
    expect(Object.keys(changed).sort()).toEqual(['arrow', 'ask', 'check', 'end', 'gate', 'say', 'stats']);
    expect(changed.ask?.en?.['fc-output']).toEqual(['PizzaSize']);
    expect(changed.ask?.de?.['fc-output']).toEqual(['PizzaSize']);
    // The kinds stay: they name what the outputs are, not what they are called.
    expect(changed.ask?.en?.['fc-output-default']).toEqual(['Answer']);
    expect(changed.say?.en?.['field-message']).toBe(
      'You chose [PizzaSize], not [PizzaSize] or [Answers] or [answer].',
    );
    expect(changed.say?.de?.['field-message']).toBe('Gewählt: [PizzaSize]');
    expect(changed.gate?.en).toEqual({ condition: 'PizzaSize', operation: 1 });
    expect(changed.arrow?.en).toEqual({
      equalsCmpType: 'var',
      equalsValueVar: 'PizzaSize',
      'equals-set': [
        { type: 'var', value: 'PizzaSize' },
        { type: 'raw', value: 'Answer' },
      ],
      regex: '[Answer]',
    });
    expect(changed.check?.en).toMatchObject({
      condition: '[PizzaSize]',
      connector: { equalsValueVar: 'PizzaSize' },
      // Inside free text only square brackets are placeholders.
      'field-message': 'Bad {Answer}',
    });
    expect(changed.stats?.en?.['field-var-name']).toBe('{PizzaSize}');
    expect(changed.end?.en?.intentTo).toBe('<PizzaSize>');
  });

  it('swaps two names at once', () => {
    const blocks: RenameBlock[] = [
      { id: 'b', customData: { en: { 'fc-output': ['A', 'B'] } } },
      { id: 'm', customData: { en: { 'field-message': '[A] then [B]' } } },
    ];
    const changed = renameOutputs(
      blocks,
      'b',
      new Map([
        ['A', 'B'],
        ['B', 'A'],
      ]),
    );
    expect(changed.b?.en?.['fc-output']).toEqual(['B', 'A']);
    expect(changed.m?.en?.['field-message']).toBe('[B] then [A]');
  });

  it('changes nothing for names that stay', () => {
    expect(renameOutputs(flow, 'ask', new Map([['Answer', 'Answer']]))).toEqual({});
  });
});

describe('saved outputs', () => {
  it('reads the outputs each block had from the editor snapshot', () => {
    const snapshot = JSON.stringify([
      [
        'ask',
        'bpmn:Task',
        'Ask',
        'dialog',
        { en: { 'fc-output': ['Answer'] }, de: { 'fc-output': ['Answer'] } },
      ],
      ['gate', 'bpmn:ExclusiveGateway', '', null, { en: { condition: 'Answer' } }],
    ]);
    expect(savedOutputsOfSnapshot(snapshot)).toEqual(new Map([['ask', ['Answer']]]));
    expect(savedOutputsOfSnapshot('')).toEqual(new Map());
    expect(savedOutputsOfSnapshot('{"not":"a list"}')).toEqual(new Map());
  });
});
