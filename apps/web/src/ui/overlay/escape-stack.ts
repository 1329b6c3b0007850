/**
 * Escape (key code 27) closes the topmost pop-up, else the topmost modal (spec 01 sections 4
 * and 9). One document listener decides, so a pop-up over a modal closes first.
 */
export type OverlayLayer = 'modal' | 'popup';

const handlers: Array<{ layer: OverlayLayer; close: () => void }> = [];
let isListening = false;

function isEscape(event: KeyboardEvent): boolean {
  return event.key === 'Escape' || event.key === 'Esc' || event.keyCode === 27;
}

function onKeyDown(event: KeyboardEvent) {
  if (!isEscape(event) || handlers.length === 0) return;
  const popups = handlers.filter((h) => h.layer === 'popup');
  const top = (popups.length > 0 ? popups : handlers).at(-1);
  if (!top) return;
  event.preventDefault();
  event.stopPropagation();
  top.close();
}

/** Registers a close action for Escape; returns the function that unregisters it. */
export function onEscape(layer: OverlayLayer, close: () => void): () => void {
  if (!isListening) {
    document.addEventListener('keydown', onKeyDown, true);
    isListening = true;
  }
  const entry = { layer, close };
  handlers.push(entry);
  return () => {
    const index = handlers.indexOf(entry);
    if (index >= 0) handlers.splice(index, 1);
  };
}
