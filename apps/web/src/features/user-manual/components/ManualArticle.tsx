import { type MouseEvent, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import type { ManualPage } from '../api/manual-api';

/**
 * One page's HTML. It comes from our own server, rendered from the manual's markdown in the
 * repository, so it is trusted. Links inside the app stay in the app.
 */
export function ManualArticle({ page }: { page: ManualPage }) {
  const navigate = useNavigate();
  const ref = useRef<HTMLElement>(null);

  // Rendered with key={slug}: each page is a fresh mount, read from the top.
  useEffect(() => {
    ref.current?.focus({ preventScroll: true });
    window.scrollTo(0, 0);
  }, []);

  const followInternalLinks = (event: MouseEvent<HTMLElement>) => {
    const anchor = (event.target as HTMLElement).closest('a');
    if (!anchor || anchor.target || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0)
      return;
    const url = new URL(anchor.href, window.location.href);
    if (url.origin !== window.location.origin) return;
    event.preventDefault();
    navigate(url.pathname + url.search + url.hash);
  };

  return (
    <article
      ref={ref}
      tabIndex={-1}
      className="manual-article"
      aria-label={page.title}
      onClick={followInternalLinks}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: trusted HTML rendered by our server from our own markdown
      dangerouslySetInnerHTML={{ __html: page.html }}
    />
  );
}
