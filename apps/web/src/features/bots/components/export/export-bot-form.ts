import {
  BOT_BUNDLE_PASSPHRASE_MAX_LENGTH,
  BOT_BUNDLE_PASSPHRASE_MIN_LENGTH,
  BOT_BUNDLE_MESSAGES as M,
} from '@parley/contracts';

/** The Export Bot dialog: with credentials, a passphrase typed twice seals them in. */
export interface ExportBotForm {
  withCredentials: boolean;
  passphrase: string;
  repeated: string;
}

export const EMPTY_EXPORT_FORM: ExportBotForm = { withCredentials: false, passphrase: '', repeated: '' };
export const PASSPHRASES_DIFFER = 'The two passphrases are not the same.';

export type ExportBotErrors = Partial<Record<'passphrase' | 'repeated', string>>;

/** What is wrong with the form; empty when the export may start. */
export function validateExportForm(form: ExportBotForm): ExportBotErrors {
  if (!form.withCredentials) return {};
  if (form.passphrase.length < BOT_BUNDLE_PASSPHRASE_MIN_LENGTH) return { passphrase: M.passphraseTooShort };
  if (form.passphrase.length > BOT_BUNDLE_PASSPHRASE_MAX_LENGTH) return { passphrase: M.passphraseTooLong };
  return form.repeated === form.passphrase ? {} : { repeated: PASSPHRASES_DIFFER };
}

/** The passphrase to send: none without credentials. */
export const passphraseOf = (form: ExportBotForm): string | undefined =>
  form.withCredentials ? form.passphrase : undefined;
