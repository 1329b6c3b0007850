import {
  FUNCTION_TYPE_CATALOGUE,
  type FunctionDefinition,
  isSubFlowType,
  isValidFunctionName,
  FUNCTION_MESSAGES as M,
} from '@parley/contracts';
import { useState } from 'react';
import { Button, Modal, TextField, Toggle } from '../../../../ui';
import { FilePicker } from '../../../bot-content/components/FilePicker';
import { showFailure } from '../../../bot-content/server-error';
import { importFunction, stageFunctionImport } from '../../api/functions-api';
import type { FunctionsMode } from '../../function-rights';
import { useFunctionsRefresh } from '../../hooks/use-functions';
import { draftFieldError } from '../field-errors';

interface ImportFunctionModalProps {
  botName: string;
  mode: FunctionsMode;
  /** Names an imported function may not take: the functions this bot lists. */
  takenNames: readonly string[];
  canMakeGlobal: boolean;
  onClose: () => void;
  onImported: (name: string) => void;
}

/** Import Function (spec 02 section 2.4): a file, then its name can be edited. */
export function ImportFunctionModal({
  botName,
  mode,
  takenNames,
  canMakeGlobal,
  onClose,
  onImported,
}: ImportFunctionModalProps) {
  const refresh = useFunctionsRefresh();
  const [file, setFile] = useState<File | undefined>(undefined);
  const [staged, setStaged] = useState<FunctionDefinition | undefined>(undefined);
  const [name, setName] = useState('');
  const [isGlobal, setIsGlobal] = useState(false);
  const [serverError, setServerError] = useState<string | undefined>(undefined);
  const [isBusy, setIsBusy] = useState(false);
  const noun = mode === 'subs' ? 'Sub Flow' : 'Function';

  const isTaken = takenNames.some((taken) => taken.toLowerCase() === name.trim().toLowerCase());
  const isWrongTab = !!staged && isSubFlowType(staged.type) !== (mode === 'subs');
  const nameError = !staged
    ? undefined
    : isTaken
      ? M.nameTaken
      : !isValidFunctionName(name)
        ? M.invalidName
        : serverError;

  const load = async (chosen: File) => {
    setFile(chosen);
    setStaged(undefined);
    setIsBusy(true);
    try {
      const fn = await stageFunctionImport(chosen);
      setStaged(fn);
      setName(fn.name);
      setServerError(undefined);
    } catch (error) {
      setFile(undefined);
      showFailure('Import failed', error);
    } finally {
      setIsBusy(false);
    }
  };

  const submit = async () => {
    if (!file || !staged || nameError || isWrongTab) return;
    setIsBusy(true);
    try {
      const fn = await importFunction(botName, name.trim(), isGlobal, file);
      await refresh();
      onImported(fn.name);
    } catch (error) {
      const refusal = draftFieldError(error);
      if (refusal?.name) setServerError(refusal.name);
      else showFailure('Import failed', error);
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <Modal
      title={`Import ${noun}`}
      onClose={onClose}
      footer={(requestClose) => (
        <>
          <Button variant="secondary" onClick={requestClose}>
            Cancel
          </Button>
          <Button
            onClick={() => void submit()}
            isLoading={isBusy}
            disabled={!staged || !!nameError || isWrongTab}
          >
            Import
          </Button>
        </>
      )}
    >
      <div className="content-form">
        <FilePicker
          label={`Choose ${noun.toLowerCase()} file`}
          accept=".enc,.json"
          file={file}
          onChoose={(f) => void load(f)}
          isDisabled={isBusy}
        />
        {staged && (
          <>
            {isWrongTab && (
              <p className="field__error" role="alert">
                {mode === 'subs'
                  ? 'This file holds a function: import it in the Functions tab.'
                  : 'This file holds a sub flow: import it in the Subs tab.'}
              </p>
            )}
            <TextField
              label={`${noun} name`}
              value={name}
              error={nameError}
              onChange={(event) => {
                setName(event.target.value);
                setServerError(undefined);
              }}
            />
            {isTaken && <span className="content-badge content-badge--taken">taken</span>}
            {canMakeGlobal && (
              <Toggle
                label="Global"
                description="Available to every bot of the account."
                isChecked={isGlobal}
                onChange={setIsGlobal}
              />
            )}
            <dl className="content-summary" aria-label="File contents">
              <dt>Type</dt>
              <dd>{FUNCTION_TYPE_CATALOGUE[staged.type].label}</dd>
              <dt>Inputs</dt>
              <dd>{staged.inputs.length > 0 ? staged.inputs.map((i) => i.name).join(', ') : 'None'}</dd>
              <dt>Outputs</dt>
              <dd>
                {staged.outputs.length > 0 ? staged.outputs.map((o) => o.variableName).join(', ') : 'None'}
              </dd>
            </dl>
          </>
        )}
      </div>
    </Modal>
  );
}
