import {
  LLM_DOCUMENT_TYPES,
  LLM_FILE_EXTENSIONS,
  LLM_LIMITS,
  LLM_MESSAGES,
  type LlmDocument,
  type LlmDocumentType,
} from '@parley/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { handleApiError } from '../../../../api/error-reactions';
import { Button, cx, FilePicker, popup, Select, Table, TextField, TrashIcon } from '../../../../ui';
import { addLlmUrl, uploadLlmFile } from '../../api/llms-api';
import { LLM_KEYS } from '../../hooks/llm-query-keys';
import { useSaveLlm } from '../../hooks/use-save-llm';
import { documentsWithout } from '../../llm-drafts';
import { pageLimitOf, uploadProblem } from '../../llm-rules';
import { DOCUMENT_STATUS_LABELS } from './document-status';
import type { LlmTabProps } from './llm-tabs';
import { SaveBar } from './SaveBar';

const ACCEPT = LLM_FILE_EXTENSIONS.map((extension) => `.${extension}`).join(',');

const sizeOf = (bytes: number | null) =>
  bytes === null
    ? ''
    : bytes < 1024 * 1024
      ? `${Math.max(1, Math.round(bytes / 1024))} KB`
      : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * Data: add a File (upload) or a Url (with its page limit), and the documents added, each with a
 * delete icon that saves at once, silently (spec 04 sections 2.5 and 4). Save adds what is chosen.
 */
export function DataTab({ llm }: LlmTabProps) {
  const queryClient = useQueryClient();
  const [type, setType] = useState<LlmDocumentType>('File');
  const [file, setFile] = useState<File | undefined>();
  const [fileError, setFileError] = useState<string | undefined>();
  const [link, setLink] = useState('');
  const [pageLimit, setPageLimit] = useState(String(LLM_LIMITS.urlPageLimitDefault));
  const [urlErrors, setUrlErrors] = useState<{ link?: string; limit?: string }>({});
  const [isAdding, setIsAdding] = useState(false);
  const [removingId, setRemovingId] = useState<string | undefined>();
  const { save } = useSaveLlm(llm.llmId);

  const choose = (chosen: File) => {
    const problem = uploadProblem(chosen);
    setFileError(problem);
    setFile(problem ? undefined : chosen);
  };

  const add = async () => {
    if (type === 'File' && !file) return setFileError(LLM_MESSAGES.fileMissing);
    const limit = pageLimitOf(pageLimit);
    if (type === 'Url') {
      const problems = {
        ...(link.trim() === '' ? { link: LLM_MESSAGES.urlInvalid } : {}),
        ...(limit === undefined ? { limit: LLM_MESSAGES.pageLimitInvalid } : {}),
      };
      setUrlErrors(problems);
      if (Object.keys(problems).length > 0) return;
    }
    setIsAdding(true);
    try {
      if (type === 'File' && file) await uploadLlmFile(llm.llmId, file);
      else await addLlmUrl(llm.llmId, link.trim(), limit ?? LLM_LIMITS.urlPageLimitDefault);
      await queryClient.invalidateQueries({ queryKey: LLM_KEYS.llm(llm.llmId) });
      setFile(undefined);
      setLink('');
      void popup.info({ title: LLM_MESSAGES.saved });
    } catch (error) {
      handleApiError(error);
    } finally {
      setIsAdding(false);
    }
  };

  const remove = async (document: LlmDocument) => {
    setRemovingId(document.documentId);
    await save(documentsWithout(llm, document.documentId), { isSilent: true });
    setRemovingId(undefined);
  };

  return (
    <div className="llm-tab">
      <form
        id="llm-data-form"
        className="llm-tab__fields"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void add();
        }}
      >
        <Select
          label="Document type"
          options={LLM_DOCUMENT_TYPES.map((value) => ({ value, label: value }))}
          value={type}
          onChange={(event) => setType(event.target.value as LlmDocumentType)}
        />
        {type === 'File' ? (
          <div className={cx('field', fileError && 'field--invalid')}>
            <span className="field__label">File</span>
            <FilePicker
              label="Choose a file"
              accept={ACCEPT}
              file={file}
              onChoose={choose}
              isDisabled={isAdding}
            />
            {fileError ? (
              <p className="field__error" role="alert">
                {fileError}
              </p>
            ) : (
              <p className="field__hint">{`${LLM_FILE_EXTENSIONS.join(', ')}; up to 50 MB.`}</p>
            )}
          </div>
        ) : (
          <div className="llm-tab__pair">
            <TextField
              label="URL"
              type="url"
              placeholder="https://www.example.com/help"
              value={link}
              error={urlErrors.link}
              onChange={(event) => setLink(event.target.value)}
            />
            <TextField
              label="Page limit"
              hint="Pages of the site read from this address."
              type="number"
              min={LLM_LIMITS.urlPageLimitMin}
              step={1}
              value={pageLimit}
              error={urlErrors.limit}
              onChange={(event) => setPageLimit(event.target.value)}
            />
          </div>
        )}
      </form>
      <SaveBar formId="llm-data-form" isSaving={isAdding} />
      <Table
        caption="Documents"
        rows={llm.documents}
        rowKey={(document) => document.documentId}
        isRowBusy={(document) => document.documentId === removingId}
        emptyText="No documents yet: add a file or a URL."
        columns={[
          {
            key: 'name',
            header: 'Document',
            render: (document) => (
              <span className="llm-document__name">
                {document.displayName}
                {document.error && <span className="llm-document__error">{document.error}</span>}
              </span>
            ),
          },
          { key: 'type', header: 'Type', render: (document) => document.type },
          {
            key: 'size',
            header: 'Size or pages',
            render: (document) =>
              document.type === 'Url' ? `${document.limit ?? ''} pages` : sizeOf(document.size),
          },
          {
            key: 'status',
            header: 'Status',
            render: (document) => (
              <span className={`llm-document__status llm-document__status--${document.status}`}>
                {DOCUMENT_STATUS_LABELS[document.status]}
              </span>
            ),
          },
          { key: 'passages', header: 'Passages', align: 'end', render: (document) => document.passages },
          {
            key: 'delete',
            header: <span className="visually-hidden">Delete</span>,
            align: 'end',
            render: (document) => (
              <Button
                variant="ghost"
                size="sm"
                icon={<TrashIcon />}
                aria-label={`Delete ${document.displayName}`}
                disabled={removingId !== undefined}
                onClick={() => void remove(document)}
              />
            ),
          },
        ]}
      />
    </div>
  );
}
