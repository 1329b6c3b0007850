import { blockKindOf } from '@parley/flows/blocks';
import { describe, expect, it } from 'vitest';
import { kindData, newOutputNames } from './new-block';

describe('new blocks', () => {
  it('names new outputs after their kind with a counter the flow does not use yet (spec 03 section 5)', () => {
    expect(newOutputNames(['Answer'], new Set())).toEqual(['Answer']);
    expect(newOutputNames(['Answer'], new Set(['Answer', 'Answer2']))).toEqual(['Answer3']);
    expect(newOutputNames(['Answer', 'Answer'], new Set())).toEqual(['Answer', 'Answer2']);
    expect(newOutputNames(['gpt3'], new Set(['gpt']))).toEqual(['gpt2']);
  });

  it('starts a block with its function key, outputs and field defaults', () => {
    const askQuestion = blockKindOf('dialog', 'askQuestion')!;
    expect(kindData(askQuestion, new Set(['Answer']))).toMatchObject({
      fc: 'askQuestion',
      'fc-output': ['Answer2'],
      'fc-output-default': ['Answer'],
      'field-is-sensitive': false,
      'dtmf-confirm-key': '0',
    });
  });
});
