import { useEffect, useRef } from 'react';

/** Five minutes without mouse, key, scroll or touch activity (spec 03 section 4.1). */
export const IDLE_MS = 300_000;
const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'wheel', 'scroll', 'touchstart'] as const;

/** Calls `onIdle` once after each idle spell of IDLE_MS. */
export function useIdle(onIdle: () => void, idleMs = IDLE_MS): void {
  const callback = useRef(onIdle);
  callback.current = onIdle;
  useEffect(() => {
    let timer = window.setTimeout(() => callback.current(), idleMs);
    const restart = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => callback.current(), idleMs);
    };
    for (const event of ACTIVITY_EVENTS)
      window.addEventListener(event, restart, { passive: true, capture: true });
    return () => {
      window.clearTimeout(timer);
      for (const event of ACTIVITY_EVENTS) window.removeEventListener(event, restart, { capture: true });
    };
  }, [idleMs]);
}
