import { BOT_BUNDLE_MESSAGES as M } from '@parley/contracts';
import { useState } from 'react';
import { isApiError } from '../../../../api/api-error';
import { handleApiError } from '../../../../api/error-reactions';
import { Button, Checkbox, Modal, PasswordField } from '../../../../ui';
import './export-bot.css';
import { fieldErrorOf } from '../../../../api/server-error';
import { isSessionError } from '../../../administration';
import { exportBotFile } from '../../api/bot-bundle-api';
import {
  EMPTY_EXPORT_FORM,
  type ExportBotErrors,
  type ExportBotForm,
  passphraseOf,
  validateExportForm,
} from './export-bot-form';

/**
 * Export Bot: the whole bot as bot-{bot}.enc. Functions' credentials (passwords, tokens) stay in
 * this installation unless the user seals them into the file with a passphrase, which the import
 * then asks for.
 */
export function ExportBotDialog({ botName, onClose }: { botName: string; onClose: () => void }) {
  const [form, setForm] = useState<ExportBotForm>(EMPTY_EXPORT_FORM);
  const [errors, setErrors] = useState<ExportBotErrors>({});
  const [isExporting, setIsExporting] = useState(false);
  const change = (patch: Partial<ExportBotForm>) => {
    setForm((current) => ({ ...current, ...patch }));
    setErrors({});
  };

  const submit = async () => {
    const problems = validateExportForm(form);
    setErrors(problems);
    if (Object.keys(problems).length > 0 || isExporting) return;
    setIsExporting(true);
    try {
      await exportBotFile(botName, passphraseOf(form));
      onClose();
    } catch (error) {
      setIsExporting(false);
      const refusal = isApiError(error) && !isSessionError(error) ? fieldErrorOf(error) : undefined;
      if (refusal?.field === 'passphrase') setErrors({ passphrase: refusal.message });
      else handleApiError(error);
    }
  };

  return (
    <Modal
      title={M.exportBot}
      description={`Downloads ${botName} with all its content as a .enc file.`}
      onClose={onClose}
      footer={(requestClose) => (
        <>
          <Button variant="secondary" onClick={requestClose} disabled={isExporting}>
            Cancel
          </Button>
          <Button type="submit" form="export-bot-form" isLoading={isExporting}>
            Export
          </Button>
        </>
      )}
    >
      <form
        id="export-bot-form"
        className="export-bot"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Checkbox
          label="Include the functions' credentials"
          checked={form.withCredentials}
          onChange={(event) => change({ withCredentials: event.target.checked })}
        />
        <p className="export-bot__hint">
          {form.withCredentials
            ? 'Passwords and tokens of the functions are sealed into the file with this passphrase; the import asks for it.'
            : 'Passwords and tokens of the functions stay here: enter them again after importing the file.'}
        </p>
        {form.withCredentials && (
          <>
            <PasswordField
              label="Passphrase"
              hint="At least 8 characters. Whoever imports the file needs it."
              autoComplete="new-password"
              value={form.passphrase}
              error={errors.passphrase}
              onChange={(event) => change({ passphrase: event.target.value })}
            />
            <PasswordField
              label="Repeat the passphrase"
              autoComplete="new-password"
              value={form.repeated}
              error={errors.repeated}
              onChange={(event) => change({ repeated: event.target.value })}
            />
          </>
        )}
      </form>
    </Modal>
  );
}
