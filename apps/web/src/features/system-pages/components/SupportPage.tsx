import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { Spinner } from '../../../ui';
import './system-pages.css';

const KNOWLEDGE_BASE = '/user-manual';
const GO_BACK_AFTER_MS = 1000;

/** Opens the knowledge base in a new tab, then returns to where the user came from. */
export function SupportPage() {
  const navigate = useNavigate();
  // Once per visit, even when development mode runs effects twice.
  const hasOpened = useRef(false);
  useEffect(() => {
    if (!hasOpened.current) {
      hasOpened.current = true;
      window.open(KNOWLEDGE_BASE, '_blank', 'noopener');
    }
    const timer = window.setTimeout(() => {
      // Opened directly (no page to go back to): go home instead.
      const hasHistory = ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;
      if (hasHistory) navigate(-1);
      else navigate('/', { replace: true });
    }, GO_BACK_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [navigate]);

  return (
    <main className="system-page" role="status">
      <Spinner size="lg" label="" />
      <p className="system-page__text">Opening the knowledge base in a new tab…</p>
    </main>
  );
}
