import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';
import { cx } from '../class-names';
import './Tabs.css';

export interface TabItem {
  id: string;
  label: ReactNode;
  /** Shown but not selectable (e.g. a bot's intents without a recognizer). */
  isDisabled?: boolean;
}

interface TabsProps {
  tabs: TabItem[];
  selectedId: string;
  onSelect: (id: string) => void;
  /** Names the tab list for screen readers. */
  label: string;
  children?: ReactNode;
  className?: string;
}

/** WAI-ARIA tabs: arrow keys, Home and End move between tabs; the panel holds `children`. */
export function Tabs({ tabs, selectedId, onSelect, label, children, className }: TabsProps) {
  const baseId = useId();
  const listRef = useRef<HTMLDivElement>(null);

  const enabledTabs = tabs.filter((tab) => !tab.isDisabled);

  const focusTab = (index: number) => {
    const tab = enabledTabs[(index + enabledTabs.length) % enabledTabs.length];
    if (!tab) return;
    onSelect(tab.id);
    listRef.current?.querySelector<HTMLButtonElement>(`[data-tab-id="${CSS.escape(tab.id)}"]`)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = enabledTabs.findIndex((tab) => tab.id === selectedId);
    const moves: Record<string, number> = {
      ArrowRight: current + 1,
      ArrowLeft: current - 1,
      Home: 0,
      End: -1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    focusTab(target);
  };

  return (
    <div className={cx('tabs', className)}>
      <div role="tablist" aria-label={label} className="tabs__list" ref={listRef} onKeyDown={onKeyDown}>
        {tabs.map((tab) => {
          const isSelected = tab.id === selectedId;
          return (
            <button
              key={tab.id}
              type="button"
              role="tab"
              id={`${baseId}-tab-${tab.id}`}
              data-tab-id={tab.id}
              aria-selected={isSelected}
              aria-controls={`${baseId}-panel`}
              tabIndex={isSelected ? 0 : -1}
              disabled={tab.isDisabled}
              className={cx('tabs__tab', isSelected && 'tabs__tab--selected')}
              onClick={() => onSelect(tab.id)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {children !== undefined && (
        <div
          role="tabpanel"
          id={`${baseId}-panel`}
          aria-labelledby={`${baseId}-tab-${selectedId}`}
          className="tabs__panel"
        >
          {children}
        </div>
      )}
    </div>
  );
}
