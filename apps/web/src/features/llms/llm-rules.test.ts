import { isValidLlmName } from '@parley/contracts';
import { describe, expect, test } from 'vitest';
import { cleanStringList, pageLimitOf, type RagFilterDraft, uploadProblem, withRagFilter } from './llm-rules';

describe('LLM rules (spec 04 section 5)', () => {
  test.each([
    ['Support handbook', true],
    ['v1.2_final-copy', true],
    ['', false],
    ['   ', false],
    ['Handbook!', false],
    ['Zürich', false],
    ['a/b', false],
  ])('the name %j is valid: %s', (name, isValid) => {
    expect(isValidLlmName(name)).toBe(isValid);
  });

  test('an upload must be one of the listed types and at most 50 MB', () => {
    expect(uploadProblem({ name: 'handbook.TXT', size: 10 })).toBeUndefined();
    expect(uploadProblem({ name: 'deck.pptx', size: 52_428_800 })).toBeUndefined();
    expect(uploadProblem({ name: 'image.png', size: 10 })).toBe('File type png is not supported');
    expect(uploadProblem({ name: 'big.pdf', size: 52_428_801 })).toBe(
      'File is too big. Accepted size is 50MB',
    );
  });

  test('the URL page limit is a whole number of at least 1', () => {
    expect(pageLimitOf('5')).toBe(5);
    expect(pageLimitOf('1')).toBe(1);
    expect(pageLimitOf('0')).toBeUndefined();
    expect(pageLimitOf('2.5')).toBeUndefined();
    expect(pageLimitOf('')).toBeUndefined();
  });

  test('a RAG filter is added only with both a metadata field and a query', () => {
    const existing: RagFilterDraft[] = [{ metadataField: 'team', query: 'sales', operator: 'eq' }];
    expect(withRagFilter(existing, { metadataField: ' ', query: 'x', operator: 'eq' })).toBeUndefined();
    expect(withRagFilter(existing, { metadataField: 'lang', query: '', operator: 'in' })).toBeUndefined();
    expect(withRagFilter(existing, { metadataField: ' lang ', query: ' en ', operator: 'in' })).toEqual([
      ...existing,
      { metadataField: 'lang', query: 'en', operator: 'in' },
    ]);
  });

  test('string lists drop blank entries and trim the rest', () => {
    expect(cleanStringList([' no swearing ', '', '  ', 'cite a source'])).toEqual([
      'no swearing',
      'cite a source',
    ]);
  });
});
