import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { Field } from './Field';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  id?: string;
  ref?: Ref<HTMLInputElement>;
}

export function TextField({ label, hint, error, id, className, type = 'text', ...rest }: TextFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} id={id} className={className}>
      {({ inputId, describedBy }) => (
        <input
          id={inputId}
          type={type}
          className="input"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...rest}
        />
      )}
    </Field>
  );
}
