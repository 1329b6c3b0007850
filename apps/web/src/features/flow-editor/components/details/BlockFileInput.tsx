import { FLOW_EDITOR_MESSAGES } from '@parley/contracts';
import { type ChangeEvent, useEffect, useId, useState } from 'react';
import { isApiError } from '../../../../api/api-error';
import { saveFile } from '../../../../api/download-file';
import { handleApiError } from '../../../../api/error-reactions';
import { popup } from '../../../../ui';
import {
  acceptAttribute,
  acceptListOf,
  blockFileData,
  fileSizeProblem,
  uploadedFileOf,
} from '../../block-file';
import { fetchBlockFile, uploadBlockFile } from './block-file-api';
import { type DetailsContext, dataOf } from './details-context';

interface BlockFileInputProps {
  context: DetailsContext;
  /** The block kind: Send Image takes PNG and GIF, Send Attachment every accepted type. */
  fc: string;
  label: string;
  isDisabled: boolean;
}

const FILE_NAME_KEY = 'field-input';
const isMissing = (error: unknown) => isApiError(error) && error.status === 404;

/**
 * The file of a Send Image or Send Attachment block (spec 03 sections 3.2, 5, 6 and 7). A chosen
 * file over 30 MB is refused in the browser; any other is uploaded at once and the block keeps
 * its id, extension and type in every language (docs/decisions.md 'Flow editor: web'). Users
 * with the ManageFlows right see an uploaded image and may download the file.
 */
export function BlockFileInput({ context, fc, label, isDisabled }: BlockFileInputProps) {
  const inputId = useId();
  const all = dataOf(context);
  const shown = all[context.language] ?? Object.values(all)[0] ?? {};
  const uploaded = uploadedFileOf(shown);
  const list = acceptListOf(fc);
  const canDownload = context.rights.canDownloadFiles;
  const [isUploading, setIsUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [preview, setPreview] = useState<{ fileId: string; url: string } | null>(null);
  const [isNotFound, setIsNotFound] = useState(false);

  // An image uploaded before: fetched to be shown, for those who may download it.
  const previewFileId = preview?.fileId;
  useEffect(() => {
    setIsNotFound(false);
    if (!uploaded?.isImage || !canDownload || previewFileId === uploaded.fileId) return;
    let isActive = true;
    fetchBlockFile(context.botName, uploaded.fileId, uploaded.fileName).then(
      (blob) => {
        if (isActive) setPreview({ fileId: uploaded.fileId, url: URL.createObjectURL(blob) });
      },
      (failure) => {
        if (isActive && isMissing(failure)) setIsNotFound(true);
      },
    );
    return () => {
      isActive = false;
    };
  }, [context.botName, uploaded?.fileId, uploaded?.fileName, uploaded?.isImage, canDownload, previewFileId]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview.url) : undefined), [preview]);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    setError(null);
    const tooBig = fileSizeProblem(file.size);
    if (tooBig) {
      setError(tooBig);
      input.value = '';
      return;
    }
    setIsUploading(true);
    try {
      const view = await uploadBlockFile(context.botName, file, list);
      const fileData = blockFileData(view);
      const data = dataOf(context);
      context.canvas.setCustomData(
        context.elementId,
        Object.fromEntries(
          Object.entries(data).map(([language, values]) => {
            const name = values[FILE_NAME_KEY];
            // Send Attachment's file name starts as the uploaded file's.
            const fileName =
              fc === 'sendAttachment' && (typeof name !== 'string' || name.trim() === '')
                ? { [FILE_NAME_KEY]: view.fileName }
                : {};
            return [language, { ...values, ...fileData, ...fileName }];
          }),
        ),
      );
      if (view.contentType.startsWith('image/'))
        setPreview({ fileId: view.fileId, url: URL.createObjectURL(file) });
      setIsNotFound(false);
    } catch (failure) {
      if (isApiError(failure) && !failure.is('permission_error')) setError(failure.message);
      else handleApiError(failure);
    } finally {
      setIsUploading(false);
      input.value = '';
    }
  };

  const download = async () => {
    if (!uploaded) return;
    try {
      saveFile(await fetchBlockFile(context.botName, uploaded.fileId, uploaded.fileName), uploaded.fileName);
    } catch (failure) {
      if (isMissing(failure)) {
        void popup.error({
          title: FLOW_EDITOR_MESSAGES.fileNotFound,
          text: FLOW_EDITOR_MESSAGES.fileNotFoundDetail,
        });
      } else handleApiError(failure);
    }
  };

  const errorId = `${inputId}-error`;
  return (
    <fieldset className="flow-details__group flow-details__file" aria-label={label}>
      <legend>{label}</legend>
      {uploaded ? (
        <p className="flow-details__file-name">
          <span>{uploaded.fileName}</span>
          {canDownload && (
            <button type="button" className="flow-editor__link" onClick={() => void download()}>
              Download
            </button>
          )}
        </p>
      ) : (
        <p className="flow-details__hint">No file yet.</p>
      )}
      {uploaded && preview?.fileId === uploaded.fileId && (
        <img className="flow-details__file-preview" src={preview.url} alt={`Uploaded ${uploaded.fileName}`} />
      )}
      {uploaded && isNotFound && (
        <div className="field__error" role="alert">
          <strong>{FLOW_EDITOR_MESSAGES.fileNotFound}</strong>
          <p>{FLOW_EDITOR_MESSAGES.fileNotFoundDetail}</p>
        </div>
      )}
      <label className="field__label" htmlFor={inputId}>
        {uploaded ? 'Replace the file' : list === 'image' ? 'Upload an image (PNG or GIF)' : 'Upload a file'}
      </label>
      <input
        id={inputId}
        type="file"
        accept={acceptAttribute(list)}
        disabled={isDisabled || isUploading}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => void choose(event)}
      />
      {isUploading && <p className="flow-details__hint">Uploading…</p>}
      {error && (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
