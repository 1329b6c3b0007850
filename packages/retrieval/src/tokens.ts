import { Tiktoken } from 'js-tiktoken/lite';
import cl100k from 'js-tiktoken/ranks/cl100k_base';

let encoder: Tiktoken | undefined;

/** Byte-pair encoding of one unbroken run costs the square of its length: long runs are counted in slices. */
const LONG_RUN = /(\S{256})/;

/**
 * Tokens of a text in cl100k_base (GPT-4 and GPT-3.5's encoding): the budget chunks are cut to.
 * Other models count a little differently; chunk budgets leave room for that. A run of more than
 * 256 characters without a space (a blob, a long address) is counted slice by slice, a few
 * tokens more than the exact count, so a hostile document costs no quadratic time.
 */
export function countTokens(text: string): number {
  encoder ??= new Tiktoken(cl100k);
  const coder = encoder;
  if (!LONG_RUN.test(text)) return coder.encode(text).length;
  return text.split(LONG_RUN).reduce((sum, part) => sum + (part ? coder.encode(part).length : 0), 0);
}
