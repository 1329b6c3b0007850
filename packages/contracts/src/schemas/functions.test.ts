import { describe, expect, test } from 'vitest';
import {
  convertInputValue,
  FUNCTION_CREATION_TABS,
  FUNCTION_MESSAGES,
  FUNCTION_TYPE_CATALOGUE,
  FUNCTION_TYPES,
  fillPlaceholders,
  functionDefinitionSchema,
  matchesFunctionFilter,
  parsePropertyPath,
  propertyPathOf,
  readPropertyPath,
  resolveInputValues,
} from './functions';

const firstMessage = (input: unknown) => {
  const result = functionDefinitionSchema.safeParse(input);
  return result.success ? null : result.error.issues[0]?.message;
};

describe('function names (spec 02 section 5)', () => {
  test.each(['ab', 'Get weather', "O'Brien lookup", 'order-status_v2.1', 'x'.repeat(50)])(
    'accepts %j',
    (name) => {
      expect(firstMessage({ type: 'sendEvent', name })).toBeNull();
    },
  );

  test.each(['a', 'x'.repeat(51), 'semi;colon', 'émoji', 'a/b', '  ', 'tab\tname', 42])(
    'refuses %j',
    (name) => {
      expect(firstMessage({ type: 'sendEvent', name })).toBe(FUNCTION_MESSAGES.invalidName);
    },
  );
});

describe('function definitions', () => {
  test('a REST function gets the spec defaults: GET, raw body, no headers', () => {
    const fn = functionDefinitionSchema.parse({ type: 'rest', name: 'weather', url: ' https://x.test ' });
    expect(fn).toMatchObject({
      method: 'get',
      url: 'https://x.test',
      headers: [],
      bodyType: 'raw',
      body: '',
      formData: [],
      isGlobal: false,
      description: '',
      inputs: [],
      outputs: [],
    });
  });

  test('a REST function needs an API path', () => {
    expect(firstMessage({ type: 'rest', name: 'weather', url: '  ' })).toBe(
      FUNCTION_MESSAGES.apiPathRequired,
    );
    expect(firstMessage({ type: 'rest', name: 'weather' })).toBe(FUNCTION_MESSAGES.apiPathRequired);
  });

  test('methods are read in any case; unknown methods are refused', () => {
    expect(
      functionDefinitionSchema.parse({ type: 'rest', name: 'ab', url: 'u', method: 'PATCH' }),
    ).toMatchObject({
      method: 'patch',
    });
    expect(firstMessage({ type: 'rest', name: 'ab', url: 'u', method: 'TRACE' })).toBe(
      'The method must be GET, POST, PUT, PATCH or DELETE.',
    );
  });

  test('empty-named inputs, outputs, headers and form rows are dropped', () => {
    const fn = functionDefinitionSchema.parse({
      type: 'rest',
      name: 'ab',
      url: 'u',
      inputs: [{ name: ' city ', defaultValue: 'Berlin' }, { name: '', defaultValue: 'x' }, { name: '  ' }],
      outputs: [
        { variableName: 'temp', propertyPath: 'data.main.temp' },
        { variableName: '', propertyPath: 'x' },
      ],
      headers: [
        { key: '', value: 'x' },
        { key: 'Accept', value: 'application/json' },
      ],
      formData: [{ key: '', value: '' }],
    });
    expect(fn.inputs).toEqual([{ name: 'city', defaultValue: 'Berlin' }]);
    expect(fn.outputs).toEqual([{ variableName: 'temp', propertyPath: 'data.main.temp' }]);
    expect(fn.type === 'rest' && fn.headers).toEqual([{ key: 'Accept', value: 'application/json' }]);
    expect(fn.type === 'rest' && fn.formData).toEqual([]);
  });

  test('input names are unique within a function', () => {
    expect(
      firstMessage({
        type: 'code',
        name: 'ab',
        inputs: [{ name: 'city' }, { name: ' city', defaultValue: '1' }],
      }),
    ).toBe(FUNCTION_MESSAGES.duplicateInput('city'));
  });

  test('an unknown type is refused with a clear message', () => {
    expect(firstMessage({ type: 'shell', name: 'ab' })).toBe(FUNCTION_MESSAGES.invalidType);
  });

  test('an output property path must be readable', () => {
    expect(
      firstMessage({ type: 'code', name: 'ab', outputs: [{ variableName: 'v', propertyPath: 'a..b' }] }),
    ).toMatch(/property path/);
  });

  test('every type parses with only a name', () => {
    for (const type of FUNCTION_TYPES) {
      const input = type === 'rest' ? { type, name: 'ab', url: 'u' } : { type, name: 'ab' };
      expect(functionDefinitionSchema.safeParse(input).success, type).toBe(true);
    }
  });

  test('type-specific fields: sql, code, adaptive card, capture storage, llm', () => {
    expect(functionDefinitionSchema.parse({ type: 'sql', name: 'ab' })).toMatchObject({
      connectionString: '',
      sqlCommand: '',
    });
    expect(functionDefinitionSchema.parse({ type: 'code', name: 'ab', code: 'return 1' })).toMatchObject({
      language: 'JS',
    });
    expect(
      functionDefinitionSchema.parse({ type: 'adaptiveCard', name: 'ab', json: { type: 'AdaptiveCard' } }),
    ).toMatchObject({ json: '{\n  "type": "AdaptiveCard"\n}', skipUserInput: false });
    expect(
      firstMessage({
        type: 'captureStorage',
        name: 'ab',
        variables: [{ name: 'v', storageType: 'disk', key: 'k' }],
      }),
    ).toBe('The storage type must be local, session or cookie.');
    expect(functionDefinitionSchema.parse({ type: 'llm', name: 'ab', model: 'gpt-4' })).toMatchObject({
      completionsData: { stop: [] },
    });
  });
});

