import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { popup } from '../ui';

/**
 * While `hasUnsavedChanges`, leaving the page (another tab, a link, Back) first asks whether to
 * discard the changes, and closing or reloading the browser tab asks through the browser's own
 * prompt. Staying keeps the edits where they were.
 */
export function useUnsavedChangesGuard(hasUnsavedChanges: boolean, what = 'these changes') {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      hasUnsavedChanges && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    let isCurrent = true;
    void popup
      .confirm({
        title: 'Discard changes?',
        text: `You have unsaved changes. If you leave this page, ${what} will be lost.`,
        actionText: 'Discard',
        cancelText: 'Keep editing',
        isDanger: true,
      })
      .then((shouldDiscard) => {
        if (!isCurrent || blocker.state !== 'blocked') return;
        if (shouldDiscard) blocker.proceed();
        else blocker.reset();
      });
    return () => {
      isCurrent = false;
    };
  }, [blocker, what]);

  useEffect(() => {
    if (!hasUnsavedChanges) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [hasUnsavedChanges]);
}
