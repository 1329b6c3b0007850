import type { ReactNode } from 'react';
import { cx } from '../class-names';
import { CloseIcon, ErrorIcon, InfoIcon, SuccessIcon, WarningIcon } from '../icons';
import './Banner.css';

export type BannerTone = 'info' | 'success' | 'warning' | 'error';

interface BannerProps {
  tone?: BannerTone;
  title?: ReactNode;
  children?: ReactNode;
  /** A button or link shown at the end, e.g. 'Upgrade plan'. */
  action?: ReactNode;
  onDismiss?: () => void;
  className?: string;
}

const ICONS = { info: InfoIcon, success: SuccessIcon, warning: WarningIcon, error: ErrorIcon };

/** An inline message in the page flow; warnings and errors are announced at once (role="alert"). */
export function Banner({ tone = 'info', title, children, action, onDismiss, className }: BannerProps) {
  const Icon = ICONS[tone];
  return (
    <div
      className={cx('banner', `banner--${tone}`, className)}
      role={tone === 'warning' || tone === 'error' ? 'alert' : 'status'}
    >
      <Icon className="banner__icon" />
      <div className="banner__body">
        {title && <p className="banner__title">{title}</p>}
        {children && <div className="banner__text">{children}</div>}
      </div>
      {action && <div className="banner__action">{action}</div>}
      {onDismiss && (
        <button type="button" className="banner__dismiss" onClick={onDismiss} aria-label="Dismiss">
          <CloseIcon />
        </button>
      )}
    </div>
  );
}
