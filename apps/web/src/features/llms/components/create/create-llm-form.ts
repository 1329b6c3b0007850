import {
  DEFAULT_LANGUAGE,
  isValidLlmName,
  LLM_LIMITS,
  LLM_MESSAGES,
  type LlmCreateBody,
  type LlmProviderName,
} from '@parley/contracts';

/** The Create LLM dialog's details step, as typed. */
export interface CreateLlmForm {
  llmProvider: LlmProviderName;
  llmDisplayName: string;
  description: string;
  /** '' is the provider's default model. */
  model: string;
  language: string;
  region: 'EU' | 'UAE';
  temperature: string;
}

export type CreateLlmErrors = Partial<Record<keyof CreateLlmForm, string>>;

export const emptyCreateLlmForm = (llmProvider: LlmProviderName): CreateLlmForm => ({
  llmProvider,
  llmDisplayName: '',
  description: '',
  model: '',
  language: DEFAULT_LANGUAGE,
  region: 'EU',
  temperature: String(LLM_LIMITS.temperatureDefault),
});

const temperatureOf = (typed: string): number | undefined => {
  const value = Number(typed);
  return typed.trim() !== '' && value >= LLM_LIMITS.temperatureMin && value <= LLM_LIMITS.temperatureMax
    ? value
    : undefined;
};

export function validateCreateLlmForm(form: CreateLlmForm): CreateLlmErrors {
  const errors: CreateLlmErrors = {};
  if (!isValidLlmName(form.llmDisplayName)) errors.llmDisplayName = LLM_MESSAGES.nameInvalid;
  if (temperatureOf(form.temperature) === undefined)
    errors.temperature = 'The temperature is a number from 0 to 1.';
  return errors;
}

/** The create call's body; a valid form only. */
export function toCreateLlmBody(form: CreateLlmForm): LlmCreateBody {
  return {
    llmProvider: form.llmProvider,
    llmDisplayName: form.llmDisplayName.trim(),
    description: form.description.trim(),
    model: form.model === '' ? null : form.model,
    language: form.language,
    region: form.region,
    temperature: temperatureOf(form.temperature) ?? LLM_LIMITS.temperatureDefault,
  };
}
