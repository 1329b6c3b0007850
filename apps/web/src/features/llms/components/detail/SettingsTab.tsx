import {
  LANGUAGE_NAMES,
  LLM_LIMITS,
  LLM_MESSAGES,
  LLM_PROVIDER_IDS,
  LLM_REGIONS,
  type LlmProviderName,
} from '@parley/contracts';
import { useEffect, useState } from 'react';
import { Banner, popup, Select, TextField } from '../../../../ui';
import { TextAreaField } from '../../../bot-content';
import { useProviders } from '../../hooks/use-providers';
import { useSaveLlm } from '../../hooks/use-save-llm';
import {
  needsRetrainNotice,
  type SettingsDraft,
  settingsBody,
  settingsDraftOf,
  settingsProblems,
  withProvider,
} from '../../llm-drafts';
import type { LlmTabProps } from './llm-tabs';
import { SaveBar } from './SaveBar';

const LANGUAGE_OPTIONS = Object.entries(LANGUAGE_NAMES)
  .map(([value, label]) => ({ value, label }))
  .sort((a, b) => a.label.localeCompare(b.label));

/** The provider's models, with the one chosen even when the list does not name it. */
export function modelOptions(names: readonly string[], chosen: string, defaultLabel: string) {
  const all = chosen && !names.includes(chosen) ? [chosen, ...names] : names;
  return [{ value: '', label: defaultLabel }, ...all.map((name) => ({ value: name, label: name }))];
}

/** Settings: name and the general LLM settings (provider, model, embedding model, region, temperature). */
export function SettingsTab({ llm }: LlmTabProps) {
  const [draft, setDraft] = useState<SettingsDraft>(() => settingsDraftOf(llm));
  const [problems, setProblems] = useState<ReturnType<typeof settingsProblems>>({});
  const { isSaving, save } = useSaveLlm(llm.llmId);
  const providers = useProviders();
  const provider = providers.of(draft.llmProvider);
  // The embeddings model is on the RAG tab too: a save there is taken over here.
  useEffect(
    () => setDraft((current) => ({ ...current, embeddingModel: llm.embeddingModel })),
    [llm.embeddingModel],
  );
  const change = (patch: Partial<SettingsDraft>) => setDraft((current) => ({ ...current, ...patch }));

  const submit = async () => {
    const found = settingsProblems(draft);
    setProblems(found);
    if (found.llmDisplayName)
      void popup.warning({ title: LLM_MESSAGES.nameTitle, text: found.llmDisplayName });
    if (Object.keys(found).length === 0) await save(settingsBody(draft));
  };

  return (
    <form
      id="llm-settings-form"
      className="llm-tab"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <div className="llm-tab__fields">
        <TextField
          label="Name"
          value={draft.llmDisplayName}
          error={problems.llmDisplayName}
          maxLength={LLM_LIMITS.nameMaxLength}
          onChange={(event) => change({ llmDisplayName: event.target.value })}
        />
        <TextAreaField
          label="Description"
          value={draft.description}
          onChange={(event) => change({ description: event.target.value })}
        />
        <Select
          label="Provider"
          options={LLM_PROVIDER_IDS.map((id) => ({ value: id, label: providers.label(id) }))}
          value={draft.llmProvider}
          onChange={(event) =>
            setDraft((current) => withProvider(current, event.target.value as LlmProviderName))
          }
        />
        <Select
          label="Model"
          options={modelOptions(provider?.models ?? [], draft.model, 'Default model')}
          value={draft.model}
          onChange={(event) => change({ model: event.target.value })}
        />
        <EmbeddingModelSelect
          llm={llm}
          provider={draft.llmProvider}
          value={draft.embeddingModel}
          onChange={(embeddingModel) => change({ embeddingModel })}
        />
        <Select
          label="Language"
          options={LANGUAGE_OPTIONS}
          value={draft.language}
          onChange={(event) => change({ language: event.target.value })}
        />
        <Select
          label="Region"
          options={LLM_REGIONS.map((region) => ({ value: region, label: region }))}
          value={draft.region}
          onChange={(event) => change({ region: event.target.value as SettingsDraft['region'] })}
        />
        <div className="llm-temperature">
          <TextField
            label="Temperature"
            hint="From 0 (the same answer each time) to 1 (most varied), in steps of 0.1."
            type="number"
            inputMode="decimal"
            min={LLM_LIMITS.temperatureMin}
            max={LLM_LIMITS.temperatureMax}
            step={0.1}
            value={draft.temperature}
            error={problems.temperature}
            onChange={(event) => change({ temperature: event.target.value })}
          />
          <input
            type="range"
            aria-label="Temperature slider"
            min={LLM_LIMITS.temperatureMin}
            max={LLM_LIMITS.temperatureMax}
            step={0.1}
            value={Number(draft.temperature) || 0}
            onChange={(event) => change({ temperature: event.target.value })}
          />
        </div>
      </div>
      <SaveBar formId="llm-settings-form" isSaving={isSaving} />
    </form>
  );
}

/** The embeddings model ('default': full text only); another than the trained one shows the spec's notice. */
export function EmbeddingModelSelect({
  llm,
  provider,
  value,
  onChange,
}: {
  llm: LlmTabProps['llm'];
  provider: LlmProviderName;
  value: string;
  onChange: (embeddingModel: string) => void;
}) {
  const names = useProviders().of(provider)?.embeddingModels ?? [];
  const options = modelOptions(names, value === 'default' ? '' : value, 'Default (full-text search only)');
  return (
    <div className="llm-embedding">
      <Select
        label="Embeddings model"
        options={options}
        value={value === 'default' ? '' : value}
        onChange={(event) => onChange(event.target.value || 'default')}
      />
      {needsRetrainNotice(llm, value) && <Banner tone="warning">{LLM_MESSAGES.embeddingModelNotice}</Banner>}
    </div>
  );
}
