import type { HTMLAttributes, ReactNode } from 'react';
import { cx } from '../class-names';
import './Card.css';

interface CardProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  title?: ReactNode;
  description?: ReactNode;
  /** Buttons at the top right of the card. */
  actions?: ReactNode;
  padding?: 'none' | 'md' | 'lg';
}

export function Card({
  title,
  description,
  actions,
  padding = 'md',
  className,
  children,
  ...rest
}: CardProps) {
  return (
    <section className={cx('card', `card--padding-${padding}`, className)} {...rest}>
      {(title || actions) && (
        <header className="card__header">
          <div>
            {title && <h2 className="card__title">{title}</h2>}
            {description && <p className="card__description">{description}</p>}
          </div>
          {actions && <div className="card__actions">{actions}</div>}
        </header>
      )}
      {children}
    </section>
  );
}
