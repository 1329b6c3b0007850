import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { Spinner } from '../../../../ui';

/**
 * Blocks the whole screen while something irreversible runs (the account deletion): the
 * app cannot be clicked, focused or scrolled, and a loading view says what is happening.
 */
export function ScreenBlocker({ label }: { label: string }) {
  useEffect(() => {
    const root = document.getElementById('root');
    const { body } = document;
    root?.setAttribute('inert', '');
    body.classList.add('is-screen-blocked');
    return () => {
      root?.removeAttribute('inert');
      body.classList.remove('is-screen-blocked');
    };
  }, []);

  return createPortal(
    <div className="screen-blocker" role="status" aria-live="assertive" data-testid="screen-blocker">
      <Spinner size="lg" label="" />
      <p className="screen-blocker__label">{label}</p>
    </div>,
    document.body,
  );
}
