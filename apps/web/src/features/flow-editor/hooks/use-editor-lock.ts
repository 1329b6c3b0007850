import { EDITOR_LOCK_POLL_MS } from '@parley/contracts';
import { useEffect, useState } from 'react';
import { releaseEditorLock, releaseEditorLockOnUnload, takeEditorLock } from '../api/flow-editor-api';

/** Lock states (spec 03 section 4.1): nothing is shown while unknown. */
export type LockState = 'unknown' | 'locked' | 'unlocked';

/**
 * Holds the bot's editor lock while the editor is open: asks every 3 s (a failed call counts
 * as locked), releases it when the editor closes or the page goes away.
 */
export function useEditorLock(botName: string): LockState {
  const [state, setState] = useState<LockState>('unknown');
  useEffect(() => {
    let isActive = true;
    // The last ask: a release must come after it, or an ask that arrives late takes the lock
    // again and keeps the others out until it expires.
    let lastAsk: Promise<unknown> = Promise.resolve();
    const ask = () => {
      lastAsk = takeEditorLock(botName).then(
        () => isActive && setState('unlocked'),
        () => isActive && setState('locked'),
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
