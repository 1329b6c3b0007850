import { useState } from 'react';
import { EyeIcon, EyeOffIcon } from '../icons';
import { Field } from './Field';
import type { TextFieldProps } from './TextField';

/** A password input with a show/hide toggle. */
export function PasswordField({ label, hint, error, id, className, ...rest }: Omit<TextFieldProps, 'type'>) {
  const [isVisible, setIsVisible] = useState(false);
  return (
    <Field label={label} hint={hint} error={error} id={id} className={className}>
      {({ inputId, describedBy }) => (
        <div className="input-group">
          <input
            id={inputId}
            type={isVisible ? 'text' : 'password'}
            className="input"
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            {...rest}
          />
          <button
            type="button"
            className="input-group__addon"
            onClick={() => setIsVisible((visible) => !visible)}
            aria-label={isVisible ? 'Hide password' : 'Show password'}
            aria-pressed={isVisible}
            aria-controls={inputId}
          >
            {isVisible ? <EyeOffIcon /> : <EyeIcon />}
          </button>
        </div>
      )}
    </Field>
  );
}
