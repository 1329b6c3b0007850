import { LLM_MESSAGES } from '@parley/contracts';
import { describe, expect, test } from 'vitest';
import { emptyCreateLlmForm, toCreateLlmBody, validateCreateLlmForm } from './create-llm-form';

describe('the Create LLM details step', () => {
  test('a new form has the spec defaults: default model, EU, temperature 0.7', () => {
    const form = emptyCreateLlmForm('openai');
    expect(form).toMatchObject({ model: '', region: 'EU', temperature: '0.7' });
  });

  test('the name must follow the LLM name rule', () => {
    const form = { ...emptyCreateLlmForm('openai'), llmDisplayName: 'Handbook?' };
    expect(validateCreateLlmForm(form).llmDisplayName).toBe(LLM_MESSAGES.nameInvalid);
    expect(validateCreateLlmForm({ ...form, llmDisplayName: 'Handbook v1.0' })).toEqual({});
  });

  test('the temperature is from 0 to 1', () => {
    const form = { ...emptyCreateLlmForm('openai'), llmDisplayName: 'A' };
    expect(validateCreateLlmForm({ ...form, temperature: '1.2' }).temperature).toBeDefined();
    expect(validateCreateLlmForm({ ...form, temperature: '' }).temperature).toBeDefined();
    expect(validateCreateLlmForm({ ...form, temperature: '0' })).toEqual({});
  });

  test('the body sends the default model as null and the name trimmed', () => {
    const form = { ...emptyCreateLlmForm('anthropic'), llmDisplayName: ' Support ', temperature: '0.3' };
    expect(toCreateLlmBody(form)).toEqual({
      llmProvider: 'anthropic',
      llmDisplayName: 'Support',
      description: '',
      model: null,
      language: 'en',
      region: 'EU',
      temperature: 0.3,
    });
  });
});
