import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

export const SYNC_ID_PARAM = 'syncId';

/** The `syncId` query parameter of the bot page (spec 02 section 2.1): set while publishing. */
export function useSyncIdParam(): [string | null, (syncId: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const set = useCallback(
    (syncId: string | null) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (syncId) next.set(SYNC_ID_PARAM, syncId);
          else next.delete(SYNC_ID_PARAM);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [params.get(SYNC_ID_PARAM), set];
}
