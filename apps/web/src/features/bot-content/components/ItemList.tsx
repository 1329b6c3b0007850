import type { ReactNode } from 'react';
import { cx, EmptyState, SearchIcon } from '../../../ui';
import './content.css';

export interface ListItem {
  name: string;
  /** A short tag after the name (FAQ, Prebuilt ...). */
  tag?: string;
}

interface ItemListProps {
  /** Names the list for screen readers: 'Intents', 'Entities'. */
  label: string;
  items: readonly ListItem[];
  selected: string | undefined;
  onSelect: (name: string) => void;
  filter: string;
  onFilterChange: (filter: string) => void;
  /** The action buttons above the list (only those the caller may use). */
  actions?: ReactNode;
  /** More filter controls beside the text filter. */
  filters?: ReactNode;
  emptyTitle: string;
}

/** The sidebar list: actions, a filter, and the items; the selected one is marked as current. */
export function ItemList({
  label,
  items,
  selected,
  onSelect,
  filter,
  onFilterChange,
  actions,
  filters,
  emptyTitle,
}: ItemListProps) {
  return (
    <div className="item-list">
      {actions && <div className="item-list__actions">{actions}</div>}
      <div className="item-list__filters">
        <label className="item-list__filter">
          <SearchIcon aria-hidden="true" />
          <input
            type="search"
            className="item-list__filter-input"
            placeholder="Filter"
            aria-label={`Filter ${label.toLowerCase()}`}
            value={filter}
            onChange={(event) => onFilterChange(event.target.value)}
          />
        </label>
        {filters}
      </div>
      {items.length === 0 ? (
        <EmptyState title={emptyTitle} className="item-list__empty" />
      ) : (
        <nav aria-label={label}>
          <ul className="item-list__items">
            {items.map((item) => (
              <li key={item.name}>
                <button
                  type="button"
                  className={cx('item-list__item', item.name === selected && 'item-list__item--selected')}
                  aria-current={item.name === selected ? 'true' : undefined}
                  onClick={() => onSelect(item.name)}
                >
                  <span className="item-list__name">{item.name}</span>
                  {item.tag && <span className="item-list__tag">{item.tag}</span>}
                </button>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </div>
  );
}
