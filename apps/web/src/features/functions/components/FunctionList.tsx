import {
  FUNCTION_FILTERS,
  type FunctionFilterId,
  type FunctionView,
  FUNCTION_MESSAGES as M,
} from '@parley/contracts';
import type { ReactNode } from 'react';
import { cx, EmptyState } from '../../../ui';
import type { FunctionsMode } from '../function-rights';
import { FunctionBadges } from './FunctionBadges';
// The list is drawn with the content lists' styles (.item-list), which come with bot-content's index.
import '../../bot-content';

/** The filters of each tab: types for functions; where they come from for sub flows. */
export const FILTERS_OF: Record<FunctionsMode, readonly FunctionFilterId[]> = {
  functions: FUNCTION_FILTERS.map((f) => f.id),
  subs: ['all', 'global', 'prebuilt', 'custom'],
};

interface FunctionListProps {
  mode: FunctionsMode;
  items: readonly FunctionView[];
  /** Whether the tab has any function at all (else 'Start building!'). */
  hasAny: boolean;
  selected: string | undefined;
  onSelect: (name: string) => void;
  filter: FunctionFilterId;
  onFilterChange: (filter: FunctionFilterId) => void;
  actions: ReactNode;
}

/** The sidebar: actions, the filter and the functions with their badges. */
export function FunctionList({
  mode,
  items,
  hasAny,
  selected,
  onSelect,
  filter,
  onFilterChange,
  actions,
}: FunctionListProps) {
  const label = mode === 'subs' ? 'Sub flows' : 'Functions';
  return (
    <div className="item-list">
      <div className="item-list__actions">{actions}</div>
      <label className="function-filter">
        <span className="function-filter__label">Filter</span>
        <select
          className="input select"
          value={filter}
          onChange={(event) => onFilterChange(event.target.value as FunctionFilterId)}
        >
          {FUNCTION_FILTERS.filter((f) => FILTERS_OF[mode].includes(f.id)).map((f) => (
            <option key={f.id} value={f.id}>
              {f.label}
            </option>
          ))}
        </select>
      </label>
      {items.length === 0 ? (
        <EmptyState
          title={hasAny ? `No ${label.toLowerCase()} match the filter` : M.startBuilding}
          className="item-list__empty"
        />
      ) : (
        <nav aria-label={label}>
          <ul className="item-list__items">
            {items.map((fn) => (
              <li key={fn.name}>
                <button
                  type="button"
                  className={cx(
                    'item-list__item',
                    'function-list__item',
                    fn.name === selected && 'item-list__item--selected',
                  )}
                  aria-current={fn.name === selected ? 'true' : undefined}
                  onClick={() => onSelect(fn.name)}
                >
                  <span className="item-list__name">{fn.name}</span>
                  <FunctionBadges fn={fn} size="sm" />
                </button>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </div>
  );
}
