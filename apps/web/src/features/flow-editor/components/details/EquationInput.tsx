import { useRef } from 'react';

import { insertMath, MATH_BUTTONS } from '../../math-buttons';
import { usePendingSelection } from './use-pending-selection';
import { VariableTextInput } from './VariableTextInput';

interface EquationInputProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  variables: readonly string[];
  isDisabled: boolean;
}

/**
 * The simple calculation block's equation (spec 03 sections 2.6 and 9): numbers and [variables]
 * (with autocomplete), and the math buttons + - × ÷ √ and power, which write at the cursor.
 */
export function EquationInput({ id, label, value, onChange, variables, isDisabled }: EquationInputProps) {
  const input = useRef<HTMLTextAreaElement | HTMLInputElement | null>(null);
  /** Until the equation has had the focus, its cursor is taken to be at the end. */
  const hasCursor = useRef(false);
  const select = usePendingSelection(input);
  const press = (button: (typeof MATH_BUTTONS)[number]) => {
    const element = input.current;
    const start = hasCursor.current ? (element?.selectionStart ?? value.length) : value.length;
    const end = hasCursor.current ? (element?.selectionEnd ?? value.length) : value.length;
    const next = insertMath(value, start, end, button);
    onChange(next.text);
    select(next.caret, next.caret);
  };
  return (
    <div
      className="field"
      onFocus={(event) => {
        if (event.target === input.current) hasCursor.current = true;
      }}
    >
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <VariableTextInput
        id={id}
        className="input"
        value={value}
        onChange={onChange}
        variables={variables}
        isDisabled={isDisabled}
        inputRef={input}
      />
      <fieldset className="flow-details__math" aria-label="Math">
        {MATH_BUTTONS.map((button) => (
          <button
            key={button.name}
            type="button"
            aria-label={button.name}
            title={button.name}
            disabled={isDisabled}
            // The equation keeps its cursor: the button does not take the focus on press.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => press(button)}
          >
            {button.label}
          </button>
        ))}
      </fieldset>
    </div>
  );
}
