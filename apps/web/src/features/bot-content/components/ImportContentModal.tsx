import { type ReactNode, useId, useState } from 'react';
import { showFailure } from '../../../api/server-error';
import { Button, FilePicker, Modal, TextField } from '../../../ui';

export interface ImportContentModalProps<Staged> {
  /** The kind as the dialog names it: 'Intent', 'Entity', 'Function', 'Sub Flow'. */
  noun: string;
  /** Names the imported element may not take (compared ignoring case). */
  takenNames: readonly string[];
  takenMessage: string;
  /** The name rule's message for a name that breaks it. */
  nameProblem: (name: string) => string | undefined;
  /** Sends the file to the server's staging call, which validates it and answers its content. */
  stage: (file: File) => Promise<Staged>;
  nameOf: (staged: Staged) => string;
  /** Imports the file under the chosen name and answers the imported element's name. */
  importAs: (name: string, file: File) => Promise<string>;
  /** The server's refusal of the name, when that is what an import error is. */
  nameRefusalOf: (error: unknown) => string | undefined;
  /** A reason the staged file cannot be imported here: shown, and Import stays disabled. */
  refusalOf?: (staged: Staged) => string | undefined;
  /** What the file holds, shown once it is staged. */
  summary: (staged: Staged) => ReactNode;
  /** Choices of the kind besides the name (e.g. Global for functions). */
  extraFields?: ReactNode;
  onClose: () => void;
  onImported: (name: string) => void;
}

/**
 * The import dialog of every kind of bot content (spec 02 sections 2.2-2.4): load a file,
 * which the server stages, then the name can be edited; a taken name shows 'taken'.
 */
export function ImportContentModal<Staged>(props: ImportContentModalProps<Staged>) {
  const { noun, takenNames, takenMessage, nameProblem, stage, nameOf, importAs } = props;
  const [file, setFile] = useState<File | undefined>(undefined);
  const [staged, setStaged] = useState<Staged | undefined>(undefined);
  const [name, setName] = useState('');
  const [serverError, setServerError] = useState<string | undefined>(undefined);
  const [isBusy, setIsBusy] = useState(false);
  const takenId = useId();

  const isTaken = takenNames.some((taken) => taken.toLowerCase() === name.trim().toLowerCase());
  const refusal = staged === undefined ? undefined : props.refusalOf?.(staged);
  const nameError =
    staged === undefined ? undefined : isTaken ? takenMessage : (nameProblem(name) ?? serverError);
  const canImport = staged !== undefined && !nameError && !refusal;

  const load = async (chosen: File) => {
    setFile(chosen);
    setStaged(undefined);
    setIsBusy(true);
    try {
      const content = await stage(chosen);
      setStaged(content);
      setName(nameOf(content));
      setServerError(undefined);
    } catch (error) {
      setFile(undefined);
      showFailure('Import failed', error);
    } finally {
      setIsBusy(false);
    }
  };

  const submit = async () => {
    if (!file || !canImport) return;
    setIsBusy(true);
    try {
      props.onImported(await importAs(name.trim(), file));
    } catch (error) {
      const nameRefusal = props.nameRefusalOf(error);
      if (nameRefusal) setServerError(nameRefusal);
      else showFailure('Import failed', error);
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <Modal
      title={`Import ${noun}`}
      onClose={props.onClose}
      footer={(requestClose) => (
        <>
          <Button variant="secondary" onClick={requestClose}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} isLoading={isBusy} disabled={!canImport}>
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
        {staged !== undefined && (
          <>
            {refusal && (
              <p className="field__error" role="alert">
                {refusal}
              </p>
            )}
            <TextField
              label={`${noun} name`}
              value={name}
              error={nameError}
              aria-describedby={isTaken ? takenId : undefined}
              onChange={(event) => {
                setName(event.target.value);
                setServerError(undefined);
              }}
            />
            {isTaken && (
              <span id={takenId} className="content-badge content-badge--taken">
                taken
              </span>
            )}
            {props.extraFields}
            <dl className="content-summary" aria-label="File contents">
              {props.summary(staged)}
            </dl>
          </>
        )}
      </div>
    </Modal>
  );
}
