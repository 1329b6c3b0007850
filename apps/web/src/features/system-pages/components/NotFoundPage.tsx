import { MESSAGES } from '@parley/contracts';
import { Link } from 'react-router';
import { BookIcon, buttonClassName, Logo } from '../../../ui';
import './system-pages.css';

export function NotFoundPage() {
  return (
    <main className="system-page">
      <Link to="/" aria-label="Parley home" className="system-page__logo">
        <Logo />
      </Link>
      <p className="system-page__code" aria-hidden="true">
        404
      </p>
      <h1 className="system-page__title">{MESSAGES.pageNotFound}</h1>
      <p className="system-page__text">The page you are looking for does not exist or has been moved.</p>
      <div className="system-page__actions">
        <Link to="/" className={buttonClassName('primary')}>
          Go to the home page
        </Link>
        <Link to="/user-manual" className={buttonClassName('secondary')}>
          <BookIcon />
          Visit the knowledge base
        </Link>
      </div>
    </main>
  );
}
