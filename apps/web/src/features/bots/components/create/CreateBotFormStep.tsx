import { BOT_REGIONS, type BotTemplateSummary, NO_RECOGNIZER, recognizerChoices } from '@parley/contracts';
import { Select, TextField, Toggle } from '../../../../ui';
import { type CreateBotErrors, type CreateBotForm, languageOptions } from './create-bot-form';

interface CreateBotFormStepProps {
  form: CreateBotForm;
  errors: CreateBotErrors;
  templates: BotTemplateSummary[];
  onChange: (patch: Partial<CreateBotForm>) => void;
}

const REGION_OPTIONS = BOT_REGIONS.map((r) => ({ value: r.id, label: `${r.label} (${r.id})` }));

const RECOGNIZER_OPTIONS = [
  ...recognizerChoices().map((engine) => ({
    value: engine.id,
    label: engine.isConfigurable ? engine.label : `${engine.label} (not configurable)`,
    isDisabled: !engine.isConfigurable,
  })),
  { value: NO_RECOGNIZER, label: 'None' },
];

/**
 * Step 2 (spec 01 section 2): template (template case), name, the region toggle and select,
 * Automate (hidden for None), the recognizer (scratch; hidden while Automate is on) and the
 * language from the recognizer's list (scratch).
 */
export function CreateBotFormStep({ form, errors, templates, onChange }: CreateBotFormStepProps) {
  const isScratch = form.createType === 'scratch';
  return (
    <div className="create-bot__form">
      {!isScratch && (
        <Select
          label="Bot Template"
          placeholder="Choose a template"
          options={templates.map((t) => ({ value: t.id, label: t.name }))}
          value={form.template}
          hint={templates.find((t) => t.id === form.template)?.description}
          error={errors.template}
          onChange={(event) => onChange({ template: event.target.value })}
        />
      )}
      <TextField
        label="Name of your bot"
        value={form.name}
        error={errors.name}
        hint="Letters, digits, spaces, - and _; up to 50 characters."
        maxLength={80}
        autoComplete="off"
        data-autofocus
        onChange={(event) => onChange({ name: event.target.value })}
      />
      <Toggle
        label="Change bot region"
        description="Bots run in the EU unless you choose otherwise."
        isChecked={form.isRegionChanged}
        onChange={(isRegionChanged) => onChange({ isRegionChanged })}
      />
      {form.isRegionChanged && (
        <Select
          label="Bot Region"
          options={REGION_OPTIONS}
          value={form.region}
          error={errors.region}
          onChange={(event) => onChange({ region: event.target.value as CreateBotForm['region'] })}
        />
      )}
      {form.recognizer !== NO_RECOGNIZER && (
        <Toggle
          label="Automate"
          description="Parley keeps testing the recognizers that support your language and uses the best."
          isChecked={form.nluAutomate}
          onChange={(nluAutomate) => onChange({ nluAutomate })}
        />
      )}
      {isScratch && !form.nluAutomate && (
        <Select
          label="Initial Intent & Entity Recognizer"
          options={RECOGNIZER_OPTIONS}
          value={form.recognizer}
          error={errors.recognizer}
          onChange={(event) => onChange({ recognizer: event.target.value })}
        />
      )}
      {isScratch && (
        <Select
          label="Language"
          placeholder="Choose a language"
          options={languageOptions(form)}
          value={form.language}
          error={errors.language}
          onChange={(event) => onChange({ language: event.target.value })}
        />
      )}
    </div>
  );
}
