import { type FunctionView, FUNCTION_MESSAGES as M } from '@parley/contracts';
import { describe, expect, test } from 'vitest';
import {
  draftOf,
  draftProblem,
  emptyDraft,
  type FunctionDraft,
  isSameDraft,
  requestOf,
} from './function-draft';

describe('the function editor draft', () => {
  test('a REST GET sends no body or form data, whatever the draft kept', () => {
    const draft = {
      ...emptyDraft('rest'),
      name: 'Weather',
      url: 'https://x.test',
      method: 'get' as const,
      body: '{"a":1}',
    };
    expect(requestOf(draft)).toMatchObject({ type: 'rest', body: '', formData: [] });
    expect(requestOf({ ...draft, method: 'post' })).toMatchObject({ body: '{"a":1}' });
  });

  test('an LLM function keeps the fields this screen does not edit', () => {
    const listed = {
      type: 'llm',
      name: 'Ask',
      description: '',
      group: '',
      isGlobal: false,
      inputs: [],
      outputs: [],
      model: 'gpt',
      engine: 'openai',
      completionsData: { stop: [] },
      botId: 'b',
      isPrebuilt: false,
    } as unknown as FunctionView;
    expect(requestOf(draftOf(listed))).toMatchObject({ type: 'llm', model: 'gpt', engine: 'openai' });
  });

  test.each([
    [{ name: 'x' }, { field: 'name', message: M.invalidName }],
    [
      { name: 'Weather', type: 'rest' as const, url: '  ' },
      { field: 'url', message: M.apiPathRequired },
    ],
    [
      {
        name: 'Orders',
        inputs: [
          { name: 'id', defaultValue: '' },
          { name: 'id', defaultValue: '' },
        ],
      },
      { field: 'inputs', message: M.duplicateInput('id') },
    ],
    [{ name: 'Orders' }, undefined],
  ] as Array<[Partial<FunctionDraft>, ReturnType<typeof draftProblem>]>)(
    'problems of %j',
    (patch, expected) => {
      expect(draftProblem({ ...emptyDraft(patch.type ?? 'sql'), ...patch })).toEqual(expected);
    },
  );

  test('two drafts are the same when they would send the same function', () => {
    const a = { ...emptyDraft('rest'), name: 'W', url: 'u', method: 'get' as const };
    expect(isSameDraft(a, { ...a, body: 'ignored for GET' })).toBe(true);
    expect(isSameDraft(a, { ...a, url: 'v' })).toBe(false);
  });
});
