import { createRequire } from 'node:module';
import { BpeCounter, type TiktokenRanks } from './bpe-counter.ts';

type EncodingName = 'o200k_base' | 'cl100k_base';

const require = createRequire(import.meta.url);
const encoders = new Map<EncodingName, BpeCounter>();

/** Each encoding's ranks (a few MB) are loaded the first time a text is counted with it. */
function encoder(name: EncodingName): BpeCounter {
  let found = encoders.get(name);
  if (!found) {
    const ranks = require(`js-tiktoken/ranks/${name}`) as TiktokenRanks | { default: TiktokenRanks };
    found = new BpeCounter('default' in ranks ? ranks.default : ranks);
    encoders.set(name, found);
  }
  return found;
}

/**
 * OpenAI's current models (gpt-4o, gpt-4.1, o-series) use o200k_base; gpt-4, gpt-3.5 and the
 * embedding models cl100k_base. Other providers' tokenizers are not public: o200k_base counts their
 * text within a few percent, which is what a context-window warning needs.
 */
export function encodingFor(model: string | undefined): EncodingName {
  const id = (model ?? '').toLowerCase();
  if (/^(gpt-4(?!o|\.)|gpt-3\.5|text-embedding)/.test(id)) return 'cl100k_base';
  return 'o200k_base';
}

/** Tokens of a text for a model (its encoding, or o200k_base when the model's is not known). */
export function countTokens(text: string, model?: string): number {
  if (text === '') return 0;
  return encoder(encodingFor(model)).count(text);
}
