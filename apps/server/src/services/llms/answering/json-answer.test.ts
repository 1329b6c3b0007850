import { describe, expect, it } from 'vitest';
import { jsonAnswerProblem, schemaOf } from './json-answer';

const schema = JSON.stringify({
  type: 'object',
  properties: { answer: { type: 'string' }, days: { type: 'integer' } },
  required: ['answer'],
});

describe('JSON answers', () => {
  it('accepts JSON that matches the schema, also inside a code fence', () => {
    expect(jsonAnswerProblem('{"answer":"25 days","days":25}', schema)).toBeUndefined();
    expect(jsonAnswerProblem('```json\n{"answer":"yes"}\n```', schema)).toBeUndefined();
    expect(jsonAnswerProblem('[1,2]', '')).toBeUndefined();
  });

  it('says what is wrong otherwise', () => {
    expect(jsonAnswerProblem('25 days', schema)).toBe('The answer is not valid JSON.');
    expect(jsonAnswerProblem('{"days":"many"}', schema)).toMatch(
      /^The answer does not match the output schema at /,
    );
  });

  it('refuses a schema that is not one', () => {
    expect(schemaOf('{not json')).toBe('The output schema is not valid JSON.');
    expect(schemaOf('[]')).toBe('The output schema must be a JSON Schema object.');
    expect(typeof schemaOf('{"type":"nonsense"}')).toBe('string');
    expect(typeof schemaOf(schema)).not.toBe('string');
  });
});