describe('the type catalogue', () => {
  test('Run Function is offered for every type but sub flows and adaptive cards', () => {
    const runnable = FUNCTION_TYPES.filter((type) => FUNCTION_TYPE_CATALOGUE[type].canRun);
    expect(runnable).toEqual(['sql', 'rest', 'code', 'captureStorage', 'sendEvent', 'llm']);
  });

  test('creation tabs and badges are the spec texts', () => {
    expect(FUNCTION_CREATION_TABS.map((tab) => tab.label)).toEqual([
      'SQL',
      'REST',
      'Adaptive Card',
      'Custom Code',
      'Capture Storage (BETA)',
      'Send Event (BETA)',
    ]);
    expect(FUNCTION_TYPE_CATALOGUE.code.badge).toBe('Custom Code Function');
    expect(FUNCTION_TYPE_CATALOGUE.rest.badge).toBe('REST Function');
  });

  test('filters: by type, global, prebuilt (no bot) and custom', () => {
    const sql = { type: 'sql' as const, isGlobal: false, botId: 'b1' };
    const globalCode = { type: 'code' as const, isGlobal: true, botId: 'b1' };
    const prebuilt = { type: 'rest' as const, isGlobal: false, botId: null };
    expect(matchesFunctionFilter('sql', sql)).toBe(true);
    expect(matchesFunctionFilter('rest', sql)).toBe(false);
    expect(matchesFunctionFilter('global', globalCode)).toBe(true);
    expect(matchesFunctionFilter('global', sql)).toBe(false);
    expect(matchesFunctionFilter('prebuilt', prebuilt)).toBe(true);
    expect(matchesFunctionFilter('custom', prebuilt)).toBe(false);
    expect(matchesFunctionFilter('custom', sql)).toBe(true);
    expect(matchesFunctionFilter('all', prebuilt)).toBe(true);
  });
});

describe('input values are converted to a number or parsed JSON when possible', () => {
  test.each([
    ['42', 42],
    ['-3.5', -3.5],
    [' 7 ', 7],
    ['1e3', 1000],
    ['true', true],
    ['null', null],
    ['{"a":[1,2]}', { a: [1, 2] }],
    ['[1,"x"]', [1, 'x']],
    ['"quoted"', 'quoted'],
    ['007', '007'],
    ['+49 30 1234', '+49 30 1234'],
    ['12345678901234567890', '12345678901234567890'],
    ['{not json', '{not json'],
    ['Berlin', 'Berlin'],
    ['', ''],
  ])('%j becomes %j', (given, expected) => {
    expect(convertInputValue(given)).toEqual(expected);
  });

  test('defaults apply unless a value is given; given undeclared names are kept', () => {
    const inputs = [
      { name: 'city', defaultValue: 'Berlin' },
      { name: 'days', defaultValue: '3' },
    ];
    expect(resolveInputValues(inputs, { days: '5', extra: '{"x":1}' })).toEqual({
      city: 'Berlin',
      days: 5,
      extra: { x: 1 },
    });
  });

  test('an input named __proto__ is an ordinary value', () => {
    const values = resolveInputValues([{ name: '__proto__', defaultValue: '1' }]);
    expect(Object.getPrototypeOf(values)).toBe(Object.prototype);
    expect(Object.hasOwn(values, '__proto__')).toBe(true);
  });
});

describe('placeholders', () => {
  test('known names are filled, unknown ones stay as written', () => {
    expect(fillPlaceholders('{{ city }} in {{days}} days {{unknown}}', { city: 'Rome', days: 2 })).toBe(
      'Rome in 2 days {{unknown}}',
    );
    expect(fillPlaceholders('{{o}}/{{n}}', { o: { a: 1 }, n: null })).toBe('{"a":1}/');
  });
});

describe('property paths', () => {
  test.each([
    ['', []],
    ['data', ['data']],
    ['data.items[0].id', ['data', 'items', 0, 'id']],
    ["['a key'].x", ['a key', 'x']],
    ['headers["content-type"]', ['headers', 'content-type']],
    ['[2]', [2]],
    ['rows.0.name', ['rows', '0', 'name']],
  ])('%j reads as %j', (path, segments) => {
    expect(parsePropertyPath(path)).toEqual(segments);
  });

  test.each(['a..b', 'a[', 'a[x]', '.a', 'a]'])('%j is refused', (path) => {
    expect(parsePropertyPath(path)).toBeNull();
  });

  test.each([
    [['data', 'order', 'status'], 'data.order.status'],
    [['data', 'items', 0, 'id'], 'data.items[0].id'],
    [['headers', 'content-type'], 'headers.content-type'],
    [['data', 'first name'], 'data["first name"]'],
    [['data', 'a.b', 'say "hi"'], 'data["a.b"]["say \\"hi\\""]'],
    [[0, 'id'], '[0].id'],
    [[], ''],
  ])('%j is written %s and read back', (segments, path) => {
    expect(propertyPathOf(segments)).toBe(path);
    expect(parsePropertyPath(path)).toEqual(segments);
  });

  test('reading follows own properties only', () => {
    const value = { data: { items: [{ id: 7 }] } };
    expect(readPropertyPath(value, 'data.items[0].id')).toBe(7);
    expect(readPropertyPath(value, 'data.items[1].id')).toBeUndefined();
    expect(readPropertyPath(value, 'data.constructor')).toBeUndefined();
    expect(readPropertyPath(value, '')).toBe(value);
    expect(readPropertyPath([5, 6], '[1]')).toBe(6);
  });
});
