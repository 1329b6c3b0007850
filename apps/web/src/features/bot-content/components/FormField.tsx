import { type ReactNode, type TextareaHTMLAttributes, useId } from 'react';
import { cx } from '../../../ui';

interface FieldGroupProps {
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  children: ReactNode;
}

/** A labelled group of controls (a list with its add box) laid out like the design system's fields. */
export function FieldGroup({ label, hint, error, children }: FieldGroupProps) {
  const id = useId();
  return (
    <fieldset
      className={cx('field', 'field-group', error && 'field--invalid')}
      aria-describedby={`${id}-note`}
    >
      <legend className="field__label">{label}</legend>
      {children}
      {error ? (
        <p className="field__error" id={`${id}-note`}>
          {error}
        </p>
      ) : (
        hint && (
          <p className="field__hint" id={`${id}-note`}>
            {hint}
          </p>
        )
      )}
    </fieldset>
  );
}

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: string;
  error?: string | undefined;
}

/** A multi-line text field with its label and error, like the design system's TextField. */
export function TextAreaField({ label, error, className, ...rest }: TextAreaFieldProps) {
  const id = useId();
  return (
    <div className={cx('field', error && 'field--invalid', className)}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        className="input content-textarea"
        rows={3}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...rest}
      />
      {error && (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
