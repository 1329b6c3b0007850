import { type ReactNode, useId } from 'react';
import { cx } from '../class-names';
import './Toggle.css';

interface ToggleProps {
  label: ReactNode;
  isChecked: boolean;
  onChange: (isChecked: boolean) => void;
  description?: ReactNode;
  isDisabled?: boolean;
  className?: string;
}

/** An on/off switch (role="switch"), for settings that apply at once. */
export function Toggle({ label, isChecked, onChange, description, isDisabled, className }: ToggleProps) {
  const id = useId();
  return (
    <div className={cx('toggle', isDisabled && 'toggle--disabled', className)}>
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={isChecked}
        aria-describedby={description ? `${id}-description` : undefined}
        disabled={isDisabled}
        className="toggle__switch"
        onClick={() => onChange(!isChecked)}
      >
        <span className="toggle__thumb" />
      </button>
      <div className="toggle__text">
        <label htmlFor={id} className="toggle__label">
          {label}
        </label>
        {description && (
          <p id={`${id}-description`} className="toggle__description">
            {description}
          </p>
        )}
      </div>
    </div>
  );
}
