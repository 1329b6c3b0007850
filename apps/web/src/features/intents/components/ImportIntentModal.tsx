import {
  type IntentImportStaging,
  type IntentView,
  isValidIntentName,
  INTENT_MESSAGES as M,
} from '@parley/contracts';
import { useState } from 'react';
import { Button, Modal, TextField } from '../../../ui';
import { FilePicker } from '../../bot-content/components/FilePicker';
import { useContentRefresh } from '../../bot-content/hooks/use-content-refresh';
import { fieldErrorOf, showFailure } from '../../bot-content/server-error';
import { importIntent, stageIntentImport } from '../api/intents-api';

interface ImportIntentModalProps {
  botName: string;
  intents: readonly IntentView[];
  onClose: () => void;
  onImported: (name: string) => void;
}

/** Import Intent (spec 02 section 2.2): load a file, then the name can be edited; a taken name is flagged. */
export function ImportIntentModal({ botName, intents, onClose, onImported }: ImportIntentModalProps) {
  const refresh = useContentRefresh(botName);
  const [file, setFile] = useState<File | undefined>(undefined);
  const [staged, setStaged] = useState<IntentImportStaging | undefined>(undefined);
  const [name, setName] = useState('');
  const [serverError, setServerError] = useState<string | undefined>(undefined);
  const [isBusy, setIsBusy] = useState(false);

  const isTaken = intents.some((i) => i.name.toLowerCase() === name.trim().toLowerCase());
  const nameError = !staged
    ? undefined
    : isTaken
      ? M.nameTaken
      : !isValidIntentName(name.trim())
        ? M.invalidName
        : serverError;

  const load = async (chosen: File) => {
    setFile(chosen);
    setStaged(undefined);
    setIsBusy(true);
    try {
      const result = await stageIntentImport(chosen);
      setStaged(result);
      setName(result.name);
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
      const result = await importIntent(botName, name.trim(), file);
      await refresh();
      onImported(result.intent.name);
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
      title="Import Intent"
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
          label="Choose intent file"
          accept=".enc,.json"
          file={file}
          onChoose={(f) => void load(f)}
          isDisabled={isBusy}
        />
        {staged && (
          <>
            <TextField
              label="Intent name"
              value={name}
              error={nameError}
              onChange={(event) => {
                setName(event.target.value);
                setServerError(undefined);
              }}
            />
            <dl className="content-summary" aria-label="File contents">
              <dt>Type</dt>
              <dd>
                {staged.type === 'faq' ? 'FAQ intent' : staged.isRedirect ? 'Redirect intent' : 'Intent'}
              </dd>
              <dt>Utterances</dt>
              <dd>{staged.utterances}</dd>
              <dt>Patterns</dt>
              <dd>{staged.patterns}</dd>
              <dt>Entities</dt>
              <dd>{staged.entities.length > 0 ? staged.entities.join(', ') : 'None'}</dd>
            </dl>
          </>
        )}
      </div>
    </Modal>
  );
}
