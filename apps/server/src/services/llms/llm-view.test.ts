import { LLM_DEFAULTS, LLM_PROVIDER_IDS, type LlmProviderName } from '@parley/contracts';
import { LLM_PROVIDERS, type LlmProviderId } from '@parley/llm';
import { describe, expect, it } from 'vitest';
import { readLlmSettings, readTraining, TRAINING_INTERRUPTED } from './llm-view';

describe('an LLM as stored', () => {
  it('names the same providers as the providers package declares', () => {
    const declared: LlmProviderId[] = [...LLM_PROVIDER_IDS];
    const accepted: LlmProviderName[] = Object.keys(LLM_PROVIDERS) as LlmProviderId[];
    expect([...declared].sort()).toEqual([...accepted].sort());
  });

  it('reads missing or malformed settings as their defaults', () => {
    const { description: _d, model: _m, ...settingDefaults } = LLM_DEFAULTS;
    expect(readLlmSettings(null)).toEqual({
      ...settingDefaults,
      outputCheckConditions: [],
      ragFilters: [],
      metadataFields: [],
    });
    const odd = readLlmSettings({
      temperature: 'hot',
      output: 'xml',
      ragFilters: [{ metadataField: 1 }],
      amountOfDocs: 3,
    });
    expect(odd).toMatchObject({ temperature: 0.7, output: 'text', ragFilters: [], amountOfDocs: 3 });
  });

  it('shows a training with its progress from the documents done', () => {
    expect(readTraining(null)).toMatchObject({ state: 'none', progress: 0 });
    expect(
      readTraining({ state: 'running', runId: 'r', processedDocuments: 1, totalDocuments: 4 }),
    ).toMatchObject({
      state: 'running',
      progress: 25,
    });
  });

  it('reads a running training that stopped moving for 15 minutes as failed (its process ended)', () => {
    const startedAt = '2026-01-01T10:00:00.000Z';
    const stored = {
      state: 'running',
      runId: 'r',
      processedDocuments: 0,
      totalDocuments: 2,
      startedAt,
      heartbeatAt: startedAt,
    };
    expect(readTraining(stored, Date.parse('2026-01-01T10:14:00.000Z')).state).toBe('running');
    expect(readTraining(stored, Date.parse('2026-01-01T10:16:00.000Z'))).toMatchObject({
      state: 'failed',
      message: TRAINING_INTERRUPTED,
    });
  });
});
