import { cx } from '../class-names';
import './Spinner.css';

interface SpinnerProps {
  size?: 'sm' | 'md' | 'lg';
  /** Read by screen readers; pass an empty string when a surrounding element already says it. */
  label?: string;
  className?: string;
}

export function Spinner({ size = 'md', label = 'Loading', className }: SpinnerProps) {
  const classes = cx('spinner', `spinner--${size}`, className);
  if (!label) return <span className={classes} aria-hidden="true" />;
  return (
    <span className={classes} role="status">
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
