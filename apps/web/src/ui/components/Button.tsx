import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { cx } from '../class-names';
import { Spinner } from './Spinner';
import './Button.css';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';
export type ButtonSize = 'sm' | 'md';

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner and blocks clicks while an action runs. */
  isLoading?: boolean;
  isFullWidth?: boolean;
  icon?: ReactNode;
}

/** The class list of a button, for links that must look like one. */
export function buttonClassName(
  variant: ButtonVariant = 'primary',
  size: ButtonSize = 'md',
  isFullWidth = false,
): string {
  return cx('button', `button--${variant}`, `button--${size}`, isFullWidth && 'button--full');
}

export function Button({
  variant = 'primary',
  size = 'md',
  isLoading = false,
  isFullWidth = false,
  icon,
  type = 'button',
  disabled,
  className,
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={cx(buttonClassName(variant, size, isFullWidth), isLoading && 'button--loading', className)}
      disabled={disabled || isLoading}
      aria-busy={isLoading || undefined}
      {...rest}
    >
      {isLoading ? <Spinner size="sm" label="" /> : icon}
      {children}
    </button>
  );
}
