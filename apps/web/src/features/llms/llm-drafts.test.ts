import { LLM_DEFAULTS, LLM_MESSAGES, type Llm } from '@parley/contracts';
import { describe, expect, test } from 'vitest';
import {
  amountOfDocsOf,
  documentsWithout,
  guardrailsBody,
  needsRetrainNotice,
  ragBody,
  ragDraftOf,
  settingsBody,
  settingsDraftOf,
  settingsProblems,
  withProvider,
} from './llm-drafts';

const document = (documentId: string) => ({
  documentId,
  name: `${documentId}.txt`,
  displayName: `${documentId}.txt`,
  type: 'File' as const,
  link: '',
  limit: null,
  size: 10,
  status: 'trained' as const,
  error: null,
  passages: 3,
  dateAdded: '2026-12-01T00:00:00.000Z',
});

const llm: Llm = {
  ...LLM_DEFAULTS,
  ragFilters: [],
  metadataFields: [],
  outputCheckConditions: [],
  llmId: 'l1',
  llmDisplayName: 'Handbook',
  llmProvider: 'openai',
  model: 'gpt-4o-mini',
  isComplete: true,
  dateCreated: '2026-12-01T00:00:00.000Z',
  documents: [document('a'), document('b')],
  trainedDocs: 2,
  training: {
    state: 'succeeded',
    processedDocuments: 2,
    totalDocuments: 2,
    progress: 100,
    startedAt: null,
    finishedAt: null,
    message: null,
  },
};

describe('the LLM page drafts', () => {
  test('changing the provider resets the model to the default', () => {
    const draft = settingsDraftOf(llm);
    expect(withProvider(draft, 'anthropic')).toMatchObject({ llmProvider: 'anthropic', model: '' });
    expect(withProvider(draft, 'openai').model).toBe('gpt-4o-mini');
    expect(settingsBody(withProvider(draft, 'anthropic')).model).toBeNull();
  });

  test('settings are checked: the name rule and a temperature from 0 to 1', () => {
    const draft = settingsDraftOf(llm);
    expect(settingsProblems(draft)).toEqual({});
    expect(settingsProblems({ ...draft, llmDisplayName: 'Hand/book' }).llmDisplayName).toBe(
      LLM_MESSAGES.nameInvalid,
    );
    expect(settingsProblems({ ...draft, temperature: '1.5' }).temperature).toBeDefined();
    expect(settingsBody({ ...draft, temperature: '0.2' }).temperature).toBe(0.2);
  });

  test('another embeddings model than the saved one asks for a retraining', () => {
    expect(needsRetrainNotice(llm, llm.embeddingModel)).toBe(false);
    expect(needsRetrainNotice(llm, 'text-embedding-3-small')).toBe(true);
  });

  test('the RAG tab saves its own fields, metadata fields trimmed and without blanks', () => {
    const draft = { ...ragDraftOf(llm), amountOfDocs: '8', metadataFields: [' team ', ''] };
    expect(ragBody(draft)).toEqual({
      embeddingModel: 'default',
      amountOfDocs: 8,
      ragFilters: [],
      metadataFields: ['team'],
    });
    expect(amountOfDocsOf('0')).toBeUndefined();
    expect(amountOfDocsOf('2.5')).toBeUndefined();
  });

  test('guardrail conditions drop blank entries', () => {
    expect(
      guardrailsBody({ outputCheckConditions: ['', ' no prices '], guardrailsMessage: 'Sorry' }),
    ).toEqual({
      outputCheckConditions: ['no prices'],
      guardrailsMessage: 'Sorry',
    });
  });

  test("a document's delete icon keeps the others", () => {
    expect(documentsWithout(llm, 'a')).toEqual({ documents: [{ documentId: 'b' }] });
  });
});
