import { useState } from 'react';
import { type ApiError, isApiError } from '../../../api/api-error';
import { handleApiError } from '../../../api/error-reactions';
import { Button, popup } from '../../../ui';
import { SETTINGS_MESSAGES as M } from '../settings-messages';
import type { SettingsSaveAction } from '../settings-tabs';

/** What the server said: a 404's details name what is missing, its message is generic. */
const serverMessageOf = (error: ApiError): string =>
  typeof error.data.details === 'string' ? error.data.details : error.message;

/**
 * 'Save settings' for the open tab's save action (spec 04 sections 2.3 and 8): disabled while
 * the save runs, then 'Saved!', or 'Error!' with the server's message. A refusal of permission
 * and an ended session go to the central handler instead.
 */
export function SaveSettingsButton({ action }: { action: SettingsSaveAction }) {
  const [isSaving, setIsSaving] = useState(false);

  const onSave = async () => {
    setIsSaving(true);
    try {
      await action.save();
      void popup.info({ title: M.saved });
    } catch (error) {
      if (isApiError(error) && !error.is('permission_error') && !error.is('expired_jwt_code'))
        void popup.error({ title: M.saveFailed, text: serverMessageOf(error) });
      else handleApiError(error);
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <Button onClick={onSave} isLoading={isSaving} disabled={isSaving}>
      {M.saveSettings}
    </Button>
  );
}
