import type { FunctionFilterId, FunctionView } from '@parley/contracts';
import { useEffect, useRef } from 'react';

interface SelectionInput {
  /** Whether the list has loaded. */
  isLoaded: boolean;
  /** Every function of the tab, and those the filter shows. */
  all: readonly FunctionView[];
  visible: readonly FunctionView[];
  filter: FunctionFilterId;
  selected: FunctionView | undefined;
  select: (name: string) => void;
}

/**
 * The selection rules of spec 02 section 4 'Functions list': the selection keeps its index
 * when the list is unchanged (and after a deletion the item now at that place is selected); it
 * jumps to the last item when one is added; a new filter keeps the current function if it is
 * still visible, otherwise picks the first.
 */
export function useFunctionSelection({
  isLoaded,
  all,
  visible,
  filter,
  selected,
  select,
}: SelectionInput): void {
  const index = useRef(0);
  const count = useRef<number | undefined>(undefined);
  const lastFilter = useRef(filter);

  useEffect(() => {
    if (!isLoaded) return;
    const wasAdded = count.current !== undefined && all.length > count.current;
    const isNewFilter = lastFilter.current !== filter;
    count.current = all.length;
    lastFilter.current = filter;
    const at = selected ? visible.indexOf(selected) : -1;
    let target: FunctionView | undefined;
    if (wasAdded) target = visible.at(-1);
    else if (at >= 0) target = selected;
    else if (isNewFilter) target = visible[0];
    else target = visible[Math.min(index.current, visible.length - 1)];
    if (target) {
      index.current = visible.indexOf(target);
      if (target !== selected) select(target.name);
    }
  });
}
