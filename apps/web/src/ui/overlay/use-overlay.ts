import { type RefObject, useEffect, useRef } from 'react';
import { type OverlayLayer, onEscape } from './escape-stack';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

let lockCount = 0;

function lockScroll(): () => void {
  lockCount += 1;
  if (lockCount === 1) document.body.style.overflow = 'hidden';
  return () => {
    lockCount -= 1;
    if (lockCount === 0) document.body.style.overflow = '';
  };
}

function focusables(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null);
}

/**
 * What every modal surface needs: Escape closes it, the page behind does not scroll, focus
 * moves in (to `[data-autofocus]`, else the first form control), Tab stays inside, and focus goes
 * back to where it was on close.
 */
export function useOverlay(ref: RefObject<HTMLElement | null>, layer: OverlayLayer, onClose: () => void) {
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    const container = ref.current;
    if (!container) return;
    const previouslyFocused = document.activeElement as HTMLElement | null;
    const unlock = lockScroll();
    const removeEscape = onEscape(layer, () => closeRef.current());

    const initial =
      container.querySelector<HTMLElement>('[data-autofocus]') ??
      container.querySelector<HTMLElement>(
        'input:not([disabled]), select:not([disabled]), textarea:not([disabled])',
      ) ??
      focusables(container)[0] ??
      container;
    initial.focus();

    const trapTab = (event: KeyboardEvent) => {
      if (event.key !== 'Tab') return;
      const items = focusables(container);
      const first = items[0];
      const last = items.at(-1);
      if (!first || !last) {
        event.preventDefault();
        return;
      }
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    };
    container.addEventListener('keydown', trapTab);

    return () => {
      container.removeEventListener('keydown', trapTab);
      removeEscape();
      unlock();
      if (previouslyFocused?.isConnected) previouslyFocused.focus();
    };
  }, [ref, layer]);
}
