import { type EntityView, isPatternExample, INTENT_MESSAGES as M } from '@parley/contracts';
import { useState } from 'react';
import { isApiError } from '../../../api/api-error';
import { fieldErrorOf, showFailure } from '../../../api/server-error';
import { Button, CloseIcon, Modal, Select, SparklesIcon, TextField, Toggle } from '../../../ui';
import {
  ExampleInput,
  FieldGroup,
  HighlightedExample,
  placeholderEntitiesOf,
  TextAreaField,
  useContentRefresh,
} from '../../bot-content';
import { createIntent, generateNewIntentUtterances } from '../api/intents-api';
import { useFlowTemplates } from '../hooks/use-flow-templates';
import { useUtteranceProposals } from '../hooks/use-utterance-proposals';
import {
  type CreateIntentErrors,
  createIntentErrors,
  EMPTY_CREATE_INTENT_FORM,
  formFieldOf,
  newExampleProblem,
} from './create-intent-form';
import { UtteranceProposals } from './UtteranceProposals';

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
 * Auto generate proposes utterances from what the modal holds; the checked ones join the list.
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
  const generated = useUtteranceProposals();
  const isDirty = form !== EMPTY_CREATE_INTENT_FORM || typed !== '' || generated.proposals.length > 0;

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

  // The server's refusal shows under the utterances (spec 02 section 8: 'Could not generate
  // utterances, please try again later.'); ended sessions and lost connections go to the global handler.
  const autoGenerate = () =>
    void generated.generate(
      () =>
        generateNewIntentUtterances(botName, {
          intentName: form.name.trim(),
          intentDescription: form.description.trim(),
          utterances: form.examples,
        }),
      (error) => {
        if (isApiError(error) && (error.status === 409 || error.status === 400))
          setErrors((current) => ({ ...current, examples: error.message }));
        else showFailure(M.generateFailed, error);
      },
    );

  /** The checked proposals join the utterances in order; one that cannot stays under review with the reason. */
  const addProposals = () => {
    let examples = form.examples;
    const added = new Set<number>();
    let problem: string | undefined;
    for (const proposal of generated.proposals.filter((p) => p.isChecked)) {
      problem = newExampleProblem(examples, proposal.text);
      if (problem) break;
      examples = [...examples, proposal.text.trim()];
      added.add(proposal.id);
    }
    setForm({ ...form, examples });
    setErrors({ ...errors, examples: problem });
    generated.remove(problem ? added : undefined);
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
              <Button
                variant="secondary"
                icon={<SparklesIcon aria-hidden="true" />}
                onClick={autoGenerate}
                isLoading={generated.isGenerating}
              >
                Auto generate
              </Button>
            </div>
            <UtteranceProposals
              proposals={generated.proposals}
              entities={placeholders}
              onChange={generated.change}
              onAdd={addProposals}
              onDiscard={() => generated.remove()}
            />
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
