import { type KeyboardEvent, type Ref, useId, useRef, useState } from 'react';
import { insertVariable, matchingVariables, openReference } from '../../variable-suggestions';
import { usePendingSelection } from './use-pending-selection';

type TextElement = HTMLTextAreaElement | HTMLInputElement;

interface VariableTextInputProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  variables: readonly string[];
  isDisabled: boolean;
  /** A textarea (rich texts) or one line (an equation). */
  isMultiline?: boolean;
  /** The text element, for toolbars that work on its selection (links, math buttons). */
  inputRef?: Ref<TextElement | null>;
  describedBy?: string | undefined;
  className?: string;
}

/**
 * A text with variable autocomplete (spec 03 section 5): after an unclosed '[' a list of the
 * variables whose name holds what follows it; choosing one writes `[Name]`. An ARIA combobox:
 * Down and Up move through the list, Enter or Tab choose, Escape closes it.
 */
export function VariableTextInput({
  id,
  value,
  onChange,
  variables,
  isDisabled,
  isMultiline = false,
  inputRef,
  describedBy,
  className,
}: VariableTextInputProps) {
  const listId = useId();
  const element = useRef<TextElement | null>(null);
  const select = usePendingSelection(element);
  const [caret, setCaret] = useState<number | null>(null);
  const [active, setActive] = useState(0);
  /** The '[' whose list was closed with Escape: it stays closed until another one is typed. */
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);

  const reference = caret === null ? null : openReference(value, caret);
  const suggestions = reference ? matchingVariables(variables, reference.query) : [];
  const isOpen =
    !isDisabled && reference !== null && reference.start !== dismissedAt && suggestions.length > 0;
  const activeIndex = Math.min(active, Math.max(0, suggestions.length - 1));

  const track = (target: TextElement) => {
    const at = target.selectionStart === target.selectionEnd ? target.selectionStart : null;
    setCaret(at);
  };
  const choose = (name: string) => {
    if (!reference || caret === null) return;
    const next = insertVariable(value, reference, caret, name);
    onChange(next.text);
    setCaret(next.caret);
    setActive(0);
    select(next.caret, next.caret);
  };
  const onKeyDown = (event: KeyboardEvent<TextElement>) => {
    if (!isOpen) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((activeIndex + step + suggestions.length) % suggestions.length);
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      event.preventDefault();
      const chosen = suggestions[activeIndex];
      if (chosen) choose(chosen);
    } else if (event.key === 'Escape') {
      // Closes the list only, not the dialog around the editor.
      event.preventDefault();
      event.stopPropagation();
      setDismissedAt(reference?.start ?? null);
    }
  };
  const setRefs = (node: TextElement | null) => {
    element.current = node;
    if (typeof inputRef === 'function') inputRef(node);
    else if (inputRef) inputRef.current = node;
  };

  const shared = {
    id,
    className,
    value,
    disabled: isDisabled,
    role: 'combobox',
    'aria-autocomplete': 'list' as const,
    'aria-expanded': isOpen,
    'aria-controls': listId,
    'aria-activedescendant': isOpen ? `${listId}-${activeIndex}` : undefined,
    'aria-describedby': describedBy,
    autoComplete: 'off',
    spellCheck: isMultiline,
    onKeyDown,
    onSelect: (event: React.SyntheticEvent<TextElement>) => track(event.currentTarget),
    onBlur: () => setCaret(null),
    onChange: (event: React.ChangeEvent<TextElement>) => {
      onChange(event.target.value);
      track(event.target);
      setActive(0);
      if (
        dismissedAt !== null &&
        openReference(event.target.value, event.target.selectionStart ?? 0)?.start !== dismissedAt
      )
        setDismissedAt(null);
    },
  };

  return (
    <div className="flow-details__autocomplete">
      {isMultiline ? (
        <textarea {...shared} ref={setRefs} rows={3} />
      ) : (
        <input {...shared} ref={setRefs} type="text" />
      )}
      <div
        id={listId}
        role="listbox"
        aria-label="Variables"
        className="flow-details__suggestions"
        hidden={!isOpen}
      >
        {isOpen &&
          suggestions.map((name, index) => (
            <div
              key={name}
              tabIndex={-1}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === activeIndex}
              className="flow-details__suggestion"
              // Chosen on mouse down, before the text loses focus (and the caret with it).
              onMouseDown={(event) => {
                event.preventDefault();
                choose(name);
              }}
              onMouseEnter={() => setActive(index)}
            >
              [{name}]
            </div>
          ))}
      </div>
    </div>
  );
}
