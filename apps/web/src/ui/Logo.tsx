import { PRODUCT_NAME } from '@parley/contracts';
import { cx } from './class-names';
import './Logo.css';

/** The product mark: two speech bubbles, and the name. */
export function Logo({ size = 'md', className }: { size?: 'md' | 'lg'; className?: string }) {
  return (
    <span className={cx('logo', `logo--${size}`, className)}>
      <svg className="logo__mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="var(--color-accent)" />
        <path
          d="M8 10.5A2.5 2.5 0 0 1 10.5 8h8a2.5 2.5 0 0 1 2.5 2.5v5a2.5 2.5 0 0 1-2.5 2.5H13l-3.5 3v-3.2A2.5 2.5 0 0 1 8 15.5v-5Z"
          fill="#fff"
        />
        <path
          d="M23 14.5h.5a2.5 2.5 0 0 1 2.5 2.5v4.5a2.5 2.5 0 0 1-1.5 2.3V27l-3.3-3H17a2.5 2.5 0 0 1-2.3-1.5"
          fill="none"
          stroke="#fff"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
          opacity="0.85"
        />
      </svg>
      <span className="logo__name">{PRODUCT_NAME}</span>
    </span>
  );
}
