import { MESSAGES } from '@parley/contracts';
import { useCallback, useState } from 'react';
import { isApiError } from '../../../api/api-error';
import { handleApiError } from '../../../api/error-reactions';
import { popup } from '../../../ui';
import { isSessionError, serverMessageOf } from '../api/server-message';

/**
 * Deleting table rows one at a time (spec 01 section 2): the row shows a spinner while the call
 * runs, and stays as it was when the call fails, with 'Deletion error' and the server's
 * message. `onDeleted` reloads the list, so the row leaves once the fresh list is there.
 */
export function useRowDeletion(
  remove: (id: string) => Promise<unknown>,
  onDeleted: (id: string) => Promise<unknown>,
) {
  const [busyIds, setBusyIds] = useState<ReadonlySet<string>>(new Set());

  const setBusy = useCallback((id: string, isBusy: boolean) => {
    setBusyIds((current) => {
      const next = new Set(current);
      if (isBusy) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);

  const deleteRow = async (id: string): Promise<boolean> => {
    setBusy(id, true);
    try {
      await remove(id);
    } catch (error) {
      setBusy(id, false);
      // An ended session logs out like everywhere else; other failures are this row's.
      if (isApiError(error) && !isSessionError(error)) {
        void popup.error({ title: MESSAGES.admin.deletionError, text: serverMessageOf(error) ?? '' });
      } else {
        handleApiError(error);
      }
      return false;
    }
    await onDeleted(id).catch(handleApiError);
    setBusy(id, false);
    return true;
  };

  return { isDeleting: (id: string) => busyIds.has(id), deleteRow };
}
