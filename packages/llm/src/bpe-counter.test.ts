import { createRequire } from 'node:module';
import { Tiktoken } from 'js-tiktoken/lite';
import { describe, expect, test } from 'vitest';
import { BpeCounter, type TiktokenRanks } from './bpe-counter.ts';

const require = createRequire(import.meta.url);
const TEXTS = [
  '',
  'hello world',
  'Refunds are paid within 14 days of the return.',
  'antidisestablishmentarianism pneumonoultramicroscopicsilicovolcanoconiosis',
  'Größenverhältnisse, façade, naïve coöperation — “quotes” and ‘more’…',
  '日本語のテキストと中文文本，还有한국어 텍스트.',
  'emoji 😀🎉👩‍👩‍👧‍👦 and flags 🇪🇺',
  'code: const x = await fetch(base + "/v1/models", { headers: { "x-api-key": key } });\n\tif (!x.ok) throw x;',
  '    indented\n\n\nblank lines   trailing   ',
  '<|endoftext|> is only text here',
  'ab'.repeat(500),
  '1234567890 3.14159 1e-9 0x7f3a',
];

describe.each(['o200k_base', 'cl100k_base'])('BpeCounter with %s counts as js-tiktoken encodes', (name) => {
  const ranks = require(`js-tiktoken/ranks/${name}`) as TiktokenRanks & { default?: TiktokenRanks };
  const source = (ranks.default ?? ranks) as ConstructorParameters<typeof Tiktoken>[0] & TiktokenRanks;
  const reference = new Tiktoken(source);
  const counter = new BpeCounter(source);

  test.each(TEXTS.map((text) => [text.slice(0, 40), text]))('%s', (_label, text) => {
    expect(counter.count(text)).toBe(reference.encode(text, [], []).length);
  });
});
