import { DEFAULT_FUNCTION_TYPE, FUNCTION_CREATION_TABS, type FunctionType } from '@parley/contracts';
import { useState } from 'react';
import { showFailure } from '../../../../api/server-error';
import { Button, Modal, Tabs, TextField, Toggle } from '../../../../ui';
import { createFunction } from '../../api/functions-api';
import { draftProblem, emptyDraft, type FunctionDraft, isSameDraft, requestOf } from '../../function-draft';
import type { FunctionsMode } from '../../function-rights';
import { useFunctionsRefresh } from '../../hooks/use-functions';
import { useOutputWindow } from '../../hooks/use-output-window';
import { FunctionEditor } from '../editor/FunctionEditor';
import { FunctionActions } from '../FunctionActions';
import { draftFieldError } from '../field-errors';

interface CreateFunctionModalProps {
  botName: string;
  mode: FunctionsMode;
  canMakeGlobal: boolean;
  onClose: () => void;
  onCreated: (name: string) => void;
}

/**
 * The create function modal holds the editor, with the type tabs of spec 02 section 2.4 (a
 * sub flow has no tabs: its canvas is the flow editor's). Escape closes it; with something
 * typed it asks first.
 */
export function CreateFunctionModal({
  botName,
  mode,
  canMakeGlobal,
  onClose,
  onCreated,
}: CreateFunctionModalProps) {
  const refresh = useFunctionsRefresh();
  const output = useOutputWindow(botName);
  const initial = emptyDraft(mode === 'subs' ? 'flow' : DEFAULT_FUNCTION_TYPE);
  const [draft, setDraft] = useState<FunctionDraft>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [isSaving, setIsSaving] = useState(false);
  const isDirty = !isSameDraft(draft, { ...initial, type: draft.type });
  const noun = mode === 'subs' ? 'Sub Flow' : 'Function';

  const change = (patch: Partial<FunctionDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setErrors({});
  };

  const submit = async () => {
    const problem = draftProblem(draft);
    if (problem) {
      setErrors({ [problem.field]: problem.message });
      return;
    }
    setIsSaving(true);
    try {
      const created = await createFunction(botName, requestOf(draft));
      await refresh();
      onCreated(created.name);
    } catch (error) {
      const refusal = draftFieldError(error);
      if (refusal) setErrors(refusal);
      else showFailure('Error!', error);
    } finally {
      setIsSaving(false);
    }
  };

  const form = (
    <div className="content-form">
      <TextField
        label="Name"
        value={draft.name}
        error={errors.name}
        hint="Letters, digits, spaces and _ . - '"
        onChange={(event) => change({ name: event.target.value })}
      />
      <TextField
        label="Description"
        value={draft.description}
        onChange={(event) => change({ description: event.target.value })}
      />
      {canMakeGlobal && (
        <Toggle
          label="Global"
          description="Available to every bot of the account."
          isChecked={draft.isGlobal}
          onChange={(isGlobal) => change({ isGlobal })}
        />
      )}
      <FunctionEditor
        botName={botName}
        draft={draft}
        onChange={change}
        isReadOnly={false}
        areInputsReadOnly={false}
        errors={errors}
      />
      <FunctionActions
        draft={draft}
        onRun={() => void output.run(draft)}
        onShowCard={() => output.showCard(draft)}
      />
    </div>
  );

  return (
    <>
      <Modal
        title={`Create ${noun}`}
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
        {mode === 'subs' ? (
          form
        ) : (
          <Tabs
            label="Function type"
            tabs={FUNCTION_CREATION_TABS.map(({ type, label }) => ({ id: type, label }))}
            selectedId={draft.type}
            onSelect={(type) => change({ type: type as FunctionType })}
          >
            {form}
          </Tabs>
        )}
      </Modal>
      {output.window}
    </>
  );
}
