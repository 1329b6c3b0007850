import type { ReactNode } from 'react';
import { cx } from '../class-names';
import './PageHeader.css';

interface PageHeaderProps {
  title: ReactNode;
  description?: ReactNode;
  /** Buttons at the right, e.g. 'Create a bot'. */
  actions?: ReactNode;
  className?: string;
}

/** The page's one h1, with its description and actions. */
export function PageHeader({ title, description, actions, className }: PageHeaderProps) {
  return (
    <header className={cx('page-header', className)}>
      <div className="page-header__text">
        <h1 className="page-header__title">{title}</h1>
        {description && <p className="page-header__description">{description}</p>}
      </div>
      {actions && <div className="page-header__actions">{actions}</div>}
    </header>
  );
}
