import {
  BOT_BUNDLE_EXTENSION,
  type BotLimitRefusal,
  botNameProblem,
  type ImportedBotData,
  BOT_BUNDLE_MESSAGES as M,
} from '@parley/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../../api/api-error';
import { handleApiError } from '../../../../api/error-reactions';
import { fieldErrorOf, showFailure } from '../../../../api/server-error';
import { Banner, Button, FilePicker, formatDateTime, Modal, PasswordField, popup } from '../../../../ui';
import { ADMIN_KEYS, isSessionError, serverMessageOf } from '../../../administration';
import { importBot, stageBotImport } from '../../api/bot-bundle-api';
import { BOT_KEYS } from '../../hooks/bot-query-keys';
import { isBotLimitRefusal, reactToBotLimit } from '../create/bot-limit-dialogs';
import { CreateBotFormStep } from '../create/CreateBotFormStep';
import {
  type CreateBotErrors,
  type CreateBotField,
  type CreateBotForm,
  updateCreateBotForm,
} from '../create/create-bot-form';
import { ImportedBotCounts } from './ImportedBotCounts';
import { importFormFrom, toImportChoice, validateImportForm } from './import-bot-form';
import '../create/create-bot.css';
import './import-bot.css';

const FORM_FIELDS: readonly string[] = ['name', 'region', 'recognizer', 'language', 'nluAutomate'];

interface ImportBotDialogProps {
  /** The caller already agreed to the plan's additional cost for this bot. */
  acceptAdditionalCost: boolean;
  /** Names of the bots on the overview, for 'This name is already taken!' before any call. */
  existingNames: readonly string[];
  onClose: () => void;
}

const sizeOf = (file: File) => `${Math.max(1, Math.round(file.size / 1024))} KB`;

/**
 * Import a bot (spec 01 section 2): the file's name and size, 'Load bot data' (the server checks
 * the whole file), then the create dialog's form filled in from the file (name, region,
 * Automate, recognizer, language) with the read-only counts of what the file holds, and
 * 'Import bot'. The new bot opens once imported.
 */
export function ImportBotDialog({ acceptAdditionalCost, existingNames, onClose }: ImportBotDialogProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | undefined>();
  const [staged, setStaged] = useState<ImportedBotData | undefined>();
  const [form, setForm] = useState<CreateBotForm | undefined>();
  const [errors, setErrors] = useState<CreateBotErrors>({});
  const [fileError, setFileError] = useState<string | undefined>();
  const [busy, setBusy] = useState<'loading' | 'importing' | undefined>();
  const [hasAcceptedCost, setHasAcceptedCost] = useState(acceptAdditionalCost);
  const [passphrase, setPassphrase] = useState('');
  const [passphraseError, setPassphraseError] = useState<string | undefined>();

  const choose = (chosen: File) => {
    setFile(chosen);
    setStaged(undefined);
    setForm(undefined);
    setFileError(undefined);
  };

  const load = async () => {
    if (!file || busy) return;
    setBusy('loading');
    setFileError(undefined);
    try {
      const result = await stageBotImport(file);
      setStaged(result);
      setForm(importFormFrom(result));
      setErrors({});
    } catch (error) {
      // An ended session or a lost connection is the global handler's; the file's problems are shown here.
      if (!isApiError(error) || isSessionError(error)) handleApiError(error);
      else setFileError(serverMessageOf(error));
    } finally {
      setBusy(undefined);
    }
  };

  const change = (patch: Partial<CreateBotForm>) => {
    setForm((current) => current && updateCreateBotForm(current, patch));
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(patch)) delete next[key as CreateBotField];
      return next;
    });
  };

  const submit = async (acceptCost = hasAcceptedCost) => {
    if (!file || !form || busy) return;
    const problems = validateImportForm(form, existingNames);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setBusy('importing');
    try {
      const { url, functionsNeedingCredentials } = await importBot(file, {
        ...toImportChoice(form, acceptCost),
        ...(passphrase ? { passphrase } : {}),
      });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: BOT_KEYS.list }),
        queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.permissions }),
      ]);
      onClose();
      navigate(url);
      if (functionsNeedingCredentials.length > 0)
        void popup.warning({ title: M.credentialsLeftOut(functionsNeedingCredentials) });
    } catch (error) {
      setBusy(undefined);
      if (isSessionError(error) || !isApiError(error)) return handleApiError(error);
      if (error.is('custom_error') && isBotLimitRefusal(error.data.botLimit)) {
        const shouldRetry = await reactToBotLimit(error.data.botLimit as BotLimitRefusal, onClose);
        if (shouldRetry) {
          setHasAcceptedCost(true);
          await submit(true);
        }
        return;
      }
      const refusal = fieldErrorOf(error);
      if (refusal?.field === 'passphrase') {
        setPassphraseError(refusal.message);
        return;
      }
      if (refusal && FORM_FIELDS.includes(refusal.field)) {
        setErrors({ [refusal.field as CreateBotField]: refusal.message });
        return;
      }
      showFailure(M.importFailed, error);
    }
  };

  const isNameIncorrect = !!form && botNameProblem(form.name) !== undefined;
  return (
    <Modal
      title={M.importTitle}
      description={form ? undefined : `Choose a bot file (${BOT_BUNDLE_EXTENSION}) exported from Parley.`}
      onClose={onClose}
      isDirty={!!form}
      size="lg"
      footer={(requestClose) =>
        form ? (
          <>
            <Button variant="ghost" onClick={() => setForm(undefined)} disabled={!!busy}>
              Back
            </Button>
            <Button variant="secondary" onClick={requestClose} disabled={!!busy}>
              Cancel
            </Button>
            <Button type="submit" form="import-bot-form" isLoading={busy === 'importing'}>
              {busy === 'importing' ? M.importing : M.importBot}
            </Button>
          </>
        ) : (
          <>
            <Button variant="secondary" onClick={requestClose} disabled={!!busy}>
              Cancel
            </Button>
            <Button onClick={() => void load()} isLoading={busy === 'loading'} disabled={!file}>
              {M.loadBotData}
            </Button>
          </>
        )
      }
    >
      {form && file && staged ? (
        <form
          id="import-bot-form"
          className="import-bot"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <p className="import-bot__file">
            <span className="import-bot__file-name">{file.name}</span>
            <span>{sizeOf(file)}</span>
            {staged.exportedAt && <span>exported {formatDateTime(staged.exportedAt)}</span>}
          </p>
          {isNameIncorrect && <Banner tone="warning" title={M.nameIncorrect} />}
          <CreateBotFormStep form={form} errors={errors} templates={[]} onChange={change} />
          {staged.credentials.state === 'sealed' && (
            <PasswordField
              label="Passphrase of the functions' credentials"
              hint={`Sealed in the file for ${staged.credentials.functions.join(', ')}. Without it, enter them again after the import.`}
              autoComplete="off"
              value={passphrase}
              error={passphraseError}
              onChange={(event) => {
                setPassphrase(event.target.value);
                setPassphraseError(undefined);
              }}
            />
          )}
          {staged.credentials.state === 'left-out' && (
            <Banner tone="warning" title={M.credentialsLeftOut(staged.credentials.functions)} />
          )}
          <ImportedBotCounts staged={staged} />
        </form>
      ) : (
        <div className="import-bot">
          <FilePicker
            label="Choose bot file"
            accept={BOT_BUNDLE_EXTENSION}
            file={file}
            onChoose={choose}
            isDisabled={!!busy}
          />
          {fileError && <Banner tone="error" title={fileError} />}
        </div>
      )}
    </Modal>
  );
}
