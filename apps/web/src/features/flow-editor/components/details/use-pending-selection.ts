import { type RefObject, useCallback, useLayoutEffect, useRef } from 'react';

type TextElement = HTMLTextAreaElement | HTMLInputElement;

/**
 * Puts the focus and a selection in a text once React has drawn its new value: setting the value
 * moves the cursor to the end, so a selection set before would be lost, and one set a frame
 * later would come after keys the user typed meanwhile.
 */
export function usePendingSelection(element: RefObject<TextElement | null>) {
  const pending = useRef<[number, number] | null>(null);
  const apply = useCallback(() => {
    const target = element.current;
    const selection = pending.current;
    if (!target || !selection) return;
    pending.current = null;
    target.focus();
    target.setSelectionRange(...selection);
  }, [element]);
  // After every render: cheap, and the render that draws the new value is the one that matters.
  useLayoutEffect(() => apply());
  return useCallback(
    (start: number, end: number) => {
      pending.current = [start, end];
      // The text did not change (nothing to draw): applied on the next frame instead.
      requestAnimationFrame(apply);
    },
    [apply],
  );
}
