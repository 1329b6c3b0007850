import { type EntityView, isPatternExample, INTENT_MESSAGES as M } from '@parley/contracts';
import { useState } from 'react';
import { fieldErrorOf, showFailure } from '../../../api/server-error';
import { Button, CloseIcon, Modal, Select, TextField, Toggle } from '../../../ui';
import {
  ExampleInput,
  FieldGroup,
  HighlightedExample,
  placeholderEntitiesOf,
  TextAreaField,
  useContentRefresh,
} from '../../bot-content';
import { createIntent } from '../api/intents-api';
import { useFlowTemplates } from '../hooks/use-flow-templates';
import {
  type CreateIntentErrors,
  createIntentErrors,
  EMPTY_CREATE_INTENT_FORM,
  formFieldOf,
  newExampleProblem,
} from './create-intent-form';

interface CreateIntentModalProps {
  botName: string;
  entities: readonly EntityView[];
  /** A redirect intent (route create-intent-redirect): its utterances are optional. */
  isRedirect: boolean;
  onClose: () => void;
  onCreated: (name: string) => void;
}

/**
 * The Create Intent modal (spec 02 section 2.2): FAQ toggle, name, description, utterances, the
 * FAQ answer, and the template flow a normal intent starts with (FAQ intents have no flow).
 * Auto generate joins it with the LLMs.
 */
export function CreateIntentModal({
  botName,
  entities,
  isRedirect,
  onClose,
  onCreated,
}: CreateIntentModalProps) {
  const refresh = useContentRefresh(botName);
  const templates = useFlowTemplates().data ?? [];
  const placeholders = placeholderEntitiesOf(entities);
  const [form, setForm] = useState(EMPTY_CREATE_INTENT_FORM);
  const [typed, setTyped] = useState('');
  const [errors, setErrors] = useState<CreateIntentErrors>({});
  const [isSaving, setIsSaving] = useState(false);
  const isDirty = form !== EMPTY_CREATE_INTENT_FORM || typed !== '';

  const addExample = () => {
    const problem = newExampleProblem(form.examples, typed);
    if (problem) {
      setErrors({ ...errors, examples: problem });
      return;
    }
    setForm({ ...form, examples: [...form.examples, typed.trim()] });
    setTyped('');
    setErrors({ ...errors, examples: undefined });
  };

  const submit = async () => {
    const found = createIntentErrors(form, isRedirect);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setIsSaving(true);
    try {
      const intent = await createIntent(botName, {
        name: form.name.trim(),
        description: form.description.trim(),
        type: form.isFaq ? 'faq' : 'normal',
        answer: form.isFaq ? form.answer.trim() : '',
        isRedirect,
        template: !form.isFaq && form.template ? form.template : null,
        utterances: form.examples.filter((e) => !isPatternExample(e, placeholders)),
        patterns: form.examples.filter((e) => isPatternExample(e, placeholders)),
      });
      await refresh();
      onCreated(intent.name);
    } catch (error) {
      const refusal = fieldErrorOf(error);
      const field = refusal && formFieldOf(refusal.field);
      if (refusal && field) setErrors({ [field]: refusal.message });
      else showFailure(M.creationError, error);
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <Modal
      title={isRedirect ? 'Create Redirect Intent' : 'Create Intent'}
      onClose={onClose}
      isDirty={isDirty}
      size="lg"
      footer={(requestClose) => (
        <>
          <Button variant="secondary" onClick={requestClose}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} isLoading={isSaving}>
            Create
          </Button>
        </>
      )}
    >
      <div className="create-intent">
        <Toggle label="FAQ Intent" isChecked={form.isFaq} onChange={(isFaq) => setForm({ ...form, isFaq })} />
        <TextField
          label="Name"
          value={form.name}
          error={errors.name}
          hint='Letters, digits and "_", 2 to 50 characters.'
          onChange={(event) => {
            setForm({ ...form, name: event.target.value });
            setErrors({ ...errors, name: undefined });
          }}
        />
        <TextField
          label="Description"
          value={form.description}
          onChange={(event) => setForm({ ...form, description: event.target.value })}
        />
        <FieldGroup label="Utterances" error={errors.examples} hint={M.recommendedUtterances}>
          <div className="create-intent__examples">
            <div className="example-list__add">
              <ExampleInput
                label="New utterance"
                placeholder={M.examplePlaceholder}
                value={typed}
                onChange={setTyped}
                onSubmit={addExample}
                entities={placeholders}
              />
              <Button variant="secondary" onClick={addExample}>
                Add
              </Button>
            </div>
            {form.examples.length > 0 && (
              <ul className="create-intent__list" aria-label="Utterances to create">
                {form.examples.map((example) => (
                  <li key={example} className="example-row">
                    <span className="example-row__text">
                      <HighlightedExample
                        text={example}
                        isPattern={isPatternExample(example, placeholders)}
                      />
                    </span>
                    <button
                      type="button"
                      className="icon-button"
                      aria-label={`Remove "${example}"`}
                      onClick={() =>
                        setForm({ ...form, examples: form.examples.filter((e) => e !== example) })
                      }
                    >
                      <CloseIcon aria-hidden="true" />
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </FieldGroup>
        {!form.isFaq && templates.length > 0 && (
          <Select
            label="Template flow"
            placeholder="No flow yet"
            options={templates.map((t) => ({ value: t.id, label: t.name }))}
            value={form.template}
            hint={templates.find((t) => t.id === form.template)?.description}
            error={errors.template}
            onChange={(event) => setForm({ ...form, template: event.target.value })}
          />
        )}
        {form.isFaq && (
          <TextAreaField
            label="FAQ Answer"
            error={errors.answer}
            value={form.answer}
            onChange={(event) => {
              setForm({ ...form, answer: event.target.value });
              setErrors({ ...errors, answer: undefined });
            }}
          />
        )}
      </div>
    </Modal>
  );
}
