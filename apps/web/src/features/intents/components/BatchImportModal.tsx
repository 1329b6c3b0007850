import { INTENT_BATCH_COLUMNS as COLUMNS, INTENT_MESSAGES as M } from '@parley/contracts';
import { useState } from 'react';
import { showFailure } from '../../../api/server-error';
import { Button, DownloadIcon, FilePicker, Modal, popup } from '../../../ui';
import { useContentRefresh } from '../../bot-content';
import { batchImportIntents, downloadBatchTemplate } from '../api/intents-api';

/** Batch import of intents from an .xlsx workbook, with its template (spec 02 section 2.2). */
export function BatchImportModal({ botName, onClose }: { botName: string; onClose: () => void }) {
  const refresh = useContentRefresh(botName);
  const [file, setFile] = useState<File | undefined>(undefined);
  const [isBusy, setIsBusy] = useState(false);

  const choose = (chosen: File) => {
    if (!chosen.name.toLowerCase().endsWith('.xlsx')) {
      setFile(undefined);
      void popup.error({ title: M.invalidFileExtension, text: 'Please choose an .xlsx workbook.' });
      return;
    }
    setFile(chosen);
  };

  const submit = async () => {
    if (!file) return;
    setIsBusy(true);
    try {
      const result = await batchImportIntents(botName, file);
      await refresh();
      onClose();
      void popup.info({
        title: 'Intents imported',
        text: `${result.created.length} created, ${result.updated.length} updated, ${result.examplesAdded} utterances added.`,
      });
    } catch (error) {
      showFailure('Import failed', error);
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <Modal
      title="Batch Import"
      description={`One row per utterance: the columns ${COLUMNS.intentName} and ${COLUMNS.utterance}, optionally ${COLUMNS.description} and ${COLUMNS.answer} (an answer makes an FAQ intent).`}
      onClose={onClose}
      footer={(requestClose) => (
        <>
          <Button variant="secondary" onClick={requestClose}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} isLoading={isBusy} disabled={!file}>
            Import
          </Button>
        </>
      )}
    >
      <div className="content-form">
        <FilePicker
          label="Choose .xlsx file"
          accept=".xlsx"
          file={file}
          onChoose={choose}
          isDisabled={isBusy}
        />
        <Button
          variant="ghost"
          icon={<DownloadIcon />}
          onClick={() => void downloadBatchTemplate().catch((error) => showFailure('Download failed', error))}
        >
          Download template
        </Button>
      </div>
    </Modal>
  );
}
