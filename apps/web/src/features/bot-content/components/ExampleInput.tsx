import type { PlaceholderEntity } from '@parley/contracts';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { cx } from '../../../ui';
import {
  applySuggestion,
  type OpenPlaceholder,
  openPlaceholderAt,
  suggestionsFor,
} from '../entity-suggestions';
import './content.css';

interface ExampleInputProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Enter with no suggestion open. */
  onSubmit: () => void;
  entities: readonly PlaceholderEntity[];
  placeholder?: string;
  isDisabled?: boolean;
  autoFocus?: boolean;
  onEscape?: () => void;
}

/**
 * A one-line example field that offers entity names after '[' (a WAI-ARIA combobox): arrows
 * move through the suggestions, Tab or Enter take one, Escape closes them.
 */
export function ExampleInput({
  label,
  value,
  onChange,
  onSubmit,
  entities,
  placeholder,
  isDisabled,
  autoFocus,
  onEscape,
}: ExampleInputProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = useId();
  const [open, setOpen] = useState<OpenPlaceholder | undefined>(undefined);
  const [active, setActive] = useState(0);
  const suggestions = open ? suggestionsFor(open.query, entities) : [];
  const isListOpen = suggestions.length > 0;

  const track = (text: string, caret: number | null) => {
    setOpen(openPlaceholderAt(text, caret ?? text.length));
    setActive(0);
  };

  const take = (suggestion: string) => {
    const input = inputRef.current;
    if (!open || !input) return;
    const next = applySuggestion(value, open, input.selectionStart ?? value.length, suggestion);
    onChange(next.text);
    setOpen(undefined);
    requestAnimationFrame(() => {
      input.focus();
      input.setSelectionRange(next.caret, next.caret);
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (isListOpen) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((current) => (current + step + suggestions.length) % suggestions.length);
        return;
      }
      if (event.key === 'Tab' || event.key === 'Enter') {
        event.preventDefault();
        take(suggestions[active] ?? suggestions[0] ?? '');
        return;
      }
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        setOpen(undefined);
        return;
      }
    }
    if (event.key === 'Enter') {
      event.preventDefault();
      onSubmit();
    } else if (event.key === 'Escape' && onEscape) {
      event.preventDefault();
      event.stopPropagation();
      onEscape();
    }
  };

  return (
    <div className="example-input">
      <input
        ref={inputRef}
        className="input"
        role="combobox"
        aria-label={label}
        aria-expanded={isListOpen}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={isListOpen ? `${listId}-${active}` : undefined}
        value={value}
        placeholder={placeholder}
        disabled={isDisabled}
        autoFocus={autoFocus}
        onChange={(event) => {
          onChange(event.target.value);
          track(event.target.value, event.target.selectionStart);
        }}
        onKeyDown={onKeyDown}
        onClick={(event) => track(value, event.currentTarget.selectionStart)}
        onBlur={() => setOpen(undefined)}
      />
      {isListOpen && (
        <div
          id={listId}
          role="listbox"
          aria-label="Entity suggestions"
          className="example-input__suggestions"
        >
          {suggestions.map((suggestion, index) => (
            <div
              key={suggestion}
              id={`${listId}-${index}`}
              role="option"
              tabIndex={-1}
              aria-selected={index === active}
              className={cx(
                'example-input__suggestion',
                index === active && 'example-input__suggestion--active',
              )}
              // Taking a suggestion must happen before the field loses focus.
              onMouseDown={(event) => {
                event.preventDefault();
                take(suggestion);
              }}
            >
              {suggestion}
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
