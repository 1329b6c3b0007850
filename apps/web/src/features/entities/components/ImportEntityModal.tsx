import {
  ENTITY_TYPE_DEFINITIONS,
  type EntityFileEntry,
  isValidEntityName,
  ENTITY_MESSAGES as M,
} from '@parley/contracts';
import { useState } from 'react';
import { Button, Modal, TextField } from '../../../ui';
import { FilePicker } from '../../bot-content/components/FilePicker';
import { useContentRefresh } from '../../bot-content/hooks/use-content-refresh';
import { fieldErrorOf, showFailure } from '../../bot-content/server-error';
import { importEntity, stageEntityImport } from '../api/entities-api';

interface ImportEntityModalProps {
  botName: string;
  /** Names an imported entity may not take: the bot's entities (prebuilt ones too) and intents. */
  takenNames: readonly string[];
  onClose: () => void;
  onImported: (name: string) => void;
}

/** Import Entity (spec 02 section 2.3): load a file, then the name can be edited; a taken name shows 'taken'. */
export function ImportEntityModal({ botName, takenNames, onClose, onImported }: ImportEntityModalProps) {
  const refresh = useContentRefresh(botName);
  const [file, setFile] = useState<File | undefined>(undefined);
  const [staged, setStaged] = useState<EntityFileEntry | undefined>(undefined);
  const [name, setName] = useState('');
  const [serverError, setServerError] = useState<string | undefined>(undefined);
  const [isBusy, setIsBusy] = useState(false);

  const isTaken = takenNames.some((taken) => taken.toLowerCase() === name.trim().toLowerCase());
  const nameError = !staged
    ? undefined
    : isTaken
      ? M.nameTakenOnImport
      : !isValidEntityName(name.trim())
        ? M.invalidName
        : serverError;

  const load = async (chosen: File) => {
    setFile(chosen);
    setStaged(undefined);
    setIsBusy(true);
    try {
      const entity = await stageEntityImport(chosen);
      setStaged(entity);
      setName(entity.name);
      setServerError(undefined);
    } catch (error) {
      setFile(undefined);
      showFailure('Import failed', error);
    } finally {
      setIsBusy(false);
    }
  };

  const submit = async () => {
    if (!file || !staged || nameError) return;
    setIsBusy(true);
    try {
      const entity = await importEntity(botName, name.trim(), file);
      await refresh();
      onImported(entity.name);
    } catch (error) {
      const refusal = fieldErrorOf(error);
      if (refusal?.field === 'name') setServerError(refusal.message);
      else showFailure('Import failed', error);
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <Modal
      title="Import Entity"
      onClose={onClose}
      footer={(requestClose) => (
        <>
          <Button variant="secondary" onClick={requestClose}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} isLoading={isBusy} disabled={!staged || !!nameError}>
            Import
          </Button>
        </>
      )}
    >
      <div className="content-form">
        <FilePicker
          label="Choose entity file"
          accept=".enc,.json"
          file={file}
          onChoose={(f) => void load(f)}
          isDisabled={isBusy}
        />
        {staged && (
          <>
            <TextField
              label="Entity name"
              value={name}
              error={nameError}
              aria-describedby={isTaken ? 'entity-import-taken' : undefined}
              onChange={(event) => {
                setName(event.target.value);
                setServerError(undefined);
              }}
            />
            {isTaken && (
              <span id="entity-import-taken" className="content-badge content-badge--taken">
                taken
              </span>
            )}
            <dl className="content-summary" aria-label="File contents">
              <dt>Type</dt>
              <dd>{ENTITY_TYPE_DEFINITIONS[staged.type].badge}</dd>
              <dt>Values</dt>
              <dd>
                {staged.type === 'closedlists'
                  ? staged.sublists.map((s) => s.canonicalForm).join(', ')
                  : [...staged.regexes, ...staged.examples].join(', ')}
              </dd>
              <dt>Roles</dt>
              <dd>{staged.roles.length > 0 ? staged.roles.map((r) => r.name).join(', ') : 'None'}</dd>
            </dl>
          </>
        )}
      </div>
    </Modal>
  );
}
