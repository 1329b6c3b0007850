import { type ReactNode, useId } from 'react';
import { cx } from '../class-names';
import './Field.css';

export interface FieldIds {
  inputId: string;
  /** For aria-describedby: the hint and the error, when shown. */
  describedBy: string | undefined;
}

interface FieldProps {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  id?: string | undefined;
  className?: string | undefined;
  children: (ids: FieldIds) => ReactNode;
}

/** Label, control, hint and error text laid out the same way for every form control. */
export function Field({ label, hint, error, id, className, children }: FieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cx('field', error && 'field--invalid', className)}>
      <label className="field__label" htmlFor={inputId}>
        {label}
      </label>
      {children({ inputId, describedBy })}
      {hint && !error && (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}
