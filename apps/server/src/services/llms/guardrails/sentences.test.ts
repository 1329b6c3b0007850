import { describe, expect, test } from 'vitest';
import { SentenceSplitter, splitSentences } from './sentences';

describe('splitting an answer into sentences', () => {
  test('at end marks followed by a new sentence, and at line breaks', () => {
    expect(splitSentences('We open at 9. We close at 5! Why? Ask us…\nThanks')).toEqual([
      'We open at 9.',
      'We close at 5!',
      'Why?',
      'Ask us…',
      'Thanks',
    ]);
  });

  test('not inside numbers, after abbreviations or initials, or before a lower-case word', () => {
    expect(splitSentences('It costs 3.50 e.g. for Dr. Smith and J. Doe. Then go on. and on.')).toEqual([
      'It costs 3.50 e.g. for Dr. Smith and J. Doe.',
      'Then go on. and on.',
    ]);
    expect(splitSentences('He said "Stop." Then he left.')).toEqual(['He said "Stop."', 'Then he left.']);
  });

  test('a stream gives each sentence once the text after it shows that it ended', () => {
    const splitter = new SentenceSplitter();
    expect(splitter.push('We open at 9')).toEqual([]);
    expect(splitter.push('.')).toEqual([]);
    expect(splitter.push(' ')).toEqual([]);
    expect(splitter.push('We close')).toEqual(['We open at 9.']);
    expect(splitter.push(' at 5.')).toEqual([]);
    expect(splitter.end()).toEqual(['We close at 5.']);
  });
});
