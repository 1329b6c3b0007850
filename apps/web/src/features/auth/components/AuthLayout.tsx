import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cx, Logo } from '../../../ui';
import './auth.css';

interface AuthLayoutProps {
  title?: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Links under the card (back to login, legal pages). */
  footer?: ReactNode;
  width?: 'sm' | 'md';
}

/** The frame of the public account screens: the logo, one card, quiet links below. */
export function AuthLayout({ title, subtitle, children, footer, width = 'sm' }: AuthLayoutProps) {
  return (
    <div className="auth">
      <main className={cx('auth__column', `auth__column--${width}`)}>
        <Link to="/" className="auth__logo" aria-label="Parley home">
          <Logo size="lg" />
        </Link>
        <div className="auth__card">
          {(title || subtitle) && (
            <header className="auth__header">
              {title && <h1 className="auth__title">{title}</h1>}
              {subtitle && <p className="auth__subtitle">{subtitle}</p>}
            </header>
          )}
          {children}
        </div>
        {footer && <div className="auth__footer">{footer}</div>}
      </main>
    </div>
  );
}
