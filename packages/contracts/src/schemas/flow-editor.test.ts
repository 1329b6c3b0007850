import { describe, expect, test } from 'vitest';
import { blockFileUploadFieldsSchema, compressFlowBodySchema } from './flow-editor';
import {
  BLOCK_FILE_ACCEPT_LISTS,
  FLOW_EDITOR_MESSAGES as E,
  isBlockFileExtension,
} from './flow-editor-model';
import { FLOW_XML_MAX_BYTES, FLOW_MESSAGES as M } from './flow-model';
import { llmSummarySchema } from './llms';

const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.success ? undefined : result.error?.issues[0]?.message;

describe('the flow editor’s schemas', () => {
  test.each([
    [{ xml: '%3Cx%2F%3E' }, undefined],
    [{ xml: '<x/>' }, undefined],
    [{ xml: '' }, M.xmlMissing],
    [{}, M.xmlMissing],
    [{ xml: 42 }, M.xmlMissing],
    [
      { xml: 'x'.repeat(FLOW_XML_MAX_BYTES * 3 + 1) },
      `The flow can be at most ${FLOW_XML_MAX_BYTES / 1024 / 1024} MB.`,
    ],
  ])('compression body %#', (body, message) => {
    expect(firstMessage(compressFlowBodySchema.safeParse(body))).toBe(message);
  });

  test.each([
    [{}, 'attachment'],
    [{ accept: 'attachment' }, 'attachment'],
    [{ accept: 'image' }, 'image'],
    [{ accept: 'IMAGE' }, undefined],
    [{ accept: '' }, undefined],
    [{ accept: '__proto__' }, undefined],
  ])('upload fields %j', (fields, accept) => {
    const result = blockFileUploadFieldsSchema.safeParse(fields);
    if (accept) expect(result.data?.accept).toBe(accept);
    else expect(firstMessage(result)).toBe(E.acceptList);
  });

  test('the lists name accepted types only; Send Image takes png and gif', () => {
    expect(BLOCK_FILE_ACCEPT_LISTS.image).toEqual(['png', 'gif']);
    expect(BLOCK_FILE_ACCEPT_LISTS.attachment).toEqual([
      'doc',
      'docx',
      'ppt',
      'pptx',
      'xls',
      'xlsx',
      'pdf',
      'txt',
      'png',
      'jpeg',
      'gif',
      'jpg',
    ]);
    expect(isBlockFileExtension('toString')).toBe(false);
    expect(isBlockFileExtension('svg')).toBe(false);
  });

  test.each([
    [
      {
        llmId: 'l1',
        llmDisplayName: 'A',
        description: '',
        llmProvider: 'openai',
        model: null,
        isComplete: false,
        language: 'en',
      },
      true,
    ],
    [
      {
        llmId: 'l1',
        llmDisplayName: 'A',
        description: '',
        llmProvider: 'openai',
        model: 'gpt',
        isComplete: true,
        language: 'de-CH',
      },
      true,
    ],
    [
      {
        llmId: 'l1',
        llmDisplayName: 'A',
        llmProvider: 'openai',
        model: null,
        isComplete: false,
        language: 'en',
      },
      false,
    ],
  ])('an LLM of the list %#', (llm, isValid) => {
    expect(llmSummarySchema.safeParse(llm).success).toBe(isValid);
  });
});
