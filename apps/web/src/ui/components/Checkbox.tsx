import type { InputHTMLAttributes, ReactNode } from 'react';
import { cx } from '../class-names';
import './Checkbox.css';

interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: ReactNode;
}

export function Checkbox({ label, className, ...rest }: CheckboxProps) {
  return (
    <label className={cx('checkbox', rest.disabled && 'checkbox--disabled', className)}>
      <input type="checkbox" className="checkbox__input" {...rest} />
      <span className="checkbox__label">{label}</span>
    </label>
  );
}
