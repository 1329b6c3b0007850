import type { ReactNode, SelectHTMLAttributes } from 'react';
import { Field } from './Field';

export interface SelectOption {
  value: string;
  label: string;
  isDisabled?: boolean;
}

interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: ReactNode;
  options: SelectOption[];
  hint?: ReactNode;
  error?: string | undefined;
  id?: string;
  /** Shown first with an empty value, for "nothing chosen yet". */
  placeholder?: string;
}

/** A native select (keyboard and screen-reader behaviour for free), styled like the inputs. */
export function Select({ label, options, hint, error, id, className, placeholder, ...rest }: SelectProps) {
  return (
    <Field label={label} hint={hint} error={error} id={id} className={className}>
      {({ inputId, describedBy }) => (
        <select
          id={inputId}
          className="input select"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...rest}
        >
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.isDisabled}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
