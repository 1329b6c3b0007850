import { MESSAGES } from '@parley/contracts';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { PageLoader } from '../../../app/PageLoader';
import { ArrowLeftIcon, Banner, EmptyState, Logo } from '../../../ui';
import { groupBySection, useManual } from '../hooks/use-manual';
import { ManualArticle } from './ManualArticle';
import { ManualSearch } from './ManualSearch';
import { ManualSidebar } from './ManualSidebar';
import './manual.css';

/** /user-manual and /user-manual/{slug}: public, no token sent. */
export function UserManualPage() {
  const splat = useParams()['*'] ?? '';
  const manual = useManual();
  const pages = manual.data ?? [];
  const sections = useMemo(() => groupBySection(pages), [pages]);
  const requestedSlug = splat.split('/').filter(Boolean).at(-1) ?? '';
  const page = requestedSlug ? pages.find((p) => p.slug === requestedSlug) : pages[0];

  return (
    <div className="manual">
      <header className="manual__topbar">
        <Link to="/" className="manual__brand" aria-label="Parley home">
          <Logo />
        </Link>
        <span className="manual__label">User manual</span>
        <ManualSearch />
        <Link to="/" className="manual__back">
          <ArrowLeftIcon />
          Back to Parley
        </Link>
      </header>
      {manual.isPending ? (
        <PageLoader label="Loading the manual" />
      ) : manual.isError ? (
        <div className="manual__message">
          <Banner tone="error">{MESSAGES.noServerConnection}</Banner>
        </div>
      ) : (
        <div className="manual__body">
          <ManualSidebar sections={sections} currentSlug={page?.slug ?? ''} />
          <main className="manual__content">
            {page ? (
              <ManualArticle key={page.slug} page={page} />
            ) : (
              <EmptyState
                title="Page not found"
                description="This page is not in the manual. Pick one from the list or search for it."
              />
            )}
          </main>
        </div>
      )}
    </div>
  );
}
