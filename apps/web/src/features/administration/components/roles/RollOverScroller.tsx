import { type ReactNode, useCallback, useLayoutEffect, useRef, useState } from 'react';
import { Button, ChevronLeftIcon, ChevronRightIcon, cx } from '../../../../ui';

/** How far one press of the left or right button moves the view (spec 01 section 2). */
export const ROLL_OVER_STEP_PX = 1000;

interface Edges {
  isOverflowing: boolean;
  canGoLeft: boolean;
  canGoRight: boolean;
}

const NO_OVERFLOW: Edges = { isOverflowing: false, canGoLeft: false, canGoRight: false };

/**
 * A horizontal scroller with left and right buttons, shown only while its content is wider
 * than the view (a role grid with many roles). The view also scrolls by wheel and keyboard.
 */
export function RollOverScroller({ label, children }: { label: string; children: ReactNode }) {
  const viewportRef = useRef<HTMLElement>(null);
  const [edges, setEdges] = useState<Edges>(NO_OVERFLOW);

  const measure = useCallback(() => {
    const viewport = viewportRef.current;
    if (!viewport) return;
    const maxScroll = viewport.scrollWidth - viewport.clientWidth;
    // Sub-pixel widths leave a pixel of "overflow" that is not worth a button.
    const next: Edges =
      maxScroll > 1
        ? {
            isOverflowing: true,
            canGoLeft: viewport.scrollLeft > 1,
            canGoRight: viewport.scrollLeft < maxScroll - 1,
          }
        : NO_OVERFLOW;
    setEdges((current) =>
      current.isOverflowing === next.isOverflowing &&
      current.canGoLeft === next.canGoLeft &&
      current.canGoRight === next.canGoRight
        ? current
        : next,
    );
  }, []);

  useLayoutEffect(() => {
    const viewport = viewportRef.current;
    if (!viewport) return;
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(viewport);
    for (const child of viewport.children) observer.observe(child);
    viewport.addEventListener('scroll', measure, { passive: true });
    return () => {
      observer.disconnect();
      viewport.removeEventListener('scroll', measure);
    };
  });

  const roll = (direction: 1 | -1) =>
    viewportRef.current?.scrollBy({ left: direction * ROLL_OVER_STEP_PX, behavior: 'smooth' });

  return (
    <div className={cx('roll-over', edges.isOverflowing && 'roll-over--overflowing')}>
      {edges.isOverflowing && (
        <div className="roll-over__controls">
          <Button
            variant="secondary"
            size="sm"
            icon={<ChevronLeftIcon />}
            aria-label="Scroll left"
            disabled={!edges.canGoLeft}
            onClick={() => roll(-1)}
          />
          <Button
            variant="secondary"
            size="sm"
            icon={<ChevronRightIcon />}
            aria-label="Scroll right"
            disabled={!edges.canGoRight}
            onClick={() => roll(1)}
          />
        </div>
      )}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard */}
      <section ref={viewportRef} className="roll-over__viewport" aria-label={label} tabIndex={0}>
        {children}
      </section>
    </div>
  );
}
