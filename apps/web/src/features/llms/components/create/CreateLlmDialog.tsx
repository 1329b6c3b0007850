import {
  LANGUAGE_NAMES,
  LLM_LIMITS,
  LLM_MESSAGES,
  LLM_REGIONS,
  type LlmProviderName,
} from '@parley/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../../api/api-error';
import { handleApiError } from '../../../../api/error-reactions';
import { Button, cx, Modal, popup, Select, Spinner, TextField } from '../../../../ui';
import { TextAreaField } from '../../../bot-content';
import { createLlm } from '../../api/llms-api';
import { LLM_KEYS } from '../../hooks/llm-query-keys';
import { useProviders } from '../../hooks/use-providers';
import { PROVIDER_DESCRIPTIONS, type Providers } from '../../llm-providers';
import { llmPagePath } from '../LlmCard';
import {
  type CreateLlmErrors,
  type CreateLlmForm,
  emptyCreateLlmForm,
  toCreateLlmBody,
  validateCreateLlmForm,
} from './create-llm-form';
import { isLlmLimitRefusal, reactToLlmLimit } from './llm-limit-dialogs';

/** Spec 04 sections 4 and 9: the Create LLM button is disabled for 5 seconds after a click. */
export const CREATE_BUTTON_PAUSE_MS = 5000;

const LANGUAGE_OPTIONS = Object.entries(LANGUAGE_NAMES)
  .map(([value, label]) => ({ value, label }))
  .sort((a, b) => a.label.localeCompare(b.label));

/**
 * Step 1: the providers and whether each is ready (the tenant's own credentials or the
 * installation's). One that is not can still be chosen: the LLM then answers with passages alone
 * until its credentials are added.
 */
function ProviderStep({
  providers,
  onChoose,
}: {
  providers: Providers & { isPending: boolean };
  onChoose: (provider: LlmProviderName) => void;
}) {
  if (providers.isPending) return <Spinner label="Looking up the providers" />;
  return (
    <ul className="llm-create__choices">
      {providers.list.map((choice, index) => (
        <li key={choice.provider}>
          <button
            type="button"
            className="llm-create__choice"
            onClick={() => onChoose(choice.provider)}
            data-autofocus={index === 0 ? true : undefined}
          >
            <span className="llm-create__choice-title">{choice.label}</span>
            <span className="llm-create__choice-text">{PROVIDER_DESCRIPTIONS[choice.provider]}</span>
            <span className={cx('llm-provider-state', choice.ready && 'llm-provider-state--ready')}>
              {choice.ready ? 'Ready' : 'No credentials yet'}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

function DetailsStep({
  form,
  errors,
  models,
  onChange,
}: {
  form: CreateLlmForm;
  models: readonly string[];
  errors: CreateLlmErrors;
  onChange: (patch: Partial<CreateLlmForm>) => void;
}) {
  return (
    <div className="llm-create__form">
      <TextField
        label="Name"
        hint="Letters, digits, spaces and _ . - only."
        value={form.llmDisplayName}
        error={errors.llmDisplayName}
        maxLength={LLM_LIMITS.nameMaxLength}
        autoFocus
        onChange={(event) => onChange({ llmDisplayName: event.target.value })}
      />
      <TextAreaField
        label="Description"
        value={form.description}
        onChange={(event) => onChange({ description: event.target.value })}
      />
      <Select
        label="Model"
        options={[
          { value: '', label: 'Default model' },
          ...models.map((model) => ({ value: model, label: model })),
        ]}
        value={form.model}
        onChange={(event) => onChange({ model: event.target.value })}
      />
      <Select
        label="Language"
        options={LANGUAGE_OPTIONS}
        value={form.language}
        onChange={(event) => onChange({ language: event.target.value })}
      />
      <Select
        label="Region"
        options={LLM_REGIONS.map((region) => ({ value: region, label: region }))}
        value={form.region}
        onChange={(event) => onChange({ region: event.target.value as CreateLlmForm['region'] })}
      />
      <TextField
        label="Temperature"
        hint="0 answers the same way each time; 1 varies most."
        type="number"
        inputMode="decimal"
        min={LLM_LIMITS.temperatureMin}
        max={LLM_LIMITS.temperatureMax}
        step={0.1}
        value={form.temperature}
        error={errors.temperature}
        onChange={(event) => onChange({ temperature: event.target.value })}
      />
    </div>
  );
}

/**
 * Create LLM (spec 04 sections 2.4, 4, 8): step 1 chooses the provider, step 2 the details.
 * Escape closes it (the Modal). The Create button stays disabled for 5 seconds after a click.
 * The new LLM opens on success.
 */
export function CreateLlmDialog({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const providers = useProviders();
  const [form, setForm] = useState<CreateLlmForm | undefined>();
  const [errors, setErrors] = useState<CreateLlmErrors>({});
  const [isPaused, setIsPaused] = useState(false);
  const [isCreating, setIsCreating] = useState(false);
  const pause = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(pause.current), []);

  const change = (patch: Partial<CreateLlmForm>) => {
    setForm((current) => current && { ...current, ...patch });
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(patch)) delete next[key as keyof CreateLlmForm];
      return next;
    });
  };

  const submit = async (acceptAdditionalCost = false) => {
    if (!form || isCreating) return;
    if (!acceptAdditionalCost) {
      if (isPaused) return;
      setIsPaused(true);
      pause.current = setTimeout(() => setIsPaused(false), CREATE_BUTTON_PAUSE_MS);
    }
    const problems = validateCreateLlmForm(form);
    setErrors(problems);
    if (problems.llmDisplayName)
      void popup.warning({ title: LLM_MESSAGES.nameTitle, text: problems.llmDisplayName });
    if (Object.keys(problems).length > 0) return;
    setIsCreating(true);
    try {
      const llm = await createLlm({
        ...toCreateLlmBody(form),
        ...(acceptAdditionalCost ? { acceptAdditionalCost } : {}),
      });
      await queryClient.invalidateQueries({ queryKey: LLM_KEYS.list });
      onClose();
      navigate(llmPagePath(llm.llmId));
    } catch (error) {
      setIsCreating(false);
      if (isApiError(error) && isLlmLimitRefusal(error.data.llmLimit)) {
        if (await reactToLlmLimit(error.data.llmLimit)) await submit(true);
        return;
      }
      if (isApiError(error) && error.is('validation_error') && error.data.fieldName === 'llmDisplayName') {
        setErrors({ llmDisplayName: error.message });
        return;
      }
      handleApiError(error);
    }
  };

  return (
    <Modal
      title="Create LLM"
      description={form ? `Provider: ${providers.label(form.llmProvider)}` : 'Choose a provider'}
      onClose={onClose}
      isDirty={!!form && form.llmDisplayName.trim() !== ''}
      className="llm-create"
      footer={(requestClose) => (
        <>
          {form && (
            <Button variant="ghost" onClick={() => setForm(undefined)} disabled={isCreating}>
              Back
            </Button>
          )}
          <Button variant="secondary" onClick={requestClose} disabled={isCreating}>
            Cancel
          </Button>
          {form && (
            <Button type="submit" form="create-llm-form" isLoading={isCreating} disabled={isPaused}>
              Create LLM
            </Button>
          )}
        </>
      )}
    >
      {form ? (
        <form
          id="create-llm-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <DetailsStep
            form={form}
            errors={errors}
            models={providers.of(form.llmProvider)?.models ?? []}
            onChange={change}
          />
        </form>
      ) : (
        <ProviderStep providers={providers} onChoose={(provider) => setForm(emptyCreateLlmForm(provider))} />
      )}
    </Modal>
  );
}
