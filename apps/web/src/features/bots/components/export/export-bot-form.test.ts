import { BOT_BUNDLE_MESSAGES as M } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import { EMPTY_EXPORT_FORM, PASSPHRASES_DIFFER, passphraseOf, validateExportForm } from './export-bot-form';

describe('the Export Bot form', () => {
  it('needs nothing when the credentials stay here', () => {
    expect(validateExportForm({ ...EMPTY_EXPORT_FORM, passphrase: 'x' })).toEqual({});
    expect(passphraseOf({ ...EMPTY_EXPORT_FORM, passphrase: 'ignored passphrase' })).toBeUndefined();
  });

  it('with credentials, needs a passphrase of 8 characters typed the same twice', () => {
    const form = { withCredentials: true, passphrase: 'short', repeated: 'short' };
    expect(validateExportForm(form)).toEqual({ passphrase: M.passphraseTooShort });
    expect(validateExportForm({ ...form, passphrase: 'long enough', repeated: 'long enougH' })).toEqual({
      repeated: PASSPHRASES_DIFFER,
    });
    const good = { ...form, passphrase: 'long enough', repeated: 'long enough' };
    expect(validateExportForm(good)).toEqual({});
    expect(passphraseOf(good)).toBe('long enough');
  });
});
