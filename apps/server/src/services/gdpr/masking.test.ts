import { DEFAULT_MASKING_PATTERNS } from '@parley/contracts';
import { describe, expect, test } from 'vitest';
import { maskDeep, maskerOf } from './masking';

describe('masking personal data', () => {
  const mask = maskerOf(DEFAULT_MASKING_PATTERNS);

  test('the default patterns mask e-mail addresses, phone numbers, IBANs and card numbers by name', () => {
    expect(mask('Write to anna.berg@example.com or call +49 30 1234 5678.')).toBe(
      'Write to [Email address] or call [Phone number].',
    );
    expect(mask('My IBAN is DE89 3704 0044 0532 0130 00')).toBe('My IBAN is [IBAN]');
    expect(mask('Card 4111 1111 1111 1111 please')).toBe('Card [Card number] please');
    expect(mask('Nothing personal here, order 42.')).toBe('Nothing personal here, order 42.');
  });

  test('a replacement is taken literally ($ and backslashes in names do no harm)', () => {
    expect(maskerOf([{ name: '$1 \\0', pattern: 'secret' }])('a secret b')).toBe('a [$1 \\0] b');
  });

  test('patterns RE2 refuses are left out; no patterns leaves texts as they are', () => {
    expect(maskerOf([{ name: 'Bad', pattern: '(a)\\1' }])('aa')).toBe('aa');
    expect(maskerOf([])('anna@example.com')).toBe('anna@example.com');
  });

  test('deep masking masks what people wrote, never names of things', () => {
    const activity = { type: 'text', text: 'I am bob@example.org' };
    expect(maskDeep(activity, mask)).toEqual({ type: 'text', text: 'I am [Email address]' });
    const state = {
      variables: { email: 'bob@example.org', count: 3, list: ['x', 'bob@example.org'] },
      waiting: null,
    };
    expect(maskDeep(state, mask)).toEqual({
      variables: { email: '[Email address]', count: 3, list: ['x', '[Email address]'] },
      waiting: null,
    });
  });
});
