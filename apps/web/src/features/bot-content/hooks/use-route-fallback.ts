import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Keeps the route naming the element shown: when the route names none (or one that no longer
 * exists), it is replaced by `fallbackPath`. The check runs again against the address at the
 * time the effect fires, because a rename navigates to the new name while an earlier render's
 * effect (which still saw the old name) may not have run yet; redirecting from that stale view
 * would throw the user onto another element.
 */
export function useRouteFallback(options: {
  isNeeded: boolean;
  fallbackPath: string | undefined;
  navigate: (path: string) => void;
}) {
  const { pathname } = useLocation();
  const { isNeeded, fallbackPath, navigate } = options;
  useEffect(() => {
    if (!isNeeded || fallbackPath === undefined) return;
    if (window.location.pathname !== pathname) return;
    navigate(fallbackPath);
  });
}
