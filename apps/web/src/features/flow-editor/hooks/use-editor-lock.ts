import { EDITOR_LOCK_POLL_MS, EDITOR_LOCK_TTL_MS } from '@parley/contracts';
import { useEffect, useState } from 'react';
import { isApiError } from '../../../api/api-error';
import { releaseEditorLock, releaseEditorLockOnUnload, takeEditorLock } from '../api/flow-editor-api';

/** Lock states (spec 03 section 4.1): nothing is shown while unknown. */
export type LockState = 'unknown' | 'locked' | 'unlocked';

/** A refusal: someone else holds the lock, or the caller may not take it. */
const isRefusal = (error: unknown) => isApiError(error) && error.status >= 400 && error.status < 500;

/**
 * Holds the bot's editor lock while the editor is open: asks every 3 s (a failed call counts
 * as locked), releases it when the editor closes or the page goes away. Once the lock is held, a
 * refresh that got no answer (the network, a restarting server) is not a refusal: the lock stays
 * the caller's on the server until its 15 s lapse, so the editor, and any save under way, stays
 * open until then; a refusal, or no answer for that long, shows Locked.
 */
export function useEditorLock(botName: string): LockState {
  const [state, setState] = useState<LockState>('unknown');
  useEffect(() => {
    let isActive = true;
    let heldUntil = 0;
    // The last ask: a release must come after it, or an ask that arrives late takes the lock
    // again and keeps the others out until it expires.
    let lastAsk: Promise<unknown> = Promise.resolve();
    const ask = () => {
      const askedAt = Date.now();
      lastAsk = takeEditorLock(botName).then(
        () => {
          heldUntil = askedAt + EDITOR_LOCK_TTL_MS;
          if (isActive) setState('unlocked');
        },
        (error: unknown) => {
          if (!isActive) return;
          if (!isRefusal(error) && Date.now() < heldUntil) return;
          setState('locked');
        },
      );
    };
    ask();
    const timer = window.setInterval(ask, EDITOR_LOCK_POLL_MS);
    const onUnload = () => releaseEditorLockOnUnload(botName);
    window.addEventListener('pagehide', onUnload);
    return () => {
      isActive = false;
      window.clearInterval(timer);
      window.removeEventListener('pagehide', onUnload);
      void lastAsk.finally(() => releaseEditorLock(botName).catch(() => {}));
    };
  }, [botName]);
  return state;
}
